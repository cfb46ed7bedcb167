import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Bridge, createBridge } from '@elicitkit/bridge';
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { type ServedMcpHttp, serveMcpHttp } from '@elicitkit/server/http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemo } from '../../../examples/demo/src/demo-server.js';
import { DEFAULT_USERS } from '../../../examples/demo/src/users.js';
import { taskWireClient, type Wire } from '../../../packages/server/test/tasks/wire-client.js';

// The demo's long-running tool, on its real server (SQLite in a temporary data directory). Its work waits on an
// injected clock that never waits, so the test takes no seconds.
const dir = mkdtempSync(join(tmpdir(), 'elicitkit-demo-export-'));
let demo: RunningDemo;
const alice = DEFAULT_USERS[0] as (typeof DEFAULT_USERS)[number];
let slept = 0;

beforeAll(async () => {
  demo = await startDemo({
    port: 0,
    dataDir: dir,
    users: DEFAULT_USERS,
    clock: {
      now: Date.now,
      sleep: async (ms) => {
        slept += ms;
      },
    },
    logger: { info() {}, warn() {} },
  });
});
afterAll(async () => {
  await demo?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('demo: export_report', () => {
  it('[T-06] [T-09] runs as a task for a host that declares the extension: works, asks { confirm }, completes', async () => {
    const host = taskWireClient(demo.url, { token: alice.token });
    const handle = await host.call('export_report', { month: 'March' });
    expect(handle).toMatchObject({ resultType: 'task', status: 'working' });
    const asked = await host.waitFor(handle.taskId, (t) => t.status === 'input_required');
    const [key, request] = Object.entries(asked.inputRequests)[0] as [string, Wire];
    expect(request.params.requestedSchema).toEqual({
      type: 'object',
      properties: { confirm: { type: 'boolean', title: 'Send the report' } },
      required: ['confirm'],
    });
    expect(asked.statusMessage).toBe('Collected 128 bookings; waiting for your go-ahead (1/3)');
    await host.update(handle.taskId, { [key]: { action: 'accept', content: { confirm: true } } });
    const done = await host.waitFor(handle.taskId, (t) => t.status === 'completed');
    expect(done.result.content[0].text).toBe('Report for March sent to finance: 128 bookings.');
    expect(slept).toBeGreaterThanOrEqual(3000); // both phases worked (on the injected clock)
  });

  it('[T-02] answers without a task for a host that does not declare it, holding the request as today', async () => {
    const client = new Client(
      { name: 'plain-host', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler('elicitation/create', async () => ({
      action: 'accept',
      content: { confirm: false },
    }));
    await client.connect(
      new StreamableHTTPClientTransport(demo.url, {
        requestInit: { headers: { Authorization: `Bearer ${alice.token}` } },
      }),
    );
    const result = await client.callTool({ name: 'export_report', arguments: { month: 'April' } });
    expect(result.content).toEqual([
      { type: 'text', text: 'Report for April built (128 bookings) and kept: not sent.' },
    ]);
    await client.close();
  });
});

// Issue 28's matrix: the demo's export_report as a task upstream of `elicit bridge`'s library, for a 2026-07-28 host
// that follows tasks (it gets a task of the bridge's own) and a 2025-11-25 host (the bridge follows the task for it).
describe('demo: export_report through the bridge', () => {
  let bridge: Bridge;
  let served: ServedMcpHttp;
  beforeAll(async () => {
    bridge = createBridge({
      upstream: { kind: 'http', url: demo.url, headers: { Authorization: `Bearer ${alice.token}` } },
    });
    served = await serveMcpHttp(() => bridge.server());
  });
  afterAll(async () => {
    await served?.close();
    await bridge?.close();
  });

  it('[T-09] a 2026-07-28 host declaring the extension follows a task of the bridge and confirms; the report is sent', async () => {
    const client = new Client(
      { name: 'host-2026', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const ui = scriptedUI([{ form: { action: 'submit', content: { confirm: true } } }]);
    installElicitation(client, { ui, modes: ['form'] });
    await client.connect(new StreamableHTTPClientTransport(served.url));
    try {
      const statuses: string[] = [];
      const result = await callToolWithElicitation(
        client,
        { name: 'export_report', arguments: { month: 'May' } },
        { onTaskStatus: ({ status }) => statuses.push(status) },
      );
      expect(result.content).toEqual([
        { type: 'text', text: 'Report for May sent to finance: 128 bookings.' },
      ]);
      expect(statuses).toContain('input_required');
      expect(ui.prompts).toEqual([
        expect.objectContaining({
          kind: 'form',
          requestedSchema: expect.objectContaining({ required: ['confirm'] }),
        }),
      ]);
    } finally {
      await client.close();
    }
  });

  it('a 2025-11-25 host (v1 SDK 1.32) gets the task question pushed; its answer reaches the task', async () => {
    const client = new V1Client(
      { name: 'host-2025', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { confirm: false },
    }));
    await client.connect(new V1HttpTransport(served.url));
    try {
      const result = await client.callTool({ name: 'export_report', arguments: { month: 'June' } });
      expect(result.content).toEqual([
        { type: 'text', text: 'Report for June built (128 bookings) and kept: not sent.' },
      ]);
    } finally {
      await client.close();
    }
  });
});
