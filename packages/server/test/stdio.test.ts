import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NODE_TS } from '../../../test/support/node-ts.js';
import { callTool } from './helpers/harness.js';
import type { ToolEvent } from './helpers/tools.js';

const fixture = fileURLToPath(new URL('./fixtures/stdio-server.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface StdioSession {
  client: Client;
  events: ToolEvent[];
  received: unknown[];
}

let session: StdioSession | undefined;

/** Starting a child through tsx takes seconds on a busy machine: the first tests share one child. */
let shared: StdioSession | undefined;
let answer: (params: unknown) => unknown = () => ({ action: 'cancel' });

beforeAll(async () => {
  shared = await connect((params) => answer(params));
}, 60_000);

afterAll(async () => {
  await shared?.client.close();
});

async function connect(answer: (params: unknown) => unknown): Promise<StdioSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...NODE_TS.slice(1), fixture],
    cwd: repoRoot,
    env: { ...getDefaultEnvironment(), ELICITKIT_TEST_TIMEOUT_MS: '200' },
    stderr: 'pipe',
  });
  const events: ToolEvent[] = [];
  let buffered = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('{')) events.push(JSON.parse(line) as ToolEvent);
  });
  const client = new Client(
    { name: 'stdio-test', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  const received: unknown[] = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    received.push(request.params);
    return answer(request.params) as never;
  });
  await client.connect(transport);
  return { client, events, received };
}

afterEach(async () => {
  await session?.client.close();
  session = undefined;
});

function answerWith(next: (params: unknown) => unknown): StdioSession {
  answer = next;
  shared!.received.length = 0;
  return shared!;
}

describe('elicitForm over stdio (child process, real SDK client)', () => {
  it('[E-27] completes a form round trip', async () => {
    const { client } = answerWith(() => ({ action: 'accept', content: { name: 'Ada', age: 36 } }));
    expect(await callTool(client, 'contact')).toEqual({ action: 'accept', data: { name: 'Ada', age: 36 } });
  });

  it('asks a schema that changes on every call', async () => {
    const { client, received } = answerWith((params) => {
      const name = Object.keys(
        (params as { requestedSchema: { properties: object } }).requestedSchema.properties,
      )[0]!;
      return { action: 'accept', content: { [name]: 7 } };
    });
    for (let i = 0; i < 3; i++) {
      expect(await callTool(client, 'changing')).toEqual({ action: 'accept', data: { [`answer${i}`]: 7 } });
    }
    expect(received).toHaveLength(3);
  });

  it('times out when the client never answers', async () => {
    const { client } = answerWith(() => new Promise(() => {}));
    expect(await callTool(client, 'patient')).toMatchObject({ code: 'elicitation-timeout' });
  });

  it('cancels the elicitation when the tool call is cancelled', async () => {
    let started!: () => void;
    const asked = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { client, events } = answerWith(() => {
      started();
      return new Promise(() => {});
    });
    const controller = new AbortController();
    const call = callTool(client, 'watched', { signal: controller.signal }).catch(() => 'aborted');
    await asked;
    controller.abort();
    expect(await call).toBe('aborted');
    await vi.waitFor(() =>
      expect(events).toContainEqual({
        tool: 'watched',
        outcome: expect.objectContaining({
          code: 'elicitation-aborted',
          details: { reason: 'tool-call-cancelled' },
        }),
      }),
    );
  });

  it('ends with a typed error when the client disconnects mid-form', async () => {
    let started!: () => void;
    const asked = new Promise<void>((resolve) => {
      started = resolve;
    });
    session = await connect(() => {
      started();
      return new Promise(() => {});
    });
    const { client, events } = session;
    void callTool(client, 'watched').catch(() => {});
    await asked;
    await client.close();
    session = undefined;
    await vi.waitFor(
      () =>
        expect(events).toContainEqual({
          tool: 'watched',
          outcome: expect.objectContaining({
            code: 'elicitation-aborted',
            details: { reason: 'disconnected' },
          }),
        }),
      { timeout: 5000 },
    );
  });
});
