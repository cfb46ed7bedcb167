import type { JSONRPCMessage, McpServer } from '@modelcontextprotocol/server';
import { rawSession } from '../helpers/raw-client.js';

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
  const session = await rawSession(server, {
    capabilities,
    name: 'hostile-host',
    onElicitation: (id, params, send) =>
      void (async () => {
        for (const text of rig.replies(id, params)) await send(JSON.parse(text) as JSONRPCMessage);
        if (rig.sentinel) await send({ jsonrpc: '2.0', id, result: JSON.parse(SENTINEL_CANCEL) });
      })(),
  });
  const rig: WireRig = {
    replies: () => [],
    sentinel: true,
    callRaw: (tool) => session.request('tools/call', { name: tool, arguments: {} }),
    call: (tool) => session.call(tool),
    close: () => session.close(),
  };
  return rig;
}
