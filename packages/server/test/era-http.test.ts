import { Client, type ElicitResult, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServedMcpHttp, serveMcpHttp } from '../src/http/index.js';
import {
  confirm,
  elicitForm,
  enableElicitation,
  generateStateKey,
  integer,
  step,
  text,
} from '../src/index.js';
import { callTool, registerTools } from './helpers/harness.js';

/**
 * One endpoint for both eras over real HTTP on loopback, and the stateless-scale claims of 2026-07-28: any
 * instance with the same key takes any round, and nothing is lost when the instance that asked is gone.
 */

let effects = 0;
const opened: ServedMcpHttp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

async function serve(key: string): Promise<ServedMcpHttp> {
  const served = await serveMcpHttp(({ era }) => {
    const server = enableElicitation(new McpServer({ name: 'era-http', version: '1.0.0' }), {
      requestState: { key },
    });
    registerTools(server, {
      era: async () => era,
      order: async (ctx) => {
        const draft = await step(ctx, 'draft', () => ({ id: ++effects }));
        const who = await elicitForm(ctx, { message: 'Name?', schema: { name: text().title('Name') } });
        if (who.action !== 'accept') return who;
        const qty = await elicitForm(ctx, {
          message: `How many for ${who.data.name}?`,
          schema: { qty: integer({ minimum: 1 }).title('Quantity') },
        });
        const ok = await confirm(ctx, 'Place it?');
        return { draft, name: who.data.name, qty, ok: ok.confirmed };
      },
    });
    return server;
  });
  opened.push(served);
  return served;
}

function answerFor(message: string, name: string): ElicitResult {
  if (message === 'Name?') return { action: 'accept', content: { name } };
  if (message.startsWith('How many')) return { action: 'accept', content: { qty: name === 'Ada' ? 2 : 1 } };
  return { action: 'accept', content: {} };
}

/** A client whose every POST goes wherever `route()` says at that moment: a load balancer in a few lines. */
async function client(era: '2025-11-25' | '2026-07-28', route: () => URL, seen: string[] = []) {
  const c = new Client(
    { name: 'era-http-client', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      ...(era === '2026-07-28' && { versionNegotiation: { mode: { pin: '2026-07-28' as const } } }),
    },
  );
  c.setRequestHandler('elicitation/create', async (request) => {
    seen.push(request.params.message);
    return answerFor(request.params.message, 'Ada');
  });
  const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
    fetch: (_url, init) => fetch(route(), init),
  });
  await c.connect(transport);
  return c;
}

describe('one endpoint, both eras', () => {
  it('[M-19] serves a 2026-07-28 client statelessly and a 2025-11-25 client on a session, same tool code', async () => {
    const served = await serve(generateStateKey());
    const modern = await client('2026-07-28', () => served.url);
    const legacy = await client('2025-11-25', () => served.url);
    expect(await callTool(modern, 'era')).toBe('2026-07-28');
    expect(await callTool(legacy, 'era')).toBe('2025-11-25');
    const expected = {
      draft: { id: expect.any(Number) },
      name: 'Ada',
      qty: { action: 'accept', data: { qty: 2 } },
      ok: true,
    };
    expect(await callTool(modern, 'order')).toEqual(expected);
    expect(await callTool(legacy, 'order')).toEqual(expected);
    expect(served.handler.sessionCount).toBe(1); // the 2025 client's; 2026 requests leave nothing behind
    await Promise.all([modern.close(), legacy.close()]);
  });

  it('[M-18] two instances, no shared store: every round goes to the other instance, and the flow completes', async () => {
    const key = generateStateKey();
    const [a, b] = [await serve(key), await serve(key)];
    let n = 0;
    const seen: string[] = [];
    const c = await client('2026-07-28', () => (n++ % 2 === 0 ? a.url : b.url), seen);
    const before = effects;
    expect(await callTool(c, 'order')).toMatchObject({ name: 'Ada', ok: true });
    expect(seen).toEqual(['Name?', 'How many for Ada?', 'Place it?']);
    expect(effects - before).toBe(1); // the step ran once though the handler ran four times
    await c.close();
  });

  it('[M-18] a restart between rounds loses nothing (same key)', async () => {
    const key = generateStateKey();
    let current = await serve(key);
    let rounds = 0;
    const c = await client('2026-07-28', () => current.url);
    c.setRequestHandler('elicitation/create', async (request) => {
      rounds++;
      // Between answering and the retry, the instance that asked goes away and a new one starts.
      await current.close();
      current = await serve(key);
      return answerFor(request.params.message, 'Bo');
    });
    expect(await callTool(c, 'order')).toMatchObject({ name: 'Bo', qty: { data: { qty: 1 } }, ok: true });
    expect(rounds).toBe(3);
    await c.close();
  });
});
