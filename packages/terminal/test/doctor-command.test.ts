import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELICIT } from './helpers/elicit-bin.js';

/**
 * Issue 38's contract: `elicit doctor --serve` as a person adds it to a host, on Streamable HTTP and on stdio; the
 * hosts here are real SDK clients that answer with no person (declining at once), which the checkup must see.
 */
let configDir: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'elicit-doctor-'));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await rm(configDir, { recursive: true, force: true });
});

type Report = {
  host: { name: string; version: string; protocolVersion: string; declared: { form: boolean; url: boolean } };
  checks: { id: string; verdict: string; detail: string }[];
};

/** A host declaring form mode only, whose "person" declines everything at once. */
function decliningHost(): Client {
  const client = new Client(
    { name: 'no-person-host', version: '9.9.9' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler('elicitation/create', async () => ({ action: 'decline' }));
  return client;
}

async function checkup(client: Client): Promise<Report> {
  const result = await client.callTool({ name: 'elicitation_checkup', arguments: {} });
  return result.structuredContent as unknown as Report;
}

function expectNoPerson(report: Report) {
  const verdicts = Object.fromEntries(report.checks.map((c) => [c.id, c.verdict]));
  expect(report.host).toMatchObject({
    name: 'no-person-host',
    version: '9.9.9',
    declared: { form: true, url: false },
  });
  expect(verdicts).toMatchObject({
    declared: 'pass',
    'form-fields': 'fail',
    url: 'not-declared',
    decline: 'suspect',
  });
  expect(report.checks.find((c) => c.id === 'form-fields')?.detail).toMatch(/no person saw this form/);
}

describe('elicit doctor --serve', () => {
  it('[E-05] on --port 0: prints the endpoint first, judges a host that answers with no person, saves the report', async () => {
    const child = spawn(ELICIT[0]!, [...ELICIT.slice(1), 'doctor', '--serve', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ELICIT_CONFIG_DIR: configDir },
    });
    children.push(child);
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`elicit doctor exited ${code}`)));
    });
    const endpoint = /^MCP endpoint: (http:\/\/127\.0\.0\.1:\d+\/mcp)$/.exec(line)?.[1];
    expect(endpoint).toBeDefined();
    const client = decliningHost();
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint!)));
    const report = await checkup(client);
    await client.close();
    expectNoPerson(report);

    const saved = await readdir(join(configDir, 'doctor'));
    const json = saved.find((name) => name.endsWith('.json'));
    expect(saved).toContain(json?.replace(/\.json$/, '.md'));
    expect((await stat(join(configDir, 'doctor', json!))).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(join(configDir, 'doctor', json!), 'utf8'))).toMatchObject({
      format: 'elicitkit-doctor-report/1',
      complete: true,
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('on stdio: a host that starts it as a command gets the same checkup, and --report exports it', async () => {
    const exported = join(configDir, 'exported.json');
    const client = decliningHost();
    const transport = new StdioClientTransport({
      command: ELICIT[0]!,
      args: [...ELICIT.slice(1), 'doctor', '--serve', '--report', exported],
      env: { ...(process.env as Record<string, string>), ELICIT_CONFIG_DIR: configDir },
      stderr: 'pipe',
    });
    await client.connect(transport);
    const report = await checkup(client);
    await client.close();
    expectNoPerson(report);
    expect(JSON.parse(await readFile(exported, 'utf8'))).toEqual(report);
  });

  it('refuses what it does not take, naming it', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(ELICIT[0]!, [...ELICIT.slice(1), ...args], {
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.once('exit', (code) => resolve({ code, stderr }));
      });
    expect(await run(['doctor'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/missing the server/),
    });
    expect(await run(['doctor', '--serve', '--call', 'x'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--call does not apply to elicit doctor --serve/),
    });
    expect(await run(['doctor', 'http://127.0.0.1:1/mcp', '--report', 'x.json'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--report applies to elicit doctor --serve/),
    });
    expect(await run(['doctor', 'http://127.0.0.1:1/mcp', '--declare', 'forms'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--declare expects form, url, form,url or none, got "forms"/),
    });
    expect(await run(['doctor', '--serve', '--port', 'x'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--port expects a port number/),
    });
    expect(await run(['connect', 'http://127.0.0.1:1/mcp', '--serve'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--serve applies to elicit doctor only/),
    });
  });
});
