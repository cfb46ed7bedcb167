import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { TestBrowser } from './browser.js';
import { connectClient, startTestServer, type TestClient, type TestServer } from './harness.js';

/** A test server, alice's MCP client, her logged-in browser, and the URL of the secret page `use_api` asked for. */
export interface SecretPageFixture {
  server: TestServer;
  store: MemoryElicitationStore;
  alice: TestClient;
  browser: TestBrowser;
  url: string;
  close(): Promise<void>;
}

export async function startSecretPageFixture(): Promise<SecretPageFixture> {
  const store = new MemoryElicitationStore();
  const server = await startTestServer({ store });
  const alice = await connectClient(server.mcpUrl, { token: 'demo-alice' });
  const error = (await alice.client
    .callTool({ name: 'use_api', arguments: {} })
    .catch((e: unknown) => e)) as {
    data: { elicitations: { url: string }[] };
  };
  const url = error.data.elicitations[0]?.url ?? '';
  const browser = new TestBrowser();
  await browser.login(server.base, 'alice', 'alice-pass');
  return {
    server,
    store,
    alice,
    browser,
    url,
    async close() {
      await alice.close();
      await server.close();
      await store.close();
    },
  };
}
