import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** What the bridge tests' 2026-07-28 host answers the `book` form with. */
export const BOOKING = { name: 'Ada', party: 3, seating: 'indoors' };

/**
 * A 2026-07-28 host (SDK v2 with elicitkit) that calls `book` and answers its form with {@link BOOKING}: through `urls`
 * in turn (one endpoint, or several instances behind a load balancer without stickiness), with `headers` on every
 * request. Resolves with the tool's result as JSON.
 */
export async function bookThrough(urls: URL[], headers: Record<string, string> = {}): Promise<unknown> {
  let next = 0;
  const client = new Client(
    { name: 'host-2026', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  installElicitation(client, {
    ui: scriptedUI([{ form: { action: 'submit', content: BOOKING } }]),
    modes: ['form'],
  });
  await client.connect(
    new StreamableHTTPClientTransport(urls[0]!, {
      requestInit: { headers },
      fetch: (_url: string | URL | Request, init?: RequestInit) => fetch(urls[next++ % urls.length]!, init),
    } as never),
  );
  try {
    const result = await callToolWithElicitation(client, { name: 'book', arguments: {} });
    return JSON.parse((result.content[0] as { text: string }).text);
  } finally {
    await client.close();
  }
}
