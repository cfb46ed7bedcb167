// An agent's MCP client on the server for the relay tests (issue 27): an SDK client answered through `relay.ui`,
// connected in memory to an elicitkit server whose `book` tool asks one form and returns its outcome as JSON text.
import { installElicitation } from '@elicitkit/client';
import type { Relay } from '@elicitkit/client/relay';
import { elicitForm, enableElicitation, text } from '@elicitkit/server';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';

export async function bookingAgent(relay: Relay, principal: string): Promise<Client> {
  const server = enableElicitation(new McpServer({ name: 'bistro', version: '1.0.0' }));
  server.registerTool('book', { description: 'Books a table' }, async (ctx) => {
    const outcome = await elicitForm(ctx, {
      message: 'Who is the booking for?',
      schema: { name: text({ minLength: 2 }).title('Name') },
    });
    return { content: [{ type: 'text', text: JSON.stringify(outcome) }] };
  });
  const client = new Client({ name: 'agent', version: '1.0.0' });
  installElicitation(client, { ui: relay.ui({ principal }), opener: relay.opener });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  client.onclose = () => void server.close();
  return client;
}

/** Calls `book` and reads its outcome. */
export async function book(client: Client, options: { signal?: AbortSignal } = {}): Promise<unknown> {
  const result = await client.callTool({ name: 'book', arguments: {} }, options);
  return JSON.parse((result.content as { text: string }[])[0]!.text) as unknown;
}
