// The person's pages of a relay in real Chromium (issue 27): a loopback origin serving one page that listens with
// `connectRelay` and shows questions with `webUI()` (bundled from source), and each mounted relay's endpoints. The
// person is named by a `user` cookie, which the relays' `authenticate` reads (`userCookie`). One server and one
// browser per test file; pages are closed with their contexts after each test.
import { createServer } from 'node:http';
import { basename } from 'node:path';
import { fetchListener } from '@elicitkit/client/node';
import type { Relay } from '@elicitkit/client/relay';
import { build } from 'esbuild';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './chromium.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agent</title></head>
<body><main><h1>Agent</h1></main><script type="module" src="/page.js"></script></body></html>`;
const ENTRY = `import { webUI } from '@elicitkit/web';
import { connectRelay, defineRelayElement } from '@elicitkit/web/relay';
const query = new URLSearchParams(location.search);
const question = query.get('question') ?? undefined;
const base = query.get('base') ?? undefined;
if (query.has('element')) {
  // The ready element, as markup would have it.
  defineRelayElement();
  const element = document.createElement('elicit-questions');
  if (base) element.setAttribute('base', base);
  if (question) element.setAttribute('question', question);
  document.querySelector('main').append(element);
} else {
  connectRelay({ ui: webUI(), ...(question && { question }), ...(base && { base }) });
}
window.relayReady = true;`;

/** The relays' sign-in here: the `user` cookie the pages carry. */
export const userCookie = (request: Request): string | undefined =>
  /(?:^|;\s*)user=([a-z]+)/.exec(request.headers.get('cookie') ?? '')?.[1];

export interface TabOptions {
  basePath?: string;
  question?: string;
  element?: boolean;
  /** Where the page is opened, when not at the rig's own origin: a proxy in front of it (its certificate accepted). */
  at?: string;
}

export interface RelayInChromium {
  /** The pages' origin. */
  readonly origin: string;
  /** Serves `relay` (made with this `basePath`, e.g. `/r1/elicitkit`) to the pages that name that base. */
  mount(relay: Relay, basePath: string): void;
  /** A tab of `user`'s on the page, listening to the relay at `basePath` (default `/elicitkit`); `element`: through `<elicit-questions>`. */
  tabOf(user: string, options?: TabOptions): Promise<Page>;
}

export function relayInChromium(): RelayInChromium {
  const relays = new Map<string, ReturnType<typeof fetchListener>>();
  const contexts = new Set<BrowserContext>();
  let origin = '';
  let browser: Browser | undefined;
  let close: (() => Promise<void>) | undefined;

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
      for (const [base, listener] of relays)
        if (path.startsWith(`${base}/`)) return listener(request, response);
      const script = scripts.get(path.split('?')[0]!);
      response
        .writeHead(200, { 'content-type': script ? 'text/javascript' : 'text/html; charset=utf-8' })
        .end(script ?? PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
    close = async () => {
      await browser?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    };
  });
  afterEach(async () => {
    const open = [...contexts];
    contexts.clear();
    await Promise.all(open.map((context) => context.close()));
  });
  afterAll(async () => {
    await close?.();
  });

  return {
    get origin() {
      return origin;
    },
    mount(relay, basePath) {
      relays.set(basePath, fetchListener(relay.fetch, origin));
    },
    async tabOf(user, options = {}) {
      const context = await browser!.newContext({ ignoreHTTPSErrors: true });
      contexts.add(context);
      const at = options.at ?? origin;
      await context.addCookies([{ name: 'user', value: user, url: at }]);
      const page = await context.newPage();
      page.on('pageerror', (error) => {
        throw error;
      });
      const query = new URLSearchParams({
        ...(options.basePath && { base: options.basePath }),
        ...(options.question && { question: options.question }),
        ...(options.element && { element: '1' }),
      });
      await page.goto(`${at}/?${query}`);
      await page.waitForFunction(() => 'relayReady' in window);
      return page;
    },
  };
}
