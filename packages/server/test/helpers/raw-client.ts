import { InMemoryTransport, type JSONRPCMessage, type McpServer } from '@modelcontextprotocol/server';

/**
 * A hand-driven 2025-11-25 client over the in-memory transport, for what the SDK client would refuse to send.
 * `rawSession` does the handshake and request bookkeeping; who answers `elicitation/create`, and how, is the
 * caller's (`rawClient` below, the hostile-host `wireRig`).
 */
export interface RawSession {
  /** Sends a request and resolves with the JSON-RPC response as it came. */
  request(method: string, params: Record<string, unknown>): Promise<JSONRPCMessage>;
  /** Calls a tool and returns the JSON its handler reported (see `registerTools`). */
  call(tool: string): Promise<unknown>;
  close(): Promise<void>;
}

/** Answers one `elicitation/create` request by writing messages to the server. */
export type ElicitationResponder = (
  id: number,
  params: unknown,
  send: (message: JSONRPCMessage) => Promise<void>,
) => void;

export async function rawSession(
  server: McpServer,
  options: {
    capabilities: Record<string, unknown>;
    name: string;
    onElicitation: ElicitationResponder;
    /** The revision asked for at `initialize` (default 2025-11-25). */
    protocolVersion?: string;
  },
): Promise<RawSession> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const pending = new Map<number, (message: JSONRPCMessage) => void>();
  let nextId = 1;
  const send = (message: JSONRPCMessage) => clientSide.send(message);
  clientSide.onmessage = (message) => {
    if ('method' in message && message.method === 'elicitation/create' && 'id' in message) {
      options.onElicitation(Number(message.id), message.params, send);
    } else if ('id' in message && !('method' in message)) {
      pending.get(Number(message.id))?.(message);
    }
  };
  const request = (method: string, params: Record<string, unknown>) =>
    new Promise<JSONRPCMessage>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      void send({ jsonrpc: '2.0', id, method, params });
    });
  await server.connect(serverSide);
  await clientSide.start();
  await request('initialize', {
    protocolVersion: options.protocolVersion ?? '2025-11-25',
    capabilities: options.capabilities,
    clientInfo: { name: options.name, version: '1.0.0' },
  });
  await send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return {
    request,
    async call(tool) {
      const response = (await request('tools/call', { name: tool, arguments: {} })) as {
        result?: { content: Array<{ text: string }> };
      };
      return JSON.parse(response.result?.content[0]?.text ?? 'null');
    },
    async close() {
      await clientSide.close();
      await server.close();
    },
  };
}

/** Answers to `elicitation/create` go on the wire exactly as `answer` returns them. */
export type RawClient = Pick<RawSession, 'call' | 'close'>;

export function rawClient(
  server: McpServer,
  answer: (params: unknown) => unknown,
  capabilities: Record<string, unknown> = { elicitation: { form: {} } },
): Promise<RawClient> {
  return rawSession(server, {
    capabilities,
    name: 'raw-client',
    onElicitation: (id, params, send) =>
      void send({ jsonrpc: '2.0', id, result: answer(params) } as JSONRPCMessage),
  });
}
