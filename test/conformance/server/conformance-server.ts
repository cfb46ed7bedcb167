/**
 * The MCP server the official conformance suite tests, built with elicitkit: the three elicitation tools
 * the suite calls, answered through `elicitForm`, over elicitkit's sessionful Streamable HTTP helper.
 *
 * Run standalone: `node --conditions=@elicitkit/source --import tsx test/conformance/server/conformance-server.ts [port]`
 */
import {
  boolean,
  canElicit,
  choice,
  elicitForm,
  enableElicitation,
  integer,
  number,
  text,
} from '@elicitkit/server';
import { serveMcpHttp } from '@elicitkit/server/http';
import {
  acceptedContent,
  inputRequired,
  inputResponse,
  McpServer,
  type ServerNotifier,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { conformanceTasks, registerTaskTools } from './task-tools.js';

/** Set by whoever serves these servers: where list changes are announced (`McpHttpHandler.notify`). */
export const listChanges: { notify?: ServerNotifier } = {};

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });

export function createConformanceServer(): McpServer {
  const server = enableElicitation(new McpServer({ name: 'elicitkit-conformance', version: '0.1.0' }), {
    tasks: conformanceTasks,
  });

  server.registerTool(
    'test_elicitation',
    {
      description: 'Asks the user for a username and an email address.',
      inputSchema: z.object({ message: z.string().describe('The message to show the user') }),
    },
    async ({ message }, ctx) => {
      const outcome = await elicitForm(ctx, {
        message,
        schema: {
          username: text().describe("User's response"),
          email: text().describe("User's email address"),
        },
      });
      return reply(`User response: ${JSON.stringify(outcome)}`);
    },
  );

  server.registerTool(
    'test_elicitation_sep1034_defaults',
    { description: 'Asks for one field of every primitive type, each with a default (SEP-1034).' },
    async (ctx) => {
      const outcome = await elicitForm(ctx, {
        message: 'Please review your profile; every field has a default.',
        schema: {
          name: text().title('Name').default('John Doe'),
          age: integer({ minimum: 0 }).title('Age').default(30),
          score: number({ minimum: 0, maximum: 100 }).title('Score').default(95.5),
          status: choice(['active', 'inactive', 'pending']).title('Status').default('active'),
          verified: boolean().title('Verified').default(true),
        },
      });
      return reply(`Elicitation completed: ${JSON.stringify(outcome)}`);
    },
  );

  server.registerTool(
    'test_elicitation_sep1330_enums',
    { description: 'Asks one question in each of the five enum shapes (SEP-1330).' },
    async (ctx) => {
      const outcome = await elicitForm(ctx, {
        message: 'Please pick options.',
        schema: {
          type: 'object',
          properties: {
            untitledSingle: {
              type: 'string',
              title: 'Untitled single',
              enum: ['option1', 'option2', 'option3'],
            },
            titledSingle: {
              type: 'string',
              title: 'Titled single',
              oneOf: [
                { const: 'value1', title: 'First Option' },
                { const: 'value2', title: 'Second Option' },
                { const: 'value3', title: 'Third Option' },
              ],
            },
            legacyEnum: {
              type: 'string',
              title: 'Legacy titled',
              enum: ['opt1', 'opt2', 'opt3'],
              enumNames: ['Option One', 'Option Two', 'Option Three'],
            },
            untitledMulti: {
              type: 'array',
              title: 'Untitled multi',
              items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            },
            titledMulti: {
              type: 'array',
              title: 'Titled multi',
              items: {
                anyOf: [
                  { const: 'value1', title: 'First Choice' },
                  { const: 'value2', title: 'Second Choice' },
                  { const: 'value3', title: 'Third Choice' },
                ],
              },
            },
          },
        },
      });
      return reply(`Elicitation completed: ${JSON.stringify(outcome)}`);
    },
  );

  registerMultiRoundTools(server);
  registerTaskTools(server);
  return server;
}

/**
 * The 2026-07-28 scenarios (`input-required-result-*`, SEP-2322): the same `elicitForm` as above, with the keys
 * the suite addresses answers by. Sampling and roots are not elicitation; those tools use the SDK's own
 * `inputRequired(...)` builders inside the same elicitkit-enabled server, which carries their state sealed.
 */
function registerMultiRoundTools(server: McpServer): void {
  // server-stateless (SEP-2575) diagnostics: a request that needs an undeclared capability (-32021), a response
  // stream that carries only the input-required result, no log without a requested level, list changes.
  server.registerTool(
    'test_missing_capability',
    { description: 'Needs sampling; a host without it gets -32021 from the SDK.' },
    async () =>
      inputRequired({
        inputRequests: {
          summary: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'Summarize' } }],
            maxTokens: 10,
          }),
        },
      }),
  );
  server.registerTool(
    'test_streaming_elicitation',
    { description: 'Asks a question; the answer travels as an input-required result, not a request.' },
    async (ctx) =>
      reply(JSON.stringify(await elicitForm(ctx, { message: 'Name?', schema: { name: text() } }))),
  );
  server.registerTool('test_logging_tool', { description: 'Logs at info.' }, async (ctx) => {
    await ctx.mcpReq.log('info', 'a log line');
    return reply('logged');
  });
  server.registerTool(
    'test_trigger_tool_change',
    { description: 'Announces a tool list change.' },
    async () => {
      listChanges.notify?.toolsChanged();
      return reply('tools changed');
    },
  );
  server.registerTool(
    'test_trigger_prompt_change',
    { description: 'Announces a prompt list change.' },
    async () => {
      listChanges.notify?.promptsChanged();
      return reply('prompts changed');
    },
  );

  server.registerTool(
    'test_input_required_result_elicitation',
    { description: 'Asks for a name (one input-required round).' },
    async (ctx) => {
      const who = await elicitForm(ctx, {
        key: 'user_name',
        message: 'What is your name?',
        schema: { name: text().title('Name') },
      });
      return reply(who.action === 'accept' ? `Hello, ${who.data.name}!` : `No name: ${who.action}`);
    },
  );
  server.registerTool(
    'test_input_required_result_request_state',
    { description: 'Asks for a confirmation; the answer comes back with the sealed requestState.' },
    async (ctx) => {
      const ok = await elicitForm(ctx, {
        key: 'confirm',
        message: 'Please confirm',
        schema: { ok: boolean().title('OK') },
      });
      return reply(`state-ok: ${JSON.stringify(ok)}`);
    },
  );
  server.registerTool(
    'test_input_required_result_multi_round',
    { description: 'Two questions, the second in a second round.' },
    async (ctx) => {
      const name = await elicitForm(ctx, {
        key: 'step1',
        message: 'Step 1: What is your name?',
        schema: { name: text().title('Name') },
      });
      const color = await elicitForm(ctx, {
        key: 'step2',
        message: 'Step 2: What is your favorite color?',
        schema: { color: text().title('Color') },
      });
      return reply(`Done: ${JSON.stringify({ name, color })}`);
    },
  );
  server.registerTool(
    'test_input_required_result_tampered_state',
    { description: 'Asks a confirmation; a tampered requestState is refused.' },
    async (ctx) => {
      const ok = await elicitForm(ctx, { message: 'Please confirm', schema: { ok: boolean().title('OK') } });
      return reply(`Confirmed: ${JSON.stringify(ok)}`);
    },
  );
  server.registerPrompt(
    'test_input_required_result_prompt',
    { description: 'A prompt that asks for its context first.' },
    async (ctx) => {
      const context = await elicitForm(ctx, {
        key: 'user_context',
        message: 'What context should the prompt use?',
        schema: { context: text().title('Context') },
      });
      const chosen = context.action === 'accept' ? context.data.context : 'none';
      return { messages: [{ role: 'user', content: { type: 'text', text: `Context: ${chosen}` } }] };
    },
  );
  server.registerTool(
    'test_input_required_result_capabilities',
    { description: 'Asks by elicitation when the host declared it, by sampling otherwise (M-04).' },
    async (ctx) => {
      if (canElicit(ctx, 'form')) {
        const name = await elicitForm(ctx, { message: 'What is your name?', schema: { name: text() } });
        return reply(JSON.stringify(name));
      }
      const sampled = inputResponse(ctx.mcpReq.inputResponses, 'greeting');
      if (sampled.kind === 'sampling') return reply('Sampled a greeting.');
      return inputRequired({
        inputRequests: {
          greeting: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
            maxTokens: 50,
          }),
        },
      });
    },
  );
  server.registerTool(
    'test_input_required_result_sampling',
    { description: 'One sampling request.' },
    async (ctx) => {
      const sampled = inputResponse(ctx.mcpReq.inputResponses, 'capital_question');
      if (sampled.kind === 'sampling') return reply(`Sampled: ${JSON.stringify(sampled.result.content)}`);
      return inputRequired({
        inputRequests: {
          capital_question: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
            maxTokens: 100,
          }),
        },
      });
    },
  );
  server.registerTool(
    'test_input_required_result_list_roots',
    { description: 'One roots/list request.' },
    async (ctx) => {
      const roots = inputResponse(ctx.mcpReq.inputResponses, 'client_roots');
      if (roots.kind === 'roots') return reply(`Roots: ${roots.roots.length}`);
      return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } });
    },
  );
  server.registerTool(
    'test_input_required_result_multiple_inputs',
    { description: 'An elicitation, a sampling request and a roots listing in one round.' },
    async (ctx) => {
      const name = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, 'user_name');
      const greeting = inputResponse(ctx.mcpReq.inputResponses, 'greeting');
      const roots = inputResponse(ctx.mcpReq.inputResponses, 'client_roots');
      if (name && greeting.kind === 'sampling' && roots.kind === 'roots') {
        return reply(`Hello ${name.name}, with ${roots.roots.length} roots.`);
      }
      return inputRequired({
        inputRequests: {
          user_name: inputRequired.elicit({
            message: 'What is your name?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          }),
          greeting: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
            maxTokens: 50,
          }),
          client_roots: inputRequired.listRoots(),
        },
        requestState: 'multiple-inputs',
      });
    },
  );
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const { url, handler } = await serveMcpHttp(createConformanceServer, {
    port: Number(process.argv[2] ?? 0),
  });
  listChanges.notify = handler.notify;
  console.log(`MCP endpoint: ${url}`);
}
