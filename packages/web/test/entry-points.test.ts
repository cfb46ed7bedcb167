import { describe, expect, it } from 'vitest';

/** The web package's entries and their names, pinned (a change is a public API change). */
const ENTRIES: Record<string, string[]> = {
  '@elicitkit/web': ['ELEMENT_NAMES', 'OUTCOME_EVENT', 'openInNewTab', 'preloadWebUI', 'webUI'],
  // Issue 27: a page's side of the relay.
  '@elicitkit/web/relay': ['RELAY_ELEMENT_NAME', 'connectRelay', 'defineRelayElement'],
  '@elicitkit/web/elements': [
    'ElicitFormElement',
    'MAX_CHECKBOX_OPTIONS',
    'MAX_RADIO_OPTIONS',
    'MAX_SELECT_OPTIONS',
    'RateLimitElement',
    'UrlConsentElement',
    'UrlWaitElement',
    'defineElicitElements',
    'webMessages',
  ],
};

describe('entry points', () => {
  for (const [entry, names] of Object.entries(ENTRIES)) {
    it(`${entry} exports exactly its pinned names`, async () => {
      const module: Record<string, unknown> = await import(entry);
      expect(Object.keys(module).sort()).toEqual(names);
    });
  }
});
