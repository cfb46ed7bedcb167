import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type ServedMcpHttp, serveMcpHttp } from '@elicitkit/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConformanceServer } from './conformance-server.js';

/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, on its own Node 22 from
 * tools/conformance) against the elicitkit conformance server, served over sessionful Streamable HTTP on
 * 127.0.0.1. No baseline of expected failures: every check must pass, `wire-schema-valid` included.
 */
const root = resolve(import.meta.dirname, '../../..');
const cliNode = join(root, 'tools/conformance/node_modules/.bin/node');
const cli = join(root, 'tools/conformance/node_modules/.bin/conformance');

let served: ServedMcpHttp;
let outputDir: string;

beforeAll(async () => {
  served = await serveMcpHttp(createConformanceServer);
  outputDir = await mkdtemp(join(tmpdir(), 'elicitkit-server-conformance-'));
});

afterAll(async () => {
  await served?.close();
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
      [cli, 'server', '--url', served.url.href, '--scenario', scenario, '-o', join(outputDir, scenario)],
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

describe('official MCP conformance: server scenarios', () => {
  for (const [scenario, expectedChecks] of [
    ['tools-call-elicitation', ['tools-call-elicitation']],
    [
      'elicitation-sep1034-defaults',
      [
        'elicitation-sep1034-string-default',
        'elicitation-sep1034-integer-default',
        'elicitation-sep1034-number-default',
        'elicitation-sep1034-enum-default',
        'elicitation-sep1034-boolean-default',
      ],
    ],
    [
      'elicitation-sep1330-enums',
      [
        'elicitation-sep1330-untitled-single',
        'elicitation-sep1330-titled-single',
        'elicitation-sep1330-legacy-enumnames',
        'elicitation-sep1330-untitled-multi',
        'elicitation-sep1330-titled-multi',
      ],
    ],
    ['server-initialize', ['server-initialize']],
    ['tools-list', ['tools-list', 'tools-name-format']],
    ['ping', ['ping']],
  ] as const) {
    it(`passes ${scenario} with no baseline`, { timeout: 90_000 }, async () => {
      const { exitCode, output } = await runScenario(scenario);
      const checks = await readChecks(scenario);
      const ids = checks.map((check) => check.id);
      for (const id of [...expectedChecks, 'wire-schema-valid']) expect(ids, output).toContain(id);
      const failed = checks.filter((check) => check.status !== 'SUCCESS');
      expect(failed, output).toEqual([]);
      expect(exitCode, output).toBe(0);
    });
  }
});
