// Real Chromium for the web UI tests: a page on a loopback origin with the harness bundled from source.
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CHROMIUM_ARGS } from '../../../../test/support/chromium.js';
import type {} from './harness-page.js';

export { CHROMIUM_ARGS } from '../../../../test/support/chromium.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>elicitkit web UI</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Host app</h1><button id="before" type="button">Ask me</button><div id="prompts"></div></main>
<script type="module" src="/harness-page.js"></script></body></html>`;

export interface PageOptions {
  width?: number;
  height?: number;
  /** 2 with half the width stands for 200 % zoom, as a browser lays it out and draws it. */
  deviceScaleFactor?: number;
  colorScheme?: 'light' | 'dark';
  /** The browser's time zone (default the machine's). */
  timezoneId?: string;
  /** The browser's language (`navigator.languages`). */
  locale?: string;
  path?: string;
}

export interface Rig {
  browser: Browser;
  origin: string;
  /** Every path served so far, in order. */
  served: string[];
  /** A fresh page with the harness loaded. */
  page(options?: PageOptions): Promise<Page>;
  /** Closes every page opened so far (`useRig` does it after each test). */
  closePages(): Promise<void>;
  close(): Promise<void>;
}

/** Bundles the harness (sources, as the tests read them) and serves it with a test page on 127.0.0.1. */
export async function startRig(): Promise<Rig> {
  const bundle = await build({
    entryPoints: ['./harness-page.ts', './react-page.tsx'].map((file) =>
      fileURLToPath(new URL(file, import.meta.url)),
    ),
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    bundle: true,
    write: false,
    format: 'esm',
    // As a real page gets it: core's pattern engine in a chunk of its own, fetched on demand.
    splitting: true,
    outdir: '/harness',
    platform: 'browser',
    target: 'es2022',
    conditions: ['@elicitkit/source'],
    logLevel: 'error',
  });
  const scripts = new Map(bundle.outputFiles.map((file) => [`/${basename(file.path)}`, file.contents]));
  const axe = await import('node:fs').then((fs) =>
    fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js')),
  );
  const served: string[] = [];
  const server: Server = createServer((request, response) => {
    served.push(request.url ?? '');
    const page = request.url === '/react.html' ? PAGE.replace('harness-page.js', 'react-page.js') : PAGE;
    const body = request.url === '/axe.js' ? axe : (scripts.get(request.url ?? '') ?? page);
    const type = request.url?.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
    response.writeHead(200, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const open = new Set<BrowserContext>();
  return {
    browser,
    origin,
    served,
    async page(options = {}) {
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1024, height: options.height ?? 900 },
        deviceScaleFactor: options.deviceScaleFactor ?? 1,
        colorScheme: options.colorScheme ?? 'light',
        ...(options.timezoneId && { timezoneId: options.timezoneId }),
        ...(options.locale && { locale: options.locale }),
      });
      open.add(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => {
        throw error;
      });
      await page.goto(`${origin}${options.path ?? '/'}`);
      if (!options.path) await page.waitForFunction(() => 'harness' in window);
      return page;
    },
    async closePages() {
      const contexts = [...open];
      open.clear();
      await Promise.all(contexts.map((context) => context.close()));
    },
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Outcomes the harness recorded so far, once there are `count` of them. */
export async function outcomes(page: Page, count: number): Promise<unknown[]> {
  await page.waitForFunction((n) => window.harness.outcomes.length >= n, count);
  return page.evaluate(() => window.harness.outcomes);
}

/**
 * Runs axe-core on the whole page (shadow roots included); returns the violations, summarized. `rules` runs only
 * those rules (by id) instead of all of them.
 */
export async function axeViolations(page: Page, rules?: readonly string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ url: '/axe.js' });
  return page.evaluate(async (only) => {
    const results = await window.axe!.run(document, {
      resultTypes: ['violations'],
      ...(only && { runOnly: { type: 'rule', values: only } }),
    });
    return results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`,
    );
  }, rules);
}

/**
 * One rig for a test file: started before its tests, closed after them. The returned rig forwards to it,
 * so a file writes `const rig = useRig();` and then `rig.page()` in its tests.
 */
export function useRig(): Rig {
  let started: Rig | undefined;
  beforeAll(async () => {
    started = await startRig();
  });
  // A page left open keeps its renderer busy (timers, layout) for the rest of the file: close each test's pages.
  afterEach(async () => {
    await started?.closePages();
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = () => {
    if (!started) throw new Error('the rig starts in beforeAll; use it inside a test');
    return started;
  };
  return {
    get browser() {
      return current().browser;
    },
    get origin() {
      return current().origin;
    },
    get served() {
      return current().served;
    },
    page: (options) => current().page(options),
    closePages: () => current().closePages(),
    close: () => current().close(),
  };
}

/** A git-ignored folder for screenshots people look at (`.tmp/<name>/` at the repository root), made if missing. */
export function artifactsDir(name: string): string {
  const dir = fileURLToPath(new URL(`../../../../.tmp/${name}/`, import.meta.url));
  mkdirSync(dir, { recursive: true });
  return dir;
}
