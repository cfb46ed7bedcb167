import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { answerQuestion, book, bookingAgent, relayPage } from '../../../test/support/relay.js';
import { installElicitation } from '../src/index.js';
import { createRelay, type Question, type Relay, type RelayLimits } from '../src/relay/index.js';

/**
 * Issue 27, first part: the relay between an MCP client on the agent's server and the person's pages, through its
 * fetch-style endpoints (what a route handler or a worker mounts), with real SDK peers on both sides of the agent.
 */

const ORIGIN = 'https://agent.example';
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close().catch(() => {});
});

/** A relay whose pages say who they are in `x-user` (the app's sign-in, in these tests). */
function relayFor(limits: Partial<RelayLimits> = {}): Relay {
  return createRelay({ authenticate: (request) => request.headers.get('x-user') ?? undefined, limits });
}

async function agentFor(relay: Relay, principal: string) {
  const client = await bookingAgent(relay, principal);
  cleanup.push(() => client.close());
  return client;
}

const call = book;

/** A page of `user`'s, closed after the test. */
function page(relay: Relay, user: string) {
  const opened = relayPage(relay, user, ORIGIN);
  cleanup.push(opened.close);
  return opened;
}

const answer = (
  relay: Relay,
  user: string,
  id: string,
  body: unknown,
  headers: Record<string, string> = {},
) => answerQuestion(relay, user, id, body, ORIGIN, headers);

async function pendingOf(relay: Relay, user: string): Promise<Question[]> {
  const response = await relay.fetch(
    new Request(`${ORIGIN}/elicitkit/questions`, { headers: { 'x-user': user } }),
  );
  return ((await response.json()) as { questions: Question[] }).questions;
}

describe('the relay', () => {
  it('[E-05] every page of the person shows the question; the first answer wins, the other page sees it closed', async () => {
    const relay = relayFor();
    const tab1 = page(relay, 'alice');
    const tab2 = page(relay, 'alice');
    const agent = await agentFor(relay, 'alice');
    const outcome = call(agent);
    const asked = (await tab1.next('asked')) as Question;
    expect(await tab2.next('asked')).toEqual(asked);
    expect(asked).toMatchObject({
      kind: 'form',
      principal: 'alice',
      message: 'Who is the booking for?',
      fields: [expect.objectContaining({ name: 'name', label: 'Name' })],
    });
    expect(
      (await answer(relay, 'alice', asked.id, { action: 'submit', content: { name: 'Ada' } })).status,
    ).toBe(200);
    const late = await answer(relay, 'alice', asked.id, { action: 'submit', content: { name: 'Grace' } });
    expect(late.status).toBe(409);
    expect(await outcome).toEqual({ action: 'accept', data: { name: 'Ada' } });
    for (const tab of [tab1, tab2])
      expect(await tab.next('settled')).toEqual({ id: asked.id, status: 'answered' });
    expect(await pendingOf(relay, 'alice')).toEqual([]);
  });

  it('a page that connects later gets the pending question in its snapshot', async () => {
    const relay = relayFor();
    const agent = await agentFor(relay, 'alice');
    const outcome = call(agent);
    const early = page(relay, 'alice');
    await early.next('asked');
    const reloaded = page(relay, 'alice');
    const { questions } = (await reloaded.next(
      'snapshot',
      (d: { questions: unknown[] }) => d.questions.length > 0,
    )) as {
      questions: Question[];
    };
    expect(questions).toHaveLength(1);
    await answer(relay, 'alice', questions[0]!.id, { action: 'decline' });
    expect(await outcome).toEqual({ action: 'decline' });
  });

  it("bob never sees alice's question and cannot answer it by replaying her request", async () => {
    const relay = relayFor();
    const alice = page(relay, 'alice');
    const bob = page(relay, 'bob');
    const outcome = call(await agentFor(relay, 'alice'));
    const asked = (await alice.next('asked')) as Question;
    expect(await pendingOf(relay, 'bob')).toEqual([]);
    const replayed = await answer(relay, 'bob', asked.id, { action: 'submit', content: { name: 'Mallory' } });
    // The same answer as for a question that never existed: nothing tells bob it does.
    expect(replayed.status).toBe(404);
    expect(await (await answer(relay, 'bob', crypto.randomUUID(), { action: 'decline' })).json()).toEqual(
      await replayed.json(),
    );
    expect(await pendingOf(relay, 'alice')).toHaveLength(1);
    await answer(relay, 'alice', asked.id, { action: 'submit', content: { name: 'Ada' } });
    expect(await outcome).toEqual({ action: 'accept', data: { name: 'Ada' } });
    expect(bob.events.filter((e) => e.event !== 'snapshot')).toEqual([]);
  });

  it('[E-59] an answer the form refuses is answered with its issues, and the question stays open', async () => {
    const relay = relayFor();
    const tab = page(relay, 'alice');
    const outcome = call(await agentFor(relay, 'alice'));
    const asked = (await tab.next('asked')) as Question;
    const refused = await answer(relay, 'alice', asked.id, {
      action: 'submit',
      content: { name: 'A', extra: 1 },
    });
    expect(refused.status).toBe(422);
    const { issues } = (await refused.json()) as { issues: { path: string[]; code: string }[] };
    expect(issues.map((issue) => [issue.path.join('.'), issue.code])).toEqual([
      ['name', 'too-short'],
      ['extra', 'unknown-property'],
    ]);
    expect(await pendingOf(relay, 'alice')).toHaveLength(1);
    await answer(relay, 'alice', asked.id, { action: 'submit', content: { name: 'Ada' } });
    expect(await outcome).toEqual({ action: 'accept', data: { name: 'Ada' } });
  });

  it('a call that is cancelled withdraws its question from every page', async () => {
    const relay = relayFor();
    const tab = page(relay, 'alice');
    const stop = new AbortController();
    const outcome = call(await agentFor(relay, 'alice'), { signal: stop.signal }).catch(() => 'cancelled');
    const asked = (await tab.next('asked')) as Question;
    stop.abort();
    expect(await outcome).toBe('cancelled');
    expect(await tab.next('settled')).toEqual({ id: asked.id, status: 'withdrawn' });
    expect((await answer(relay, 'alice', asked.id, { action: 'decline' })).status).toBe(409);
  });

  it("answers are CSRF-safe: JSON only, from the endpoint's own origin (or one allowed)", async () => {
    const relay = relayFor();
    const tab = page(relay, 'alice');
    const outcome = call(await agentFor(relay, 'alice'));
    const { id } = (await tab.next('asked')) as Question;
    const form = await answer(relay, 'alice', id, 'action=decline', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(
      (await answer(relay, 'alice', id, { action: 'decline' }, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    const crossSite = answer(
      relay,
      'alice',
      id,
      { action: 'decline' },
      { origin: '', 'sec-fetch-site': 'cross-site' },
    );
    expect((await crossSite).status).toBe(403);
    expect((await answer(relay, 'alice', id, { action: 'decline' })).status).toBe(200);
    expect(await outcome).toEqual({ action: 'decline' });
  });

  it('[E-52] a URL question carries the analyzed URL for the page to show and open; consent goes back as accept', async () => {
    const relay = relayFor();
    const tab = page(relay, 'alice');
    const server = new McpServer({ name: 'bank', version: '1.0.0' });
    server.registerTool('connect', { description: 'Connects the bank' }, async (ctx) => {
      const result = await ctx.mcpReq.elicitInput({
        mode: 'url',
        message: 'Connect your bank',
        url: 'https://bank.example/connect?session=1',
        elicitationId: 'connect-1',
      });
      return { content: [{ type: 'text', text: result.action }] };
    });
    const client = new Client({ name: 'agent', version: '1.0.0' });
    installElicitation(client, {
      ui: relay.ui({ principal: 'alice', conversation: 'c1' }),
      opener: relay.opener,
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    cleanup.push(() => client.close());
    const outcome = client.callTool({ name: 'connect', arguments: {} });
    const asked = (await tab.next('asked')) as Question & { kind: 'url' };
    expect(asked).toMatchObject({ kind: 'url', conversation: 'c1', message: 'Connect your bank' });
    expect(asked.url).toMatchObject({ href: 'https://bank.example/connect?session=1' });
    expect(asked.url.display.registrableDomain).toBe('bank.example');
    expect((await answer(relay, 'alice', asked.id, { action: 'submit', content: {} })).status).toBe(422);
    expect((await answer(relay, 'alice', asked.id, { action: 'consent' })).status).toBe(200);
    expect((await outcome).content).toEqual([{ type: 'text', text: 'accept' }]);
  });

  it('a page that goes away frees its stream for the next one (a reload never locks the person out)', async () => {
    const relay = relayFor({ maxStreamsPerPrincipal: 1 });
    for (let reload = 0; reload < 3; reload++) {
      const tab = relayPage(relay, 'alice', ORIGIN);
      await tab.next('snapshot');
      await tab.close();
    }
    const last = page(relay, 'alice');
    await expect(last.next('snapshot')).resolves.toEqual({ questions: [] });
  });

  it('onAsked hands each question to a channel (a Slack adapter is a small function); a failing one is reported', async () => {
    const posted: string[] = [];
    const errors: unknown[] = [];
    let fail = true;
    const relay = createRelay({
      authenticate: (request) => request.headers.get('x-user') ?? undefined,
      // The adapter: a message with a link to the app's page for this one question.
      onAsked: async (question) => {
        if (fail) {
          fail = false;
          throw new Error('Slack is down');
        }
        posted.push(`@${question.principal}: ${question.message} ${ORIGIN}/agent/?question=${question.id}`);
      },
      onError: (error) => errors.push(error),
    });
    const agent = await agentFor(relay, 'alice');
    const first = call(agent);
    const tab = page(relay, 'alice');
    const { id: firstId } = (await tab.next('asked')) as Question;
    // The channel failed: reported, and the question is still answerable from a page.
    expect(errors).toEqual([new Error('Slack is down')]);
    await answer(relay, 'alice', firstId, { action: 'decline' });
    expect(await first).toEqual({ action: 'decline' });
    const second = call(agent);
    const asked = (await tab.next('asked', (q: Question) => q.id !== firstId)) as Question;
    expect(posted).toEqual([`@alice: Who is the booking for? ${ORIGIN}/agent/?question=${asked.id}`]);
    await answer(relay, 'alice', asked.id, { action: 'submit', content: { name: 'Ada' } });
    expect(await second).toEqual({ action: 'accept', data: { name: 'Ada' } });
  });

  it('every endpoint needs a signed-in person', async () => {
    const relay = relayFor();
    for (const path of ['/elicitkit/questions', '/elicitkit/questions/events']) {
      expect((await relay.fetch(new Request(`${ORIGIN}${path}`))).status).toBe(401);
    }
  });

  it('bounds what one person can make it hold: pending questions, open streams, answer size', async () => {
    const relay = relayFor({ maxPendingPerPrincipal: 1, maxStreamsPerPrincipal: 1, maxAnswerBytes: 1024 });
    const tab = page(relay, 'alice');
    await tab.next('snapshot');
    const second = await relay.fetch(
      new Request(`${ORIGIN}/elicitkit/questions/events`, { headers: { 'x-user': 'alice' } }),
    );
    expect(second.status).toBe(429);
    const first = call(await agentFor(relay, 'alice'));
    const { id } = (await tab.next('asked')) as Question;
    // A second agent of hers (one client asks one question at a time): over the limit, answered `cancel` at once.
    expect(await call(await agentFor(relay, 'alice'))).toEqual({ action: 'cancel' });
    const huge = await answer(relay, 'alice', id, { action: 'submit', content: { name: 'x'.repeat(2000) } });
    expect(huge.status).toBe(413);
    await answer(relay, 'alice', id, { action: 'submit', content: { name: 'Ada' } });
    expect(await first).toEqual({ action: 'accept', data: { name: 'Ada' } });
  });
});
