// @needs chromium
// Issue 27: the demo's agent host killed (SIGKILL) mid-question and started again on the same data. The relay keeps
// questions and calls in SQLite under --data: the question is still up after the restart (the same question), and
// answering it finishes the call in the new process, its outcome shown to the person: a 2026-07-28 call (its round's
// requestState kept) and export_report as a task (its id kept). Bob never sees alice's question, before or after.
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
import { relayEvents } from '../../support/relay.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close().catch(() => {});
});

/** A signed-in browser's JSON requests; it follows the demo to wherever it runs now. */
async function signedIn(demo: DemoProcess, user: { name: string; password: string }) {
  const browser = new DemoBrowser();
  await browser.login(demo.base, user);
  let at = demo.base;
  const send = (path: string, body?: unknown) =>
    fetch(new URL(path, at), {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        cookie: browser.cookieHeader(),
        ...(body !== undefined && { 'content-type': 'application/json', origin: at.origin }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  const moveTo = (next: DemoProcess) => {
    at = next.base;
  };
  return { send, moveTo };
}

interface Asked {
  id: string;
  principal: string;
  message: string;
}

/** The questions the relay's event stream shows the signed-in browser, until `count` are up. */
async function questionsUp(response: Response, count: number): Promise<Asked[]> {
  const seen: Asked[] = [];
  for await (const { event, data } of relayEvents(response)) {
    if (event === 'asked') seen.push(data as Asked);
    if (event === 'snapshot') seen.push(...(data as { questions: Asked[] }).questions);
    if (seen.length >= count) return seen;
  }
  throw new Error('the event stream ended before the questions');
}

/** The person's call outcomes, waiting until one for each of `tools` is there. */
async function outcomesOf(user: Awaited<ReturnType<typeof signedIn>>, tools: string[]) {
  let after = 0;
  const found: { tool: string; text: string }[] = [];
  while (!tools.every((tool) => found.some((o) => o.tool === tool))) {
    const { outcomes } = (await (await user.send(`/agent/outcomes?after=${after}`)).json()) as {
      outcomes: { seq: number; tool: string; text: string }[];
    };
    found.push(...outcomes);
    after = Math.max(after, ...outcomes.map((o) => o.seq));
  }
  return found;
}

it('killed mid-question and started again: the 2026 call and the task go on, answered once, outcomes shown', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'elicitkit-agent-restart-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const first = await startDemoServer(dataDir);
  cleanup.push(() => first.stop());
  const alice = await signedIn(first, ALICE);
  const bob = await signedIn(first, BOB);
  const stream = await alice.send('/elicitkit/questions/events');
  expect((await alice.send('/agent/call', { tool: 'pick_color' })).status).toBe(202);
  expect((await alice.send('/agent/call', { tool: 'export_report' })).status).toBe(202);
  const asked = await questionsUp(stream, 2);
  expect(asked.map((q) => q.principal)).toEqual(['alice', 'alice']);
  expect(await (await bob.send('/elicitkit/questions')).json()).toEqual({ questions: [] });

  first.child.kill('SIGKILL');
  await first.stop();
  const second = await startDemoServer(dataDir);
  cleanup.push(() => second.stop());
  alice.moveTo(second);
  bob.moveTo(second);
  // The same data directory keeps the session key: alice's browser is still signed in, and her questions are up.
  const up = (await (await alice.send('/elicitkit/questions')).json()) as { questions: Asked[] };
  expect(up.questions.map((q) => q.id).sort()).toEqual(asked.map((q) => q.id).sort());
  expect(await (await bob.send('/elicitkit/questions')).json()).toEqual({ questions: [] });

  const color = asked.find((q) => /napkins/i.test(q.message))!;
  const report = asked.find((q) => /report/i.test(q.message))!;
  // Bob replaying alice's answer request reaches nothing of hers.
  expect((await bob.send(`/elicitkit/questions/${color.id}/answer`, { action: 'decline' })).status).toBe(404);
  const answered = await alice.send(`/elicitkit/questions/${color.id}/answer`, {
    action: 'submit',
    content: { color: '#4169e1' },
  });
  expect(answered.status).toBe(200);
  expect(
    (
      await alice.send(`/elicitkit/questions/${report.id}/answer`, {
        action: 'submit',
        content: { confirm: true },
      })
    ).status,
  ).toBe(200);
  const outcomes = await outcomesOf(alice, ['pick_color', 'export_report']);
  expect(outcomes.find((o) => o.tool === 'pick_color')?.text).toMatch(/Napkins: #4169e1/);
  expect(outcomes.find((o) => o.tool === 'export_report')?.text).toMatch(/sent to finance/);
  // A second answer to an answered question is refused: exactly one reached the server.
  expect((await alice.send(`/elicitkit/questions/${color.id}/answer`, { action: 'decline' })).status).toBe(
    409,
  );
}, 120_000);
