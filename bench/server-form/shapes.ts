/**
 * Each variant in its own process (its own heap and JIT: the raw SDK keeps ~14 KB per schema it compiled, which
 * would land in the others' garbage collections), the processes run in turns and the figure of each variant is the
 * median of its runs. In-memory transport, a real SDK client answering. Two shapes:
 *   new schema/call  one tool call asking a never-seen schema again and again (round trips)
 *                    floor: the SDK's own round trip with no validation at all (`ctx.mcpReq.send` with a
 *                    pass-through result schema); raw: `ctx.mcpReq.elicitInput` (Ajv compiles each schema);
 *                    elicitkit: `elicitForm`. Target: elicitkit ÷ floor ≤ 1.15.
 *   form per call    one `tools/call` that asks one fixed form, as most tools do (whole calls, not round trips)
 *                    raw vs elicitkit (`enableElicitation` + `elicitForm`). Target: elicitkit ÷ raw ≤ 1.05.
 * Figures are CPU time per operation (see `shapes-child.ts`), of the built packages (`dist/`, what users run: the
 * TypeScript loader's source transform adds work of its own to every function made); the packages are built first.
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/server-form/shapes.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

type Shape = 'new-schema' | 'form-per-call';
type Variant = 'floor' | 'raw' | 'kit';

const RUNS = 5;
const SELF = fileURLToPath(import.meta.url);
const [role, shapeArg, variantArg] = process.argv.slice(2);

if (role === 'child') {
  const { measure } = await import('./shapes-child.js');
  const ns = await measure(shapeArg as Shape, variantArg as Variant);
  console.log(JSON.stringify({ ns }));
  process.exit(0);
}

// The children import the built packages: without the source condition, `@elicitkit/*` resolves to `dist/`.
const CHILD_FLAGS = process.execArgv.filter((flag) => flag !== '--conditions=@elicitkit/source');

function runChild(shape: Shape, variant: Variant): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CHILD_FLAGS, SELF, 'child', shape, variant], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`${shape}/${variant} exited ${code}: ${out}`));
      else resolve((JSON.parse(line) as { ns: number }).ns);
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function shape(name: Shape, variants: Variant[]): Promise<Record<string, number>> {
  const runs: Record<string, number[]> = Object.fromEntries(variants.map((v) => [v, []]));
  for (let run = 0; run < RUNS; run++) {
    // Turns, the order flipped every run, so that a busy machine weighs on every variant alike.
    const order = run % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) runs[variant]!.push(await runChild(name, variant));
  }
  return Object.fromEntries(variants.map((v) => [v, median(runs[v]!)]));
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Incremental: a second of checking when nothing changed.
execFileSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, '-b', 'tsconfig.build.json'], {
  cwd: ROOT,
  stdio: 'inherit',
});

const us = (ns: number) => (ns / 1000).toFixed(1);
const fresh = await shape('new-schema', ['floor', 'raw', 'kit']);
console.log(
  `new schema/call: elicitkit ÷ SDK floor (no validation) = ${(fresh.kit! / fresh.floor!).toFixed(3)}× ` +
    `(target ≤ 1.15; ${us(fresh.kit!)} vs ${us(fresh.floor!)} µs CPU per round trip, median of ${RUNS} processes each)`,
);
console.log(
  `new schema/call: raw SDK ÷ elicitkit = ${(fresh.raw! / fresh.kit!).toFixed(1)}× (raw ${us(fresh.raw!)} µs)`,
);
const perCall = await shape('form-per-call', ['raw', 'kit']);
console.log(
  `one fixed form per tools/call: elicitkit ÷ raw SDK = ${(perCall.kit! / perCall.raw!).toFixed(3)}× ` +
    `(target ≤ 1.05; ${us(perCall.kit!)} vs ${us(perCall.raw!)} µs CPU per call)`,
);
