import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, inputRequired, McpServer } from '@modelcontextprotocol/server';
import { answerResult, type TestServer } from './servers.js';

interface ToolContext {
  mcpReq: { inputResponses?: Record<string, unknown>; requestState(): unknown };
}

const NAME_SCHEMA = {
  type: 'object' as const,
  properties: {
    name: { type: 'string' as const, title: 'Your name', default: 'Ada' },
    plan: { type: 'string' as const, title: 'Plan', enum: ['free', 'pro'] },
  },
  required: ['name'],
};

export const MODERN_URL = 'https://accounts.example.com/connect?flow=f1';

/** The browser side of a URL flow: the test finishes it; a held retry wakes. */
export interface BrowserFlow {
  done: boolean;
  finish(): void;
  /** How many `tools/call` legs `connect_account` saw. */
  legs: number;
}

/**
 * A plain SDK 2.4 server that speaks only 2026-07-28 (`createMcpHandler`, `legacy: 'reject'`) on
 * 127.0.0.1: `ask_name` (a form round), `connect_account` (a URL round; the retry is held until the
 * browser flow finishes, or answered at once on a "retry now" after it finished).
 */
export async function modernServer(): Promise<TestServer & { flow: BrowserFlow }> {
  let wake = () => {};
  let finished = new Promise<void>((resolve) => (wake = resolve));
  const flow: BrowserFlow = {
    done: false,
    legs: 0,
    finish() {
      flow.done = true;
      wake();
    },
  };
  const handler = createMcpHandler(
    () => {
      const server = new McpServer({ name: 'modern-server', version: '2.6.0' });
      server.registerTool('ask_name', { description: 'Asks your name' }, (async (ctx: ToolContext) => {
        const answer = ctx.mcpReq.inputResponses?.name;
        if (!answer) {
          return inputRequired({
            inputRequests: {
              name: inputRequired.elicit({ message: 'Who is calling?', requestedSchema: NAME_SCHEMA }),
            },
            requestState: 'opaque-state',
          });
        }
        return answerResult(answer);
      }) as never);
      server.registerTool('connect_account', { description: 'Links an account in the browser' }, (async (
        ctx: ToolContext,
      ) => {
        flow.legs += 1;
        const answer = ctx.mcpReq.inputResponses?.connect as { action?: string } | undefined;
        if (!answer) {
          return inputRequired({
            inputRequests: {
              connect: inputRequired.elicitUrl({ message: 'Sign in to link your account.', url: MODERN_URL }),
            },
            requestState: 'url-state',
          });
        }
        if (answer.action !== 'accept') return answerResult(answer);
        if (!flow.done) await finished;
        return { content: [{ type: 'text' as const, text: 'account linked' }] };
      }) as never);
      return server;
    },
    { legacy: 'reject' } as never,
  );
  const node = toNodeHandler(handler as never);
  const http = createServer((request, response) => void node(request as never, response as never));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    flow,
    async close() {
      flow.finish();
      finished = Promise.resolve();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
