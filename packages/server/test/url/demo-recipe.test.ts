import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProtocolError } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './browser.js';
import { startDemoUrlServer } from './demo-recipe.js';
import { connectClient, until } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'elicitkit-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the demo recipe (createMcpHttpHandler + requestBearerIdentity + pages)', () => {
  it('[E-02] [E-38] set_api_key, use_api and the protected endpoint work end to end', async () => {
    const demo = await startDemoUrlServer({ dataDir: dir });
    const alice = await connectClient(demo.mcpUrl, { token: 'demo-alice' });
    try {
      const error = (await alice.client
        .callTool({ name: 'use_api', arguments: {} })
        .catch((e: unknown) => e)) as ProtocolError & {
        data: { elicitations: { url: string }[] };
      };
      expect(error).toBeInstanceOf(ProtocolError);
      expect(error.code).toBe(-32042);
      const browser = new TestBrowser();
      await browser.login(demo.base, 'alice', 'alice-pass');
      const notice = alice.nextNotice();
      expect(
        (await browser.submitSecret(error.data.elicitations[0]?.url ?? '', 'sk-demo-12345678')).status,
      ).toBe(200);
      await notice;
      expect(await alice.client.callTool({ name: 'use_api', arguments: {} })).toMatchObject({
        content: [{ text: 'The Example API accepted your key.' }],
      });
      const call = alice.client.callTool({ name: 'set_api_key', arguments: {} });
      await until(() => alice.elicitRequests.length === 1);
      await browser.submitSecret(alice.elicitRequests[0]?.url ?? '', 'not-a-valid-key');
      expect(await call).toMatchObject({
        content: [{ text: 'Your Example API key is stored on the server.' }],
      });
      expect(await alice.client.callTool({ name: 'use_api', arguments: {} })).toMatchObject({
        content: [{ text: 'The Example API refused your key; run set_api_key.' }],
      });
      expect(JSON.stringify(alice.wire)).not.toMatch(/sk-demo-12345678|not-a-valid-key/);
      for (const file of ['vault.key', 'session.key', 'elicitkit.db']) {
        expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600);
      }
    } finally {
      await alice.close();
      await demo.close();
    }
  });

  it('refuses MCP requests without a valid bearer token', async () => {
    const demo = await startDemoUrlServer({ dataDir: dir });
    try {
      await expect(connectClient(demo.mcpUrl, { token: 'demo-mallory' })).rejects.toThrow();
    } finally {
      await demo.close();
    }
  });
});
