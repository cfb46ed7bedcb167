// Issue 29: a CommonJS app `require`s the v2 SDK's CommonJS build, while elicitkit (an ES module, which the app loads
// with `require` too) imports the ES module build: the same SDK package, two sets of classes. Both sides accept the
// app's objects and answer a form end to end over the SDK's in-memory transport; the packed-tarball apps in
// test/consumer prove the same from real `require`.
import { createRequire } from 'node:module';
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { elicitForm, enableElicitation, text } from '@elicitkit/server';
import type * as ClientSdk from '@modelcontextprotocol/client';
import * as ClientEsm from '@modelcontextprotocol/client';
import type * as ServerSdk from '@modelcontextprotocol/server';
import * as ServerEsm from '@modelcontextprotocol/server';
import type * as StdioSdk from '@modelcontextprotocol/server/stdio';
import * as StdioEsm from '@modelcontextprotocol/server/stdio';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const clientCjs = require('@modelcontextprotocol/client') as typeof ClientSdk;
const serverCjs = require('@modelcontextprotocol/server') as typeof ServerSdk;
const stdioCjs = require('@modelcontextprotocol/server/stdio') as typeof StdioSdk;

function shop(sdk: typeof ServerSdk) {
  const server = enableElicitation(new sdk.McpServer({ name: 'shop', version: '1.0.0' }));
  server.registerTool('order', { description: 'Places an order' }, async (ctx) => {
    const outcome = await elicitForm(ctx, { message: 'Your name?', schema: { name: text().title('Name') } });
    return {
      content: [{ type: 'text', text: outcome.action === 'accept' ? `For ${outcome.data.name}.` : 'No.' }],
    };
  });
  return server;
}

describe('CommonJS builds of the v2 SDK', () => {
  it('are other classes than the ES module builds elicitkit imports (the case this covers)', () => {
    expect(clientCjs.Client).not.toBe(ClientEsm.Client);
    expect(serverCjs.McpServer).not.toBe(ServerEsm.McpServer);
  });

  for (const [serverBuild, clientBuild] of [
    ['CommonJS', 'CommonJS'],
    ['CommonJS', 'ES module'],
    ['ES module', 'CommonJS'],
  ] as const) {
    it(`a ${serverBuild} server and a ${clientBuild} host answer a form, on 2026-07-28 and 2025-11-25`, async () => {
      const [serverSdk, stdio] = serverBuild === 'CommonJS' ? [serverCjs, stdioCjs] : [ServerEsm, StdioEsm];
      const sdk = clientBuild === 'CommonJS' ? clientCjs : ClientEsm;
      const texts: string[] = [];
      for (const revision of ['2026-07-28', '2025-11-25'] as const) {
        const client = new sdk.Client(
          { name: 'host', version: '1.0.0' },
          {
            versionNegotiation: revision === '2025-11-25' ? { mode: 'legacy' } : { mode: { pin: revision } },
          },
        );
        installElicitation(client, {
          ui: scriptedUI([{ form: () => ({ action: 'submit', content: { name: 'Ada' } }) }]),
        });
        const [clientSide, serverSide] = sdk.InMemoryTransport.createLinkedPair();
        // The SDK's stdio serving over the in-memory pair: a server per 2026 request, one session for 2025.
        const served = stdio.serveStdio(() => shop(serverSdk), { transport: serverSide });
        await client.connect(clientSide);
        const result = await callToolWithElicitation(client, { name: 'order', arguments: {} });
        texts.push(
          `${client.getNegotiatedProtocolVersion()}: ${(result.content as { text: string }[])[0]!.text}`,
        );
        await client.close();
        await served.close();
      }
      expect(texts).toEqual(['2026-07-28: For Ada.', '2025-11-25: For Ada.']);
    });
  }
});
