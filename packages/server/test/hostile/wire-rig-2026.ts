import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  InMemoryTransport,
  type JSONRPCMessage,
  type McpServer,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

/**
 * A hand-driven 2026-07-28 host over the in-memory transport: each tools/call is written as JSON text (so
 * `__proto__` and friends arrive as own keys, as a transport parses them) with whatever `requestState` and
 * `inputResponses` a case wants, and the JSON-RPC response comes back as it was sent. Nothing is fulfilled
 * automatically: every round is the case's own.
 */
export interface Rig2026 {
  /** Sends one tools/call; resolves with the JSON-RPC response (result or error). */
  send(call: RawCall): Promise<RawResponse>;
  close(): Promise<void>;
}

export interface RawCall {
  tool: string;
  /** The tool's arguments (default `{}`). */
  args?: Record<string, unknown>;
  /** `requestState`, written as given: any JSON value, or left out. */
  requestState?: unknown;
  /** `inputResponses` as JSON text, written verbatim into the params; left out when undefined. */
  inputResponses?: string;
}

export interface RawResponse {
  result?: {
    resultType?: string;
    requestState?: string;
    inputRequests?: Record<string, { method: string; params: { mode?: string; message: string } }>;
    content?: Array<{ text: string }>;
  };
  error?: { code: number; message: string; data?: unknown };
}

const ENVELOPE = {
  [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
  [CLIENT_INFO_META_KEY]: { name: 'hostile-host-2026', version: '1.0.0' },
  [CLIENT_CAPABILITIES_META_KEY]: { elicitation: { form: {}, url: {} } },
};

export async function wireRig2026(makeServer: () => McpServer): Promise<Rig2026> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const pending = new Map<number, (message: RawResponse) => void>();
  let nextId = 1;
  clientSide.onmessage = (message: JSONRPCMessage) => {
    if ('id' in message && !('method' in message)) {
      const id = Number(message.id);
      pending.get(id)?.(message as RawResponse);
      pending.delete(id);
    }
  };
  const served = serveStdio(makeServer, { transport: serverSide });
  await clientSide.start();
  return {
    send(call) {
      const id = nextId++;
      const params = [
        `"name":${JSON.stringify(call.tool)}`,
        `"arguments":${JSON.stringify(call.args ?? {})}`,
        `"_meta":${JSON.stringify(ENVELOPE)}`,
        ...(call.requestState === undefined ? [] : [`"requestState":${JSON.stringify(call.requestState)}`]),
        ...(call.inputResponses === undefined ? [] : [`"inputResponses":${call.inputResponses}`]),
      ];
      const text = `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{${params.join(',')}}}`;
      return new Promise<RawResponse>((resolve) => {
        pending.set(id, resolve);
        void clientSide.send(JSON.parse(text) as JSONRPCMessage);
      });
    },
    async close() {
      await clientSide.close();
      await served.close();
    },
  };
}

/** The JSON the tool's handler reported (see `registerTools`), when the response is a final tool result. */
export function reportedBy(response: RawResponse): unknown {
  const text = response.result?.content?.[0]?.text;
  return text === undefined ? undefined : JSON.parse(text);
}
