// @needs chromium, tmux
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseDemoOptions } from '../../../examples/demo/src/options.js';
import { DemoBrowser } from '../../../test/support/demo-browser.js';
import { ALICE, BOB, type DemoProcess, demoSource, startDemoServer, TS } from './helpers/demo.js';
import { answer, command } from './helpers/session.js';
import { ELICIT, Terminal } from './helpers/tmux.js';

let scratch: string;
let term: Terminal | undefined;
let demo: DemoProcess | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'elicit-demo-'));
});
afterEach(async () => {
  await term?.close();
  term = undefined;
  await demo?.stop();
  demo = undefined;
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** An MCP `initialize` POST with a bearer token, to see whether the endpoint lets it in. */
const initialize = (url: string, token: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    }),
  });

/** `elicit call …` from source; resolves with its exit code and output. */
function elicitCall(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(ELICIT[0]!, [...ELICIT.slice(1), 'call', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('the demo server', () => {
  it('prints the endpoint line first and once, then the users; MCP needs a token or a sign-in; the form tools work; stops on SIGTERM', async () => {
    demo = await startDemoServer(join(scratch, 'server'));
    const answers = join(scratch, 'answers.json');
    await writeFile(answers, JSON.stringify({ color: '#4169e1' }));
    const bearer = ['--header', `Authorization: Bearer ${ALICE.token}`];
    expect(await elicitCall([demo.url, 'pick_color', '--answers', answers, ...bearer])).toMatchObject({
      code: 0,
      stdout: 'Napkins: #4169e1.\n',
    });
    // Without a token, the MCP endpoint is a protected resource: elicit finds the demo's authorization server
    // (RFC 9728) and asks the person to sign in there (the whole flow is test/e2e/sign-in's).
    const anonymous = spawn(
      ELICIT[0]!,
      [...ELICIT.slice(1), 'call', demo.url, 'pick_color', '--no-browser'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, NO_COLOR: '1', ELICIT_CONFIG_DIR: join(scratch, 'config') },
      },
    );
    children.push(anonymous);
    const signInLine = await new Promise<string>((resolve) => {
      let stderr = '';
      anonymous.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const line = /^Sign in .*$/m.exec(stderr)?.[0];
        if (line) resolve(line);
      });
    });
    expect(signInLine).toContain(`for ${demo.url}: http://127.0.0.1:`);
    expect(new URL(signInLine.split(': ').at(-1)!).searchParams.get('resource')).toBe(demo.url);
    anonymous.kill();

    expect(await demo.stop()).toBe(0);
    const lines = demo.stdout().split('\n');
    expect(lines[0]).toBe(`MCP endpoint: ${demo.url}`);
    expect(lines.filter((line) => line.startsWith('MCP endpoint:'))).toHaveLength(1);
    expect(demo.stdout()).toMatch(/^ {2}alice +token demo-alice +password alice-pass$/m);
    expect(demo.stdout()).toMatch(/^ {2}bob +token demo-bob +password bob-pass$/m);
    expect(demo.stdout()).toContain(`Browser login: ${new URL('login', demo.url).href}`);
    expect(demo.stdout()).toContain(`Web host: ${new URL('/host/', demo.url).href}`);
    // Issue 27: the page of the agent that runs in the server.
    expect(demo.stdout()).toContain(`Agent host: ${new URL('/agent/', demo.url).href}`);
  });

  it('takes its users from --user instead of the defaults', async () => {
    demo = await startDemoServer(join(scratch, 'users'), ['--user', 'carol:carol-token:c:pass']);
    await expect.poll(() => demo?.stdout()).toMatch(/^ {2}carol +token carol-token +password c:pass$/m);
    // The MCP users are carol alone (Example Calendar, a third party, keeps its own accounts).
    expect(demo.stdout().replace(/^Example Calendar .*$/m, '')).not.toContain('alice');
    expect((await initialize(demo.url, 'carol-token')).status).toBe(200);
    expect((await initialize(demo.url, ALICE.token)).status).toBe(401);
  });

  it('reads users from flags or ELICITKIT_DEMO_USERS, and says which entry is wrong; --public-url takes an origin only', () => {
    const env = { ELICITKIT_DEMO_USERS: 'erin:erin-token:pw1, frank:frank-token:pw2' };
    expect(parseDemoOptions([], env)).toMatchObject({
      port: 0,
      users: [
        { name: 'erin', token: 'erin-token', password: 'pw1' },
        { name: 'frank', token: 'frank-token', password: 'pw2' },
      ],
    });
    expect(parseDemoOptions(['--user', 'gus:gus-token:x'], env)).toMatchObject({ users: [{ name: 'gus' }] });
    expect(parseDemoOptions([], {})).toMatchObject({ users: [{ name: 'alice' }, { name: 'bob' }] });
    expect(parseDemoOptions(['--help'])).toBe('help');
    expect(parseDemoOptions(['--user', 'dave:short:pw'])).toMatch(
      /^user "dave": the token must be 8 or more/,
    );
    expect(parseDemoOptions(['--user', 'dave:dave-token'])).toMatch(/^user "dave": the password is missing/);
    expect(parseDemoOptions(['--user', 'a:tok-12345:x', '--user', 'a:tok-67890:y'])).toMatch(
      /^user "a": .*taken/,
    );
    expect(parseDemoOptions(['--port', '70000'])).toMatch(/^--port must be a port number/);
    expect(parseDemoOptions(['--public-url', 'https://demo.example'])).toMatchObject({
      publicUrl: 'https://demo.example',
    });
    for (const bad of ['demo.example', 'https://demo.example/path', 'ftp://demo.example'])
      expect(parseDemoOptions(['--public-url', bad])).toMatch(/^--public-url must be an http\(s\) origin/);
  });

  it('npm start: the session and the demo in one terminal; every kind of prompt, decline and cancel told apart', async () => {
    term = await Terminal.start([...TS, demoSource('start.ts'), '--data', join(scratch, 'forms')], {
      height: 60,
    });
    // Two processes start from TypeScript sources here (the launcher, then the session): allow for it.
    await term.waitFor('elicit›', { timeoutMs: 60_000 });
    const start = await term.screen();
    expect(start).toContain(
      'Forms:    call book_table · call survey · call pick_color · call confirm_delete',
    );
    expect(start).toMatch(/Web host: http:\/\/127\.0\.0\.1:\d+\/host\//);
    expect(start).toMatch(/connected to Bistro Elicit \(elicitkit-demo [\d.]+\)/);
    // npm start talks the current revision: the demo's endpoint serves 2026-07-28 and elicit negotiates it.
    expect(start).toMatch(/\(MCP 2026-07-28\)/);
    await command(term, 'tools');
    expect(await term.screen()).toMatch(
      /book_table\s+Book a table[\s\S]*confirm_delete[\s\S]*survey[\s\S]*pick_color[\s\S]*set_api_key[\s\S]*use_api/,
    );

    await term.type('call book_table');
    await term.keys('Enter');
    await answer(term, 'Name for the booking', 'text:Ada Lovelace', 'Enter');
    await answer(term, 'Party size', 'C-u', 'text:4', 'Enter');
    await answer(term, 'Day', 'text:2030-05-17', 'Enter');
    await answer(term, 'Seating', 'Down', 'Down', 'Enter');
    await answer(term, 'Extras', 'Space', 'Enter');
    await answer(term, 'Send me a reminder', 'Enter');
    await answer(term, 'Send these answers', 'Enter');
    await term.waitFor('Booked #1 Ada Lovelace, 4 people on 2030-05-17 (Terrace, extras: Highchair).');

    // pick_color: legacy enumNames; the names are shown, the value comes back.
    await term.waitFor('elicit›', { count: 3 });
    await term.type('call pick_color');
    await term.keys('Enter');
    await answer(term, 'Napkin colour', 'Down', 'Down', 'Enter');
    await answer(term, 'Send these answers', 'Enter');
    await term.waitFor('Napkins: #228b22.');

    // confirm_delete: decline keeps the booking, cancel (Esc) changes nothing, and says so differently.
    await term.waitFor('elicit›', { count: 4 });
    await term.type('call confirm_delete {"id":1}');
    await term.keys('Enter');
    await answer(term, 'Your answer to', 'Down', 'Enter');
    await term.waitFor('Kept booking #1: you said no.');
    await term.waitFor('elicit›', { count: 5 });
    await term.type('call confirm_delete {"id":1}');
    await term.keys('Enter');
    await answer(term, 'Your answer to', 'Escape');
    await term.waitFor('Nothing changed: the question was dismissed, booking #1 is untouched.');
    await term.waitFor('elicit›', { count: 6 });
    await term.type('exit');
    await term.keys('Enter');
    expect(await term.exitCode()).toBe(0);
  }, 180_000);

  it('npm start, URL mode: use_api opens the browser, Alice enters a key, the call is retried; Bob sees "Not your request"', async () => {
    const dataDir = join(scratch, 'url');
    // The system browser of this test: it records the URL it was given; the test then plays the person.
    const browser = join(scratch, 'browser.sh');
    const opened = join(scratch, 'opened.txt');
    await writeFile(browser, `#!/bin/sh\nprintf '%s\\n' "$@" >> '${opened}'\n`);
    await chmod(browser, 0o755);
    const nextLink = async (count: number) => {
      let links: string[] = [];
      await expect
        .poll(
          async () => (links = (await readFile(opened, 'utf8').catch(() => '')).split('\n').filter(Boolean)),
        )
        .toHaveLength(count);
      return links[count - 1]!;
    };
    term = await Terminal.start([...TS, demoSource('start.ts'), '--data', dataDir], {
      env: { BROWSER: browser },
      height: 60,
    });
    await term.waitFor('elicit›', { timeoutMs: 60_000 });
    expect(await term.screen()).toContain(
      'You are alice here; in the browser sign in as alice / alice-pass (bob / bob-pass sees "Not your request")',
    );

    // -32042: consent card, the browser opens, the person signs in and enters the key, elicit retries.
    await term.type('call use_api');
    await term.keys('Enter');
    const card = await term.waitFor('Open this page?');
    expect(card).toMatch(/^◆ elicit · .* from Bistro Elicit \(elicitkit-demo [\d.]+\)$/m);
    expect(card).toMatch(/^ {4}http:\/\/127\.0\.0\.1:\d+\/elicit\/[\w-]{43}$/m);
    await answer(term, 'Open this page?', 'Up', 'Enter');
    await term.waitFor('Done in the browser?');
    const key = `sk-alice-${Date.now()}`;
    const link = await nextLink(1);
    expect((await new DemoBrowser().enterSecret(link, ALICE, key)).status).toBe(200);
    await term.waitFor('The Example API accepted your key: call succeeded.');

    // In-band: set_api_key waits inside the call; Bob's browser is refused, Alice's completes it.
    await term.waitFor('elicit›', { count: 2 });
    await term.type('call set_api_key');
    await term.keys('Enter');
    await answer(term, 'Open this page?', 'Up', 'Enter');
    const second = await nextLink(2);
    expect((await new DemoBrowser().enterSecret(second, BOB, 'sk-bob-12345678')).status).toBe(403);
    expect((await new DemoBrowser().enterSecret(second, ALICE, `${key}-2`)).status).toBe(200);
    await term.waitFor('Your Example API key is stored on the server, encrypted. Try use_api.');
    expect(await term.screen()).not.toContain(key);
    // The refused attempt is in the demo's log, which the launcher keeps out of the terminal.
    expect(await readFile(join(dataDir, 'demo.log'), 'utf8')).toMatch(/"event":"elicitation\.wrong-user"/);

    await term.waitFor('elicit›', { count: 3 });
    await term.type('exit');
    await term.keys('Enter');
    expect(await term.exitCode()).toBe(0);
  }, 180_000);
});
