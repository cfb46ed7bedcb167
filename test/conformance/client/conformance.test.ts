// @needs tools
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { NODE_TS } from '../../support/node-ts.js';
import { TOOL_INSTALL_TIMEOUT_MS } from '../../support/tool-install.js';
import {
  type ConformanceRun,
  conformanceRunner,
  expectAllPassed,
  repositoryRoot,
} from '../run-conformance.js';

// The official suite launches the elicitkit conformance client, which runs on this project's Node. The CLI
// splits the command on spaces and runs it through a shell, from this repository's root.
const clientCommand = [
  process.execPath,
  ...NODE_TS.slice(1),
  join(repositoryRoot, 'test/conformance/client/client.ts'),
].join(' ');

let conformance: ConformanceRun;
beforeAll(async () => {
  conformance = await conformanceRunner('client');
}, TOOL_INSTALL_TIMEOUT_MS);
afterAll(async () => {
  await conformance?.dispose();
});

describe('official MCP conformance: client scenarios', () => {
  for (const [scenario, expectedChecks] of [
    ['initialize', ['mcp-client-initialization']],
    ['tools_call', ['tool-add-numbers']],
    [
      'elicitation-sep1034-client-defaults',
      [
        'client-elicitation-sep1034-string-default',
        'client-elicitation-sep1034-integer-default',
        'client-elicitation-sep1034-number-default',
        'client-elicitation-sep1034-enum-default',
        'client-elicitation-sep1034-boolean-default',
      ],
    ],
  ] as const) {
    it(`passes ${scenario} with no baseline`, { timeout: 90_000 }, async () => {
      expectAllPassed(await conformance.scenario(scenario, ['--command', clientCommand]), expectedChecks);
    });
  }
});

describe('official MCP conformance: client scenarios at --spec-version 2026-07-28', () => {
  const at2026 = ['--spec-version', '2026-07-28', '--command', clientCommand];
  it('[M-12] [M-13] [M-14] passes sep-2322-client-request-state with no baseline', {
    timeout: 90_000,
  }, async () => {
    expectAllPassed(await conformance.scenario('sep-2322-client-request-state', at2026), [
      'sep-2322-client-request-state-echoed',
      'sep-2322-client-jsonrpc-id-different',
      'sep-2322-client-no-state-omitted',
      'sep-2322-client-parallel-isolation',
      'sep-2322-default-result-type-complete',
    ]);
  });

  it('[M-16] [M-19] passes request-metadata with no baseline', { timeout: 90_000 }, async () => {
    expectAllPassed(
      await conformance.scenario('request-metadata', at2026),
      [
        'sep-2575-http-client-sends-version-header',
        'sep-2575-client-populates-meta',
        'sep-2575-client-sends-client-info',
        'sep-2575-http-version-header-matches-meta',
        'sep-2575-client-declares-elicitation-capability',
        'sep-2575-client-retry-supported-version',
      ],
      // This host declares elicitation only: no roots, no sampling to validate.
      ['sep-2575-client-declares-roots-capability', 'sep-2575-client-declares-sampling-capability'],
    );
  });

  it('passes tools_call (2026-07-28) with no baseline', { timeout: 90_000 }, async () => {
    expectAllPassed(await conformance.scenario('tools_call', at2026), [
      'tool-add-numbers',
      'wire-schema-valid',
    ]);
  });
});
