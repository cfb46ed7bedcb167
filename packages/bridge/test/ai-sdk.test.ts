// @needs tools
// Issue 28: the AI SDK's MCP client (`@ai-sdk/mcp` 2.0, from the host-frameworks test tool) as the downstream host of
// the bridge: it speaks the 2025 push and answers with its `onElicitationRequest`, here wired to elicitkit's pipeline
// as the client README's recipe does; upstream asks in 2026-07-28 rounds.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElicitationHandler } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NODE_TS } from '../../../test/support/node-ts.js';
import { installTool, TOOL_INSTALL_TIMEOUT_MS } from '../../../test/support/tool-install.js';
import { createBridge, type ServedBridge, serveBridgeHttp } from '../src/index.js';

/** The AI SDK's MCP client, as far as this test uses it. */
interface AiSdkClient {
  onElicitationRequest(schema: unknown, handler: (request: { params: unknown }) => Promise<unknown>): void;
  callTool(call: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}
interface HostFrameworks {
  createMCPClient(options: {
    transport: { type: 'http'; url: string };
    capabilities?: unknown;
  }): Promise<AiSdkClient>;
  ElicitationRequestSchema: unknown;
}

let frameworks: HostFrameworks;
let served: ServedBridge;
beforeAll(async () => {
  const dir = await installTool('host-frameworks');
  frameworks = (await import(pathToFileURL(join(dir, 'index.mjs')).href)) as HostFrameworks;
  const [node, ...tsx] = NODE_TS;
  const bridge = createBridge({
    upstream: {
      kind: 'stdio',
      command: node!,
      args: [...tsx, join(import.meta.dirname, '../../../test/support/stdio-server-2026.ts')],
    },
  });
  served = await serveBridgeHttp(bridge);
}, TOOL_INSTALL_TIMEOUT_MS);
afterAll(() => served?.close());

it("an AI SDK agent's MCP client answers a 2026-07-28 upstream's form through the bridge", async () => {
  const elicit = createElicitationHandler({
    ui: scriptedUI([{ form: { action: 'submit', content: { name: 'Grace' } } }]),
    modes: ['form'],
  });
  const mcp = await frameworks.createMCPClient({
    transport: { type: 'http', url: served.url!.href },
    capabilities: elicit.capabilities,
  });
  try {
    mcp.onElicitationRequest(frameworks.ElicitationRequestSchema, (request) => elicit.answer(request.params));
    const result = (await mcp.callTool({ name: 'ask', arguments: {} })) as { content: { text: string }[] };
    expect(result.content[0]?.text).toBe('ANSWER {"action":"accept","content":{"name":"Grace"}}');
  } finally {
    await mcp.close();
  }
});
