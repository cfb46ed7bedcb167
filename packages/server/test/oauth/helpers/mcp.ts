import { ProtocolError } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import type { TestClient } from '../../url/harness.js';

export interface RequiredElicitation {
  mode: string;
  elicitationId: string;
  url: string;
  message: string;
}

/** Calls a tool that must fail with -32042 and returns the listed elicitations. */
export async function expectUrlRequired(
  client: TestClient,
  tool = 'list_calendar_events',
): Promise<RequiredElicitation[]> {
  const error = await client.client.callTool({ name: tool, arguments: {} }).then(
    (result) => {
      throw new Error(`expected -32042, got ${JSON.stringify(result)}`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolError);
  expect((error as ProtocolError).code).toBe(-32042);
  return (error as ProtocolError & { data: { elicitations: RequiredElicitation[] } }).data.elicitations;
}

export async function callText(client: TestClient, tool = 'list_calendar_events'): Promise<string> {
  const result = (await client.client.callTool({ name: tool, arguments: {} })) as {
    content: { type: string; text: string }[];
    isError?: boolean;
  };
  if (result.isError) throw new Error(`tool error: ${result.content[0]?.text}`);
  return result.content.map((c) => c.text).join('\n');
}
