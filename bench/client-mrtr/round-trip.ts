/**
 * A 2026-07-28 form round trip (tools/call → InputRequiredResult → form answered → retry → result) through an
 * elicitkit host with a scripted UI, against a bare SDK client whose registered `elicitation/create` handler
 * answers the same content. Same server (plain SDK 2.4, `createMcpHandler`, in process through
 * `handler.fetch`), same process, batches interleaved with the order flipped every round. Each figure is
 * the median, over rounds, of the ratio between that round's adjacent batches: on a busy machine load
 * drifts from second to second, and pairing cancels it where medians of whole runs do not.
 *   (1) callToolWithElicitation (elicitkit's own round driver) ÷ bare SDK (target ≤ 1.10)
 *   (2) plain client.callTool on an elicitkit host (elicitkit's round driver, through the SDK's result hook) ÷ bare SDK
 * Run: node --conditions=@elicitkit/source --import tsx bench/client-mrtr/round-trip.ts
 */
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { acceptedContent, createMcpHandler, inputRequired, McpServer } from '@modelcontextprotocol/server';

const schema = {
  type: 'object' as const,
  properties: {
    name: { type: 'string' as const, title: 'Name', minLength: 1, maxLength: 100 },
    email: { type: 'string' as const, title: 'Email', format: 'email' as const },
    age: { type: 'integer' as const, title: 'Age', minimum: 0, maximum: 150 },
    plan: {
      type: 'string' as const,
      title: 'Plan',
      oneOf: [
        { const: 'free', title: 'Free' },
        { const: 'pro', title: 'Pro' },
      ],
    },
  },
  required: ['name', 'email'],
};
const answer = { name: 'Ada Lovelace', email: 'ada@example.com', age: 36, plan: 'pro' };

const handler = createMcpHandler(
  () => {
    const server = new McpServer({ name: 'bench', version: '1.0.0' });
    server.registerTool('signup', { description: 'asks one form' }, (async (ctx: {
      mcpReq: { inputResponses?: Record<string, unknown> };
    }) => {
      const got = acceptedContent(ctx.mcpReq.inputResponses, 'details') as { name?: string } | undefined;
      if (!got) {
        return inputRequired({
          inputRequests: {
            details: inputRequired.elicit({ message: 'Your details', requestedSchema: schema }),
          },
          requestState: 'opaque',
        });
      }
      return { content: [{ type: 'text', text: `welcome ${got.name}` }] };
    }) as never);
    return server;
  },
  { legacy: 'reject' } as never,
);
const transport = () =>
  new StreamableHTTPClientTransport(new URL('http://in-process.invalid/mcp'), {
    fetch: (url: string | URL | Request, init?: RequestInit) => handler.fetch(new Request(url, init)),
  } as never);
const negotiation = { versionNegotiation: { mode: 'auto' as const } };

const bare = new Client(
  { name: 'bare', version: '1.0.0' },
  { capabilities: { elicitation: { form: {} } }, ...negotiation },
);
bare.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { ...answer } }));
await bare.connect(transport());

const hosted = new Client({ name: 'elicitkit', version: '1.0.0' }, negotiation);
installElicitation(hosted, {
  ui: scriptedUI([], { form: { action: 'submit', content: { ...answer } } }),
  rateLimit: false,
  modes: ['form'],
});
await hosted.connect(transport());

type Variant = () => Promise<unknown>;
const params = { name: 'signup', arguments: {} };
const variants: Record<string, Variant> = {
  bare: () => bare.callTool(params),
  kit: () => callToolWithElicitation(hosted, params),
  kitPlain: () => hosted.callTool(params),
};

async function interleaved(
  names: string[],
  rounds: number,
  batch: number,
): Promise<Record<string, number[]>> {
  const times: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < batch; i++) await variants[name]!();
      times[name]!.push(Number(process.hrtime.bigint() - start) / batch);
    }
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const names = ['bare', 'kit', 'kitPlain'];
const ROUNDS = 80;
const BATCH = 20;
await interleaved(names, 6, BATCH); // warm-up: JIT every path
const times = await interleaved(names, ROUNDS, BATCH);
const pairedRatio = (name: string) => median(times[name]!.map((ns, round) => ns / times.bare![round]!));
const us = (ns: number) => (ns / 1000).toFixed(0);
console.log(
  `(1) callToolWithElicitation ÷ bare SDK = ${pairedRatio('kit').toFixed(3)}× per 2026 form round trip ` +
    `(target ≤ 1.10; median batch ${us(median(times.kit!))} vs ${us(median(times.bare!))} µs, ` +
    `${ROUNDS * BATCH} calls each)`,
);
console.log(
  `(2) plain callTool on an elicitkit host ÷ bare SDK = ${pairedRatio('kitPlain').toFixed(3)}× ` +
    `(median batch ${us(median(times.kitPlain!))} µs)`,
);
await bare.close();
await hosted.close();
