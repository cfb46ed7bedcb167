// @needs chromium
import { createServer } from 'node:http';
import { basename } from 'node:path';
import { fetchListener } from '@elicitkit/client/node';
import { createRelay } from '@elicitkit/client/relay';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion, book, bookingAgent, relayPage } from '../../../test/support/relay.js';
import { CHROMIUM_ARGS } from './helpers/chromium.js';

/**
 * Issue 27 in a real browser: an agent's MCP client on the server asks through the relay; the person's pages (Chromium,
 * signed in by cookie) listen with `connectRelay` and show the question with `webUI()`; one tab answers, the other
 * takes it down, and the tool gets exactly that one answer.
 */

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agent</title></head>
<body><main><h1>Agent</h1></main><script type="module" src="/page.js"></script></body></html>`;
const ENTRY = `import { webUI } from '@elicitkit/web';
import { connectRelay } from '@elicitkit/web/relay';
const question = new URLSearchParams(location.search).get('question') ?? undefined;
connectRelay({ ui: webUI(), ...(question && { question }) });
window.relayReady = true;`;

const relay = createRelay({
  authenticate: (request) => /(?:^|;\s*)user=([a-z]+)/.exec(request.headers.get('cookie') ?? '')?.[1],
});
let origin: string;
let relayListener: ReturnType<typeof fetchListener>;
let browser: Browser;
let close: () => Promise<void>;

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: import.meta.dirname, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    splitting: true,
    outdir: '/page',
    platform: 'browser',
    target: 'es2022',
    conditions: ['@elicitkit/source'],
    logLevel: 'error',
  });
  const scripts = new Map(
    bundle.outputFiles.map((file) => [
      `/${basename(file.path).replace(/^stdin\.js$/, 'page.js')}`,
      file.contents,
    ]),
  );
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path.startsWith('/elicitkit/')) return relayListener(request, response);
    const script = scripts.get(path);
    response
      .writeHead(200, { 'content-type': script ? 'text/javascript' : 'text/html; charset=utf-8' })
      .end(script ?? PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  relayListener = fetchListener(relay.fetch, origin);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  close = async () => {
    await browser.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
});

afterAll(async () => {
  await close?.();
});

/** A tab of `user`'s with the page loaded and listening. */
async function tabOf(user: string, path = '/'): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'user', value: user, url: origin }]);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(new URL(path, origin).href);
  await page.waitForFunction(() => 'relayReady' in window);
  return page;
}

describe('the relay in Chromium', () => {
  it('[E-05] two tabs of alice show the question; one answers, the other takes it down; bob sees nothing', async () => {
    const [tab1, tab2, bob] = [await tabOf('alice'), await tabOf('alice'), await tabOf('bob')];
    const agent = await bookingAgent(relay, 'alice');
    const outcome = book(agent);
    const form1 = tab1.locator('elicit-form');
    const form2 = tab2.locator('elicit-form');
    await form1.getByLabel('Name').waitFor();
    await form2.getByLabel('Name').waitFor();
    await form1.getByText('Who is the booking for?').waitFor();
    await form1.getByLabel('Name').fill('Ada');
    await form1.getByRole('button', { name: 'Review answers' }).click();
    await form1.getByRole('button', { name: 'Submit' }).click();
    expect(await outcome).toEqual({ action: 'accept', data: { name: 'Ada' } });
    await form2.waitFor({ state: 'detached' });
    await form1.waitFor({ state: 'detached' });
    await expect(bob.locator('elicit-form').count()).resolves.toBe(0);
    await agent.close();
  });

  it('a reload mid-question shows it again; declining reaches the tool as a decline', async () => {
    const tab = await tabOf('alice');
    const agent = await bookingAgent(relay, 'alice');
    const outcome = book(agent);
    await tab.locator('elicit-form').getByLabel('Name').waitFor();
    await tab.reload();
    await tab.waitForFunction(() => 'relayReady' in window);
    const form = tab.locator('elicit-form');
    await form.getByText('Who is the booking for?').waitFor();
    await form.getByRole('button', { name: 'Decline' }).click();
    expect(await outcome).toEqual({ action: 'decline' });
    await agent.close();
  });

  it('answer by link: a page for one question shows only that one, and answers it', async () => {
    const byCookie = (user: string) => ({ cookie: `user=${user}` });
    const linkRelayPage = relayPage(relay, 'alice', origin, byCookie);
    const [first, second] = [await bookingAgent(relay, 'alice'), await bookingAgent(relay, 'alice')];
    const firstCall = book(first);
    const { id: firstId } = (await linkRelayPage.next('asked')) as { id: string };
    const secondCall = book(second);
    const { id } = (await linkRelayPage.next('asked', (q: { id: string }) => q.id !== firstId)) as {
      id: string;
    };
    const tab = await tabOf('alice', `/?question=${id}`);
    const form = tab.locator('elicit-form');
    await form.getByLabel('Name').fill('Grace');
    await form.getByRole('button', { name: 'Review answers' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    expect(await secondCall).toEqual({ action: 'accept', data: { name: 'Grace' } });
    await form.waitFor({ state: 'detached' });
    // The other question never showed on this page, and is still waiting for alice.
    await expect(tab.locator('elicit-form').count()).resolves.toBe(0);
    await answerQuestion(relay, 'alice', firstId, { action: 'decline' }, origin, {}, byCookie);
    expect(await firstCall).toEqual({ action: 'decline' });
    await linkRelayPage.close();
    await first.close();
    await second.close();
  });
});
