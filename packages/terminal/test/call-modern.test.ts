// @needs tmux
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_TS } from '../../../test/support/node-ts.js';
import { ELICIT } from './helpers/tmux.js';

let scratch: string;
let answers: string;
const stdioServer = [...NODE_TS, join(import.meta.dirname, '../../../test/support/stdio-server-2026.ts')];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'elicit-call-modern-'));
  answers = join(scratch, 'answers.json');
  await writeFile(answers, JSON.stringify({ name: 'Grace' }));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

function elicit(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      ELICIT[0]!,
      [...ELICIT.slice(1), ...args],
      { env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

describe('elicit call against a 2026-07-28-only stdio server (serveStdio)', () => {
  it('[M-19] negotiates the era by itself over stdio and answers the form round', async () => {
    const run = await elicit('call', 'ask', '{}', '--answers', answers, '--', ...stdioServer);
    expect(run.stderr).toContain('answered a form from stdio-server-2026 1.0.0 (name)');
    expect(run.stdout.trim()).toBe('ANSWER {"action":"accept","content":{"name":"Grace"}}');
    expect(run.code).toBe(0);
  });

  it('[M-19] with --protocol 2026-07-28 pinned, the same', async () => {
    const run = await elicit(
      'call',
      'ask',
      '{}',
      '--answers',
      answers,
      '--protocol',
      '2026-07-28',
      '--',
      ...stdioServer,
    );
    expect(run.stdout.trim()).toBe('ANSWER {"action":"accept","content":{"name":"Grace"}}');
  });

  it('with --protocol 2025-11-25 pinned, says it cannot connect (exit 3)', async () => {
    const run = await elicit(
      'call',
      'ask',
      '{}',
      '--answers',
      answers,
      '--protocol',
      '2025-11-25',
      '--',
      ...stdioServer,
    );
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^elicit: cannot connect to /);
  });
});
