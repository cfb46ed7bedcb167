import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { elicitForm, enableElicitation, integer, multiChoice, text } from '../src/index.js';
import { registerTools } from './helpers/harness.js';
import { type RawClient, rawClient } from './helpers/raw-client.js';

/** Answers the SDK client would never send, written straight onto the wire. */
let client: RawClient | undefined;

afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function answerWith(result: unknown): Promise<unknown> {
  const server = enableElicitation(new McpServer({ name: 'hostile-answers', version: '1.0.0' }));
  registerTools(server, {
    form: (ctx) =>
      elicitForm(ctx, {
        message: 'm',
        schema: {
          name: text({ maxLength: 50 }),
          age: integer().optional(),
          tags: multiChoice(['a', 'b']).optional(),
        },
      }),
  });
  client = await rawClient(server, () => result);
  return client.call('form');
}

describe('[E-60] hostile answers get typed errors, never crashes', () => {
  it.each([
    ['content is an array', { action: 'accept', content: ['name'] }, 'not-an-object'],
    ['content is a string', { action: 'accept', content: 'Ada' }, 'not-an-object'],
    ['a nested object', { action: 'accept', content: { name: { first: 'Ada' } } }, 'type'],
    ['a huge string', { action: 'accept', content: { name: 'x'.repeat(1_000_000) } }, 'too-long'],
    ['a float for an integer', { action: 'accept', content: { name: 'Ada', age: 1.5 } }, 'not-integer'],
    ['an unknown option', { action: 'accept', content: { name: 'Ada', tags: ['c'] } }, 'not-in-enum'],
    ['an extra property', { action: 'accept', content: { name: 'Ada', isAdmin: true } }, 'unknown-property'],
    [
      'a __proto__ property',
      JSON.parse('{"action":"accept","content":{"name":"Ada","__proto__":{"x":1}}}'),
      'unknown-property',
    ],
  ])('[E-60] %s', async (_, result, code) => {
    const outcome = (await answerWith(result)) as {
      error?: { code: string; details: { issues: Array<{ code: string }> } };
    };
    expect(outcome.error?.code).toBe('invalid-answer');
    expect(outcome.error?.details.issues.map((i) => i.code)).toContain(code);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('[E-27] decline and cancel ignore whatever content comes with them', async () => {
    expect(await answerWith({ action: 'decline', content: { name: { evil: true } } })).toEqual({
      action: 'decline',
    });
    await client?.close();
    expect(await answerWith({ action: 'cancel', content: 'junk' })).toEqual({ action: 'cancel' });
  });

  it('[E-27] an unknown action is a failed elicitation', async () => {
    expect(await answerWith({ action: 'approve' })).toMatchObject({ error: { code: 'elicitation-failed' } });
    await client?.close();
    expect(await answerWith({ content: { name: 'Ada' } })).toMatchObject({
      error: { code: 'elicitation-failed' },
    });
  });
});
