import { afterAll, describe, expect, it } from 'vitest';
import { taskTestServer } from '../../../../test/support/task-tools.js';
import { serveMcpHttp } from '../../src/http/index.js';
import { createTasks } from '../../src/tasks/index.js';
import { rawSession } from '../helpers/raw-client.js';
import { taskWireClient } from './wire-client.js';

// What task delivery relies on in the installed SDK (@modelcontextprotocol/server 2.4), which implements only the
// 2025-11-25 experimental tasks (tasks/get, tasks/result, tasks/list, tasks/cancel in its 2025 codec), not SEP-2663.
const tasks = createTasks();
const served = await serveMcpHttp(() => taskTestServer(tasks, 'pins'));
afterAll(() => served.close());

describe('the installed SDK and the Tasks extension', () => {
  it('[T-01] server/discover advertises the extension under capabilities.extensions, not the 2025 tasks slot', async () => {
    const { result } = await taskWireClient(served.url).rpc('server/discover', {});
    expect(result.capabilities.extensions).toEqual({ 'io.modelcontextprotocol/tasks': {} });
    expect(result.capabilities.tasks).toBeUndefined();
  });

  it('[T-20] the SDK answers -32601 to the removed tasks/result and tasks/list on 2026-07-28', async () => {
    const client = taskWireClient(served.url);
    for (const method of ['tasks/result', 'tasks/list']) {
      const { error } = await client.rpc(method, method === 'tasks/list' ? {} : { taskId: 'x' });
      expect(error?.code, method).toBe(-32601);
    }
  });

  it('[T-13] [M-09] the SDK lifts tasks/update inputResponses into ctx; a non-object answer reads as malformed and is asked again', async () => {
    const client = taskWireClient(served.url);
    const { taskId } = await client.call('count');
    const asked = await client.waitFor(taskId, (t) => t.status === 'input_required');
    const [key] = Object.keys(asked.inputRequests) as [string];
    await client.update(taskId, { [key]: 12345 }); // dropped by the SDK (droppedInputResponseKeys)
    const again = await client.waitFor(
      taskId,
      (t) => t.status === 'input_required' && !(key in t.inputRequests),
    );
    const [second] = Object.keys(again.inputRequests) as [string];
    expect(again.inputRequests[second].params.message).toContain(
      'action: must be "accept", "decline" or "cancel"',
    );
    const { error } = await client.rpc('tasks/update', { taskId });
    expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('inputResponses') });
  });

  it('[T-02] the extension does not exist on 2025-11-25: tasks/get on a session is -32601, a long-running tool runs as today', async () => {
    const session = await rawSession(taskTestServer(tasks, 'legacy'), {
      capabilities: { elicitation: { form: {} }, extensions: { 'io.modelcontextprotocol/tasks': {} } },
      name: 'legacy',
      onElicitation: (id, _params, send) =>
        void send({ jsonrpc: '2.0', id, result: { action: 'accept', content: { n: 2 } } }),
    });
    const response = (await session.request('tasks/get', { taskId: 'A'.repeat(43) })) as {
      error?: { code: number };
    };
    expect(response.error?.code).toBe(-32601);
    const call = (await session.request('tools/call', { name: 'count', arguments: {} })) as unknown as {
      result: { content: { text: string }[]; taskId?: string };
    };
    expect(call.result.taskId).toBeUndefined();
    expect(call.result.content[0]?.text).toBe('n=2');
    await session.close();
  });
});
