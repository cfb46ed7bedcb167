import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measureBundle } from './helpers/bundle-size.js';

/** Issue 13: a page showing forms and URL consent loads at most this much elicitkit code, gzip. */
const BUDGET = 60 * 1024;
const demoPage = fileURLToPath(new URL('../../../examples/demo/web-host/main.ts', import.meta.url));

/** What the demo's browser host imports from elicitkit: the code a page that shows forms and URL consent loads. */
const ELICITKIT_OF_THE_DEMO_PAGE = `
  export { callToolWithElicitation, installElicitation, resumeTask } from '@elicitkit/client';
  export { sanitizeForDisplay } from '@elicitkit/core';
  export { webUI } from '@elicitkit/web';
`;

describe('browser bundle size (esbuild, minified, gzip -9; the SDK not counted)', () => {
  it(`the demo web host's elicitkit code (core, client, web) loads within ${BUDGET / 1024} KB before a pattern arrives`, async () => {
    // The page's own code is the app's, not elicitkit's; it is reported beside the budget, not in it.
    const size = await measureBundle(ELICITKIT_OF_THE_DEMO_PAGE);
    const page = await measureBundle(`import ${JSON.stringify(demoPage)};`);
    console.info(`demo page with its own code: ${(page.initial / 1024).toFixed(1)} KB gzip initially`);
    console.info(
      `demo page, elicitkit code: ${(size.initial / 1024).toFixed(1)} KB gzip initially ` +
        `(${((100 * size.initial) / BUDGET).toFixed(0)} % of the budget), ` +
        `${(size.onDemand / 1024).toFixed(1)} KB more on the first pattern`,
    );
    // What the UI fetches when a server first asks (English): the form, the URL consent, and what they share.
    const withPrompts = size.loadedAfter(/form-element\.ts$/, /consent-element\.ts$/);
    console.info(
      `demo page after its first form and URL consent (English): ${(withPrompts / 1024).toFixed(1)} KB gzip ` +
        `(${((withPrompts - size.initial) / 1024).toFixed(1)} KB fetched with the first prompt)`,
    );
    // A URL request also fetches the Public Suffix List (tldts), which the pipeline loads before it analyzes the URL.
    const withUrl = size.loadedAfter(
      /form-element\.ts$/,
      /consent-element\.ts$/,
      /tldts\/dist\/es6\/index\.js$/,
    );
    console.info(
      `with the Public Suffix List for the first URL: ${(withUrl / 1024).toFixed(1)} KB gzip ` +
        `(${((withUrl - withPrompts) / 1024).toFixed(1)} KB for the list)`,
    );
    expect(size.initial).toBeLessThanOrEqual(BUDGET);
    expect(withUrl - withPrompts).toBeGreaterThan(0);
    // The pattern engine (translator and re2js) and the Public Suffix List (tldts) are on demand.
    const heavy = size.initialInputs.filter((input) => /re2js|re2-engine|ecma-pattern|tldts/.test(input));
    expect(heavy).toEqual([]);
    expect(size.onDemand).toBeGreaterThan(0);
  });

  it(`a page answering a server-side agent through the relay (issue 27) loads within the same ${BUDGET / 1024} KB`, async () => {
    // No MCP client in the page at all: the connector and the UI, nothing else.
    const size = await measureBundle(`
      export { webUI } from '@elicitkit/web';
      export { connectRelay } from '@elicitkit/web/relay';
    `);
    const withPrompts = size.loadedAfter(/form-element\.ts$/, /consent-element\.ts$/);
    console.info(
      `relay page, elicitkit code: ${(size.initial / 1024).toFixed(1)} KB gzip initially ` +
        `(${((100 * size.initial) / BUDGET).toFixed(0)} % of the budget), ${(withPrompts / 1024).toFixed(1)} KB ` +
        'after its first form and URL consent',
    );
    expect(size.initial).toBeLessThanOrEqual(BUDGET);
  });

  it('German, Japanese and Arabic are fetched on demand, each a few KB (web, core and ui-kit catalogs: validation, URL warnings, field hints)', async () => {
    const size = await measureBundle(ELICITKIT_OF_THE_DEMO_PAGE);
    const base = size.loadedAfter(/form-element\.ts$/, /consent-element\.ts$/);
    for (const language of ['de', 'ja', 'ar']) {
      const catalogs = new RegExp(`(i18n/(validation/|url-warnings/)?|ui-kit/hints/)${language}\\.ts$`);
      const cost = size.loadedAfter(/form-element\.ts$/, /consent-element\.ts$/, catalogs) - base;
      console.info(`${language}: ${(cost / 1024).toFixed(1)} KB gzip on demand`);
      expect(cost).toBeGreaterThan(0);
      expect(cost).toBeLessThanOrEqual(6 * 1024);
      expect(size.initialInputs.filter((input) => catalogs.test(input))).toEqual([]);
    }
  });
});
