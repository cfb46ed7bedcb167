import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Server as V1Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer as V1McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { McpServer } from '@modelcontextprotocol/server';
import { Server as Server117 } from 'mcp-sdk-1-17/server/index.js';
import { CallToolRequestSchema as CallToolRequestSchema117 } from 'mcp-sdk-1-17/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { elicitationAvailability, enableElicitation } from '../../src/index.js';
import { rawSession } from '../helpers/raw-client.js';

/** What `enableElicitation` accepts and refuses, and the v1 internals it relies on, pinned against the installed SDKs. */

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    const e = error as Error & { code?: string; details?: unknown };
    return { name: e.name, code: e.code, message: e.message, details: e.details };
  }
  throw new Error('expected a refusal');
}

describe('enableElicitation on the v1 SDK', () => {
  it.each([
    [
      '1.32',
      () => new V1Server({ name: 's', version: '1' }, { capabilities: { tools: {} } }),
      CallToolRequestSchema,
    ],
    [
      '1.17',
      () => new Server117({ name: 's', version: '1' }, { capabilities: { tools: {} } }),
      CallToolRequestSchema117,
    ],
  ] as const)(
    '[F-01] [F-03] pins v1 %s: Server._oninitialize yields the negotiated revision, which gates what is asked',
    async (_version, make, schema) => {
      for (const [protocolVersion, expected] of [
        ['2024-11-05', { form: 'mode-not-declared', url: 'mode-not-declared' }],
        ['2025-06-18', { form: 'available', url: 'mode-not-declared' }],
      ] as const) {
        const server = make() as unknown as V1Server;
        expect(typeof (server as unknown as { _oninitialize?: unknown })._oninitialize).toBe('function');
        enableElicitation(server);
        server.setRequestHandler(schema as typeof CallToolRequestSchema, async (_request, extra) => ({
          content: [
            {
              type: 'text',
              text: JSON.stringify({
                form: elicitationAvailability(extra, 'form'),
                url: elicitationAvailability(extra, 'url'),
              }),
            },
          ],
        }));
        const session = await rawSession(server as never, {
          protocolVersion,
          capabilities: { elicitation: { form: {}, url: {} } },
          name: 'pin',
          onElicitation: () => {},
        });
        expect(await session.call('why')).toEqual(expected);
        await session.close();
      }
    },
  );

  it('takes a v1 McpServer or Server and returns it', () => {
    const mcp = new V1McpServer({ name: 's', version: '1' });
    expect(enableElicitation(mcp)).toBe(mcp);
    const low = new V1Server({ name: 's', version: '1' });
    expect(enableElicitation(low)).toBe(low);
    expect(enableElicitation(low)).toBe(low); // once is enough; twice is harmless
  });

  it('refuses a v1 server that is already connected: its revision was negotiated unseen', async () => {
    const server = new V1McpServer({ name: 's', version: '1' });
    const session = await rawSession(server as never, {
      capabilities: {},
      name: 'early',
      onElicitation: () => {},
    });
    expect(refusal(() => enableElicitation(server))).toMatchObject({
      name: 'UsageError',
      code: 'unsupported-server',
      message: 'enableElicitation: call it before connecting the server (server.connect(transport))',
    });
    await session.close();
  });

  it('refuses a v1 server whose tools were registered first', () => {
    const server = new V1McpServer({ name: 's', version: '1' });
    server.registerTool('t', { description: 'd' }, async () => ({ content: [] }));
    expect(refusal(() => enableElicitation(server))).toMatchObject({
      name: 'UsageError',
      code: 'invalid-option',
    });
  });

  it('refuses a v1 version without Server._oninitialize, saying which versions work', () => {
    const server = new V1Server({ name: 's', version: '1' });
    Object.defineProperty(server, '_oninitialize', { value: undefined });
    expect(refusal(() => enableElicitation(server))).toMatchObject({
      code: 'unsupported-server',
      message: expect.stringMatching(/@modelcontextprotocol\/sdk 1\.17 to 1\.32/),
    });
  });

  it('refuses what is not a server of either SDK', () => {
    expect(refusal(() => enableElicitation({} as never))).toMatchObject({
      name: 'UsageError',
      code: 'unsupported-server',
      message:
        'enableElicitation: expected an McpServer or Server of @modelcontextprotocol/server 2.x or @modelcontextprotocol/sdk 1.x, got an object of class Object',
    });
  });
});

describe('two copies of the v2 SDK (issue 19)', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a server from another copy of @modelcontextprotocol/server is refused at once, naming both copies', async () => {
    const ours = dirname(dirname(fileURLToPath(import.meta.resolve('@modelcontextprotocol/server'))));
    dir = await mkdtemp(join(tmpdir(), 'elicitkit-copies-'));
    const scope = join(dir, 'node_modules', '@modelcontextprotocol');
    await mkdir(scope, { recursive: true });
    const theirs = join(scope, 'server');
    await cp(ours, theirs, { recursive: true });
    // Its dependencies are the same files as ours; only the server package is a second copy.
    await symlink(join(dirname(ours), 'core'), join(scope, 'core'), 'dir');
    await symlink(join(dirname(dirname(ours)), 'zod'), join(dir, 'node_modules', 'zod'), 'dir');
    const copy = (await import(pathToFileURL(join(theirs, 'dist', 'index.mjs')).href)) as {
      McpServer: typeof McpServer;
    };
    const foreign = new copy.McpServer({ name: 'app', version: '1' });
    expect(foreign).not.toBeInstanceOf(McpServer);
    const error = refusal(() => enableElicitation(foreign));
    expect(error).toMatchObject({
      name: 'UsageError',
      code: 'duplicate-sdk',
      details: { package: '@modelcontextprotocol/server', paths: [theirs, ours] },
    });
    expect(error.message).toContain(
      `Yours comes from ${theirs} (ES module build); elicitkit loads ${ours} (ES module build).`,
    );
    expect(refusal(() => enableElicitation(foreign.server))).toMatchObject({ code: 'duplicate-sdk' });
  });
});
