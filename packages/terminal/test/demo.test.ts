import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answer, command } from './helpers/session.js';
import { ELICIT, Terminal } from './helpers/tmux.js';

const demoSource = (file: string) =>
  fileURLToPath(new URL(`../../../examples/demo/src/${file}`, import.meta.url));
const TS = [process.execPath, '--conditions=@elicitkit/source', '--import', 'tsx'];

let dataDir: string;
let term: Terminal | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'elicit-demo-'));
});
afterEach(async () => {
  await term?.close();
  term = undefined;
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts `demo:server` and resolves with its endpoint once it prints the one line it promises. */
function startDemoServer(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(TS[0]!, [...TS.slice(1), demoSource('main.ts'), '--port', '0', '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`demo:server printed no endpoint: ${stdout}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^MCP endpoint: (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => stdout });
      }
    });
    child.on('exit', (code) => reject(new Error(`demo:server exited ${code}: ${stdout}`)));
  });
}

describe('the demo server', () => {
  it('prints exactly one endpoint line once it accepts connections, serves the tools, and stops on SIGTERM', async () => {
    const demo = await startDemoServer();
    const answers = join(dataDir, 'answers.json');
    await writeFile(answers, JSON.stringify({ color: '#4169e1' }));
    const call = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(
        ELICIT[0]!,
        [...ELICIT.slice(1), 'call', demo.url, 'pick_color', '--answers', answers],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, NO_COLOR: '1' },
        },
      );
      children.push(child);
      let stdout = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.on('exit', (code) => resolve({ code, stdout }));
    });
    expect(call).toEqual({ code: 0, stdout: 'Napkins: #4169e1.\n' });
    const exited = new Promise<number | null>((resolve) => demo.child.on('exit', resolve));
    demo.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(demo.output()).toBe(`MCP endpoint: ${demo.url}\n`);
  });

  it('npm start: the session and the demo in one terminal; every kind of prompt, decline and cancel told apart', async () => {
    term = await Terminal.start([...TS, demoSource('start.ts'), '--data', dataDir], { height: 60 });
    // Two processes start from TypeScript sources here (the launcher, then the session): allow for it.
    await term.waitFor('elicit›', { timeoutMs: 60_000 });
    expect(await term.screen()).toMatch(/connected to Bistro Elicit \(elicitkit-demo [\d.]+\)/);
    await command(term, 'tools');
    expect(await term.screen()).toMatch(
      /book_table\s+Book a table[\s\S]*confirm_delete[\s\S]*survey[\s\S]*pick_color/,
    );

    await term.type('call book_table');
    await term.keys('Enter');
    await answer(term, 'Name for the booking', 'text:Ada Lovelace', 'Enter');
    await answer(term, 'Party size', 'C-u', 'text:4', 'Enter');
    await answer(term, 'Day', 'text:2030-05-17', 'Enter');
    await answer(term, 'Seating', 'Down', 'Enter');
    await answer(term, 'Extras', 'Space', 'Enter');
    await answer(term, 'Send me a reminder', 'Enter');
    await answer(term, 'Send these answers', 'Enter');
    await term.waitFor('Booked #1 Ada Lovelace, 4 people on 2030-05-17 (Terrace, extras: Highchair).');

    // pick_color: legacy enumNames; the names are shown, the value comes back.
    await term.waitFor('elicit›', { count: 3 });
    await term.type('call pick_color');
    await term.keys('Enter');
    await answer(term, 'Napkin colour', 'Down', 'Enter');
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
});
