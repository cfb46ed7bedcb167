// @needs chromium, redis-server
// Issue 27: two demo processes on one redis-server and the same --data share the agent host's relay: a question
// raised through one is shown and answered in a page served by the other, and the call on the first gets that answer
// (no sticky sessions for the browser). Bob, signed in on either, never sees it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../../packages/server/test/redis/redis-server.js';
import {
  ALICE,
  BOB,
  type DemoProcess,
  startDemoServer,
} from '../../../packages/terminal/test/helpers/demo.js';
import { DemoBrowser } from '../../support/demo-browser.js';
import { relayEvents } from '../../support/relay.js';

let scratch: string;
let redis: TestRedis;
let first: DemoProcess;
let second: DemoProcess;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'elicitkit-agent-redis-'));
  redis = await startTestRedis();
  const data = join(scratch, 'state');
  first = await startDemoServer(data, ['--redis', redis.url]);
  second = await startDemoServer(data, ['--redis', redis.url]);
}, 60_000);
afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await redis?.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** One signed-in browser: the same session cookie works on either instance (they share --data). */
async function signedIn(user: { name: string; password: string }) {
  const browser = new DemoBrowser();
  await browser.login(first.base, user);
  return (on: DemoProcess, path: string, body?: unknown) =>
    fetch(new URL(path, on.base), {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        cookie: browser.cookieHeader(),
        ...(body !== undefined && { 'content-type': 'application/json', origin: on.base.origin }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
}

/** The first question an event stream shows: in its snapshot, or asked later. */
async function firstQuestion(
  response: Response,
): Promise<{ id: string; principal: string; message: string }> {
  type Shown = { id: string; principal: string; message: string };
  for await (const { event, data } of relayEvents(response)) {
    const found =
      event === 'asked'
        ? (data as Shown)
        : event === 'snapshot'
          ? (data as { questions: Shown[] }).questions[0]
          : undefined;
    if (found) return found;
  }
  throw new Error('the event stream ended before a question');
}

it('a question raised through one instance is answered in a page of the other; the call gets it once', async () => {
  const alice = await signedIn(ALICE);
  const bob = await signedIn(BOB);
  // Alice's page is served by the second instance; her call runs on the first.
  const stream = await alice(second, '/elicitkit/questions/events');
  expect((await alice(first, '/agent/call', { tool: 'pick_color' })).status).toBe(202);
  const question = await firstQuestion(stream);
  expect(question).toMatchObject({ principal: 'alice', message: expect.stringMatching(/napkins/i) });
  for (const on of [first, second]) {
    expect(await (await bob(on, '/elicitkit/questions')).json()).toEqual({ questions: [] });
  }

  const answered = await alice(second, `/elicitkit/questions/${question.id}/answer`, {
    action: 'submit',
    content: { color: '#4169e1' },
  });
  expect(answered.status).toBe(200);
  // The first instance ran the call: its outcome is there.
  const { outcomes } = (await (await alice(first, '/agent/outcomes?after=0')).json()) as {
    outcomes: { tool: string; text: string }[];
  };
  expect(outcomes).toEqual([expect.objectContaining({ tool: 'pick_color', text: 'Napkins: #4169e1.' })]);
  // Answered once: either instance refuses a second answer.
  expect(
    (await alice(first, `/elicitkit/questions/${question.id}/answer`, { action: 'decline' })).status,
  ).toBe(409);
}, 60_000);
