import { TestBrowser } from '../../url/browser.js';
import { connectClient, type TestClient } from '../../url/harness.js';
import { connectThroughProvider } from './browser.js';
import { expectUrlRequired } from './mcp.js';
import type { OAuthRig } from './rig.js';

/** An MCP client of alice whose Example Calendar connection is made (through the real flow). */
export async function connectedAlice(rig: OAuthRig): Promise<TestClient> {
  const alice = await connectClient(rig.mcpUrl, { token: 'demo-alice' });
  const [elicitation] = await expectUrlRequired(alice);
  const browser = new TestBrowser();
  await browser.login(rig.base, 'alice', 'alice-pass');
  const notice = alice.nextNotice();
  const outcome = await connectThroughProvider(browser, elicitation?.url ?? '');
  if (!outcome.text.includes('connected')) throw new Error(`connect failed: ${outcome.text.slice(0, 300)}`);
  await notice;
  return alice;
}
