import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  type McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectThroughProvider } from '../oauth/helpers/browser.js';
import { type OAuthRig, startOAuthRig } from '../oauth/helpers/rig.js';
import { TestBrowser } from '../url/browser.js';
import { until } from '../url/harness.js';

/**
 * Third-party OAuth on a v1 SDK server: the demo's `list_calendar_events` on a v1 McpServer, the v1 SDK's client as
 * the host. `url.oauth.accessToken` throws -32042 until the user connects Example Calendar in the browser; the
 * completion notice goes to that session; the retry gets the user's events.
 */

let rig: OAuthRig;
let client: V1Client;
const notices: string[] = [];

beforeAll(async () => {
  rig = await startOAuthRig({ sdk: 'v1' });
  client = new V1Client(
    { name: 'v1-host', version: '1.0.0' },
    { capabilities: { elicitation: { form: {}, url: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept' }));
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n) => {
    notices.push(n.params.elicitationId);
  });
  await client.connect(
    new StreamableHTTPClientTransport(rig.mcpUrl, {
      requestInit: { headers: { authorization: 'Bearer demo-alice' } },
    }),
  );
});
afterAll(async () => {
  await client?.close();
  await rig?.close();
});

const text = (result: unknown) =>
  (result as { content: Array<{ text: string }> }).content.map((c) => c.text).join('\n');

describe('third-party OAuth on a v1 SDK server', () => {
  it('[E-35] [E-36] -32042, connect at the provider, completion notice, then the events; disconnect forgets them', async () => {
    const error = await client.callTool({ name: 'list_calendar_events', arguments: {} }).then(
      (result) => result,
      (e: unknown) => e,
    );
    expect((error as McpError).code).toBe(-32042);
    const [elicitation] = (
      error as McpError & {
        data: { elicitations: Array<{ url: string; elicitationId: string; message: string }> };
      }
    ).data.elicitations;
    expect(elicitation?.message).toContain('Example Calendar');
    const browser = new TestBrowser();
    await browser.login(rig.base, 'alice', 'alice-pass');
    const outcome = await connectThroughProvider(browser, elicitation?.url ?? '');
    expect(outcome.text).toContain('Example Calendar connected');
    await until(() => notices.length === 1);
    expect(notices).toEqual([elicitation?.elicitationId]);
    const events = text(await client.callTool({ name: 'list_calendar_events', arguments: {} }));
    expect(events).toContain('Dentist');
    expect(events).not.toContain('Bob: gym');
    expect(
      JSON.parse(text(await client.callTool({ name: 'disconnect_calendar', arguments: {} }))),
    ).toMatchObject({
      removed: true,
    });
    expect(
      await client.callTool({ name: 'list_calendar_events', arguments: {} }).catch((e: McpError) => e.code),
    ).toBe(-32042);
  });
});
