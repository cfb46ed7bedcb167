/**
 * A 2025 form round trip on the v1 SDK (`@modelcontextprotocol/sdk` 1.32 McpServer, its own client answering over
 * its in-memory transport), through elicitkit's `elicitForm` against the same flow with v1's bare
 * `server.elicitInput`, same process, same schema, each figure the median of paired batches that alternate their
 * order (target ≤ 1.05). Two anchors:
 *   - bare: `elicitInput(params, { relatedRequestId })`, on the call's stream, and nothing else (a cancelled call
 *     leaves the form open on the client until the SDK's timeout);
 *   - bare + cancellation: the same with a per-ask AbortController linked to the call's signal, which is what it
 *     takes to withdraw the form when the call is cancelled, as elicitForm does. (The call's own signal cannot be
 *     passed: v1 leaves a listener on it per request, so a call that asks many times piles them up.)
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/server-form/form-v1.ts
 */
import { elicitForm, enableElicitation, type V1HandlerExtra } from '@elicitkit/server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1, maxLength: 100 },
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
    plan: { type: 'string', title: 'Plan', enum: ['free', 'pro'] },
  },
  required: ['name', 'email'],
} as const;
const ANSWER = { name: 'Ada Lovelace', email: 'ada@example.com', age: 36, plan: 'pro' };

const server = enableElicitation(new McpServer({ name: 'bench-v1', version: '1.0.0' }));
type Variant = (extra: V1HandlerExtra) => Promise<unknown>;
// The bare v1 way: the low-level server's elicitInput (validated with the SDK's Ajv, compiled once per schema), on
// the call's own stream.
const bare: Variant = (extra) =>
  server.server.elicitInput(
    { mode: 'form', message: 'Your details', requestedSchema: SCHEMA as never },
    { relatedRequestId: extra.requestId },
  );
const bareCancellable: Variant = async (extra) => {
  const stop = new AbortController();
  const abort = () => stop.abort();
  extra.signal.addEventListener('abort', abort, { once: true });
  try {
    return await server.server.elicitInput(
      { mode: 'form', message: 'Your details', requestedSchema: SCHEMA as never },
      { relatedRequestId: extra.requestId, signal: stop.signal },
    );
  } finally {
    extra.signal.removeEventListener('abort', abort);
  }
};
const kit: Variant = (extra) => elicitForm(extra, { message: 'Your details', schema: SCHEMA });

let job: (extra: V1HandlerExtra) => Promise<void> = async () => {};
server.registerTool('run', { description: 'runs the current job' }, async (extra) => {
  await job(extra);
  return { content: [{ type: 'text', text: 'done' }] };
});
const client = new Client(
  { name: 'bench-client', version: '1.0.0' },
  { capabilities: { elicitation: { form: {} } } },
);
client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: ANSWER }));
const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
await server.connect(serverTransport);
await client.connect(clientTransport);

/** Batches of each variant inside one tool call, the order flipped every round; ns per round trip per batch. */
async function interleaved(variants: Variant[], rounds: number, batch: number): Promise<number[][]> {
  const times = variants.map(() => [] as number[]);
  job = async (extra) => {
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const v of order) {
        const start = process.hrtime.bigint();
        for (let i = 0; i < batch; i++) await variants[v]!(extra);
        times[v]!.push(Number(process.hrtime.bigint() - start) / batch);
      }
    }
  };
  await client.callTool({ name: 'run', arguments: {} }, undefined, { timeout: 600_000 });
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const [name, anchor] of [
  ['bare elicitInput', bare],
  ['bare elicitInput + cancellation', bareCancellable],
] as const) {
  await interleaved([anchor, kit], 20, 200); // warm-up: JIT both paths
  const [anchorTimes, kitTimes] = await interleaved([anchor, kit], 200, 100);
  const ratios = anchorTimes!.map((b, i) => kitTimes![i]! / b);
  console.log(
    `v1 SDK form round trip: elicitForm ÷ ${name} = ${median(ratios).toFixed(3)}× ` +
      `(target ≤ 1.05; median of 200 paired batches; ${(median(kitTimes!) / 1000).toFixed(1)} vs ` +
      `${(median(anchorTimes!) / 1000).toFixed(1)} µs per round trip, 20,000 round trips each)`,
  );
}
await client.close();
await server.close();
