/**
 * elicitForm against the raw SDK (`ctx.mcpReq.elicitInput`), same workload, same process, in-memory
 * transport, real SDK client answering. Each figure is a ratio to the raw SDK measured in the same run.
 *   (1) fixed schema: elicitkit time per round trip ÷ raw (target ≤ 1.05)
 *   (2) a new schema every call: raw time ÷ elicitkit (target ≥ 10)
 *   (3) heap after GC following 10,000 distinct schemas (target: elicitkit grows < 5 MB)
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/server-form/form.ts
 */
import { elicitForm, enableElicitation } from '@elicitkit/server';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { connectAnsweringClient, contactSchema, type RequestedSchema } from './contact.js';

type Variant = (ctx: ServerContext, schema: RequestedSchema) => Promise<unknown>;

const raw: Variant = (ctx, schema) =>
  ctx.mcpReq.elicitInput({ mode: 'form', message: 'Your details', requestedSchema: schema });
const kit: Variant = (ctx, schema) => elicitForm(ctx, { message: 'Your details', schema });

// One server and one client for the whole run; each measurement is one tool call looping inside the handler,
// so the figures are elicitation round trips, not tools/call overhead.
let job: (ctx: ServerContext) => Promise<number> = async () => 0;
const server = enableElicitation(new McpServer({ name: 'bench', version: '1.0.0' }));
server.registerTool('run', { description: 'runs the current job' }, async (ctx) => ({
  content: [{ type: 'text', text: String(await job(ctx)) }],
}));
const client = await connectAnsweringClient(server);

/** Runs `count` elicitations through `variant` inside one tool call; returns ns per round trip. */
async function nsPerRoundTrip(
  variant: Variant,
  count: number,
  schemaFor: (i: number) => RequestedSchema,
): Promise<number> {
  const [ns] = await interleaved([variant], 1, count, schemaFor);
  return ns![0]!;
}

/**
 * Alternates batches of each variant inside one tool call, flipping the order every round, so that a busy
 * machine (other processes, GC, JIT) weighs on all variants alike; figures are ratios of the median batch.
 * Returns ns per round trip for every batch, per variant.
 */
async function interleaved(
  variants: Variant[],
  rounds: number,
  batch: number,
  schemaFor: (i: number) => RequestedSchema,
): Promise<number[][]> {
  job = async (ctx) => {
    const times = variants.map(() => [] as number[]);
    for (let round = 0; round < rounds; round++) {
      const order =
        round % 2 === 0 ? variants.map((_, i) => i) : variants.map((_, i) => variants.length - 1 - i);
      for (const v of order) {
        const start = process.hrtime.bigint();
        for (let i = 0; i < batch; i++) await variants[v]!(ctx, schemaFor(i));
        times[v]!.push(Number(process.hrtime.bigint() - start) / batch);
      }
    }
    results = times;
    return 0;
  };
  let results: number[][] = [];
  await client.callTool({ name: 'run', arguments: {} }, { timeout: 600_000 });
  return results;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const gc = () => {
  for (let i = 0; i < 3; i++) globalThis.gc?.();
};
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
if (!globalThis.gc) console.warn('run with --expose-gc for the heap figures');

// (1) Fixed schema: one object for every call (the SDK's Ajv compiles it once; elicitkit checks it once).
const fixed = contactSchema(0);
await interleaved([raw, kit], 20, 200, () => fixed); // warm-up: JIT both paths fully
const [fixedRaw, fixedKit] = await interleaved([raw, kit], 100, 200, () => fixed);
console.log(
  `(1) fixed schema:    elicitkit ÷ raw SDK = ${(median(fixedKit!) / median(fixedRaw!)).toFixed(3)}× per round trip ` +
    `(target ≤ 1.05; median batch ${(median(fixedKit!) / 1000).toFixed(1)} vs ${(median(fixedRaw!) / 1000).toFixed(1)} µs, ` +
    '20,000 round trips each)',
);

// (2) A new schema every call. Distinct numbering across the whole run so the SDK never sees one twice.
let next = 1_000_000;
const fresh = () => contactSchema(next++);
const [distinctRaw, distinctKit] = await interleaved([raw, kit], 100, 10, fresh);
console.log(
  `(2) new schema/call: raw SDK ÷ elicitkit = ${(median(distinctRaw!) / median(distinctKit!)).toFixed(1)}× ` +
    `(target ≥ 10; median batch ${(median(distinctRaw!) / 1000).toFixed(0)} vs ${(median(distinctKit!) / 1000).toFixed(0)} µs)`,
);

// (3) Heap after GC following 10,000 distinct schemas, elicitkit first (the raw run would only add noise).
async function heapGrowth(variant: Variant): Promise<number> {
  gc();
  const before = process.memoryUsage().heapUsed;
  await nsPerRoundTrip(variant, 10_000, fresh);
  gc();
  return process.memoryUsage().heapUsed - before;
}
const kitGrowth = await heapGrowth(kit);
const rawGrowth = await heapGrowth(raw);
console.log(
  `(3) heap after 10,000 distinct schemas: elicitkit +${mb(kitGrowth)} MB (target < 5), raw SDK +${mb(rawGrowth)} MB ` +
    `(${(rawGrowth / 10_000 / 1024).toFixed(1)} KB per schema kept)`,
);

await client.close();
await server.close();
