/**
 * Runs the benchmarks one after another, each in its own Node process (its own heap and JIT, so one cannot
 * warm or burden the next), passes their output through, and ends with every ratio line they printed.
 *
 *   npm run bench                       every benchmark entry under bench/<group>/
 *   npm run bench -- core server-form   only the entries whose `group/name` contains one of these words
 *   npm run bench -- --list             the entries, without running them
 *
 * An entry is a file that names its own run command in its header (`bench/core/url.ts`); helpers such as
 * `scale/capacity-server.ts` (forked by `capacity.ts`) do not, so they are never run on their own.
 * `cli/cold-start` times the built CLI: run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH = fileURLToPath(new URL('.', import.meta.url));
const ROOT = join(BENCH, '..');
const NODE_FLAGS = ['--conditions=@elicitkit/source', '--expose-gc', '--import', 'tsx'];
// The lines a benchmark reports its comparison on: "1.02×", "other ÷ same", "ratio".
const RATIO_LINE = /×|÷|\bratio\b/i;

interface Entry {
  /** `group/name`, e.g. `core/url`. */
  name: string;
  file: string;
}

function findEntries(): Entry[] {
  const entries: Entry[] = [];
  for (const group of readdirSync(BENCH).sort()) {
    const dir = join(BENCH, group);
    if (!statSync(dir).isDirectory()) continue;
    for (const file of readdirSync(dir).sort()) {
      if (!file.endsWith('.ts')) continue;
      const path = join(dir, file);
      const self = relative(ROOT, path).split('\\').join('/');
      if (readFileSync(path, 'utf8').includes(self)) {
        entries.push({ name: `${group}/${file.slice(0, -'.ts'.length)}`, file: path });
      }
    }
  }
  return entries;
}

/** Runs one benchmark, echoing its output as it comes, and resolves with its exit code and ratio lines. */
function runEntry(entry: Entry): Promise<{ code: number; ratios: string[] }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...NODE_FLAGS, entry.file], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ratios: string[] = [];
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      process.stdout.write(chunk);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      ratios.push(...lines.filter((line) => RATIO_LINE.test(line)));
    });
    child.on('close', (code, signal) => {
      if (RATIO_LINE.test(partial)) ratios.push(partial);
      resolve({ code: code ?? (signal ? 1 : 0), ratios });
    });
  });
}

async function main(argv: string[]): Promise<number> {
  const list = argv.includes('--list');
  const words = argv.filter((arg) => !arg.startsWith('--'));
  const all = findEntries();
  const chosen = words.length === 0 ? all : all.filter((e) => words.some((word) => e.name.includes(word)));
  if (chosen.length === 0) {
    console.error(`No benchmark matches ${words.join(', ')}. Entries: ${all.map((e) => e.name).join(', ')}`);
    return 2;
  }
  if (list) {
    for (const entry of chosen) console.log(entry.name);
    return 0;
  }
  const summary: Array<{ name: string; code: number; ratios: string[] }> = [];
  for (const entry of chosen) {
    console.log(`\n━━ ${entry.name} ━━`);
    summary.push({ name: entry.name, ...(await runEntry(entry)) });
  }
  console.log('\n━━ ratios ━━');
  for (const { name, code, ratios } of summary) {
    console.log(`${name}${code === 0 ? '' : `  (FAILED, exit ${code})`}`);
    for (const line of ratios) console.log(`  ${line.trim()}`);
  }
  return summary.some((run) => run.code !== 0) ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
