// The relay benchmarks' parts: an agent whose tool asks the contact form, a page of a person's over HTTP that
// hears each question, and its answer. Not an entry of its own (no run command in its header).
import { installElicitation, type UrlOpener } from '@elicitkit/client';
import type { Question } from '@elicitkit/client/relay';
import { elicitForm, enableElicitation } from '@elicitkit/server';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { answerFor, contactSchema } from '../server-form/contact.js';

export const SCHEMA = contactSchema(0);
export const ANSWER = answerFor(SCHEMA);

/** An agent: an SDK client whose tool call asks the contact form, answered through `ui`. */
export async function agent(ui: Parameters<typeof installElicitation>[1]['ui'], opener?: UrlOpener) {
  const server = enableElicitation(new McpServer({ name: 'bench', version: '1.0.0' }), {
    progressIntervalMs: false,
  });
  server.registerTool('ask', { description: 'asks the contact form' }, async (ctx) => {
    await elicitForm(ctx, { message: 'Your details', schema: SCHEMA as never });
    return { content: [{ type: 'text', text: 'done' }] };
  });
  const client = new Client({ name: 'bench-agent', version: '1.0.0' });
  installElicitation(client, { ui, rateLimit: false, ...(opener && { opener }) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return { call: () => client.callTool({ name: 'ask', arguments: {} }), close: () => client.close() };
}

/**
 * A page of `user`'s over HTTP on the relay at `base` (e.g. `http://127.0.0.1:1234/elicitkit`): calls `onQuestion`
 * with each question as it arrives (and when). Resolves once its snapshot came; returns what closes it.
 */
export async function page(base: string, user: string, onQuestion: (question: Question, at: number) => void) {
  const stop = new AbortController();
  const response = await fetch(`${base}/questions/events`, {
    headers: { 'x-user': user },
    signal: stop.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let snapshot!: () => void;
  const ready = new Promise<void>((resolve) => (snapshot = resolve));
  void (async () => {
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: '' }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('event: snapshot')) snapshot();
        if (block.startsWith('event: asked')) {
          const at = performance.now();
          onQuestion(JSON.parse(block.slice(block.indexOf('data: ') + 6)) as Question, at);
        }
      }
    }
  })();
  await ready;
  return () => stop.abort();
}

/** The page's answer to question `id`: the contact form filled in. */
export const answer = (base: string, user: string, id: string) =>
  fetch(`${base}/questions/${id}/answer`, {
    method: 'POST',
    headers: { 'x-user': user, 'content-type': 'application/json', origin: new URL(base).origin },
    body: JSON.stringify({ action: 'submit', content: ANSWER }),
  });

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
export const ms = (value: number) => `${value.toFixed(2)} ms`;
