import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { installTool } from '../support/tool-install.js';

/**
 * Runs the official MCP conformance CLI (`@modelcontextprotocol/conformance`) on the Node 22 it needs, both
 * installed under tools/conformance so that their `node` never shadows this project's Node on PATH. They are
 * installed on first use (`installTool`), so call `conformanceRunner` in a hook with `TOOL_INSTALL_TIMEOUT_MS`.
 */
export const repositoryRoot = resolve(import.meta.dirname, '../..');

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

export interface ConformanceRun {
  /** Runs one scenario: `args` are the CLI's words after the subcommand (`--url …` or `--command …`). */
  scenario(
    name: string,
    args: string[],
  ): Promise<{ exitCode: number | null; output: string; checks: Check[] }>;
  dispose(): Promise<void>;
}

export async function conformanceRunner(subcommand: 'client' | 'server'): Promise<ConformanceRun> {
  const tool = await installTool('conformance');
  const cliNode = join(tool, 'node_modules/.bin/node');
  const cli = join(tool, 'node_modules/.bin/conformance');
  const outputDir = await mkdtemp(join(tmpdir(), `elicitkit-${subcommand}-conformance-`));
  return {
    async scenario(name, args) {
      const dir = join(outputDir, name);
      // A scenario run again (see `onceMoreIfLate`) reads only its own checks.
      await rm(dir, { recursive: true, force: true });
      const { exitCode, output } = await new Promise<{ exitCode: number | null; output: string }>(
        (done, fail) => {
          const child = spawn(cliNode, [cli, subcommand, ...args, '--scenario', name, '-o', dir], {
            cwd: repositoryRoot,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('error', fail);
          child.on('close', (code) => done({ exitCode: code, output }));
        },
      );
      const checks: Check[] = [];
      // A CLI that refused to start wrote nothing: no checks, and its output says why.
      const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
      for (const entry of entries) {
        if (String(entry).endsWith('checks.json')) {
          checks.push(...(JSON.parse(await readFile(join(dir, String(entry)), 'utf8')) as Check[]));
        }
      }
      return { exitCode, output, checks };
    },
    dispose: () => rm(outputDir, { recursive: true, force: true }),
  };
}

type ScenarioRun = Awaited<ReturnType<ConformanceRun['scenario']>>;

/**
 * Checks of the official suite that wait for the server's reply within a fixed sub-second window of the CLI's own
 * (500 ms for the logging check, 600 ms for the response-stream check). On a machine busy with the rest of the suite
 * the window can close before a correct reply arrives, and the check fails with no frame read.
 */
const TIMING_BOUND_CHECKS = new Set([
  'sep-2575-server-no-log-without-loglevel',
  'sep-2575-http-server-no-independent-requests-on-stream',
]);

/**
 * Runs a scenario, and once more if its only failures are {@link TIMING_BOUND_CHECKS}. The first run's failures
 * are printed, never dropped; any other failure, or the same one twice, fails the test.
 */
export async function onceMoreIfLate(run: () => Promise<ScenarioRun>): Promise<ScenarioRun> {
  const first = await run();
  const failed = first.checks.filter((check) => check.status === 'FAILURE');
  if (failed.length === 0 || !failed.every((check) => TIMING_BOUND_CHECKS.has(check.id))) return first;
  console.warn(
    `conformance: ${failed.map((check) => check.id).join(', ')} failed inside the CLI's sub-second reply ` +
      `window; running the scenario once more. First run:\n${first.output}`,
  );
  return run();
}

/**
 * No baseline of expected failures: every named check passed, and no check failed, warned or was skipped
 * (`INFO` lines are notes, not verdicts). `notApplicable` names checks the suite skips by design for this
 * implementation (e.g. the sampling capability checks of a client that declares no sampling); each must be
 * SKIPPED, not failed.
 */
export function expectAllPassed(
  run: ScenarioRun,
  expectedChecks: readonly string[],
  notApplicable: readonly string[] = [],
): void {
  for (const id of expectedChecks) {
    expect(run.checks.find((check) => check.id === id)?.status, `${id}\n${run.output}`).toBe('SUCCESS');
  }
  for (const id of notApplicable) {
    expect(run.checks.find((check) => check.id === id)?.status, `${id}\n${run.output}`).toBe('SKIPPED');
  }
  const notPassed = run.checks.filter(
    (check) =>
      check.status !== 'SUCCESS' &&
      check.status !== 'INFO' &&
      !(check.status === 'SKIPPED' && notApplicable.includes(check.id)),
  );
  expect(notPassed, run.output).toEqual([]);
  expect(run.exitCode, run.output).toBe(0);
}
