import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ask,
  boolean,
  canElicit,
  choice,
  choose,
  confirm,
  date,
  elicitationAvailability,
  elicitForm,
  email,
  integer,
  multiChoice,
  number,
  step,
  text,
} from '../../src/index.js';
import {
  type PeerAnswer,
  type PeerHarness,
  type PeerTool,
  peerHarness,
  SERVER_KINDS,
  type ServerKind,
} from '../helpers/peers.js';

/**
 * The whole form API on v1 SDK servers (`McpServer` and the low-level `Server` of `@modelcontextprotocol/sdk` 1.32), and
 * on v2 for comparison, answered by the v1 SDK's own client (1.32, which negotiates 2025-11-25). Tool code is the same
 * on every server; only the handler's context argument differs (v1's `extra`).
 */

let harness: PeerHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function run(
  server: ServerKind,
  tool: PeerTool,
  answer?: PeerAnswer,
  capabilities?: Record<string, unknown>,
) {
  harness = await peerHarness({
    server,
    client: 'sdk 1.32',
    tools: { tool },
    ...(answer && { answer }),
    ...(capabilities && { capabilities }),
  });
  return harness.call('tool');
}

const EVERY_KIND = {
  name: text({ minLength: 1, maxLength: 40 }).title('Name'),
  contact: email().title('Email'),
  seats: integer({ minimum: 1, maximum: 9 }).title('Seats'),
  ratio: number({ minimum: 0, maximum: 1 }).title('Ratio'),
  vip: boolean().title('VIP'),
  day: date().title('Day'),
  size: choice(['s', 'm', 'l']).title('Size'),
  seating: choice({ indoors: 'Indoors', terrace: 'Terrace' }).title('Seating'),
  tags: multiChoice(['a', 'b', 'c'], { maxItems: 2 }).title('Tags'),
  extras: multiChoice({ cake: 'Cake', window: 'Window' }).title('Extras').optional(),
};
const EVERY_ANSWER = {
  name: 'Ada',
  contact: 'ada@example.com',
  seats: 2,
  ratio: 0.5,
  vip: true,
  day: '2030-05-17',
  size: 'm',
  seating: 'terrace',
  tags: ['a', 'c'],
  extras: ['cake'],
};

// A 1.17 server speaks 2025-06-18 at most, whatever the client asks: revision-2025-06-18.test.ts has it.
const SERVERS_2025_11_25 = SERVER_KINDS.filter((kind) => kind !== 'v1.17 McpServer');

describe.each(SERVERS_2025_11_25)('forms on %s, v1 SDK 1.32 client (2025-11-25)', (server) => {
  it('[E-12] [E-27] asks every kind of field and returns the typed answer', async () => {
    const result = await run(
      server,
      (ctx) => elicitForm(ctx, { message: 'Everything', schema: EVERY_KIND }),
      () => ({ action: 'accept', content: EVERY_ANSWER }),
    );
    expect(result).toEqual({ action: 'accept', data: EVERY_ANSWER });
    const sent = harness!.received[0]!;
    expect(sent.mode).toBe('form');
    expect(sent.requestedSchema).toMatchObject({
      properties: {
        seating: {
          oneOf: [
            { const: 'indoors', title: 'Indoors' },
            { const: 'terrace', title: 'Terrace' },
          ],
        },
        tags: { type: 'array', maxItems: 2, items: { type: 'string', enum: ['a', 'b', 'c'] } },
      },
    });
  });

  it.each(['decline', 'cancel'] as const)(
    '[E-27] a %s reaches the tool as it is, whatever content came with it',
    async (action) => {
      const result = await run(
        server,
        (ctx) => elicitForm(ctx, { message: 'Name?', schema: { name: text() } }),
        () => ({ action, content: { name: 'x' } }),
      );
      expect(result).toEqual({ action });
    },
  );

  it('[E-13] a field with a default is not required on the wire, and an omitted answer gets the default', async () => {
    const result = await run(
      server,
      (ctx) =>
        elicitForm(ctx, {
          message: 'Book',
          schema: {
            name: text().title('Name'),
            party: integer({ minimum: 1 }).title('Party').default(2),
            reminder: boolean().title('Remind me').default(true),
          },
        }),
      () => ({ action: 'accept', content: { name: 'Ada' } }),
    );
    expect(result).toEqual({ action: 'accept', data: { name: 'Ada', party: 2, reminder: true } });
    expect((harness!.received[0]!.requestedSchema as { required?: string[] }).required).toEqual(['name']);
  });

  it('[E-60] an answer that does not fit is a typed invalid-answer naming the field', async () => {
    const result = await run(
      server,
      (ctx) => elicitForm(ctx, { message: 'Seats?', schema: { seats: integer({ maximum: 9 }) } }),
      () => ({ action: 'accept', content: { seats: 90 } }),
    );
    expect(result).toMatchObject({
      error: {
        name: 'PeerError',
        code: 'invalid-answer',
        details: { issues: [{ path: ['seats'], code: 'maximum' }] },
      },
    });
  });

  it('confirm, choose, ask and step work unchanged', async () => {
    const answers = [
      { action: 'accept' },
      { action: 'accept', content: { answer: 'prod' } },
      { action: 'accept', content: { answer: 41 } },
    ];
    const result = await run(
      server,
      async (ctx) => {
        const draft = await step(ctx, 'draft', () => ({ id: 7 }));
        return {
          draft,
          confirmed: (await confirm(ctx, 'Deploy?')).confirmed,
          where: await choose(ctx, 'Where?', { stg: 'Staging', prod: 'Production' }),
          age: await ask(ctx, 'Age?', integer({ minimum: 0 })),
        };
      },
      () => answers.shift(),
    );
    expect(result).toEqual({
      draft: { id: 7 },
      confirmed: true,
      where: { action: 'accept', data: 'prod' },
      age: { action: 'accept', data: 41 },
    });
  });

  it('a zod schema: refinements and defaults apply', async () => {
    const Handle = z.object({
      handle: z.string().refine((v) => !v.includes(' '), 'no spaces in handles'),
      seats: z.number().int().default(5),
    });
    const answers = [
      { action: 'accept', content: { handle: 'ada' } },
      { action: 'accept', content: { handle: 'a d a' } },
    ];
    const result = await run(
      server,
      async (ctx) => ({
        first: await elicitForm(ctx, { message: 'Handle?', schema: Handle }),
        second: await elicitForm(ctx, { message: 'Handle?', schema: Handle }).catch(
          (e: Error & { code?: string }) => e.code,
        ),
      }),
      () => answers.shift(),
    );
    expect(result).toEqual({
      first: { action: 'accept', data: { handle: 'ada', seats: 5 } },
      second: 'invalid-answer',
    });
  });

  it('[E-07] [E-09] canElicit reads the declaration; an undeclared mode is refused in plain words, nothing sent', async () => {
    const result = await run(
      server,
      async (ctx) => ({
        form: canElicit(ctx, 'form'),
        url: canElicit(ctx, 'url'),
        why: elicitationAvailability(ctx, 'url'),
        outcome: await elicitForm(ctx, { message: 'm', schema: { a: text() } }).catch(
          (e: Error) => e.message,
        ),
      }),
      undefined,
      { elicitation: { url: {} } },
    );
    expect(result).toEqual({
      form: false,
      url: true,
      why: 'available',
      outcome: 'This tool needs a form, and this client cannot show one.',
    });
    expect(harness!.received).toEqual([]);
  });
});
