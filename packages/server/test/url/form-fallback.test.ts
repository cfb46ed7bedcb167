import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { elicitForm, longRunning } from '../../src/index.js';
import { SqliteElicitationStore } from '../../src/sqlite/index.js';
import { createTasks } from '../../src/tasks/index.js';
import { callKey } from '../../src/url/fallback/records.js';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { ManualClock } from '../helpers/manual-clock.js';
import { taskWireClient } from '../tasks/wire-client.js';
import { csrfOf, TestBrowser } from './browser.js';
import { BOOKING_FORM, startTestServer, type TestServer, until } from './harness.js';

/**
 * Issue 37 on real parts: SDK clients that declare no elicitation, on both eras, against v2 and v1 servers; the
 * page driven as a browser would (login, CSRF, form POST); other people, expiry, replay, a restart in between.
 */

const dir = mkdtempSync(join(tmpdir(), 'elicitkit-fallback-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

async function server(options: Partial<Parameters<typeof startTestServer>[0]> = {}): Promise<TestServer> {
  const store = options.store ?? new MemoryElicitationStore();
  const started = await startTestServer({ formFallback: true, ...options, store });
  cleanup.push(() => started.close());
  return started;
}

/** An SDK v2 host that declares no elicitation capability at all. */
async function plainHost(url: URL, token: string, era: '2025-11-25' | '2026-07-28' = '2025-11-25') {
  const client = new Client(
    { name: 'plain-host', version: '1.0.0' },
    { capabilities: {}, versionNegotiation: { mode: era === '2026-07-28' ? { pin: era } : 'legacy' } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  cleanup.push(() => client.close());
  const book = async () => {
    const result = await client.callTool({ name: 'book', arguments: {} });
    expect(result.isError).not.toBe(true);
    return (result.content as { text: string }[])[0]!.text;
  };
  return { client, book };
}

const linkIn = (text: string) => /http:\/\/127\.0\.0\.1:\d+\/elicit\/[\w-]+/.exec(text)?.[0];

/** `user` signs in and answers the form behind `link`. */
async function answer(
  base: URL,
  link: string,
  user: string,
  form: Record<string, string>,
): Promise<Response> {
  const browser = new TestBrowser();
  await browser.login(base, user, `${user}-pass`);
  const page = await (await browser.request(link)).text();
  return browser.request(link, { form: { csrf: csrfOf(page), ...form } });
}

describe('a form the host cannot show, answered in the browser (issue 37)', () => {
  for (const [sdk, era] of [
    ['v2', '2025-11-25'],
    ['v2', '2026-07-28'],
    ['v1', '2025-11-25'],
  ] as const) {
    it(`${sdk} server, a ${era} host with no elicitation: a link; answered; the call made again goes on`, async () => {
      const app = await server({ sdk });
      const host = await plainHost(app.mcpUrl, 'demo-alice', era);
      const first = await host.book();
      const link = linkIn(first);
      expect(first).toContain('cannot show forms');
      expect(link).toBeDefined();
      expect(new URL(link!).origin).toBe(app.base.origin);
      // Made again before answering: the same link, not a second flow.
      expect(linkIn(await host.book())).toBe(link);
      const saved = await answer(app.base, link!, 'alice', { name: 'Ada', party: '3' });
      expect(saved.status).toBe(200);
      expect(await saved.text()).toContain('Answer saved');
      expect(await host.book()).toBe('Booked Ada for 3.');
      // Used once: the next call starts over.
      const next = linkIn(await host.book());
      expect(next).toBeDefined();
      expect(next).not.toBe(link);
    });
  }

  it("a refused answer is said on the page in the person's language, what they typed kept; nothing is stored", async () => {
    const app = await server();
    const host = await plainHost(app.mcpUrl, 'demo-alice');
    const link = linkIn(await host.book())!;
    const browser = new TestBrowser();
    await browser.login(app.base, 'alice', 'alice-pass');
    const page = await (
      await browser.request(link, { headers: { 'Accept-Language': 'de-CH, en;q=0.5' } })
    ).text();
    expect(page).toContain('lang="de"');
    const refused = await browser.request(link, {
      form: { csrf: csrfOf(page), name: 'A', party: '40' },
      headers: { 'Accept-Language': 'de' },
    });
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain('Es gibt ein Problem');
    expect(text).toContain('value="A"');
    expect(text).toContain('value="40"');
    expect(linkIn(await host.book())).toBe(link); // still open, nothing answered
  });

  it("another person: bob never sees alice's form, and his own call never gets her answer", async () => {
    const app = await server();
    const alice = await plainHost(app.mcpUrl, 'demo-alice');
    const bob = await plainHost(app.mcpUrl, 'demo-bob');
    const link = linkIn(await alice.book())!;
    const browser = new TestBrowser();
    await browser.login(app.base, 'bob', 'bob-pass');
    const bobAtAlices = await browser.request(link);
    expect(bobAtAlices.status).toBe(403);
    const seen = await bobAtAlices.text();
    expect(seen).toContain('Not your request');
    expect(seen).not.toContain('name="party"');
    expect((await answer(app.base, link, 'alice', { name: 'Ada', party: '2' })).status).toBe(200);
    const bobs = await bob.book();
    expect(linkIn(bobs)).toBeDefined();
    expect(linkIn(bobs)).not.toBe(link);
    expect(await alice.book()).toBe('Booked Ada for 2.');
  });

  it("an answer kept past the link's life is not used: the call starts over and says the link expired", async () => {
    const clock = new ManualClock(Date.now());
    const app = await server({ clock, ttlMs: 60_000 });
    const host = await plainHost(app.mcpUrl, 'demo-alice');
    const link = linkIn(await host.book())!;
    expect((await answer(app.base, link, 'alice', { name: 'Ada', party: '2' })).status).toBe(200);
    clock.advance(61_000);
    const again = await host.book();
    expect(again).toContain('The earlier link expired');
    expect(linkIn(again)).not.toBe(link);
  });

  it('two calls made again at once: exactly one takes the answer', async () => {
    const app = await server();
    const host = await plainHost(app.mcpUrl, 'demo-alice');
    const link = linkIn(await host.book())!;
    await answer(app.base, link, 'alice', { name: 'Ada', party: '2' });
    const both = await Promise.all([host.book(), host.book()]);
    expect(both.filter((text) => text === 'Booked Ada for 2.')).toHaveLength(1);
    expect(both.filter((text) => linkIn(text) !== undefined)).toHaveLength(1);
  });

  it('a restart between the link and the call made again (SQLite): the answer is still there', async () => {
    const file = join(dir, 'restart.db');
    let store = new SqliteElicitationStore({ file });
    const first = await startTestServer({ formFallback: true, store });
    const port = Number(first.base.port);
    const before = await plainHost(first.mcpUrl, 'demo-alice');
    const link = linkIn(await before.book())!;
    expect((await answer(first.base, link, 'alice', { name: 'Ada', party: '5' })).status).toBe(200);
    await before.client.close().catch(() => {});
    await first.close();
    await store.close();

    store = new SqliteElicitationStore({ file });
    const second = await startTestServer({ formFallback: true, store, port });
    cleanup.push(
      () => store.close(),
      () => second.close(),
    );
    await until(() =>
      fetch(second.base).then(
        () => true,
        () => false,
      ),
    );
    const after = await plainHost(second.mcpUrl, 'demo-alice');
    expect(await after.book()).toBe('Booked Ada for 5.');
  });
});

describe('the call an answer belongs to', () => {
  const form = { message: 'Book a table.', requestedSchema: { type: 'object' as const, properties: {} } };
  it('one key per person, tool, arguments and form; key order aside', () => {
    const key = callKey('alice', 'book', { a: 1, b: [1, { c: 2, d: 3 }] }, form);
    expect(callKey('alice', 'book', { b: [1, { d: 3, c: 2 }], a: 1 }, form)).toBe(key);
    expect(callKey('bob', 'book', { a: 1, b: [1, { c: 2, d: 3 }] }, form)).not.toBe(key);
    expect(callKey('alice', 'book', { a: 2, b: [1, { c: 2, d: 3 }] }, form)).not.toBe(key);
    expect(callKey('alice', 'order', { a: 1, b: [1, { c: 2, d: 3 }] }, form)).not.toBe(key);
    expect(
      callKey('alice', 'book', { a: 1, b: [1, { c: 2, d: 3 }] }, { ...form, message: 'Other' }),
    ).not.toBe(key);
  });

  it('arguments too large, or nested past the stack, bind no answer', () => {
    expect(callKey('alice', 'book', { blob: 'x'.repeat(70_000) }, form)).toBeUndefined();
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(callKey('alice', 'book', { deep }, form)).toBeUndefined();
  });
});

describe('opt-in: hosts that declare forms and show none', () => {
  /** A v2 host on 2025-11-25 that declares form mode and declines every form, after `thinkMs` of `clock` time. */
  async function decliningHost(url: URL, clock: ManualClock, thinkMs: number, name = 'declining-host') {
    const client = new Client(
      { name, version: '2.1.0' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'legacy' } },
    );
    let asked = 0;
    client.setRequestHandler('elicitation/create', async () => {
      asked++;
      clock.advance(thinkMs);
      return { action: 'decline' };
    });
    await client.connect(
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { Authorization: 'Bearer demo-alice' } },
      }),
    );
    cleanup.push(() => client.close());
    const book = async () =>
      ((await client.callTool({ name: 'book', arguments: {} })).content as { text: string }[])[0]!.text;
    return { book, asked: () => asked };
  }

  it("[E-43] a decline within declinedWithinMs is the host's: the link instead; off, or slower, it is the person's", async () => {
    const clock = new ManualClock(Date.now());
    const on = await server({ formFallback: { declinedWithinMs: 1000 }, elicitation: { clock } });
    expect(linkIn(await (await decliningHost(on.mcpUrl, clock, 1)).book())).toBeDefined();
    // A person who read the form and declined: never overridden.
    expect(await (await decliningHost(on.mcpUrl, clock, 4000)).book()).toBe('Not booked: decline');
    const off = await server({ elicitation: { clock } });
    expect(await (await decliningHost(off.mcpUrl, clock, 1)).book()).toBe('Not booked: decline');
  });

  it('a listed host (name, version prefix) is never sent the form: the link at once', async () => {
    const clock = new ManualClock(Date.now());
    const app = await server({ formFallback: { hosts: [{ name: 'drops-forms', versions: ['2.'] }] } });
    const listed = await decliningHost(app.mcpUrl, clock, 1, 'drops-forms');
    expect(linkIn(await listed.book())).toBeDefined();
    expect(listed.asked()).toBe(0);
    const other = await decliningHost(app.mcpUrl, clock, 1, 'shows-forms');
    expect(await other.book()).toBe('Not booked: decline');
    expect(other.asked()).toBe(1);
  });
});

describe('a URL flow for a host without URL mode', () => {
  it('[E-09] a form-only host: url.require gives the link in the result, no -32042; the call made again goes on', async () => {
    const app = await server();
    const client = new Client(
      { name: 'form-only-host', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'legacy' } },
    );
    const seen: string[] = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      seen.push(String((request.params as { mode?: string }).mode));
      return { action: 'cancel' };
    });
    await client.connect(
      new StreamableHTTPClientTransport(app.mcpUrl, {
        requestInit: { headers: { Authorization: 'Bearer demo-alice' } },
      }),
    );
    cleanup.push(() => client.close());
    const useApi = async () => {
      const result = await client.callTool({ name: 'use_api', arguments: {} });
      expect(result.isError).not.toBe(true);
      return (result.content as { text: string }[])[0]!.text;
    };
    const first = await useApi();
    expect(first).toContain('The Example API needs your API key.');
    const link = linkIn(first)!;
    const browser = new TestBrowser();
    await browser.login(app.base, 'alice', 'alice-pass');
    expect((await browser.submitSecret(link, 'sk-fallback-12345678')).status).toBe(200);
    expect(await useApi()).toBe('Example API call succeeded.');
    expect(seen).toEqual([]); // nothing in a mode it did not declare, nor a form it could not need
  });
});

describe('a long-running tool, for a host that declared tasks and no forms', () => {
  it('[T-21] the task waits for the page, the link in its status; answered, the task completes with what was entered', async () => {
    const tasks = createTasks({ pollIntervalMs: 50 });
    cleanup.push(() => tasks.close());
    const app = await server({
      elicitation: { tasks },
      tools: (made) => {
        made.registerTool(
          'book_later',
          { description: 'Books, as a task' },
          longRunning(async (ctx) => {
            const outcome = await elicitForm(ctx, { message: 'Book a table.', schema: BOOKING_FORM });
            const said =
              outcome.action === 'accept' ? `Booked ${outcome.data.name} for ${outcome.data.party}.` : 'No.';
            return { content: [{ type: 'text' as const, text: said }] };
          }),
        );
      },
    });
    const host = taskWireClient(app.mcpUrl, { token: 'demo-alice', elicitation: false });
    const handle = await host.call('book_later');
    expect(handle).toMatchObject({ resultType: 'task' });
    const waiting = await host.waitFor(
      handle.taskId,
      (task) => linkIn(String(task.statusMessage ?? '')) !== undefined,
    );
    expect(waiting.status).toBe('working');
    expect(waiting.inputRequests).toBeUndefined();
    const link = linkIn(waiting.statusMessage)!;
    expect((await answer(app.base, link, 'alice', { name: 'Ada', party: '7' })).status).toBe(200);
    const done = await host.waitFor(handle.taskId, (task) => task.status === 'completed');
    expect(done.result.content[0].text).toBe('Booked Ada for 7.');
  });
});
