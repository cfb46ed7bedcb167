import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { elicitForm, type HandlerContext, text } from '../src/index.js';
import { type PeerHarness, peerHarness, SERVER_KINDS } from './helpers/peers.js';

/**
 * An ask must leave nothing on the call's signal, however many a tool makes. On v2 the call's own signal is handed to
 * the SDK (no controller per ask), which is right only while the SDK takes its listener off once the request settles:
 * this pins that (`releasesSignalListeners` in `src/sdk/v2.ts`). On v1, which leaves its listener, a linked stop is
 * handed instead and unlinked.
 */

let harness: PeerHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const signalOf = (ctx: HandlerContext): AbortSignal => ('mcpReq' in ctx ? ctx.mcpReq.signal : ctx.signal);

describe.each(SERVER_KINDS)('the call signal after asks, %s', (server) => {
  it('has as many abort listeners as before the first ask', async () => {
    harness = await peerHarness({
      server,
      client: server === 'v1.17 McpServer' ? 'sdk 1.17' : 'sdk 1.32',
      tools: {
        asks: async (ctx) => {
          const signal = signalOf(ctx);
          const before = getEventListeners(signal, 'abort').length;
          for (let i = 0; i < 5; i++) await elicitForm(ctx, { message: `Ask ${i}`, schema: { x: text() } });
          return { before, after: getEventListeners(signal, 'abort').length };
        },
      },
      answer: () => ({ action: 'accept', content: { x: 'ok' } }),
    });
    const { before, after } = (await harness.call('asks')) as { before: number; after: number };
    expect(after).toBe(before);
  });
});
