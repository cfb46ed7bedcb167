import { elicitForm } from '@elicitkit/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { reply } from './reply.js';

/**
 * A raw requested schema in the legacy `enumNames` form (deprecated by the spec, still valid on the wire):
 * hosts must show the names, and send back the values.
 */
const COLOR_SCHEMA = {
  type: 'object',
  properties: {
    color: {
      type: 'string',
      title: 'Napkin colour',
      enum: ['#b22222', '#228b22', '#4169e1'],
      enumNames: ['Firebrick red', 'Forest green', 'Royal blue'],
    },
  },
  required: ['color'],
} as const;

export function registerPickColor(server: McpServer): void {
  server.registerTool(
    'pick_color',
    { title: 'Pick a colour', description: 'Asks for a napkin colour (legacy enumNames schema).' },
    async (ctx) => {
      const outcome = await elicitForm(ctx, {
        message: 'Which napkins for your table?',
        schema: COLOR_SCHEMA,
      });
      return reply(
        outcome.action === 'accept'
          ? `Napkins: ${outcome.data.color}.`
          : `No colour chosen (${outcome.action}).`,
      );
    },
  );
}
