// The contact form the server-form benchmarks (form.ts, shapes.ts) and bench/bridge ask, the answer to it, and
// the client that gives that answer.
import { Client } from '@modelcontextprotocol/client';
import {
  type ElicitRequestFormParams,
  InMemoryTransport,
  type McpServer,
} from '@modelcontextprotocol/server';

export type RequestedSchema = ElicitRequestFormParams['requestedSchema'];

/** A realistic contact form; `i` makes every schema distinct (names and bounds), as per-call forms are. */
export function contactSchema(i: number): RequestedSchema {
  return {
    type: 'object',
    properties: {
      [`name_${i}`]: { type: 'string', title: 'Name', minLength: 1, maxLength: 100 },
      [`email_${i}`]: { type: 'string', title: 'Email', format: 'email' },
      age: { type: 'integer', title: 'Age', minimum: i % 18, maximum: 150 },
      plan: {
        type: 'string',
        title: 'Plan',
        oneOf: [
          { const: 'free', title: 'Free' },
          { const: 'pro', title: 'Pro' },
        ],
      },
    },
    required: [`name_${i}`, `email_${i}`],
  };
}

/** The answer a person would give to any contact schema above. */
export function answerFor(schema: RequestedSchema): Record<string, string | number> {
  const content: Record<string, string | number> = {};
  for (const name of Object.keys(schema.properties)) {
    if (name.startsWith('name_')) content[name] = 'Ada Lovelace';
    else if (name.startsWith('email_')) content[name] = 'ada@example.com';
    else if (name === 'age') content[name] = 36;
    else if (name === 'plan') content[name] = 'pro';
  }
  return content;
}

/** Connects a real SDK client to `server` over the in-memory transport; it accepts every form with `answerFor`. */
export async function connectAnsweringClient(server: McpServer): Promise<Client> {
  const client = new Client(
    { name: 'bench-client', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    const params = request.params as ElicitRequestFormParams;
    return { action: 'accept', content: answerFor(params.requestedSchema) };
  });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return client;
}
