// One variant of one shape of bench/server-form/shapes.ts, alone in this process; prints ns per operation.
import { elicitForm, enableElicitation } from '@elicitkit/server';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { connectAnsweringClient, contactSchema, type RequestedSchema } from './contact.js';

/** A result schema that accepts whatever came: the SDK's round trip with no validation of the answer at all. */
const passThrough = {
  '~standard': { version: 1, vendor: 'bench', validate: (value: unknown) => ({ value }) },
};

/** A JSON-schema validator that accepts every answer: the SDK's `elicitInput` with no validation of the content. */
const passThroughValidator = {
  getValidator: () => (input: unknown) => ({ valid: true, data: input, errorMessage: undefined }),
};

const ask = {
  sdkFloor: (ctx: ServerContext, schema: RequestedSchema) =>
    ctx.mcpReq.elicitInput({ mode: 'form', message: 'Your details', requestedSchema: schema }),
  floor: (ctx: ServerContext, schema: RequestedSchema) =>
    ctx.mcpReq.send(
      {
        method: 'elicitation/create',
        params: { mode: 'form', message: 'Your details', requestedSchema: schema },
      },
      passThrough as never,
    ),
  raw: (ctx: ServerContext, schema: RequestedSchema) =>
    ctx.mcpReq.elicitInput({ mode: 'form', message: 'Your details', requestedSchema: schema }),
  kit: (ctx: ServerContext, schema: RequestedSchema) => elicitForm(ctx, { message: 'Your details', schema }),
};

/**
 * CPU time since `start` (the process's, every thread's: the collector's helpers count), in ns. Not wall time: on a
 * shared machine a neighbour's burst lands in one variant's batches and not the other's; CPU time leaves it out.
 */
function cpuNs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) * 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A server with the `run` tool, running whatever job is set; the client that calls it. */
async function rig(variant: Variant) {
  const made = new McpServer(
    { name: 'bench', version: '1.0.0' },
    variant === 'sdkFloor' ? { jsonSchemaValidator: passThroughValidator as never } : undefined,
  );
  // The raw SDK and the floor run on a plain server: nothing of elicitkit is installed for them.
  const server = variant === 'kit' ? enableElicitation(made) : made;
  const rigged = { job: (async () => undefined) as (ctx: ServerContext) => Promise<unknown> };
  server.registerTool('run', { description: 'runs the current job' }, async (ctx) => {
    await rigged.job(ctx);
    return { content: [{ type: 'text', text: 'done' }] };
  });
  const client = await connectAnsweringClient(server);
  return {
    rigged,
    call: () => client.callTool({ name: 'run', arguments: {} }, { timeout: 600_000 }),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

type Variant = 'sdkFloor' | 'floor' | 'raw' | 'kit';

/** A never-seen schema per ask, many asks in one long tool call: ns of CPU per round trip (the raw SDK, alone). */
export async function measureNewSchema(variant: Variant): Promise<number> {
  const { rigged, call, close } = await rig(variant);
  let next = 0;
  rigged.job = async (ctx) => {
    for (let i = 0; i < ASKS_PER_CALL; i++) await ask[variant](ctx, contactSchema(next++));
  };
  const batches: number[] = [];
  for (let b = 0; b < 8; b++) {
    const start = process.cpuUsage();
    await call();
    if (b >= 2) batches.push(cpuNs(start) / ASKS_PER_CALL); // the first two warm up
  }
  await close();
  return median(batches);
}

const ASKS_PER_CALL = 1000;

/**
 * A never-seen schema per ask, the two floors and elicitkit side by side in this process, batches interleaved (the
 * order rotated every batch; none keeps anything per schema): ns of CPU per round trip of each.
 */
export async function measureNewSchemaPaired(): Promise<Record<'sdkFloor' | 'floor' | 'kit', number>> {
  const variants = ['sdkFloor', 'floor', 'kit'] as const;
  const rigs = { sdkFloor: await rig('sdkFloor'), floor: await rig('floor'), kit: await rig('kit') };
  let next = 0;
  for (const variant of variants) {
    rigs[variant].rigged.job = async (ctx) => {
      for (let i = 0; i < ASKS_PER_CALL / 4; i++) await ask[variant](ctx, contactSchema(next++));
    };
  }
  const batches = { sdkFloor: [] as number[], floor: [] as number[], kit: [] as number[] };
  for (let b = 0; b < 24; b++) {
    for (let v = 0; v < variants.length; v++) {
      const variant = variants[(b + v) % variants.length]!;
      const start = process.cpuUsage();
      await rigs[variant].call();
      if (b >= 4) batches[variant].push(cpuNs(start) / (ASKS_PER_CALL / 4)); // the first four warm up
    }
  }
  for (const variant of variants) await rigs[variant].close();
  return { sdkFloor: median(batches.sdkFloor), floor: median(batches.floor), kit: median(batches.kit) };
}

/**
 * One fixed form per `tools/call`, raw SDK and elicitkit side by side in this process, their batches interleaved
 * (the order flipped every batch) so that both meet the same machine: ns of CPU per call of each. One fixed schema
 * leaves no per-schema garbage to cross over.
 */
export async function measureFormPerCall(): Promise<{ raw: number; kit: number }> {
  const fixed = contactSchema(0);
  const rigs = { raw: await rig('raw'), kit: await rig('kit') };
  rigs.raw.rigged.job = (ctx) => ask.raw(ctx, fixed);
  rigs.kit.rigged.job = (ctx) => ask.kit(ctx, fixed);
  const batches = { raw: [] as number[], kit: [] as number[] };
  const batch = 200;
  for (let b = 0; b < 40; b++) {
    for (const variant of b % 2 === 0 ? (['raw', 'kit'] as const) : (['kit', 'raw'] as const)) {
      const start = process.cpuUsage();
      for (let i = 0; i < batch; i++) await rigs[variant].call();
      if (b >= 6) batches[variant].push(cpuNs(start) / batch); // the first six warm up
    }
  }
  await rigs.raw.close();
  await rigs.kit.close();
  return { raw: median(batches.raw), kit: median(batches.kit) };
}
