// The relay tests' parts (issue 27): an agent's MCP client answered through `relay.ui`, connected in memory to an
// elicitkit server whose `book` tool asks one form and returns its outcome as JSON text; and a page of the person's,
// listening and answering through the relay's fetch handler.
import { installElicitation } from '@elicitkit/client';
import type { Relay } from '@elicitkit/client/relay';
import { elicitForm, enableElicitation, text } from '@elicitkit/server';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, InMemoryTransport, McpServer } from '@modelcontextprotocol/server';

export async function bookingAgent(
  relay: Relay,
  principal: string,
  options: { stateKey?: Uint8Array; era?: '2025-11-25' | '2026-07-28' } = {},
): Promise<Client> {
  const client = new Client(
    { name: 'agent', version: '1.0.0' },
    options.era === '2026-07-28' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  installElicitation(client, { ui: relay.ui({ principal }), opener: relay.opener });
  if (options.era === '2026-07-28') {
    // Stateless: a handler made again with the same state key (a restart) takes the rounds of the one before.
    const handler = createMcpHandler(() => bookingServer(options.stateKey), { legacy: 'reject' } as never);
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://in-process.invalid/mcp'), {
        fetch: (url: string | URL | Request, init?: RequestInit) => handler.fetch(new Request(url, init)),
      } as never),
    );
    return client;
  }
  const server = bookingServer(options.stateKey);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  client.onclose = () => void server.close();
  return client;
}

/** The bistro: `book` asks one form; `book_with_note` asks two, one round each. */
function bookingServer(stateKey?: Uint8Array): McpServer {
  const server = enableElicitation(new McpServer({ name: 'bistro', version: '1.0.0' }), {
    ...(stateKey && { requestState: { key: stateKey } }),
  });
  server.registerTool('book', { description: 'Books a table' }, async (ctx) => {
    const outcome = await elicitForm(ctx, {
      message: 'Who is the booking for?',
      schema: { name: text({ minLength: 2 }).title('Name') },
    });
    return { content: [{ type: 'text', text: JSON.stringify(outcome) }] };
  });
  server.registerTool('book_with_note', { description: 'Books a table, with a note' }, async (ctx) => {
    const who = await elicitForm(ctx, {
      message: 'Who is the booking for?',
      schema: { name: text({ minLength: 2 }).title('Name') },
    });
    if (who.action !== 'accept') return { content: [{ type: 'text', text: JSON.stringify(who) }] };
    const note = await elicitForm(ctx, {
      message: 'A note for the kitchen?',
      schema: { note: text().title('Note') },
    });
    return { content: [{ type: 'text', text: JSON.stringify({ who, note }) }] };
  });
  return server;
}

/** Calls `book` and reads its outcome. */
export async function book(client: Client, options: { signal?: AbortSignal } = {}): Promise<unknown> {
  const result = await client.callTool({ name: 'book', arguments: {} }, options);
  return JSON.parse((result.content as { text: string }[])[0]!.text) as unknown;
}

/**
 * A page of `user`'s listening to the relay's event stream through its fetch handler (pages sign in with `signIn`, an `x-user` header by default in
 * these tests): every event as it comes; `next` waits for one; `close` stops listening.
 */
export function relayPage(relay: Relay, user: string, origin: string, signIn: SignIn = byHeader) {
  const stop = new AbortController();
  const events: { event: string; data: unknown }[] = [];
  const waiters: (() => void)[] = [];
  const opened = relay
    .fetch(
      new Request(`${origin}/elicitkit/questions/events`, {
        headers: signIn(user),
        signal: stop.signal,
      }),
    )
    .then(async (response) => {
      for await (const event of relayEvents(response)) {
        events.push(event);
        for (const wake of waiters.splice(0)) wake();
      }
    });

  /** Resolves with the first event named `name` (past or future) that `match` accepts. */
  const next = async (name: string, match: (data: never) => boolean = () => true) => {
    for (;;) {
      const found = events.find((e) => e.event === name && match(e.data as never));
      if (found) return found.data;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const close = async () => {
    stop.abort();
    await opened;
  };
  return { events, next, close };
}

/**
 * The named events of a relay's event stream (`event:` and JSON `data:`), as they come; ends with the stream (or its
 * abort). Leaving the loop early cancels the stream.
 */
export async function* relayEvents(response: Response): AsyncGenerator<{ event: string; data: unknown }> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) yield { event, data: JSON.parse(data) as unknown };
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** Posts `user`'s answer to question `id`, as their page on `origin` does. */
export function answerQuestion(
  relay: Relay,
  user: string,
  id: string,
  body: unknown,
  origin: string,
  headers: Record<string, string> = {},
  signIn: SignIn = byHeader,
) {
  return relay.fetch(
    new Request(`${origin}/elicitkit/questions/${id}/answer`, {
      method: 'POST',
      headers: { ...signIn(user), 'content-type': 'application/json', origin, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

/** How a test page says who it is: the headers of its requests. */
export type SignIn = (user: string) => Record<string, string>;

/** The relay tests' sign-in: an `x-user` header (their `authenticate` reads it). */
export const byHeader: SignIn = (user) => ({ 'x-user': user });
