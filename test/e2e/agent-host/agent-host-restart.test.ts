// @needs chromium
// Issue 27: the demo's agent host killed mid-question. The relay keeps questions in the process's memory (its durable
// stores are still to come), so what this pins is that a restart is honest: the question is gone rather than shown as
// pending with no call behind it, an answer sent to it afterwards reaches nothing, and no one else ever saw it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  ALICE,
  BOB,
  type DemoProcess,
  startDemoServer,
} from '../../../packages/terminal/test/helpers/demo.js';
import { DemoBrowser } from '../../support/demo-browser.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close().catch(() => {});
});

/** A signed-in browser's JSON requests to `demo`. */
async function signedIn(demo: DemoProcess, user: { name: string; password: string }) {
  const browser = new DemoBrowser();
  await browser.login(demo.base, user);
  const send = (path: string, body?: unknown) =>
    fetch(new URL(path, demo.base), {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        cookie: browser.cookieHeader(),
        ...(body !== undefined && { 'content-type': 'application/json', origin: demo.base.origin }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  return { send, cookie: () => browser.cookieHeader() };
}

/** The first question the relay's event stream announces to the signed-in browser. */
async function firstAsked(response: Response): Promise<{ id: string; principal: string }> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error('the event stream ended before a question');
    buffer += value;
    const asked = /event: asked\ndata: (.*)\n/.exec(buffer);
    if (asked) {
      await reader.cancel();
      return JSON.parse(asked[1]!) as { id: string; principal: string };
    }
  }
}

it('killed mid-question and started again: the question is gone, not answerable, and never reached bob', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'elicitkit-agent-restart-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const first = await startDemoServer(dataDir);
  cleanup.push(() => first.stop());
  const alice = await signedIn(first, ALICE);
  const bob = await signedIn(first, BOB);
  const stream = await alice.send('/elicitkit/questions/events');
  expect((await alice.send('/agent/call', { tool: 'pick_color' })).status).toBe(202);
  const asked = await firstAsked(stream);
  expect(asked.principal).toBe('alice');
  expect(await (await bob.send('/elicitkit/questions')).json()).toEqual({ questions: [] });

  first.child.kill('SIGKILL');
  await first.stop();
  const second = await startDemoServer(dataDir);
  cleanup.push(() => second.stop());
  // The same data directory keeps the session key: alice's browser is still signed in.
  const aliceAgain = await fetch(new URL('/elicitkit/questions', second.base), {
    headers: { cookie: alice.cookie() },
  });
  expect(aliceAgain.status).toBe(200);
  expect(await aliceAgain.json()).toEqual({ questions: [] });
  const late = await fetch(new URL(`/elicitkit/questions/${asked.id}/answer`, second.base), {
    method: 'POST',
    headers: {
      cookie: alice.cookie(),
      'content-type': 'application/json',
      origin: second.base.origin,
    },
    body: JSON.stringify({ action: 'submit', content: { color: '#4169e1' } }),
  });
  expect(late.status).toBe(404);
}, 120_000);
