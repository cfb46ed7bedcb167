import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  boolean,
  canElicit,
  choice,
  choose,
  date,
  elicitationAvailability,
  elicitForm,
  enableElicitation,
  integer,
  multiChoice,
  text,
} from '../src/index.js';
import { registerTools } from './helpers/harness.js';
import {
  type PeerAnswer,
  type PeerHarness,
  type PeerTool,
  peerHarness,
  SERVER_KINDS,
  type ServerKind,
} from './helpers/peers.js';
import { rawSession } from './helpers/raw-client.js';

/**
 * A 2025-06-18 peer (the v1 SDK 1.17 client, which negotiates that revision) is sent only what its revision defines
 * (spec/REQUIREMENTS-2025-06-18.md), on every server elicitkit runs on.
 */

let harness: PeerHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function run(server: ServerKind, tool: PeerTool, answer?: PeerAnswer) {
  harness = await peerHarness({ server, client: 'sdk 1.17', tools: { tool }, ...(answer && { answer }) });
  return harness.call('tool');
}

const BOOKING = {
  name: text({ minLength: 2, maxLength: 60 }).title('Name'),
  party: integer({ minimum: 1, maximum: 12 }).title('Party size').default(2),
  day: date().title('Day'),
  seating: choice({ indoors: 'Indoors', terrace: 'Terrace' }).title('Seating'),
  zip: text({ pattern: '^[0-9]{5}$' }).title('ZIP code').optional(),
  reminder: boolean().title('Remind me').default(true),
};

describe.each(SERVER_KINDS)('a 2025-06-18 client on %s', (server) => {
  it('[F-01] [F-04] [F-06] is sent the form its revision reads: no mode, enum + enumNames, no pattern, boolean defaults only', async () => {
    const result = await run(
      server,
      (ctx) => elicitForm(ctx, { message: 'Book a table', schema: BOOKING }),
      () => ({ action: 'accept', content: { name: 'Ada', day: '2030-05-17', seating: 'terrace' } }),
    );
    // F-07, E-13: the server fills the defaults the wire could not carry.
    expect(result).toEqual({
      action: 'accept',
      data: { name: 'Ada', party: 2, day: '2030-05-17', seating: 'terrace', reminder: true },
    });
    expect(harness!.received).toEqual([
      {
        message: 'Book a table',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', title: 'Name', minLength: 2, maxLength: 60 },
            party: { type: 'integer', title: 'Party size', minimum: 1, maximum: 12 },
            day: { type: 'string', title: 'Day', format: 'date' },
            seating: {
              type: 'string',
              title: 'Seating',
              enum: ['indoors', 'terrace'],
              enumNames: ['Indoors', 'Terrace'],
            },
            zip: { type: 'string', title: 'ZIP code' },
            reminder: { type: 'boolean', title: 'Remind me', default: true },
          },
          required: ['name', 'day', 'seating'],
        },
      },
    ]);
  });

  it('[F-06] a required field whose default the wire cannot carry is left optional there and filled by the server', async () => {
    const result = await run(
      server,
      (ctx) => choose(ctx, 'Where?', { stg: 'Staging', prod: 'Production' }, { default: 'stg' }),
      () => ({ action: 'accept', content: {} }),
    );
    expect(result).toEqual({ action: 'accept', data: 'stg' });
    expect(harness!.received[0]!.requestedSchema).toEqual({
      type: 'object',
      properties: {
        answer: {
          type: 'string',
          title: 'Choose one',
          enum: ['stg', 'prod'],
          enumNames: ['Staging', 'Production'],
        },
      },
    });
  });

  it('[F-07] a pattern only the server could check is asked again with the reason, then accepted', async () => {
    const answers = [
      { action: 'accept', content: { name: 'Ada', day: '2030-05-17', seating: 'indoors', zip: 'abc' } },
      { action: 'accept', content: { name: 'Ada', day: '2030-05-17', seating: 'indoors', zip: '12345' } },
    ];
    const result = await run(
      server,
      (ctx) => elicitForm(ctx, { message: 'Book a table', schema: BOOKING }),
      () => answers.shift(),
    );
    expect(result).toMatchObject({ action: 'accept', data: { zip: '12345' } });
    expect(harness!.received).toHaveLength(2);
    expect(harness!.received[1]!.message).toMatch(
      /^Book a table\n\nThe previous answer was not accepted:\n- zip: must match the pattern/,
    );
  });

  it('[F-07] a pattern answered wrong every time ends in invalid-answer after the cap; other faults are not re-asked', async () => {
    const result = await run(
      server,
      async (ctx) => ({
        pattern: await elicitForm(ctx, {
          message: 'ZIP?',
          schema: { zip: text({ pattern: '^[0-9]{5}$' }) },
        }).catch((e: Error & { code?: string }) => e.code),
        type: await elicitForm(ctx, { message: 'Seats?', schema: { seats: integer() } }).catch(
          (e: Error & { code?: string }) => e.code,
        ),
      }),
      (params) => ({
        action: 'accept',
        content: params.message === 'Seats?' ? { seats: 'two' } : { zip: 'x' },
      }),
    );
    expect(result).toEqual({ pattern: 'invalid-answer', type: 'invalid-answer' });
    // Three asks of the pattern form (DEFAULT_MAX_ANSWER_ATTEMPTS), one of the other.
    expect(harness!.received.map((p) => p.message.split('\n')[0])).toEqual([
      'ZIP?',
      'ZIP?',
      'ZIP?',
      'Seats?',
    ]);
  });

  it('[F-05] a multi-select is asked as one yes/no field per option, and the tool gets the list', async () => {
    const schema = {
      name: text().title('Name'),
      extras: multiChoice(
        { cake: 'Birthday cake', window: 'Window seat', vegan: 'Vegan menu' },
        { maxItems: 2 },
      )
        .title('Extras')
        .describe('For your table.')
        .default(['window']),
    };
    const result = await run(
      server,
      async (ctx) => ({
        canAsk: canElicit(ctx, 'form', schema),
        outcome: await elicitForm(ctx, { message: 'm', schema }),
      }),
      () => ({
        action: 'accept',
        content: { name: 'Ada', 'extras.1': true, 'extras.2': false, 'extras.3': true },
      }),
    );
    expect(result).toEqual({
      canAsk: true,
      outcome: { action: 'accept', data: { name: 'Ada', extras: ['cake', 'vegan'] } },
    });
    expect(harness!.received[0]!.requestedSchema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name' },
        'extras.1': {
          type: 'boolean',
          title: 'Extras: Birthday cake',
          description: 'For your table.',
          default: false,
        },
        'extras.2': { type: 'boolean', title: 'Extras: Window seat', default: true },
        'extras.3': { type: 'boolean', title: 'Extras: Vegan menu', default: false },
      },
      required: ['name'],
    });
  });

  it('[F-05] [F-07] an adapted multi-select answered over its count is asked again with the reason; none answered is none', async () => {
    const schema = { extras: multiChoice(['a', 'b', 'c'], { maxItems: 1 }).optional() };
    const answers = [
      { action: 'accept', content: { 'extras.1': true, 'extras.2': true, 'extras.3': false } },
      { action: 'accept', content: { 'extras.1': false, 'extras.2': true, 'extras.3': false } },
      { action: 'accept', content: {} },
    ];
    const result = await run(
      server,
      async (ctx) => [
        await elicitForm(ctx, { message: 'Which?', schema }),
        await elicitForm(ctx, { message: 'Again?', schema }),
      ],
      () => answers.shift(),
    );
    expect(result).toEqual([
      { action: 'accept', data: { extras: ['b'] } },
      { action: 'accept', data: {} },
    ]);
    expect(harness!.received.map((p) => p.message.split('\n')[0])).toEqual(['Which?', 'Which?', 'Again?']);
    expect(harness!.received[1]!.message).toMatch(/The previous answer was not accepted:\n- extras: /);
  });

  it('[F-08] a form that asks for a secret is refused before anything is sent, as on every revision', async () => {
    const result = await run(server, async (ctx) =>
      elicitForm(ctx, { message: 'Sign in', schema: { password: text().title('Password') } }).catch(
        (e: Error & { code?: string }) => ({ name: e.name, code: e.code }),
      ),
    );
    expect(result).toEqual({ name: 'UsageError', code: 'sensitive-field' });
    expect(harness!.received).toEqual([]);
  });

  it('[F-04] URL mode is not available on 2025-06-18, whatever was declared', async () => {
    const result = await run(server, async (ctx) => ({
      form: canElicit(ctx, 'form'),
      url: canElicit(ctx, 'url'),
      why: elicitationAvailability(ctx, 'url'),
    }));
    expect(result).toEqual({ form: true, url: false, why: 'mode-not-declared' });
  });
});

describe('[F-03] revisions before 2025-06-18 have no elicitation', () => {
  it('a client that negotiated 2025-03-26 is never sent elicitation/create, even if it claims the capability', async () => {
    const server = enableElicitation(new McpServer({ name: 'old', version: '1.0.0' }));
    registerTools(server, {
      ask: async (ctx) => ({
        form: canElicit(ctx, 'form'),
        outcome: await elicitForm(ctx, { message: 'm', schema: { a: text() } }).catch(
          (e: Error & { code?: string; details?: unknown }) => ({
            code: e.code,
            message: e.message,
            details: e.details,
          }),
        ),
      }),
    });
    const asked: unknown[] = [];
    const session = await rawSession(server, {
      protocolVersion: '2025-03-26',
      capabilities: { elicitation: {} },
      name: 'old-client',
      onElicitation: (_id, params) => asked.push(params),
    });
    try {
      expect(await session.call('ask')).toMatchObject({
        form: false,
        outcome: {
          code: 'mode-not-declared',
          message: "This tool needs a form, which this client's protocol version (2025-03-26) cannot show.",
          details: { mode: 'form', revision: '2025-03-26' },
        },
      });
      expect(asked).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
