/**
 * The MCP server the official conformance suite tests, built with elicitkit: the three elicitation tools
 * the suite calls, answered through `elicitForm`, over elicitkit's sessionful Streamable HTTP helper.
 *
 * Run standalone: `node --conditions=@elicitkit/source --import tsx test/conformance/server/conformance-server.ts [port]`
 */
import {
  boolean,
  choice,
  elicitForm,
  enableElicitation,
  integer,
  number,
  serveMcpHttp,
  text,
} from '@elicitkit/server';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });

export function createConformanceServer(): McpServer {
  const server = enableElicitation(new McpServer({ name: 'elicitkit-conformance', version: '0.1.0' }));

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

  return server;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const { url } = await serveMcpHttp(createConformanceServer, { port: Number(process.argv[2] ?? 0) });
  console.log(`MCP endpoint: ${url}`);
}
