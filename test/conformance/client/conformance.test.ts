import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
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
  '--conditions=@elicitkit/source',
  '--import',
  'tsx',
  join(repositoryRoot, 'test/conformance/client/client.ts'),
].join(' ');

let conformance: ConformanceRun;
beforeAll(async () => {
  conformance = await conformanceRunner('client');
});
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
