// E-43 as the person meets it (issue 21): the requests of a call the person just started are not spam; the
// limit aims at unsolicited and runaway requests; when it triggers, the person sees it and can allow more.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  callToolWithElicitation,
  type ElicitationHostEvents,
  type ElicitationUI,
  type InstallElicitationOptions,
  installElicitation,
} from '../src/index.js';
import { scriptedUI } from '../src/testing/index.js';
import { startSdkHttpServer } from './helpers/http-server.js';
import { connectToRawServer } from './helpers/raw-server.js';
import { recordingOpener } from './helpers/wait.js';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.reverse()) await close();
  cleanup = [];
});

/** Time stands still: no request is ever earned back by waiting. */
const frozenClock = { now: () => 0 };
const nameForm = {
  mode: 'form' as const,
  message: 'Name?',
  requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' as const } } },
};
const accept = { form: { action: 'submit' as const, content: { name: 'Ada' } } };
const text = (result: { content?: unknown }) => (result.content as { text: string }[])[0]?.text;

/** A raw SDK server over Streamable HTTP whose `ask` tool asks `times` forms in a row, then lists the actions. */
async function setupAsking(times: number, options: Partial<InstallElicitationOptions> = {}) {
  const server = await startSdkHttpServer((mcp: McpServer) => {
    mcp.registerTool('ask', { description: `Asks ${times} times` }, async (ctx) => {
      const actions: string[] = [];
      for (let i = 0; i < times; i++) actions.push((await ctx.mcpReq.elicitInput(nameForm)).action);
      return { content: [{ type: 'text', text: actions.join(',') }] };
    });
  });
  cleanup.push(server.close);
  const ui = scriptedUI();
  const client = new Client({ name: 'rate-limit-test', version: '0.0.0' });
  const host = installElicitation(client, { ui, opener: recordingOpener(), clock: frozenClock, ...options });
  const limited: ElicitationHostEvents['rate-limited'][] = [];
  host.on('rate-limited', (event) => limited.push(event));
  await client.connect(new StreamableHTTPClientTransport(server.url));
  cleanup.push(() => client.close());
  return { ui, client, limited };
}

describe('[E-43] rate limits that protect the person, not punish them', () => {
  it("[E-43] shows every form of the person's own quick calls: the fourth book_table is not spam (issue 21)", async () => {
    const { ui, client, limited } = await setupAsking(1);
    ui.push(...Array.from({ length: 6 }, () => accept));
    for (let call = 0; call < 3; call++) {
      expect(text(await client.callTool({ name: 'ask', arguments: {} }))).toBe('accept');
      expect(text(await callToolWithElicitation(client, { name: 'ask', arguments: {} }))).toBe('accept');
    }
    // Six requests with the default budget (3 unsolicited per 10 s) and a clock that never moves: all shown.
    expect(ui.prompts).toHaveLength(6);
    expect(ui.rateLimits).toHaveLength(0);
    expect(limited).toHaveLength(0);
  });

  it('[E-43] asks the person when one call keeps asking (runaway); allowing lets it go on', async () => {
    const { ui, client, limited } = await setupAsking(4, { rateLimit: { perCall: 2 } });
    ui.push(accept, accept, { rateLimit: 'allow' }, accept, accept);
    expect(text(await client.callTool({ name: 'ask', arguments: {} }))).toBe('accept,accept,accept,accept');
    expect(ui.rateLimits).toHaveLength(1);
    expect(ui.rateLimits[0]).toMatchObject({
      kind: 'rate-limit',
      reason: 'runaway',
      requester: { name: 'sdk-http-server' },
      message: 'sdk-http-server has asked 2 questions during your call and wants to ask more.',
    });
    expect(limited).toHaveLength(0);
  });

  it('[E-43] blocking a runaway call answers its further requests cancel, unshown, with one notice', async () => {
    const { ui, client, limited } = await setupAsking(5, { rateLimit: { perCall: 2 } });
    ui.push(accept, accept, { rateLimit: 'block' });
    expect(text(await client.callTool({ name: 'ask', arguments: {} }))).toBe(
      'accept,accept,cancel,cancel,cancel',
    );
    expect(ui.prompts).toHaveLength(2);
    expect(ui.rateLimits).toHaveLength(1);
    expect(ui.notices.filter((notice) => notice.code === 'rate-limited')).toHaveLength(1);
    expect(limited).toEqual([
      { requester: expect.objectContaining({ name: 'sdk-http-server' }), reason: 'runaway' },
    ]);
    // The next call starts a fresh count.
    ui.push(accept, accept);
    expect(text(await client.callTool({ name: 'ask', arguments: {} }))).toBe(
      'accept,accept,cancel,cancel,cancel',
    );
  });

  it('[E-43] an unsolicited flood: the person is asked once, and allowing gives a fresh burst', async () => {
    // Whoever answers first, the person declines every form and allows more when asked.
    const ui = scriptedUI([], { form: { action: 'decline' }, rateLimit: 'allow' });
    const connection = await connectToRawServer({
      ui,
      opener: recordingOpener(),
      clock: frozenClock,
      rateLimit: { burst: 2 },
    });
    cleanup.push(connection.close);
    const responses = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        connection.server.elicit({ message: `#${i}`, requestedSchema: nameForm.requestedSchema }),
      ),
    );
    // Two within the burst; the third ran out and asked; the fourth waited for the same answer.
    expect(responses.map((response) => response.result?.action)).toEqual([
      'decline',
      'decline',
      'decline',
      'decline',
    ]);
    expect(ui.prompts).toHaveLength(4);
    expect(ui.rateLimits).toHaveLength(1);
    expect(ui.rateLimits[0]).toMatchObject({
      reason: 'unsolicited',
      message: 'raw-server is asking more often than 2 times in a short while, outside any call you made.',
    });
  });

  it('[E-43] a UI without rateLimited keeps working: the host blocks and sends its notice', async () => {
    const notices: string[] = [];
    const ui: ElicitationUI = {
      form: async () => ({ action: 'decline' }),
      url: async () => ({ action: 'decline' }),
      notice: (notice) => notices.push(notice.code),
    };
    const connection = await connectToRawServer({ ui, clock: frozenClock, rateLimit: { burst: 1 } });
    cleanup.push(connection.close);
    const responses = await Promise.all(
      [1, 2, 3].map((i) =>
        connection.server.elicit({ message: `#${i}`, requestedSchema: nameForm.requestedSchema }),
      ),
    );
    expect(responses.map((response) => response.result?.action)).toEqual(['decline', 'cancel', 'cancel']);
    expect(notices).toEqual(['rate-limited']);
  });
});
