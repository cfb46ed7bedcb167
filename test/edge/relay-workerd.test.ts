// @needs tools
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_INSTALL_TIMEOUT_MS } from '../support/tool-install.js';
import { bundleWorker, type EdgeBundle, type RunningWorkerd, startWorkerd } from './workerd.js';

/**
 * Issue 27: the relay mounted in a worker (real workerd, no nodejs_compat). The bundle needs no `node:` module but the
 * one `relay.call` loads when first used (node:async_hooks, a worker's nodejs_als); a question asked in one request
 * reaches the person's event stream (another request), and their answer (a third) comes back to the first.
 */

let bundle: EdgeBundle;
let edge: RunningWorkerd;

beforeAll(async () => {
  bundle = await bundleWorker(fileURLToPath(new URL('./relay-worker.ts', import.meta.url)));
  edge = await startWorkerd(bundle.code, {});
}, TOOL_INSTALL_TIMEOUT_MS);
afterAll(async () => {
  await edge?.stop();
});

describe('the relay in workerd', () => {
  it('bundles with no node: module but the one relay.call loads on first use', () => {
    expect(bundle.nodeImports.map((line) => line.replace(/ <- .*?( \(dynamic\))?$/, '$1'))).toEqual([
      'node:async_hooks (dynamic)',
    ]);
  });

  it("a question asked in one request reaches the person's page, and their answer comes back to it", async () => {
    const origin = new URL('/', edge.url).origin;
    const stop = new AbortController();
    const events = await fetch(`${origin}/elicitkit/questions/events`, {
      headers: { 'x-user': 'alice' },
      signal: stop.signal,
    });
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
    const asking = fetch(`${origin}/ask?user=alice`).then((r) => r.json());
    let buffer = '';
    let id: string | undefined;
    while (!id) {
      const { done, value } = await reader.read();
      if (done) throw new Error('the event stream ended before the question');
      buffer += value;
      const asked = /event: asked\ndata: (.*)\n/.exec(buffer)?.[1];
      if (asked) id = (JSON.parse(asked) as { id: string }).id;
    }
    const answered = await fetch(`${origin}/elicitkit/questions/${id}/answer`, {
      method: 'POST',
      headers: { 'x-user': 'alice', 'content-type': 'application/json', origin },
      body: JSON.stringify({ action: 'submit', content: { name: 'Ada' } }),
    });
    expect(answered.status).toBe(200);
    expect(await asking).toEqual({ action: 'submit', content: { name: 'Ada' } });
    await reader.cancel();
    stop.abort();
  });
});
