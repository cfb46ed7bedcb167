// @needs tools
// Issue 19: with two copies of @modelcontextprotocol/client loaded (the app's and another package's), the
// client's classes and elicitkit's would not agree; installElicitation says so at once, naming both copies.
// @mastra/mcp 2.0 ships its own copy (2.0.0, pinned) beside the workspace's, a second copy as an app would meet it;
// it comes with the host-frameworks test tool (tools/host-frameworks, installed on first use), outside the workspace.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { installTool, TOOL_INSTALL_TIMEOUT_MS } from '../../../test/support/tool-install.js';
import { installElicitation, isElicitkitError } from '../src/index.js';
import { scriptedUI } from '../src/testing/index.js';

let secondCopy: string;
beforeAll(async () => {
  const dir = await installTool('host-frameworks');
  secondCopy = join(dir, 'node_modules/@modelcontextprotocol/client/dist/index.mjs');
}, TOOL_INSTALL_TIMEOUT_MS);

describe('two copies of @modelcontextprotocol/client', () => {
  it('refuses a client of the other copy with a typed duplicate-sdk error naming both paths', async () => {
    expect(existsSync(secondCopy), `expected a second copy at ${secondCopy}`).toBe(true);
    const { Client } = (await import(
      pathToFileURL(secondCopy).href
    )) as typeof import('@modelcontextprotocol/client');
    const client = new Client({ name: 'other-copy', version: '1.0.0' });
    let error: unknown;
    try {
      installElicitation(client, { ui: scriptedUI() });
    } catch (caught) {
      error = caught;
    }
    expect(isElicitkitError(error, 'duplicate-sdk')).toBe(true);
    if (!isElicitkitError(error, 'duplicate-sdk')) return;
    expect(error.name).toBe('UsageError');
    const [theirs, ours] = error.details.paths;
    expect(theirs).toMatch(/tools\/host-frameworks\/node_modules\/@modelcontextprotocol\/client$/);
    expect(ours).toMatch(/node_modules\/@modelcontextprotocol\/client$/);
    expect(ours).not.toContain('host-frameworks');
    expect(error.message).toContain(theirs);
    expect(error.message).toContain(ours);
    // Nothing was installed on the client: no capability declared.
    expect((client as unknown as { _capabilities: object })._capabilities).toEqual({});
  });
});
