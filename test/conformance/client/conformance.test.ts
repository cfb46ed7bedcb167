import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, run on its own Node 22 from
 * tools/conformance) against the elicitkit conformance client, which runs on this project's Node.
 * No baseline of expected failures: every check must pass.
 */
const root = resolve(import.meta.dirname, '../../..');
const cliNode = join(root, 'tools/conformance/node_modules/.bin/node');
const cli = join(root, 'tools/conformance/node_modules/.bin/conformance');
// The CLI splits the command on spaces and runs it through a shell, from this repository's root.
const clientCommand = [
  process.execPath,
  '--conditions=@elicitkit/source',
  '--import',
  'tsx',
  join(root, 'test/conformance/client/client.ts'),
].join(' ');

let outputDir: string;
beforeAll(async () => {
  outputDir = await mkdtemp(join(tmpdir(), 'elicitkit-conformance-'));
});
afterAll(async () => {
  await rm(outputDir, { recursive: true, force: true });
});

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

function runScenario(scenario: string): Promise<{ exitCode: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(
      cliNode,
      [cli, 'client', '--command', clientCommand, '--scenario', scenario, '-o', join(outputDir, scenario)],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', fail);
    child.on('close', (exitCode) => done({ exitCode, output }));
  });
}

async function readChecks(scenario: string): Promise<Check[]> {
  const dir = join(outputDir, scenario);
  const found: Check[] = [];
  for (const entry of await readdir(dir, { recursive: true })) {
    if (String(entry).endsWith('checks.json')) {
      found.push(...(JSON.parse(await readFile(join(dir, String(entry)), 'utf8')) as Check[]));
    }
  }
  return found;
}

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
      const { exitCode, output } = await runScenario(scenario);
      const checks = await readChecks(scenario);
      const failed = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
      expect(failed, output).toEqual([]);
      for (const id of expectedChecks) {
        expect(checks.find((check) => check.id === id)?.status, `${id}\n${output}`).toBe('SUCCESS');
      }
      expect(exitCode, output).toBe(0);
    });
  }
});
