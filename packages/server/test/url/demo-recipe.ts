// The demo additions of issue 6 as a recipe: examples/demo can copy this file nearly as is (imports from
// '@elicitkit/server' instead of the source). The test beside it runs it end to end.
import { join } from 'node:path';
import { McpServer, requireBearerAuth } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import { createMcpHttpHandler, listen } from '../../src/http/index.js';
import { enableElicitation } from '../../src/index.js';
import { SqliteElicitationStore } from '../../src/sqlite/index.js';
import {
  createUrlMode,
  loadOrCreateSecretFile,
  requestBearerIdentity,
  secretKind,
  staticTokenVerifier,
} from '../../src/url/index.js';
import { createLoginRoutes, SessionCookies, staticUsers } from '../../src/url/login/index.js';
import { loadOrCreateVaultKeyFile, Vault } from '../../src/url/vault/index.js';

export interface DemoOptions {
  port?: number;
  dataDir: string;
  tokens?: Record<string, string>;
  passwords?: Record<string, string>;
}

const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });

export async function startDemoUrlServer(options: DemoOptions) {
  const tokens = options.tokens ?? { 'demo-alice': 'alice', 'demo-bob': 'bob' };
  const passwords = options.passwords ?? { alice: 'alice-pass', bob: 'bob-pass' };
  const app = new Hono();
  const http = await listen(app.fetch, { port: options.port ?? 0 });
  const base = http.url.href;

  const store = new SqliteElicitationStore({ file: join(options.dataDir, 'elicitkit.db') });
  const vault = new Vault({ store, keys: await loadOrCreateVaultKeyFile(options.dataDir) });
  const verifier = staticTokenVerifier(tokens);
  const sessions = new SessionCookies({
    secret: await loadOrCreateSecretFile(options.dataDir, 'session.key'),
  });
  const elicitations = createUrlMode({
    store,
    publicBaseUrl: base,
    identity: requestBearerIdentity(verifier),
    browserIdentity: sessions.browserIdentity,
    kinds: [secretKind({ vault })],
  });

  const mcp = createMcpHttpHandler(() => {
    const server = enableElicitation(new McpServer({ name: 'elicitkit-demo', version: '1.0.0' }));
    const url = elicitations.attach(server);
    const keyRequest = {
      kind: 'secret',
      message: 'The Example API needs your API key (starts with sk-).',
      params: { name: 'example_api_key', label: 'Example API key' },
    };
    server.registerTool(
      'set_api_key',
      { description: 'Store your Example API key (browser page)' },
      async (ctx) => {
        const started = await url.start(ctx, keyRequest);
        if (started.action !== 'accept') return text(`No key stored (${started.action}).`);
        await started.completion();
        return text('Your Example API key is stored on the server.');
      },
    );
    server.registerTool(
      'use_api',
      { description: 'Call the Example API with your stored key' },
      async (ctx) => {
        const key = await vault.get(await url.user(ctx), 'example_api_key');
        if (!key) return url.require(ctx, keyRequest); // -32042
        const response = await fetch(new URL('api/example', base), {
          headers: { Authorization: `Bearer ${key}` },
        });
        return text(
          response.ok
            ? 'The Example API accepted your key.'
            : 'The Example API refused your key; run set_api_key.',
        );
      },
    );
    return server;
  });
  const gate = requireBearerAuth({ verifier });
  app.all('/mcp', async (c) => {
    const auth = await gate(c.req.raw);
    return auth instanceof Response ? auth : mcp.fetch(c.req.raw);
  });
  app.get('/api/example', (c) =>
    /^Bearer sk-[A-Za-z0-9_-]{8,}$/.test(c.req.header('authorization') ?? '')
      ? c.json({ ok: true })
      : c.json({ ok: false }, 401),
  );
  app.route('/', createLoginRoutes({ sessions, users: staticUsers(passwords) }));
  app.route('/', elicitations.routes);

  return {
    mcpUrl: new URL('mcp', base),
    base: new URL(base),
    vault,
    async close() {
      await mcp.close();
      await elicitations.close();
      await http.close();
      await store.close();
    },
  };
}
