import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveV1Sessions } from '../../../test/support/v1-http-sessions.js';
import { createV1Server } from '../../client/test/helpers/server-v1.js';
import { createBridge, serveBridgeHttp } from '../src/index.js';

/**
 * Issue 40: no silent answer on a person's behalf, anywhere in the bridge. Where the bridge has nobody to ask (the
 * rate limit's "allow more?", a form pushed while no call holds the connection), upstream hears an error with why,
 * never a `decline` or `cancel` nobody gave.
 */

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close().catch(() => {});
});

const CONFIRM = { mode: 'form', message: 'Go on?', requestedSchema: { type: 'object', properties: {} } };

/** What each of upstream's requests came back as: the action, or the error's code and words. */
async function heardOf(ask: () => Promise<{ action: string }>): Promise<string> {
  try {
    return (await ask()).action;
  } catch (error) {
    const { code, message } = error as { code?: number; message: string };
    return `error ${code}: ${message}`;
  }
}

async function bridgeTo(url: URL): Promise<URL> {
  const bridge = createBridge({ upstream: { kind: 'http', url }, log: () => {} });
  const served = await serveBridgeHttp(bridge);
  cleanup.push(() => served.close());
  return served.url!;
}

async function host2025(url: URL): Promise<{ client: V1Client; asked: () => number }> {
  const client = new V1Client(
    { name: 'host-2025', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  let asked = 0;
  client.setRequestHandler(ElicitRequestSchema, async () => {
    asked++;
    return { action: 'accept', content: {} };
  });
  await client.connect(new V1HttpTransport(url));
  cleanup.push(() => client.close());
  return { client, asked: () => asked };
}

describe('where the bridge has nobody to ask', () => {
  it('[E-43] a call asking past the rate limit: the host answers what fits; upstream hears an error for the rest, never cancel', async () => {
    const heard: string[] = [];
    const upstream = await serveV1Sessions(() => {
      const server = createV1Server();
      server.registerTool('pester', { description: 'asks twelve times' }, async (extra) => {
        for (let i = 0; i < 12; i++) {
          heard.push(
            await heardOf(() =>
              extra.sendRequest(
                { method: 'elicitation/create', params: CONFIRM } as never,
                ElicitResultSchema,
              ),
            ),
          );
        }
        return { content: [{ type: 'text', text: 'done' }] };
      });
      return server;
    });
    cleanup.push(() => upstream.close());
    const { client, asked } = await host2025(await bridgeTo(upstream.url));
    await client.callTool({ name: 'pester', arguments: {} });
    // The default budget is ten requests during a call (DEFAULT_RATE_LIMIT.perCall).
    expect(asked()).toBe(10);
    expect(heard.slice(0, 10)).toEqual(Array(10).fill('accept'));
    for (const refused of heard.slice(10)) {
      expect(refused).toMatch(
        /^error -32602: .*wants to ask more\. The bridge refuses the rest; nobody was asked\./,
      );
    }
  });

  it('a form pushed after the call ended (no call holds the connection): upstream hears why, not a decline', async () => {
    const heard: string[] = [];
    const upstream = await serveV1Sessions(() => {
      const server = createV1Server();
      server.registerTool('later', { description: 'asks after answering' }, async () => {
        setTimeout(
          () => void heardOf(() => server.server.elicitInput(CONFIRM as never)).then((h) => heard.push(h)),
          50,
        );
        return { content: [{ type: 'text', text: 'answered now, asks later' }] };
      });
      return server;
    });
    cleanup.push(() => upstream.close());
    const { client, asked } = await host2025(await bridgeTo(upstream.url));
    await client.callTool({ name: 'later', arguments: {} });
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]).toMatch(/^error -32602: .*The bridge has no host to ask outside a call/);
    expect(asked()).toBe(0);
  });
});
