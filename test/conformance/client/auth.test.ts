// @needs tools
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_TS } from '../../support/node-ts.js';
import { TOOL_INSTALL_TIMEOUT_MS } from '../../support/tool-install.js';
import {
  type ConformanceRun,
  conformanceRunner,
  expectAllPassed,
  repositoryRoot,
} from '../run-conformance.js';

// The host that signs in (test/conformance/client/auth-client.ts): @elicitkit/client/sign-in on the SDK's OAuth
// client, a loopback redirect, a "browser" that follows the authorization server's redirect back.
const authClient = [
  process.execPath,
  ...NODE_TS.slice(1),
  join(repositoryRoot, 'test/conformance/client/auth-client.ts'),
].join(' ');

/** Every client `auth/*` scenario of the suite (0.2.0-alpha.12: 33), at the revision each is for. */
const SCENARIOS: readonly (readonly [string, string])[] = [
  ...['metadata-default', 'metadata-var1', 'metadata-var2', 'metadata-var3', 'basic-cimd'].map(
    (name) => [name, '2025-11-25'] as const,
  ),
  ...[
    'scope-from-www-authenticate',
    'scope-from-scopes-supported',
    'scope-omitted-when-undefined',
    'scope-step-up',
    'scope-retry-limit',
  ].map((name) => [name, '2025-11-25'] as const),
  ...['token-endpoint-auth-basic', 'token-endpoint-auth-post', 'token-endpoint-auth-none'].map(
    (name) => [name, '2025-06-18'] as const,
  ),
  ['pre-registration', '2025-11-25'],
  ['2025-03-26-oauth-metadata-backcompat', '2025-03-26'],
  ['2025-03-26-oauth-endpoint-fallback', '2025-03-26'],
  ...[
    'resource-mismatch',
    'offline-access-scope',
    'offline-access-not-supported',
    'authorization-server-migration',
  ].map((name) => [name, '2026-07-28'] as const),
  // Extensions: signing in with no person (client credentials, workload identity, enterprise-managed), and DPoP.
  ...[
    'client-credentials-basic',
    'client-credentials-jwt',
    'wif-jwt-bearer',
    'enterprise-managed-authorization',
    'dpop',
    'dpop-nonce',
  ].map((name) => [name, 'extension'] as const),
  ...[
    'iss-supported',
    'iss-not-advertised',
    'iss-supported-missing',
    'iss-wrong-issuer',
    'iss-unexpected',
    'iss-normalized',
    'metadata-issuer-mismatch',
  ].map((name) => [name, '2026-07-28'] as const),
];

let conformance: ConformanceRun;
beforeAll(async () => {
  conformance = await conformanceRunner('client');
}, TOOL_INSTALL_TIMEOUT_MS);
afterAll(async () => {
  await conformance?.dispose();
});

describe('official MCP conformance: client auth scenarios (sign-in)', () => {
  it.concurrent.each(SCENARIOS)(
    'passes auth/%s (%s) with no baseline',
    { timeout: 120_000 },
    async (name, revision) => {
      const version = revision === 'extension' ? [] : ['--spec-version', revision];
      const run = await conformance.scenario(`auth/${name}`, [...version, '--command', authClient]);
      expect(run.checks.length, run.output).toBeGreaterThan(0);
      expectAllPassed(run, []);
    },
  );
});
