// @needs tmux
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callToolWithElicitation } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHost, startTaskServer } from '../../client/test/helpers/task-server.js';
import { parseCommandLine } from '../src/cli/args.js';
import { ALICE, startDemoServer } from './helpers/demo.js';
import { ELICIT } from './helpers/tmux.js';

let server: Awaited<ReturnType<typeof startTaskServer>>;
let scratch: string;

beforeAll(async () => {
  server = await startTaskServer({ pollIntervalMs: 100 });
  scratch = await mkdtemp(join(tmpdir(), 'elicit-task-'));
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

/** `elicit …` without a terminal (stdin is not a TTY), as a script or CI job runs it. */
function elicit(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      ELICIT[0]!,
      [...ELICIT.slice(1), ...args],
      { env: { ...process.env, NO_COLOR: '1' }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

/** A task asked through the library by a host that then went away: it waits for an answer. */
async function waitingTask(what: string): Promise<string> {
  let asked!: () => void;
  const shown = new Promise<void>((resolve) => {
    asked = resolve;
  });
  const ui = scriptedUI([], {
    form: () => {
      asked();
      return new Promise(() => {});
    },
  });
  const { client } = await connectHost(server.url, { ui, rateLimit: false });
  let taskId = '';
  const call = callToolWithElicitation(
    client,
    { name: 'approve', arguments: { what } },
    { onTaskStatus: (status) => (taskId = status.taskId) },
  ).catch(() => undefined);
  await shown;
  await client.close();
  await call;
  return taskId;
}

describe('elicit and tasks (Tasks extension)', () => {
  it('[T-23] [T-24] elicit call follows a task: its status line as it changes, its question through the UI, the result', async () => {
    const answers = join(scratch, 'yes.json');
    await writeFile(answers, '{}');
    const run = await elicit(
      'call',
      server.url.href,
      'approve',
      '{"what":"the report"}',
      '--answers',
      answers,
    );
    // The id once, on the first line; then the state as it changes; done, no stale progress message.
    expect(run.stderr).toMatch(/^task \S{8,}: working$/m);
    expect(run.stderr.match(/task \S{8,}:/g)).toHaveLength(1);
    expect(run.stderr).toMatch(/^task: waiting for an answer \(Preparing the report\)$/m);
    expect(run.stderr).toMatch(/^task: completed$/m);
    expect(run.stderr).toContain('answered a form from');
    expect(run.stdout.trim()).toBe('Approved the report: part 1 by task-server, finished by task-server.');
    expect(run.code).toBe(0);
  });

  it('[T-24] elicit tasks get shows a task left from an earlier run; elicit tasks cancel cancels it', async () => {
    const taskId = await waitingTask('the audit');
    const got = await elicit('tasks', 'get', server.url.href, taskId);
    expect(got.stdout, got.stderr).toContain(`task ${taskId}: waiting for an answer (Preparing the audit)`);
    expect(got.stdout).toContain('1 question waiting');
    expect(got.code).toBe(0);

    const cancelled = await elicit('tasks', 'cancel', server.url.href, taskId);
    expect(cancelled.stdout.trim()).toBe(`asked the server to cancel task ${taskId}`);
    expect(cancelled.code).toBe(0);
    const after = await elicit('tasks', 'get', server.url.href, taskId);
    expect(after.stdout).toContain(`task ${taskId}: cancelled`);
    expect(after.code).toBe(1);
  });

  it('[T-17] elicit tasks get names an unknown task as the server does (exit 1)', async () => {
    const run = await elicit('tasks', 'get', server.url.href, 'no-such-task');
    expect(run.stderr).toMatch(/elicit: server error -32602/);
    expect(run.code).toBe(1);
  });

  it('the demo: elicit call export_report runs it as a task (status lines, the confirmation form, the result)', async () => {
    const demo = await startDemoServer(join(scratch, 'demo-data'));
    try {
      const answers = join(scratch, 'send.json');
      await writeFile(answers, '{"confirm": true}');
      const run = await elicit(
        'call',
        demo.url,
        'export_report',
        '{"month":"March"}',
        '-H',
        `Authorization: Bearer ${ALICE.token}`,
        '--answers',
        answers,
      );
      expect(run.stderr).toMatch(
        /^task \S{8,}: working\ntask: working \(Collecting the bookings of March \(0\/3\)\)$/m,
      );
      expect(run.stderr).toMatch(
        /^task: waiting for an answer \(Collected 128 bookings; waiting for your go-ahead/m,
      );
      expect(run.stderr).toMatch(/^task: completed$/m);
      expect(run.stderr).not.toMatch(/completed \(/);
      expect(run.stdout.trim()).toBe('Report for March sent to finance: 128 bookings.');
      expect(run.code).toBe(0);
    } finally {
      await demo.stop();
    }
  });

  it('parses tasks get|cancel with the connection flags of call, and refuses what is not one', () => {
    expect(parseCommandLine(['tasks', 'get', 'http://127.0.0.1:1/mcp', 'abc', '-H', 'X-A: 1'])).toMatchObject(
      {
        ok: true,
        command: {
          name: 'tasks',
          action: 'get',
          taskId: 'abc',
          target: { kind: 'http', headers: { 'X-A': '1' } },
        },
      },
    );
    expect(parseCommandLine(['tasks', 'cancel', 'abc', '--', 'node', 'server.js'])).toMatchObject({
      ok: true,
      command: { name: 'tasks', action: 'cancel', taskId: 'abc', target: { kind: 'stdio', command: 'node' } },
    });
    // One random base64url id in 64 starts with '-': in the id's place it is the id, never an option.
    const dashed = '-vCb1WqlXloDE6qWjwjsKQKaRm6F7_LWdaetdOWl9Tk';
    for (const argv of [
      ['tasks', 'get', 'http://x/mcp', dashed],
      ['tasks', 'get', '--no-color', 'http://x/mcp', '-H', 'X-A: 1', dashed, '--locale', 'de'],
      ['tasks', 'get', '-HX-A: 1', 'http://x/mcp', dashed],
    ]) {
      expect(parseCommandLine(argv), argv.join(' ')).toMatchObject({
        ok: true,
        command: { name: 'tasks', action: 'get', taskId: dashed, target: { kind: 'http' } },
      });
    }
    expect(parseCommandLine(['tasks', 'cancel', '-h1', '--', 'node', 'server.js'])).toMatchObject({
      ok: true,
      command: { name: 'tasks', taskId: '-h1', target: { kind: 'stdio', command: 'node' } },
    });
    expect(parseCommandLine(['call', 'http://x/mcp', '-vx'])).toMatchObject({ ok: false });
    expect(parseCommandLine(['tasks', 'frob', 'http://x/mcp', 'abc'])).toMatchObject({
      ok: false,
      phrase: { key: 'cli.tasks-action' },
    });
    expect(parseCommandLine(['tasks', 'get', 'http://x/mcp'])).toMatchObject({
      ok: false,
      phrase: { key: 'cli.no-task-id' },
    });
  });
});
