import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { ask, choose, confirm, date, email, type FormResult, integer, text } from '../src/index.js';
import { type Answerer, type Harness, inMemoryHarness, type ToolHandler } from './helpers/harness.js';

let harness: Harness | undefined;

async function run(tool: ToolHandler, answer?: Answerer) {
  harness = await inMemoryHarness({ tools: { tool }, answer });
  return harness.call('tool');
}

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const schemaSent = () => (harness!.received[0] as { requestedSchema: unknown }).requestedSchema;

describe('confirm', () => {
  it('asks with no fields: accept means yes, decline and cancel mean no', async () => {
    expect(
      await run(
        (ctx) => confirm(ctx, 'Delete 3 files?'),
        () => ({ action: 'accept' }),
      ),
    ).toEqual({
      action: 'accept',
      confirmed: true,
    });
    expect(schemaSent()).toEqual({ type: 'object', properties: {} });
    await harness?.close();
    expect(
      await run(
        (ctx) => confirm(ctx, 'Delete?'),
        () => ({ action: 'decline' }),
      ),
    ).toEqual({
      action: 'decline',
      confirmed: false,
    });
  });
});

describe('choose', () => {
  it('[E-12] offers titled options and returns the chosen value', async () => {
    const result = await run(
      async (ctx) => {
        const outcome = await choose(
          ctx,
          'Deploy where?',
          { stg: 'Staging', prod: 'Production' },
          { default: 'stg' },
        );
        expectTypeOf(outcome).toEqualTypeOf<FormResult<'stg' | 'prod'>>();
        return outcome;
      },
      () => ({ action: 'accept', content: { answer: 'prod' } }),
    );
    expect(result).toEqual({ action: 'accept', data: 'prod' });
    expect(schemaSent()).toEqual({
      type: 'object',
      properties: {
        answer: {
          type: 'string',
          title: 'Choose one',
          default: 'stg',
          oneOf: [
            { const: 'stg', title: 'Staging' },
            { const: 'prod', title: 'Production' },
          ],
        },
      },
      // With a default the choice is not required on the wire: leaving it out picks the default.
    });
  });

  it('[E-60] refuses a value outside the options', async () => {
    const result = await run(
      (ctx) => choose(ctx, 'Size?', ['s', 'm', 'l']),
      () => ({ action: 'accept', content: { answer: 'xl' } }),
    );
    expect(result).toMatchObject({
      error: { code: 'invalid-answer', details: { issues: [{ path: ['answer'], code: 'not-in-enum' }] } },
    });
  });
});

describe('ask', () => {
  it('returns the bare value, and the field gets a real title rather than a bare property name', async () => {
    const result = await run(
      async (ctx) => {
        const outcome = await ask(ctx, 'How old are you?', integer({ minimum: 0 }));
        expectTypeOf(outcome).toEqualTypeOf<FormResult<number>>();
        return outcome;
      },
      () => ({ action: 'accept', content: { answer: 36 } }),
    );
    expect(result).toEqual({ action: 'accept', data: 36 });
    expect(schemaSent()).toEqual({
      type: 'object',
      properties: { answer: { type: 'integer', minimum: 0, title: 'Number' } },
      required: ['answer'],
    });
  });

  it('keeps the author’s title and labels formats by kind', async () => {
    await run(
      async (ctx) => [
        await ask(ctx, 'Contact?', email()),
        await ask(ctx, 'When?', date()),
        await ask(ctx, 'Nickname?', text().title('Nickname')),
      ],
      () => ({ action: 'decline' }),
    );
    const titles = harness?.received.map(
      (p) =>
        (p as unknown as { requestedSchema: { properties: { answer: { title: string } } } }).requestedSchema
          .properties.answer.title,
    );
    expect(titles).toEqual(['Email address', 'Date', 'Nickname']);
  });

  it('types an optional field as possibly undefined', async () => {
    const result = await run(
      async (ctx) => {
        const outcome = await ask(ctx, 'Anything else?', text().optional());
        expectTypeOf(outcome).toEqualTypeOf<FormResult<string | undefined>>();
        return outcome;
      },
      () => ({ action: 'accept', content: {} }),
    );
    expect(result).toEqual({ action: 'accept' });
  });

  it('[E-01] checks the message too, since it labels the single value', async () => {
    const result = await run((ctx) => ask(ctx, 'What is your GitHub token?', text()));
    expect(result).toMatchObject({
      error: {
        code: 'sensitive-field',
        details: { findings: [{ field: 'answer', in: 'message', match: 'token' }] },
      },
    });
    expect(harness?.received).toEqual([]);
    await harness?.close();
    const optedOut = await run(
      (ctx) => ask(ctx, 'How many tokens may the summary use?', integer().notSecret()),
      () => ({ action: 'accept', content: { answer: 500 } }),
    );
    expect(optedOut).toEqual({ action: 'accept', data: 500 });
  });
});
