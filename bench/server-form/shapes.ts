/**
 * Two shapes of asking a form, in-memory transport, a real SDK client answering:
 *   new schema/call  one tool call asking a never-seen schema again and again (round trips)
 *                    SDK floor: the SDK's own elicitation round trip with no validation of the schema or the
 *                    answer (`ctx.mcpReq.elicitInput` on a server whose JSON-schema validator accepts everything);
 *                    bare send: below any elicitation API, `ctx.mcpReq.send` with a result schema that accepts
 *                    anything (not even the result's shape is read); raw: `ctx.mcpReq.elicitInput` (Ajv compiles
 *                    each schema); elicitkit: `elicitForm`. Target: elicitkit ÷ SDK floor ≤ 1.15. The bare send
 *                    is printed too: what elicitkit's own checks (E-12 on the schema, E-60 on the answer) cost.
 *                    Both floors and elicitkit in one process, batches interleaved (none keeps anything per
 *                    schema); the raw SDK in processes of its own (it keeps ~14 KB per schema it compiled, which
 *                    would land in the others' garbage collections).
 *   form per call    one `tools/call` that asks one fixed form, as most tools do (whole calls, not round trips):
 *                    raw vs elicitkit (`enableElicitation` + `elicitForm`). Target: elicitkit ÷ raw ≤ 1.05.
 *                    Both in one process, batches interleaved (one fixed schema leaves nothing to cross over).
 * Why interleaved: two processes differ by more than these differences (JIT and heap layout); interleaving pairs each
 * batch with one of the other's on the same machine. Each figure is the median of the ratios of RUNS processes.
 * Figures are CPU time per operation (see `shapes-child.ts`), of the built packages (`dist/`, what users run: the
 * TypeScript loader's source transform adds work of its own to every function made); the packages are built first.
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/server-form/shapes.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNS = 5;
const SELF = fileURLToPath(import.meta.url);
const [role, what] = process.argv.slice(2);

if (role === 'child') {
  const child = await import('./shapes-child.js');
  const figures =
    what === 'form-per-call'
      ? await child.measureFormPerCall()
      : what === 'new-schema'
        ? await child.measureNewSchemaPaired()
        : { raw: await child.measureNewSchema('raw') };
  console.log(JSON.stringify(figures));
  process.exit(0);
}

// The children import the built packages: without the source condition, `@elicitkit/*` resolves to `dist/`.
const CHILD_FLAGS = process.execArgv.filter((flag) => flag !== '--conditions=@elicitkit/source');

function runChild(what: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CHILD_FLAGS, SELF, 'child', what], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`${what} exited ${code}: ${out}`));
      else resolve(JSON.parse(line) as Record<string, number>);
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** RUNS processes of one measurement, in turn. */
async function runs(what: string): Promise<Record<string, number>[]> {
  const all: Record<string, number>[] = [];
  for (let run = 0; run < RUNS; run++) all.push(await runChild(what));
  return all;
}

/** The median ratio of `a` to `b` over the runs, and the median of each. */
function summary(all: Record<string, number>[], a: string, b: string) {
  return {
    ratio: median(all.map((run) => run[a]! / run[b]!)),
    a: median(all.map((run) => run[a]!)),
    b: median(all.map((run) => run[b]!)),
  };
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Incremental: a second of checking when nothing changed.
execFileSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-b', 'tsconfig.build.json'], {
  cwd: ROOT,
  stdio: 'inherit',
});

const us = (ns: number) => (ns / 1000).toFixed(1);
const newSchemaRuns = await runs('new-schema');
const fresh = summary(newSchemaRuns, 'kit', 'sdkFloor');
console.log(
  `new schema/call: elicitkit ÷ SDK floor (no validation) = ${fresh.ratio.toFixed(3)}× ` +
    `(target ≤ 1.15; ${us(fresh.a)} vs ${us(fresh.b)} µs CPU per round trip, interleaved, median of ${RUNS} processes)`,
);
const bare = summary(newSchemaRuns, 'kit', 'floor');
console.log(
  `new schema/call: elicitkit ÷ bare send (no elicitation API) = ${bare.ratio.toFixed(3)}× ` +
    `(${us(bare.a)} vs ${us(bare.b)} µs; the difference is elicitkit's checks of the schema and the answer)`,
);
const raw = median((await runs('raw')).map((run) => run.raw!));
console.log(
  `new schema/call: raw SDK ÷ elicitkit = ${(raw / fresh.a).toFixed(1)}× (raw ${us(raw)} µs, alone)`,
);
const perCall = summary(await runs('form-per-call'), 'kit', 'raw');
console.log(
  `one fixed form per tools/call: elicitkit ÷ raw SDK = ${perCall.ratio.toFixed(3)}× ` +
    `(target ≤ 1.05; ${us(perCall.a)} vs ${us(perCall.b)} µs CPU per call, interleaved, median of ${RUNS} processes)`,
);
