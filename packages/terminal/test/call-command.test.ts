// @needs tmux
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_TS } from '../../../test/support/node-ts.js';
import { formServer, SPOOF_URL, urlServer } from './helpers/fixtures.js';
import type { TestServer } from './helpers/servers.js';
import { ELICIT } from './helpers/tmux.js';

const run = promisify(execFile);
let forms: TestServer;
let urls: TestServer;
let scratch: string;

beforeAll(async () => {
  [forms, urls] = await Promise.all([formServer(), urlServer()]);
  scratch = await mkdtemp(join(tmpdir(), 'elicit-call-'));
});
afterAll(async () => {
  await Promise.all([forms.close(), urls.close()]);
  await rm(scratch, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `elicit …` without a terminal (stdin is not a TTY), as a script or CI job runs it. */
function elicit(...args: string[]): Promise<Run> {
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

async function answersFile(name: string, answers: unknown): Promise<string> {
  const file = join(scratch, name);
  await writeFile(file, JSON.stringify(answers));
  return file;
}

/** A port nobody listens on: bind, read it, close. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('elicit call', () => {
  it('exits 0 and prints the result of a successful call', async () => {
    const run = await elicit('call', forms.url, 'echo', '{"text":"hi there"}');
    expect(run).toMatchObject({ code: 0, stdout: 'echo: hi there\n' });
  });

  it('sends --header values with every request', async () => {
    const run = await elicit('call', forms.url, 'whoami', '-H', 'Authorization: Bearer t0ken');
    expect(run).toMatchObject({ code: 0, stdout: 'auth: Bearer t0ken\n' });
  });

  it('exits 1 with a one-line reason when the tool reports an error', async () => {
    const run = await elicit('call', forms.url, 'fail');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('it broke\n');
    expect(run.stderr).toBe('elicit: the tool reported an error\n');
  });

  it('exits 2 for JSON arguments that do not parse, before connecting', async () => {
    const run = await elicit('call', 'http://127.0.0.1:1/mcp', 'echo', '{"text":');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^elicit: the tool arguments are not valid JSON: .+\n$/);
    expect((await elicit('call', forms.url, 'echo', '[1]')).stderr).toBe(
      'elicit: the tool arguments must be a JSON object, got an array\n',
    );
  });

  it('exits 2 for an unknown tool, listing the ones there are', async () => {
    const run = await elicit('call', forms.url, 'nope');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'elicit: unknown tool "nope" (available: book, confirm_it, impatient, echo, whoami, fail)\n',
    );
  });

  it('exits 3 when the server cannot be reached', async () => {
    const port = await closedPort();
    const run = await elicit('call', `http://127.0.0.1:${port}/mcp`, 'echo');
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(`elicit: cannot connect to http://127.0.0.1:${port}/mcp: connection refused\n`);
    const stdio = await elicit('call', 'echo', '--', 'no-such-mcp-server-command');
    expect(stdio.code).toBe(3);
    expect(stdio.stderr).toMatch(/^elicit: cannot connect to no-such-mcp-server-command: command not found/);
  });

  it('exits 2 with usage for a bad command line; --version and --help answer at once', async () => {
    const bad = await elicit('call', 'not a url', 'x');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^elicit: not a URL: "not a url"/);
    const version = await elicit('--version');
    expect(version).toMatchObject({ code: 0, stdout: '0.1.0\n' });
    const help = await elicit('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('elicit connect <http(s)-url>');
  });
});

describe('cold start', () => {
  it('answers --version without loading the SDK, the prompt library or the elicitkit packages', async () => {
    const trace = join(scratch, 'imports.txt');
    const tracer = fileURLToPath(new URL('./helpers/trace-imports.mjs', import.meta.url));
    const { stdout } = await run(ELICIT[0]!, ['--import', tracer, ...ELICIT.slice(1), '--version'], {
      env: { ...process.env, TRACE_IMPORTS_FILE: trace },
    });
    expect(stdout).toBe('0.1.0\n');
    const loaded = (await readFile(trace, 'utf8'))
      .split('\n')
      .filter((url) => url.includes('/packages/terminal/'));
    expect(loaded.length).toBeGreaterThan(0);
    const heavy = (await readFile(trace, 'utf8'))
      .split('\n')
      .filter((url) => /@modelcontextprotocol|@inquirer|\/packages\/(core|client)\//.test(url));
    expect(heavy).toEqual([]);
  });
});

describe('elicit call --answers (no terminal)', () => {
  it('[E-13] answers a form from the file by field name, with schema defaults for the rest', async () => {
    const file = await answersFile('booking.json', { name: 'Ada', day: '2030-05-17', seating: 'in' });
    const run = await elicit('call', forms.url, 'book', '--answers', file);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout.replace(/^ANSWER /, ''))).toEqual({
      action: 'accept',
      content: { name: 'Ada', party: 2, day: '2030-05-17', seating: 'in', reminder: true },
    });
    expect(run.stderr).toMatch(/answered a form from Bistro Bookings \(booking-server 2\.1\.0\)/);
  });

  it('[E-04] declines when a required field has no answer, and when an answer is invalid', async () => {
    const missing = await elicit(
      'call',
      forms.url,
      'book',
      '--answers',
      await answersFile('a.json', { name: 'Ada' }),
    );
    expect(missing.stdout).toBe('ANSWER {"action":"decline"}\n');
    expect(missing.stderr).toMatch(/declined a form .*no answer for required field "day"/);
    const invalid = await elicit(
      'call',
      forms.url,
      'book',
      '--answers',
      await answersFile('b.json', { name: 'Ada', day: '2030-05-17', seating: 'in', party: 40 }),
    );
    expect(invalid.stdout).toBe('ANSWER {"action":"decline"}\n');
    expect(invalid.stderr).toMatch(/declined a form .*party: /);
  });

  it('[E-51] never consents to a URL without a person: declines and prints the URL', async () => {
    const run = await elicit(
      'call',
      urls.url,
      'connect_account',
      '--answers',
      await answersFile('c.json', {}),
    );
    expect(run.stdout).toBe('ANSWER {"action":"decline"}\n');
    expect(run.stderr).toContain(
      `declined a URL request from url-server 1.0.0 (opening a page needs a person): ${SPOOF_URL}`,
    );
  });

  it("talks to a stdio server started after --, its stderr shown sanitized and marked as the server's", async () => {
    const server = fileURLToPath(new URL('./helpers/stdio-server.ts', import.meta.url));
    const file = await answersFile('stdio.json', { name: 'Grace' });
    const run = await elicit('call', 'ask', '--answers', file, '--', ...NODE_TS, server);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('ANSWER {"action":"accept","content":{"name":"Grace"}}\n');
    expect(run.stderr).toContain('[server] starting form\n');
    expect(run.stderr).not.toContain('\u001b');
  });

  it('[E-04] without a terminal and without --answers, declines forms and says how to answer them', async () => {
    const run = await elicit('call', forms.url, 'book');
    expect(run.stdout).toBe('ANSWER {"action":"decline"}\n');
    expect(run.stderr).toMatch(/declined a form from .*: no terminal to ask in \(use --answers <file>\)/);
  });

  it('exits 2 for an unreadable answers file', async () => {
    const run = await elicit('call', forms.url, 'book', '--answers', join(scratch, 'missing.json'));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/cannot read --answers .*missing\.json: no such file/);
  });
});
