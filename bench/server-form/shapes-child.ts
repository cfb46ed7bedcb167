// One variant of one shape of bench/server-form/shapes.ts, alone in this process; prints ns per operation.
import { elicitForm, enableElicitation } from '@elicitkit/server';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { connectAnsweringClient, contactSchema, type RequestedSchema } from './contact.js';

/** A result schema that accepts whatever came: the SDK's round trip with no validation of the answer at all. */
const passThrough = {
  '~standard': { version: 1, vendor: 'bench', validate: (value: unknown) => ({ value }) },
};

const ask = {
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

export async function measure(
  shape: 'new-schema' | 'form-per-call',
  variant: 'floor' | 'raw' | 'kit',
): Promise<number> {
  const made = new McpServer({ name: 'bench', version: '1.0.0' });
  // The raw SDK and the floor run on a plain server: nothing of elicitkit is installed for them.
  const server = variant === 'kit' ? enableElicitation(made) : made;
  let job: (ctx: ServerContext) => Promise<unknown> = async () => undefined;
  server.registerTool('run', { description: 'runs the current job' }, async (ctx) => {
    await job(ctx);
    return { content: [{ type: 'text', text: 'done' }] };
  });
  const client = await connectAnsweringClient(server);
  const call = () => client.callTool({ name: 'run', arguments: {} }, { timeout: 600_000 });

  const batches: number[] = [];
  if (shape === 'new-schema') {
    let next = 0;
    const batch = 1000;
    job = async (ctx) => {
      for (let b = 0; b < 8; b++) {
        const start = process.cpuUsage();
        for (let i = 0; i < batch; i++) await ask[variant](ctx, contactSchema(next++));
        if (b >= 2) batches.push(cpuNs(start) / batch); // the first two warm up
      }
    };
    await call();
  } else {
    const fixed = contactSchema(0);
    job = (ctx) => ask[variant](ctx, fixed);
    const batch = 500;
    for (let b = 0; b < 8; b++) {
      const start = process.cpuUsage();
      for (let i = 0; i < batch; i++) await call();
      if (b >= 2) batches.push(cpuNs(start) / batch);
    }
  }
  await client.close();
  await server.close();
  return median(batches);
}
