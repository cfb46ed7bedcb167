import { InMemoryTransport, type JSONRPCMessage, type McpServer } from '@modelcontextprotocol/server';

/**
 * A hand-driven client over the in-memory transport, for what the SDK client would refuse to send:
 * answers to `elicitation/create` go on the wire exactly as `answer` returns them.
 */
export interface RawClient {
  /** Calls a tool and returns the JSON its handler reported (see `registerTools`). */
  call(tool: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function rawClient(
  server: McpServer,
  answer: (params: unknown) => unknown,
  capabilities: Record<string, unknown> = { elicitation: { form: {} } },
): Promise<RawClient> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const pending = new Map<number, (message: JSONRPCMessage) => void>();
  let nextId = 1;
  clientSide.onmessage = (message) => {
    if ('method' in message && message.method === 'elicitation/create' && 'id' in message) {
      void clientSide.send({
        jsonrpc: '2.0',
        id: message.id,
        result: answer(message.params),
      } as JSONRPCMessage);
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
    clientInfo: { name: 'raw-client', version: '1.0.0' },
  });
  await clientSide.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return {
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
