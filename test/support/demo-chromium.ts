// The demo's built pages in real Chromium (the e2e tests of /host/ and /agent/): one demo server and one browser per
// test file, each test's browser contexts closed after it (a page left open keeps its session and streams going).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type RunningDemo, startDemo } from '../../examples/demo/src/demo-server.js';
import { DEFAULT_USERS } from '../../examples/demo/src/users.js';
import { CHROMIUM_ARGS } from './chromium.js';

export interface DemoInChromium {
  readonly demo: RunningDemo;
  readonly browser: Browser;
  /** A fresh browser context, closed after the test. */
  context(): Promise<BrowserContext>;
  /** Resolves with the next answer link the demo makes for `principal` (its stand-in for an email or chat channel). */
  nextAnswerLink(principal: string): Promise<URL>;
}

/** Starts the demo and Chromium for this test file; `page` is the built page it needs (`npm run build` makes it). */
export function demoInChromium(page: 'index.html' | 'agent.html'): DemoInChromium {
  const built = fileURLToPath(new URL(`../../examples/demo/dist/host-page/${page}`, import.meta.url));
  let demo: RunningDemo | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;
  const open = new Set<BrowserContext>();
  const linkWaiters: { principal: string; resolve: (link: URL) => void }[] = [];
  const onAnswerLink = (principal: string, link: URL) => {
    const at = linkWaiters.findIndex((w) => w.principal === principal);
    if (at >= 0) linkWaiters.splice(at, 1)[0]!.resolve(link);
  };
  beforeAll(async () => {
    if (!existsSync(built)) throw new Error(`the demo's ${page} is not built: run "npm run build" first`);
    dataDir = await mkdtemp(join(tmpdir(), 'elicitkit-demo-chromium-'));
    demo = await startDemo({
      port: 0,
      dataDir,
      users: DEFAULT_USERS,
      logger: { info() {}, warn() {} },
      onAnswerLink,
    });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });
  afterEach(async () => {
    const contexts = [...open];
    open.clear();
    await Promise.all(contexts.map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await demo?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get demo() {
      return demo!;
    },
    get browser() {
      return browser!;
    },
    nextAnswerLink(principal) {
      return new Promise((resolve) => linkWaiters.push({ principal, resolve }));
    },
    async context() {
      const context = await browser!.newContext();
      open.add(context);
      return context;
    },
  };
}
