/**
 * A full 2026-07-28 form round trip on the server (tools/call → InputRequiredResult → the client answers →
 * retry with `inputResponses` → result) through `elicitForm` on an `enableElicitation` server, against the same
 * flow written with the bare SDK (`inputRequired.elicit` + `acceptedContent`, answer validated with zod, no
 * requestState since one round needs none). Same process, same SDK client pinned to 2026-07-28 answering from its
 * `elicitation/create` handler, each server behind the SDK's `serveStdio({ transport })` over an in-memory pair
 * (as the tests' harness). Batches alternate with the order flipped every round; each figure is the median, over
 * rounds, of the ratio between that round's adjacent batches, so machine load weighs on both alike.
 *   (1) elicitForm ÷ bare SDK per round trip (target ≤ 1.10)
 *   (2) elicitForm ÷ the bare SDK flow whose state is protected the SDK's way (`createRequestStateCodec`, HMAC
 *       mint / verify), and for scale that flow and one with a constant unprotected state ÷ bare SDK.
 * Wall-clock ratios and ratios of this process's CPU time (steadier on a machine loaded by other processes).
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/server-mrtr/form-round-trip.ts
 */
import { elicitForm, enableElicitation } from '@elicitkit/server';
import { Client } from '@modelcontextprotocol/client';
import {
  acceptedContent,
  createRequestStateCodec,
  type ElicitRequestFormParams,
  InMemoryTransport,
  inputRequired,
  McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

type RequestedSchema = ElicitRequestFormParams['requestedSchema'];

/** The contact form of bench/server-form, as a wire schema (elicitkit and the SDK's request builder). */
const schema: RequestedSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1, maxLength: 100 },
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
    plan: {
      type: 'string',
      title: 'Plan',
      oneOf: [
        { const: 'free', title: 'Free' },
        { const: 'pro', title: 'Pro' },
      ],
    },
  },
  required: ['name', 'email'],
};
/** The same rules for the bare SDK's `acceptedContent` (it validates with a Standard Schema). */
const zodSchema = z.object({
  name: z.string().min(1).max(100),
  email: z.email(),
  age: z.int().min(0).max(150).optional(),
  plan: z.enum(['free', 'pro']).optional(),
});
const answer = { name: 'Ada Lovelace', email: 'ada@example.com', age: 36, plan: 'pro' };

type Tool = (ctx: ServerContext) => Promise<unknown>;
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

const kitTool: Tool = async (ctx) => {
  const outcome = await elicitForm(ctx, { message: 'Your details', schema });
  return text(outcome.action === 'accept' ? `welcome ${(outcome.data as { name: string }).name}` : 'no');
};
const bareTool: Tool = async (ctx) => {
  const got = acceptedContent(ctx.mcpReq.inputResponses, 'details', zodSchema);
  if (!got) {
    return inputRequired({
      inputRequests: { details: inputRequired.elicit({ message: 'Your details', requestedSchema: schema }) },
    });
  }
  return text(`welcome ${got.name}`);
};
/** The bare flow with a constant, unprotected `requestState`: what carrying any state costs in the SDK itself. */
const opaqueTool: Tool = async (ctx) => {
  const got = acceptedContent(ctx.mcpReq.inputResponses, 'details', zodSchema);
  if (!got) {
    return inputRequired({
      inputRequests: { details: inputRequired.elicit({ message: 'Your details', requestedSchema: schema }) },
      requestState: 'opaque',
    });
  }
  return text(`welcome ${got.name}`);
};
const codec = createRequestStateCodec<{ step: string }>({ key: crypto.getRandomValues(new Uint8Array(32)) });
const codecTool: Tool = async (ctx) => {
  const state = ctx.mcpReq.requestState<{ step: string }>();
  const got =
    state?.step === 'asked' ? acceptedContent(ctx.mcpReq.inputResponses, 'details', zodSchema) : undefined;
  if (!got) {
    return inputRequired({
      inputRequests: { details: inputRequired.elicit({ message: 'Your details', requestedSchema: schema }) },
      requestState: await codec.mint({ step: 'asked' }),
    });
  }
  return text(`welcome ${got.name}`);
};

/** One server factory behind serveStdio on an in-memory pair, and a 2026-pinned client that answers the form. */
async function connect(makeServer: () => McpServer): Promise<{ client: Client; close(): Promise<void> }> {
  const client = new Client(
    { name: 'bench-client', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { ...answer } }));
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(makeServer, { transport: serverTransport });
  await client.connect(clientTransport);
  return {
    client,
    async close() {
      await client.close();
      await served.close();
    },
  };
}

const kitKey = crypto.getRandomValues(new Uint8Array(32));
const setups = {
  bare: await connect(() => {
    const server = new McpServer({ name: 'bench-bare', version: '1.0.0' });
    server.registerTool('signup', { description: 'asks one form' }, bareTool as never);
    return server;
  }),
  opaque: await connect(() => {
    const server = new McpServer({ name: 'bench-opaque', version: '1.0.0' });
    server.registerTool('signup', { description: 'asks one form' }, opaqueTool as never);
    return server;
  }),
  codec: await connect(() => {
    const server = new McpServer(
      { name: 'bench-codec', version: '1.0.0' },
      { requestState: { verify: codec.verify } },
    );
    server.registerTool('signup', { description: 'asks one form' }, codecTool as never);
    return server;
  }),
  kit: await connect(() => {
    const server = enableElicitation(new McpServer({ name: 'bench-kit', version: '1.0.0' }), {
      requestState: { key: kitKey },
    });
    server.registerTool('signup', { description: 'asks one form' }, kitTool as never);
    return server;
  }),
};
type Name = keyof typeof setups;

// Every variant must really do the two rounds and end with the answer, or the figures mean nothing.
for (const [name, setup] of Object.entries(setups)) {
  const result = await setup.client.callTool({ name: 'signup', arguments: {} });
  const got = (result.content as { text?: string }[])[0]?.text;
  if (got !== 'welcome Ada Lovelace') throw new Error(`${name}: unexpected result ${JSON.stringify(result)}`);
}

/** This process's CPU time (user + system), ns: what a loaded machine's other processes do not add to. */
const cpuNs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
};
const cpu = {} as Record<Name, number[]>;

async function interleaved(names: Name[], rounds: number, batch: number): Promise<Record<Name, number[]>> {
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  for (const name of names) cpu[name] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const client = setups[name].client;
      const start = process.hrtime.bigint();
      const startCpu = cpuNs();
      for (let i = 0; i < batch; i++) await client.callTool({ name: 'signup', arguments: {} });
      times[name].push(Number(process.hrtime.bigint() - start) / batch);
      cpu[name].push((cpuNs() - startCpu) / batch);
    }
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
// ONLY=kit runs one variant alone (for `node --cpu-prof`); the figures need all three.
const names = (process.env.ONLY?.split(',') ?? ['bare', 'kit', 'codec', 'opaque']) as Name[];
const ROUNDS = Number(process.env.ROUNDS ?? 80);
const BATCH = 25;
await interleaved(names, 8, BATCH); // warm-up: JIT every path
const times = await interleaved(names, ROUNDS, BATCH);
const pairedRatio = (name: Name, anchor: Name = 'bare', of = times) =>
  median(of[name].map((ns, round) => ns / of[anchor][round]!));
if (process.env.ONLY) {
  for (const name of names) {
    const ratio =
      times.bare && name !== 'bare'
        ? ` (${pairedRatio(name).toFixed(3)}× bare; CPU ${pairedRatio(name, 'bare', cpu).toFixed(3)}×)`
        : '';
    console.log(`${name}: median batch ${(median(times[name]) / 1000).toFixed(0)} µs per call${ratio}`);
  }
  process.exit(0);
}
const us = (ns: number) => (ns / 1000).toFixed(0);
console.log(
  `(1) elicitForm ÷ bare SDK = ${pairedRatio('kit').toFixed(3)}× per 2026 form round trip, wall clock ` +
    `(target ≤ 1.10; median batch ${us(median(times.kit))} vs ${us(median(times.bare))} µs per call, ` +
    `${ROUNDS * BATCH} calls each); this process's CPU time: ${pairedRatio('kit', 'bare', cpu).toFixed(3)}×`,
);
console.log(
  `(2) elicitForm ÷ bare SDK + createRequestStateCodec (the SDK's protected state) = ` +
    `${pairedRatio('kit', 'codec').toFixed(3)}× wall, ${pairedRatio('kit', 'codec', cpu).toFixed(3)}× CPU`,
);
console.log(
  `    for scale: codec ÷ bare = ${pairedRatio('codec').toFixed(3)}×, constant unprotected requestState ÷ bare = ` +
    `${pairedRatio('opaque').toFixed(3)}×`,
);
for (const setup of Object.values(setups)) await setup.close();
