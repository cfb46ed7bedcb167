import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type McpServer, UrlElicitationRequiredError } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  callToolWithElicitation,
  type FormPrompt,
  type InstallElicitationOptions,
  installElicitation,
} from '../src/index.js';
import { holdUntilWithdrawn, scriptedUI } from '../src/testing/index.js';
import { startSdkHttpServer } from './helpers/http-server.js';
import { recordingOpener, until } from './helpers/wait.js';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.reverse()) await close();
  cleanup = [];
});

async function setup(
  register: (server: McpServer) => void,
  options: Partial<InstallElicitationOptions> = {},
) {
  const server = await startSdkHttpServer(register);
  cleanup.push(server.close);
  const ui = scriptedUI();
  const client = new Client({ name: 'elicitkit-http-test', version: '0.0.0' });
  const host = installElicitation(client, { ui, opener: recordingOpener(), rateLimit: false, ...options });
  await client.connect(new StreamableHTTPClientTransport(server.url));
  cleanup.push(() => client.close());
  return { server, ui, client, host };
}

const text = (result: { content?: unknown }) => (result.content as { text: string }[])[0]?.text;

/** Lets a raw server send requests the SDK's typed helpers would refuse to build. */
const anyResult = z.looseObject({});

describe('over Streamable HTTP, against servers written with the raw SDK', () => {
  it('[E-13] answers a form elicitation from an SDK tool with the reviewed defaults', async () => {
    const { client, ui } = await setup((mcp) => {
      mcp.registerTool('greet', { description: 'Greets' }, async (ctx) => {
        const answer = await ctx.mcpReq.elicitInput({
          mode: 'form',
          message: 'What is your name?',
          requestedSchema: {
            type: 'object',
            properties: { name: { type: 'string', default: 'Ada' }, age: { type: 'integer', minimum: 0 } },
            required: ['name'],
          },
        });
        return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
      });
    });
    ui.push({ form: (prompt) => ({ action: 'submit', content: { ...prompt.initial, age: 36 } }) });
    const result = await client.callTool({ name: 'greet', arguments: {} });
    expect(JSON.parse(text(result)!)).toEqual({ action: 'accept', content: { name: 'Ada', age: 36 } });
    expect((ui.prompts[0] as FormPrompt).requester).toEqual({
      name: 'sdk-http-server',
      title: 'SDK HTTP Server',
      version: '2.0.0',
    });
  });

  it('[E-17] consents to a URL elicitation and sees its completion notification', async () => {
    const { client, ui, host } = await setup((mcp) => {
      mcp.registerTool('connect', { description: 'Connects' }, async (ctx) => {
        const answer = await ctx.mcpReq.elicitInput({
          mode: 'url',
          message: 'Connect your account',
          url: 'https://example.com/connect/abc',
          elicitationId: 'abc',
        });
        if (answer.action === 'accept')
          setTimeout(() => void mcp.server.createElicitationCompletionNotifier('abc')(), 20);
        return { content: [{ type: 'text', text: answer.action }] };
      });
    });
    ui.push({ url: { action: 'consent' } });
    const completed = new Promise<string>((resolve) =>
      host.on('complete', (event) => resolve(event.elicitationId)),
    );
    const result = await client.callTool({ name: 'connect', arguments: {} });
    expect(text(result)).toBe('accept');
    expect(await completed).toBe('abc');
  });

  it('[E-21] completes the -32042 loop against an SDK tool that throws UrlElicitationRequiredError', async () => {
    let server!: McpServer;
    let connected = false;
    const { client, ui } = await setup(
      (mcp) => {
        server = mcp;
        mcp.registerTool('repos', { description: 'Lists repositories' }, async () => {
          if (!connected) {
            throw new UrlElicitationRequiredError([
              {
                mode: 'url',
                message: 'Connect GitHub',
                url: 'https://example.com/github/e9',
                elicitationId: 'e9',
              },
            ]);
          }
          return { content: [{ type: 'text', text: 'octocat/hello-world' }] };
        });
      },
      {
        // The fake browser finishes the flow: the server records it and notifies the client.
        opener: async () => {
          connected = true;
          setTimeout(() => void server.server.createElicitationCompletionNotifier('e9')(), 20);
        },
      },
    );
    ui.push({ url: { action: 'consent' } });
    const result = await callToolWithElicitation(client, { name: 'repos', arguments: {} });
    expect(text(result)).toBe('octocat/hello-world');
    expect(ui.prompts).toHaveLength(1);
  });

  it('[E-39] [E-49] answers hostile requests from an SDK server with -32602 it can read', async () => {
    const { client, ui } = await setup(
      (mcp) => {
        mcp.registerTool('hostile', { description: 'Sends crafted requests' }, async (ctx) => {
          const attempts = [
            { mode: 'url', message: 'x', url: 'https://example.com/', elicitationId: 'u1' },
            {
              mode: 'form',
              message: 'x',
              requestedSchema: { type: 'object', properties: { a: { type: 'object' } } },
            },
            {
              mode: 'form',
              message: 'x',
              requestedSchema: { type: 'object', properties: { a: { type: 'string', pattern: '(a)\\1' } } },
            },
          ];
          const outcomes: string[] = [];
          for (const params of attempts) {
            try {
              await ctx.mcpReq.send({ method: 'elicitation/create', params }, anyResult);
              outcomes.push('answered');
            } catch (error) {
              outcomes.push(`${(error as { code: number }).code} ${(error as Error).message}`);
            }
          }
          return { content: [{ type: 'text', text: JSON.stringify(outcomes) }] };
        });
      },
      { modes: ['form'] },
    );
    const outcomes = JSON.parse(text(await client.callTool({ name: 'hostile', arguments: {} }))!) as string[];
    expect(outcomes[0]).toMatch(/^-32602 .*params\.mode "url" was not declared/);
    expect(outcomes[1]).toMatch(/^-32602 .*properties\.a/);
    expect(outcomes[2]).toMatch(/^-32602 .*properties\.a\.pattern/);
    expect(ui.prompts).toHaveLength(0);
  });

  it('withdraws the prompt when the SDK server gives up on the request (notifications/cancelled)', async () => {
    const { client, ui } = await setup((mcp) => {
      mcp.registerTool('impatient', { description: 'Waits briefly' }, async (ctx) => {
        const outcome = await ctx.mcpReq
          .elicitInput(
            { mode: 'form', message: 'Quick!', requestedSchema: { type: 'object', properties: {} } },
            { timeout: 200 },
          )
          .then(
            (result) => result.action,
            (error: Error) => `gave up: ${error.message}`,
          );
        return { content: [{ type: 'text', text: outcome }] };
      });
    });
    ui.push({ form: holdUntilWithdrawn });
    const result = await client.callTool({ name: 'impatient', arguments: {} });
    expect(text(result)).toMatch(/^gave up/);
    const prompt = ui.prompts[0] as FormPrompt;
    await until(() => prompt.signal.aborted, 'the prompt to be withdrawn');
  });
});
