import type { CallToolResult } from '@modelcontextprotocol/server';

/** A plain text tool result. */
export function reply(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}
