// @needs tools
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_TS } from '../../../test/support/node-ts.js';
import { installTool, TOOL_INSTALL_TIMEOUT_MS } from '../../../test/support/tool-install.js';
import { ALICE, type DemoProcess, startDemoServer } from './helpers/demo.js';
import { ELICIT } from './helpers/elicit-bin.js';

/**
 * Issue 38, the server author's side: `elicit doctor <server> --call <tool>` connects as a host and checks every
 * request the server sends. A deliberately bad server gets each broken rule named; the demo and the reference
 * server-everything, none.
 */
const BAD_SERVER = ['--', ...NODE_TS, join(import.meta.dirname, '../../doctor/test/helpers/bad-server.ts')];
let scratch: string;
let answers: string;
let everything: string[];
let demo: DemoProcess | undefined;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'elicit-doctor-inspect-'));
  answers = join(scratch, 'answers.json');
  await writeFile(answers, JSON.stringify({ username: 'ada', name: 'Ada', check: true, n: 1 }));
  const tool = await installTool('reference-servers');
  everything = [
    '--',
    process.execPath,
    join(tool, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'),
    'stdio',
  ];
}, TOOL_INSTALL_TIMEOUT_MS);
afterAll(async () => {
  await demo?.stop();
  await rm(scratch, { recursive: true, force: true });
});

interface Finding {
  rule: string;
  level: 'must' | 'should';
  where: string;
  message: string;
}
interface Inspected {
  code: number | null;
  report: {
    findings: Finding[];
    call?: { outcome: string };
    server: { protocolVersion: string };
    brokeAMust: boolean;
  };
}

function doctor(args: string[]): Promise<Inspected> {
  return new Promise((resolve, reject) => {
    const child = spawn(ELICIT[0]!, [...ELICIT.slice(1), 'doctor', '--json', '--answers', answers, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('exit', (code) => {
      try {
        resolve({ code, report: JSON.parse(stdout) });
      } catch {
        reject(new Error(`elicit doctor exited ${code} with no report: ${stdout}\n${stderr}`));
      }
    });
  });
}

const rulesOf = (report: Inspected['report']) => [...new Set(report.findings.map((f) => f.rule))].sort();

describe('elicit doctor <server>', () => {
  it.each([
    ['2025-11-25', ['E-01']],
    ['2026-07-28', ['E-01']],
    ['2025-06-18', ['F-04', 'F-08']],
  ])(
    '[E-01] [F-08] a password asked in form mode, on %s, is a broken MUST: exit 1',
    async (protocol, rules) => {
      const { code, report } = await doctor([
        '--protocol',
        protocol,
        '--call',
        'ask_password',
        ...BAD_SERVER,
      ]);
      expect(report.server.protocolVersion).toBe(protocol);
      expect(rulesOf(report)).toEqual(rules);
      expect(report.findings.find((f) => f.rule === rules.at(-1))?.message).toMatch(/field "password"/);
      expect(code).toBe(1);
    },
  );

  it('[E-09] URL mode sent to a host that declared form mode only', async () => {
    const { code, report } = await doctor([
      '--protocol',
      '2025-11-25',
      '--declare',
      'form',
      '--call',
      'url_to_anyone',
      ...BAD_SERVER,
    ]);
    expect(rulesOf(report)).toEqual(['E-09', 'E-48']);
    expect(report.findings.find((f) => f.rule === 'E-48')?.level).toBe('should');
    expect(code).toBe(1);
  });

  it('[M-08] rounds that ask the same thing again and again are named, and the call ends', async () => {
    const { code, report } = await doctor([
      '--protocol',
      '2026-07-28',
      '--call',
      'rounds_forever',
      ...BAD_SERVER,
    ]);
    expect(rulesOf(report)).toEqual(['M-08']);
    expect(report.call?.outcome).toBe('failed');
    expect(code).toBe(1);
  });

  it('a tool that asks nothing: no finding, exit 0', async () => {
    const { code, report } = await doctor(['--call', 'nothing', ...BAD_SERVER]);
    expect(report).toMatchObject({ findings: [], brokeAMust: false, call: { outcome: 'finished' } });
    expect(code).toBe(0);
  });

  it('server-everything asks its form within the rules on 2025-11-25', async () => {
    const { code, report } = await doctor(['--call', 'trigger-elicitation-request', ...everything]);
    expect(report).toMatchObject({ findings: [], call: { outcome: 'finished' } });
    expect(code).toBe(0);
  });

  it('[F-05] [F-06] server-everything sends a 2025-06-18 host the 2025-11-25 schema (what the doctor found)', async () => {
    const { report } = await doctor([
      '--protocol',
      '2025-06-18',
      '--call',
      'trigger-elicitation-request',
      ...everything,
    ]);
    expect(rulesOf(report)).toEqual(['F-05', 'F-06']);
  });

  it('the demo asks its survey within the rules', async () => {
    demo = await startDemoServer(join(scratch, 'demo'));
    const { code, report } = await doctor([
      '-H',
      `Authorization: Bearer ${ALICE.token}`,
      demo.url,
      '--call',
      'survey',
    ]);
    expect(report).toMatchObject({ findings: [], call: { outcome: 'finished' } });
    expect(code).toBe(0);
  });
});
