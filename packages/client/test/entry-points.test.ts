import { describe, expect, it } from 'vitest';

/** Issue 15: the client's API, its Node-only part and its test helpers are separate entries; each list is pinned (a public API change). */
const ENTRIES: Record<string, string[]> = {
  '@elicitkit/client': [
    'ALL_MODES',
    'AbortedError',
    'ClientErrorCode',
    'DEFAULT_CALL_TIMEOUT_MS',
    'DEFAULT_MAX_INVALID_SUBMISSIONS',
    'DEFAULT_MAX_PROMPT_ROUNDS',
    'DEFAULT_MAX_RETRIES',
    'DEFAULT_MAX_TASK_POLLS',
    'DEFAULT_MAX_WAIT_ROUNDS',
    'DEFAULT_RATE_LIMIT',
    'ElicitkitError',
    'MAX_TASK_POLL_INTERVAL_MS',
    'MIN_TASK_POLL_INTERVAL_MS',
    'PeerError',
    'PromptQueue',
    'RefusedError',
    'TASKS_EXTENSION',
    'UsageError',
    'callToolWithElicitation',
    'cancelTask',
    'createElicitationHandler',
    'elicitationCapabilities',
    'getTask',
    'installElicitation',
    'isElicitkitError',
    'promptUnanswerable',
    'requestWithElicitation',
    'resumeTask',
    'resumeToolCall',
  ],
  // Node only: a browser bundle of the root must load no Node module (issue 23).
  '@elicitkit/client/node': ['fetchListener', 'fileSignInStore', 'loopbackRedirect', 'systemBrowserOpener'],
  '@elicitkit/client/sign-in': [
    'DEFAULT_SIGN_IN_TIMEOUT_MS',
    'callbackRedirect',
    'createSignIn',
    'memorySignInStore',
    'signInKey',
  ],
  '@elicitkit/client/testing': [
    'ADAPTER_CORPUS',
    'ADAPTER_CORPUS_TIME_ZONE',
    'holdUntilWithdrawn',
    'scriptedUI',
    'submitDefaults',
  ],
  // Issue 27: the relay for MCP clients on a server, the person in a browser.
  '@elicitkit/client/relay': ['DEFAULT_RELAY_LIMITS', 'createRelay', 'memoryRelayStore'],
  // Its stores that outlive the process: SQLite (one process at a time), Redis (several instances).
  '@elicitkit/client/relay/sqlite': ['sqliteRelayStore'],
  '@elicitkit/client/relay/redis': ['redisRelayStore'],
  '@elicitkit/client/ui-kit': [
    'COLLAPSED_URL_LENGTH',
    'TYPED_FIELD_KINDS',
    'answerText',
    'assembleAnswer',
    'consentCard',
    'fieldHint',
    'fieldHintMessages',
    'formatFieldValue',
    'isUnanswered',
    'issuesFor',
    'localDateTimeToRfc3339',
    'localOffset',
    'localTimeZone',
    'parseFieldInput',
    'requesterLabel',
    'rfc3339ToLocalDateTime',
    'uiWords',
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
