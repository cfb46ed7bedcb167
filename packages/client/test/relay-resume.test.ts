import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { answerQuestion, bookingAgent, relayPage } from '../../../test/support/relay.js';
import { createRelay, memoryRelayStore, type Question, type Relay } from '../src/relay/index.js';
import { sqliteRelayStore } from '../src/relay/sqlite/index.js';

/**
 * Issue 27: a 2026-07-28 call made through `relay.call` outlives the agent's process. Its round is kept in a SQLite
 * relay store; the next life recovers it, the person's question stays up meanwhile (the same question, not a new
 * one), and their answer, given before or after the resume, finishes the call once. Real SDK peers both sides.
 */

const ORIGIN = 'https://agent.example';
const STATE_KEY = new Uint8Array(32).fill(7);
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

/** One life of the agent: its relay on the SQLite file, and alice's client through it. */
async function life(file: string): Promise<{ relay: Relay; agent: Client; end(): Promise<void> }> {
  const store = sqliteRelayStore({ file });
  const relay = createRelay({ authenticate: (r) => r.headers.get('x-user') ?? undefined, store });
  const agent = await bookingAgent(relay, 'alice', { stateKey: STATE_KEY, era: '2026-07-28' });
  let ended = false;
  const end = async () => {
    if (ended) return;
    ended = true;
    // A graceful stop: resumable calls keep their questions for the next life.
    relay.close();
    await agent.close();
    store.close();
  };
  cleanup.push(end);
  return { relay, agent, end };
}

function dataFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'relay-resume-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'relay.db');
}

const textOf = (result: { content?: unknown }) =>
  JSON.parse((result.content as { text: string }[])[0]!.text) as unknown;

/** The first question alice's page shows: in its snapshot, or asked after it connected. */
async function firstQuestion(relay: Relay): Promise<Question> {
  const page = relayPage(relay, 'alice', ORIGIN);
  cleanup.push(page.close);
  const { questions } = (await page.next('snapshot')) as { questions: Question[] };
  return questions[0] ?? ((await page.next('asked')) as Question);
}

describe('a call the relay keeps through a restart', () => {
  it('answered after the restart: the same question, and the call finishes in the next life', async () => {
    const file = dataFile();
    const first = await life(file);
    const running = first.relay.call(first.agent, { principal: 'alice' }, { name: 'book', arguments: {} });
    const asked = await firstQuestion(first.relay);
    await first.end();
    await expect(running).rejects.toThrow();

    const second = await life(file);
    const { resumable, lost } = await second.relay.recover();
    expect(lost).toEqual([]);
    expect(resumable).toHaveLength(1);
    expect(resumable[0]).toMatchObject({ principal: 'alice', params: { name: 'book' } });
    const resumed = second.relay.call(second.agent, resumable[0]!, resumable[0]!.params, {
      resume: resumable[0]!,
    });
    // The page of the next life shows the question asked before the restart: the same one, not a second.
    const page = relayPage(second.relay, 'alice', ORIGIN);
    cleanup.push(page.close);
    const snapshot = (await page.next('snapshot')) as { questions: Question[] };
    expect(snapshot.questions.map((q) => q.id)).toEqual([asked.id]);
    const response = await answerQuestion(
      second.relay,
      'alice',
      asked.id,
      { action: 'submit', content: { name: 'Ada' } },
      ORIGIN,
    );
    expect(response.status).toBe(200);
    expect(textOf(await resumed)).toEqual({ action: 'accept', data: { name: 'Ada' } });
  });

  it('answered while the agent was down: the resumed call takes that answer without asking again', async () => {
    const file = dataFile();
    const first = await life(file);
    const running = first.relay.call(
      first.agent,
      { principal: 'alice' },
      { name: 'book_with_note', arguments: {} },
    );
    const asked = await firstQuestion(first.relay);
    await first.end();
    await running.catch(() => undefined);

    const second = await life(file);
    // The person answers on a page of the next life before the call is resumed.
    expect(
      (
        await answerQuestion(
          second.relay,
          'alice',
          asked.id,
          { action: 'submit', content: { name: 'Ada' } },
          ORIGIN,
        )
      ).status,
    ).toBe(200);
    const { resumable } = await second.relay.recover();
    const call = resumable[0]!;
    const resumed = second.relay.call(second.agent, call, call.params, { resume: call });
    // The call goes on to its second form: the first is not asked again.
    const page = relayPage(second.relay, 'alice', ORIGIN);
    cleanup.push(page.close);
    const next = (await page.next('asked')) as Question;
    expect(next.message).toBe('A note for the kitchen?');
    await answerQuestion(
      second.relay,
      'alice',
      next.id,
      { action: 'submit', content: { note: 'window' } },
      ORIGIN,
    );
    expect(textOf(await resumed)).toEqual({
      who: { action: 'accept', data: { name: 'Ada' } },
      note: { action: 'accept', data: { note: 'window' } },
    });
  });

  it('a question no call can take up again is withdrawn at recovery, never answered into the void', async () => {
    const file = dataFile();
    const first = await life(file);
    // Asked outside relay.call: no checkpoint to go on from.
    const plain = first.agent.callTool({ name: 'book', arguments: {} });
    const asked = await firstQuestion(first.relay);
    await first.end();
    await plain.catch(() => undefined);

    const second = await life(file);
    expect(await second.relay.recover()).toEqual({ resumable: [], lost: [] });
    const response = await answerQuestion(second.relay, 'alice', asked.id, { action: 'decline' }, ORIGIN);
    expect(response.status).toBe(409);
  });

  it('relay.call through a client whose UI asks someone else is refused, never shown to them', async () => {
    const first = await life(dataFile());
    await expect(
      first.relay.call(first.agent, { principal: 'bob' }, { name: 'book', arguments: {} }),
    ).rejects.toThrow(/relay\.ui asks "alice"/);
  });

  it('calls started together each mark their own questions (the first relay.call loads what tracks them once)', async () => {
    const first = await life(dataFile());
    const page = relayPage(first.relay, 'alice', ORIGIN);
    cleanup.push(page.close);
    const calls = [
      first.relay.call(first.agent, { principal: 'alice' }, { name: 'book', arguments: {} }),
      first.relay.call(first.agent, { principal: 'alice' }, { name: 'book_with_note', arguments: {} }),
    ];
    const asked = [(await page.next('asked')) as Question];
    asked.push((await page.next('asked', (q: Question) => q.id !== asked[0]!.id)) as Question);
    const marked = asked.map((q) => q.call);
    expect(marked.every((call) => typeof call === 'string')).toBe(true);
    expect(new Set(marked).size).toBe(2);
    for (const q of asked) {
      await answerQuestion(first.relay, 'alice', q.id, { action: 'decline' }, ORIGIN);
    }
    await Promise.all(calls);
  });

  it('a store that fails (Redis down) is reported to onError, and the call hears cancel', async () => {
    const failing = memoryRelayStore();
    failing.add = () => Promise.reject(new Error('store unreachable'));
    const reported: unknown[] = [];
    const relay = createRelay({
      authenticate: () => undefined,
      store: failing,
      onError: (e) => reported.push(e),
    });
    const agent = await bookingAgent(relay, 'alice', { era: '2026-07-28' });
    cleanup.push(() => agent.close());
    const result = await relay.call(agent, { principal: 'alice' }, { name: 'book', arguments: {} });
    expect(textOf(result)).toEqual({ action: 'cancel' });
    expect(reported).toEqual([new Error('store unreachable')]);
  });
});
