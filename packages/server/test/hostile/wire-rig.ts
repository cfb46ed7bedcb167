import { InMemoryTransport, type JSONRPCMessage, type McpServer } from '@modelcontextprotocol/server';

/** What the client writes back for one `elicitation/create` request, as JSON text (see corpus.ts). */
export type Replies = (requestId: number, params: unknown) => string[];

/**
 * A hand-driven 2025-11-25 client over the in-memory transport that writes back whatever JSON text it is
 * given, parsed as a transport would parse it. After the scripted replies it always sends one valid
 * `cancel` for the same request (the sentinel): if the server dropped every reply, the sentinel ends the
 * elicitation, so a case ends in a definite outcome instead of a hang and the test tells "ignored" apart.
 */
export interface WireRig {
  /** The replies to the next `elicitation/create` requests (until changed). */
  replies: Replies;
  /** Whether the sentinel cancel follows the replies (default true). */
  sentinel: boolean;
  /** Calls a tool; resolves with the JSON its handler reported (see `registerTools`). */
  call(tool: string): Promise<unknown>;
  /** Calls a tool; resolves with the JSON-RPC response as it came. */
  callRaw(tool: string): Promise<JSONRPCMessage>;
  close(): Promise<void>;
}

export const SENTINEL_CANCEL = '{"action":"cancel"}';

export async function wireRig(
  server: McpServer,
  capabilities: Record<string, unknown> = { elicitation: { form: {}, url: {} } },
): Promise<WireRig> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const pending = new Map<number, (message: JSONRPCMessage) => void>();
  let nextId = 1;
  const rig: WireRig = {
    replies: () => [],
    sentinel: true,
    callRaw: (tool) => request('tools/call', { name: tool, arguments: {} }),
    call: async (tool) => {
      const response = (await rig.callRaw(tool)) as {
        result?: { content: Array<{ text: string }> };
      };
      return JSON.parse(response.result?.content[0]?.text ?? 'null');
    },
    async close() {
      await clientSide.close();
      await server.close();
    },
  };
  clientSide.onmessage = (message) => {
    if ('method' in message && message.method === 'elicitation/create' && 'id' in message) {
      const id = Number(message.id);
      void (async () => {
        for (const text of rig.replies(id, message.params)) {
          await clientSide.send(JSON.parse(text) as JSONRPCMessage);
        }
        if (rig.sentinel) await clientSide.send({ jsonrpc: '2.0', id, result: JSON.parse(SENTINEL_CANCEL) });
      })();
    } else if ('id' in message && !('method' in message)) {
      pending.get(Number(message.id))?.(message);
    }
  };
  const request = (method: string, params: Record<string, unknown>) =>
    new Promise<JSONRPCMessage>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      void clientSide.send({ jsonrpc: '2.0', id, method, params });
    });
  await server.connect(serverSide);
  await clientSide.start();
  await request('initialize', {
    protocolVersion: '2025-11-25',
    capabilities,
    clientInfo: { name: 'hostile-host', version: '1.0.0' },
  });
  await clientSide.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return rig;
}
