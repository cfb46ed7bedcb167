import { elicitForm, email, number, text, uri } from '@elicitkit/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { reply } from './reply.js';

/** Defaults, optional fields, and the email and uri formats. */
export function registerSurvey(server: McpServer): void {
  server.registerTool(
    'survey',
    { title: 'Quick survey', description: 'Asks a few optional questions about your visit.' },
    async (ctx) => {
      const outcome = await elicitForm(ctx, {
        message: 'How was your visit? Press Enter to keep a suggested answer; the rest is optional.',
        schema: {
          rating: number({ minimum: 0, maximum: 10 })
            .title('Rating')
            .describe('0 to 10; halves are fine.')
            .default(8),
          favourite: text({ maxLength: 80 }).title('Favourite dish').default('Soup of the day'),
          email: email().title('Email').describe('Only if you want a reply.').optional(),
          website: uri().title('Your website').optional(),
          comments: text({ maxLength: 500 }).title('Anything else?').optional(),
        },
      });
      if (outcome.action !== 'accept') return reply(`No survey recorded (${outcome.action}).`);
      const lines = Object.entries(outcome.data).map(([key, value]) => `  ${key}: ${String(value)}`);
      return reply(['Thanks! We recorded:', ...lines].join('\n'));
    },
  );
}
