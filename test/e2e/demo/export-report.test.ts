import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
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
