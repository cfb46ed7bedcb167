import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15: one entry per product, each with a pinned list of runtime names (types are pinned by typecheck of the
 * importers). A name added or dropped here is a public API change: update the list on purpose, never by habit.
 */
const ENTRIES: Record<string, string[]> = {
  '@elicitkit/server': [
    'ANONYMOUS',
    'AbortedError',
    'DEFAULT_ELICITATION_TIMEOUT_MS',
    'DEFAULT_MAX_ANSWER_ATTEMPTS',
    'DEFAULT_MAX_ROUNDS',
    'DEFAULT_MAX_STATE_BYTES',
    'DEFAULT_PROGRESS_INTERVAL_MS',
    'DEFAULT_STATE_TTL_MS',
    'ElicitkitError',
    'MAX_RELAYED_RESULT_BYTES',
    'PeerError',
    'RefusedError',
    'STATE_KEY_ENV',
    'STATE_PREVIOUS_KEYS_ENV',
    'ServerErrorCode',
    'TASKS_EXTENSION',
    'UsageError',
    'ask',
    'assertCanElicit',
    'boolean',
    'canElicit',
    'choice',
    'choose',
    'completeRelayedUrl',
    'confirm',
    'createFormRequest',
    'date',
    'dateTime',
    'deliverForm',
    'elicitForm',
    'elicitationAvailability',
    'email',
    'enableElicitation',
    'generateStateKey',
    'hostOf',
    'inspectFormRequest',
    'integer',
    'isAskKey',
    'isElicitkitError',
    'keepCallAlive',
    'longRunning',
    'memoryOnceGuard',
    'multiChoice',
    'number',
    'principalOf',
    'protocolEraOf',
    'relayInputRequest',
    'relayUrlElicitation',
    'reportStatus',
    'startTask',
    'step',
    'systemClock',
    'taskCancelSignal',
    'text',
    'uri',
  ],
  // Issue 23: what a tool or kind author needs for URL flows and their pages; state, secrets and login are below.
  '@elicitkit/server/url': [
    'DEFAULT_MAX_OPEN_FALLBACKS',
    'DEFAULT_PAGE_MAX_BODY_BYTES',
    'DEFAULT_URL_FLOW_TTL_MS',
    'FALLBACK_FORM_KIND',
    'UrlErrorCode',
    'bearerIdentity',
    'createUrlMode',
    'html',
    'htmlPage',
    'jwtVerifier',
    'loadOrCreateSecretFile',
    'localIdentity',
    'pageSecurityHeaders',
    'requestBearerIdentity',
    'secretKind',
    'staticTokenVerifier',
    'stderrLogger',
    'urlElicitationRequired',
  ],
  '@elicitkit/server/store': ['MemoryElicitationStore'],
  '@elicitkit/server/vault': [
    'VAULT_KEY_ENV',
    'VAULT_PREVIOUS_KEYS_ENV',
    'Vault',
    'createVaultKeyring',
    'generateVaultKey',
    'loadOrCreateVaultKeyFile',
    'parseVaultKey',
    'vaultKeyringFromEnv',
  ],
  '@elicitkit/server/tasks': [
    'DEFAULT_MAX_TASKS_PER_PRINCIPAL',
    'DEFAULT_MAX_TASK_ANSWER_BYTES',
    'DEFAULT_MAX_TASK_POLLS_PER_INTERVAL',
    'DEFAULT_MAX_TASK_RECORD_BYTES',
    'DEFAULT_MAX_TASK_ROUNDS',
    'DEFAULT_MAX_TASK_UPDATES_PER_MINUTE',
    'DEFAULT_TASK_LEASE_MS',
    'DEFAULT_TASK_POLL_INTERVAL_MS',
    'DEFAULT_TASK_TTL_MS',
    'MemoryTaskStore',
    'Tasks',
    'createTasks',
  ],
  '@elicitkit/server/login': [
    'DEFAULT_LOGIN_MAX_BODY_BYTES',
    'DEFAULT_LOGIN_THROTTLE',
    'LoginThrottle',
    'SessionCookies',
    'createLoginRoutes',
    'forwardedClientAddress',
    'staticUsers',
  ],
  '@elicitkit/server/oauth': ['OAuthConnectionErrorCode', 'oauthProviders'],
  '@elicitkit/server/http': [
    'DEFAULT_MAX_SESSIONS',
    'DEFAULT_MAX_SESSIONS_PER_PRINCIPAL',
    'DEFAULT_MCP_MAX_BODY_BYTES',
    'DEFAULT_SESSION_IDLE_TIMEOUT_MS',
    'behindProxy',
    'createMcpHttpHandler',
    'listen',
    'loadOrCreateStateKeyFile',
    'serveMcpHttp',
  ],
  '@elicitkit/server/redis': ['RedisElicitationStore', 'RedisErrorCode', 'RedisTaskStore'],
  '@elicitkit/server/sqlite': ['SqliteElicitationStore', 'SqliteTaskStore'],
};

/** Dependencies that belong to URL mode, OAuth, HTTP hosting or the stores: never in the form path. */
const NOT_IN_FORMS = /node_modules\/(hono|@hono\/node-server|jose|openid-client|ioredis|better-sqlite3)\//;

/** Bundles an entry as an edge runtime would (no Node platform), from source; returns its inputs or the errors. */
async function bundle(entry: string, platform: 'neutral' | 'node'): Promise<Metafile> {
  const result = await build({
    stdin: { contents: `export * from '${entry}';`, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform,
    mainFields: ['module', 'main'],
    conditions: ['@elicitkit/source', ...(platform === 'neutral' ? ['workerd', 'worker', 'browser'] : [])],
    external: ['better-sqlite3', 'ioredis'],
    metafile: true,
    logLevel: 'silent',
  });
  return result.metafile;
}

describe('entry points by product', () => {
  for (const [entry, names] of Object.entries(ENTRIES)) {
    it(`${entry} exports exactly its pinned names`, async () => {
      const module: Record<string, unknown> = await import(entry);
      expect(Object.keys(module).sort()).toEqual(names);
    });
  }

  it('the root keeps internals and other products out', async () => {
    const root: Record<string, unknown> = await import('@elicitkit/server');
    for (const name of [
      'Field',
      'serveMcpHttp',
      'UrlElicitations',
      'OAuthConnections',
      'loadOrCreateStateKeyFile',
    ]) {
      expect(root[name], name).toBeUndefined();
    }
    const url: Record<string, unknown> = await import('@elicitkit/server/url');
    for (const name of [
      'UrlElicitations',
      'createElicitationPages',
      'bindOAuth',
      'escapeHtml',
      'SafeHtml',
      'PAGE_SECURITY_HEADERS',
      'CONTENT_SECURITY_POLICY',
      'sameOriginForms',
      'SUBJECT_EXTRA_KEY',
      'isValidVaultName',
      'sameOriginPath',
      'UrlElicitationService',
      'sendCompletionNotice',
      'checkRequest',
    ]) {
      expect(url[name], name).toBeUndefined();
    }
  });

  it("import { elicitForm } from '@elicitkit/server' loads no hono, jose, openid-client nor node: module", async () => {
    // An edge bundle fails on any `node:` import, so success proves the form path is Web-standard only.
    const metafile = await bundle('@elicitkit/server', 'neutral');
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((input) => NOT_IN_FORMS.test(input))).toEqual([]);
    const external = Object.values(metafile.inputs).flatMap((input) =>
      input.imports.filter((i) => i.external),
    );
    expect(external).toEqual([]);
  });

  it('the same check sees hono and jose where they are (URL mode), so its silence on the root means something', async () => {
    const inputs = Object.keys((await bundle('@elicitkit/server/url', 'node')).inputs);
    expect(inputs.some((input) => /node_modules\/hono\//.test(input))).toBe(true);
    expect(inputs.some((input) => /node_modules\/jose\//.test(input))).toBe(true);
  });

  it('the store and the vault load no hono, jose nor openid-client; login no jose nor openid-client', async () => {
    const loaded = async (entry: string) =>
      Object.keys((await bundle(entry, 'node')).inputs).filter((input) => NOT_IN_FORMS.test(input));
    expect(await loaded('@elicitkit/server/store')).toEqual([]);
    expect(await loaded('@elicitkit/server/vault')).toEqual([]);
    const login = await loaded('@elicitkit/server/login');
    expect(login.some((input) => /node_modules\/hono\//.test(input))).toBe(true);
    expect(login.filter((input) => /node_modules\/(jose|openid-client)\//.test(input))).toEqual([]);
  });

  it('URL mode loads no openid-client: OAuth comes in as a value from /oauth, which alone loads it', async () => {
    const url = Object.keys((await bundle('@elicitkit/server/url', 'node')).inputs);
    expect(url.filter((input) => /node_modules\/openid-client\//.test(input))).toEqual([]);
    expect(url.filter((input) => /src\/oauth\//.test(input))).toEqual([]);
    const oauth = Object.keys((await bundle('@elicitkit/server/oauth', 'node')).inputs);
    expect(oauth.some((input) => /node_modules\/openid-client\//.test(input))).toBe(true);
  });
});
