// Issue 29: a URL flow inside a long-running tool (Tasks extension). The task goes input_required with a URL-mode
// request; the host consents with tasks/update; the person completes the page; the task finishes, and the secret
// is in the vault, never on the wire. A flow left too long expires long before the task does, and the task says so.
import { afterEach, describe, expect, it } from 'vitest';
import { isElicitkitError, longRunning } from '../../src/index.js';
import { createTasks } from '../../src/tasks/index.js';
import { UrlErrorCode } from '../../src/url/index.js';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { taskWireClient, type Wire } from '../tasks/wire-client.js';
import { TestBrowser } from './browser.js';
import { startTestServer, type TestServer } from './harness.js';

const SECRET = 'sk-in-a-task-NEVER-ON-THE-WIRE';

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

async function start(ttlMs?: number) {
  const store = new MemoryElicitationStore();
  server = await startTestServer({
    store,
    ...(ttlMs && { ttlMs }),
    elicitation: { tasks: createTasks() },
    tools: (mcp, url) =>
      mcp.registerTool(
        'connect_later',
        { description: 'Asks for the API key inside a task' },
        longRunning(async (ctx) => {
          const started = await url.start(ctx, {
            kind: 'secret',
            message: 'Enter your Example API key.',
            params: { name: 'api_key', label: 'Example API key' },
          });
          if (started.action !== 'accept') return { content: [{ type: 'text', text: started.action }] };
          try {
            await started.completion();
          } catch (error) {
            if (isElicitkitError(error, UrlErrorCode.ElicitationExpired))
              return { content: [{ type: 'text', text: 'The page expired: ask again.' }] };
            throw error;
          }
          return { content: [{ type: 'text', text: 'API key saved, from a task.' }] };
        }),
      ),
  });
  return taskWireClient(server.mcpUrl, { token: 'demo-alice', elicitation: { form: {}, url: {} } });
}

describe('a URL flow inside a task', () => {
  it('[T-14] input_required with a URL request; consent by tasks/update; the page completes it; the task finishes', async () => {
    const host = await start();
    const handle = await host.call('connect_later');
    expect(handle).toMatchObject({ resultType: 'task' });
    const asked = await host.waitFor(handle.taskId, (task) => task.status === 'input_required');
    const [key, request] = Object.entries(asked.inputRequests as Record<string, Wire>)[0]!;
    expect(request.params).toMatchObject({ mode: 'url', message: 'Enter your Example API key.' });
    expect(request.params.url).toMatch(new RegExp(`^${server.base.href}elicit/[A-Za-z0-9_-]{43}$`));
    await host.update(handle.taskId, { [key!]: { action: 'accept' } });
    const browser = new TestBrowser();
    await browser.login(server.base, 'alice', 'alice-pass');
    await browser.submitSecret(request.params.url, SECRET);
    const done = await host.waitFor(handle.taskId, (task) => task.status === 'completed');
    expect(done.result.content[0].text).toBe('API key saved, from a task.');
    expect(await server.vault.get('alice', 'api_key')).toBe(SECRET);
    expect(JSON.stringify(done)).not.toContain(SECRET);
  });

  it('a flow left past its ttlMs expires long before the task: the task says so and stays readable', async () => {
    // The page lives a second here (its shortest; 15 minutes by default), the task 24 hours.
    const host = await start(1000);
    const handle = await host.call('connect_later');
    const asked = await host.waitFor(handle.taskId, (task) => task.status === 'input_required');
    const [key] = Object.keys(asked.inputRequests as Wire);
    await host.update(handle.taskId, { [key!]: { action: 'accept' } });
    const done = await host.waitFor(handle.taskId, (task) => task.status === 'completed');
    expect(done.result.content[0].text).toBe('The page expired: ask again.');
    expect(done.ttlMs).toBe(24 * 60 * 60 * 1000);
  });
});
