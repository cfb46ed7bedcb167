import { Client, type ElicitResult } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { describe, expect, it } from 'vitest';
import { ask, choose, confirm, elicitForm, enableElicitation, integer, step, text } from '../src/index.js';
import { inMemoryHarness } from './helpers/harness.js';

describe('2026-07-28: the same tool code over multi round-trip requests', () => {
  it('[M-01] a form elicitation returns the answer of the next round', async () => {
    const h = await inMemoryHarness({
      era: '2026-07-28',
      tools: {
        hello: async (ctx) =>
          elicitForm(ctx, { message: 'Your name?', schema: { name: text().title('Name') } }),
      },
      answer: () => ({ action: 'accept', content: { name: 'Ada' } }),
    });
    expect(await h.call('hello')).toEqual({ action: 'accept', data: { name: 'Ada' } });
    expect(h.received).toHaveLength(1);
    await h.close();
  });

  it('[E-13] a field with a default is not required in the round, and an omitted answer gets the default', async () => {
    const h = await inMemoryHarness({
      era: '2026-07-28',
      tools: {
        book: async (ctx) =>
          elicitForm(ctx, {
            message: 'Book a table',
            schema: { name: text().title('Name'), party: integer({ minimum: 1 }).title('Party').default(2) },
          }),
      },
      answer: () => ({ action: 'accept', content: { name: 'Ada' } }),
    });
    expect(await h.call('book')).toEqual({ action: 'accept', data: { name: 'Ada', party: 2 } });
    expect(h.received).toHaveLength(1); // answered in one round, not asked again
    expect(h.received[0]).toMatchObject({ requestedSchema: { required: ['name'] } });
    await h.close();
  });

  it('[M-02] a conditional sequence asks the second question from the first answer', async () => {
    let runs = 0;
    const h = await inMemoryHarness({
      era: '2026-07-28',
      tools: {
        seq: async (ctx) => {
          runs++;
          const size = await choose(ctx, 'Size?', ['small', 'large']);
          if (size.action !== 'accept') return size;
          const count = await elicitForm(ctx, {
            message: `How many ${size.data}?`,
            schema: { n: integer({ minimum: 1 }).title('Count') },
          });
          return { size: size.data, count };
        },
      },
      answer: (p) => ({
        action: 'accept',
        content: ('requestedSchema' in p && 'n' in p.requestedSchema.properties
          ? { n: 3 }
          : { answer: 'large' }) as Record<string, string | number>,
      }),
    });
    expect(await h.call('seq')).toEqual({ size: 'large', count: { action: 'accept', data: { n: 3 } } });
    expect(h.received.map((p) => p.message)).toEqual(['Size?', 'How many large?']);
    expect(runs).toBe(3);
    await h.close();
  });

  it('[M-02] asks made together go out together in one round', async () => {
    let runs = 0;
    const h = await inMemoryHarness({
      era: '2026-07-28',
      tools: {
        both: async (ctx) => {
          runs++;
          const [a, b] = await Promise.all([confirm(ctx, 'First?'), ask(ctx, 'Second?', text())]);
          return { a: a.action, b };
        },
      },
      answer: (p) =>
        p.message === 'First?' ? { action: 'decline' } : { action: 'accept', content: { answer: 'x' } },
    });
    expect(await h.call('both')).toEqual({ a: 'decline', b: { action: 'accept', data: 'x' } });
    expect(runs).toBe(2);
    await h.close();
  });

  it('a step runs once per flow and its value comes back on later rounds', async () => {
    let created = 0;
    const h = await inMemoryHarness({
      era: '2026-07-28',
      tools: {
        order: async (ctx) => {
          const draft = await step(ctx, 'draft', () => ({ id: `d${++created}` }));
          const ok = await confirm(ctx, `Place ${draft.id}?`);
          return { draft, ok: ok.confirmed };
        },
      },
      answer: () => ({ action: 'accept', content: {} }),
    });
    expect(await h.call('order')).toEqual({ draft: { id: 'd1' }, ok: true });
    expect(created).toBe(1);
    await h.close();
  });
});

describe('2026-07-28: prompts and resources ask too', () => {
  it('[M-01] elicitations inside prompts/get and resources/read handlers', async () => {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const served = serveStdio(
      () => {
        const server = enableElicitation(new McpServer({ name: 'm01', version: '1.0.0' }));
        server.registerPrompt('greet', { description: 'Greets' }, async (ctx) => {
          const who = await ask(ctx, 'Whom to greet?', text());
          const name = who.action === 'accept' ? who.data : 'nobody';
          return { messages: [{ role: 'user', content: { type: 'text', text: `Hello ${name}` } }] };
        });
        server.registerResource('note', 'note://today', {}, async (uri, ctx) => {
          const ok = await confirm(ctx, 'Read today’s note?');
          return { contents: [{ uri: uri.href, text: ok.confirmed ? 'the note' : 'refused' }] };
        });
        return server;
      },
      { transport: serverTransport },
    );
    const client = new Client(
      { name: 'c', version: '1' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    client.setRequestHandler(
      'elicitation/create',
      async (request): Promise<ElicitResult> =>
        request.params.message === 'Whom to greet?'
          ? { action: 'accept', content: { answer: 'Ada' } }
          : { action: 'accept', content: {} },
    );
    await client.connect(clientTransport);
    const prompt = await client.getPrompt({ name: 'greet' });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Hello Ada' });
    const resource = await client.readResource({ uri: 'note://today' });
    expect(resource.contents[0]).toMatchObject({ text: 'the note' });
    await client.close();
    await served.close();
  });
});
