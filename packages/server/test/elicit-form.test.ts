import type { ElicitResult } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import {
  boolean,
  choice,
  elicitForm,
  email,
  type FormResult,
  integer,
  multiChoice,
  text,
} from '../src/index.js';
import {
  type Answerer,
  describeError,
  type Harness,
  inMemoryHarness,
  type ToolHandler,
} from './helpers/harness.js';

let harness: Harness | undefined;

async function run(
  tool: ToolHandler,
  answer?: Answerer,
  capabilities?: Parameters<typeof inMemoryHarness>[0]['capabilities'],
) {
  harness = await inMemoryHarness({ tools: { tool }, answer, capabilities });
  return harness.call('tool');
}

afterEach(async () => {
  await harness?.close();
  harness = undefined;
  vi.restoreAllMocks();
});

const contact = { name: text().title('Name'), age: integer({ minimum: 0 }).optional() };

describe('elicitForm', () => {
  it('[E-10] [E-12] sends mode, message and the requested schema built from field builders', async () => {
    const result = await run(
      (ctx) => elicitForm(ctx, { message: 'Who are you?', schema: contact }),
      () => ({ action: 'accept', content: { name: 'Ada', age: 36 } }),
    );
    expect(result).toEqual({ action: 'accept', data: { name: 'Ada', age: 36 } });
    expect(harness?.received).toEqual([
      {
        mode: 'form',
        message: 'Who are you?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string', title: 'Name' }, age: { type: 'integer', minimum: 0 } },
          required: ['name'],
        },
      },
    ]);
  });

  it('[E-27] returns decline and cancel without data, ignoring any content', async () => {
    const declined = await run(
      (ctx) => elicitForm(ctx, { message: 'm', schema: contact }),
      () => ({ action: 'decline', content: { name: 'ignored' } }),
    );
    expect(declined).toEqual({ action: 'decline' });
    await harness?.close();
    const cancelled = await run(
      (ctx) => elicitForm(ctx, { message: 'm', schema: contact }),
      () => ({ action: 'cancel', content: { stray: 'ignored' } }),
    );
    expect(cancelled).toEqual({ action: 'cancel' });
  });

  it('[E-13] fills omitted fields with their defaults', async () => {
    const result = await run(
      (ctx) =>
        elicitForm(ctx, {
          message: 'm',
          schema: { size: choice(['s', 'l']).optional().default('l'), gift: boolean().optional() },
        }),
      () => ({ action: 'accept', content: {} }),
    );
    expect(result).toEqual({ action: 'accept', data: { size: 'l' } });
  });

  it('[E-60] rejects an accept without content when fields are required', async () => {
    const result = await run(
      (ctx) => elicitForm(ctx, { message: 'm', schema: contact }),
      () => ({ action: 'accept' }),
    );
    expect(result).toMatchObject({ error: { name: 'PeerError', code: 'invalid-answer' } });
    expect((result as { error: { details: { issues: unknown[] } } }).error.details.issues).toEqual([
      expect.objectContaining({ path: ['name'], code: 'required' }),
    ]);
  });

  it('[E-60] accepts an accept without content when no field is required', async () => {
    const result = await run(
      (ctx) => elicitForm(ctx, { message: 'm', schema: { note: text().optional() } }),
      () => ({ action: 'accept' }),
    );
    expect(result).toEqual({ action: 'accept', data: {} });
  });

  it('[E-60] rejects unknown fields and wrong values with a typed error listing every issue', async () => {
    const result = await run(
      (ctx) => elicitForm(ctx, { message: 'm', schema: { ...contact, mail: email().optional() } }),
      () => ({ action: 'accept', content: { name: 42, age: -1, mail: 'nope', admin: true } as never }),
    );
    const error = (
      result as {
        error: {
          code: string;
          message: string;
          details: { issues: Array<{ path: readonly (string | number)[]; code: string }> };
        };
      }
    ).error;
    expect(error.code).toBe('invalid-answer');
    expect(error.details.issues.map((i) => `${i.path.join('.')}:${i.code}`).sort()).toEqual(
      ['admin:unknown-property', 'age:minimum', 'mail:format', 'name:type'].sort(),
    );
    expect(error.message).toMatch(/age/);
  });

  it('reports a malformed result from the client as a failed elicitation', async () => {
    const result = await run(
      (ctx) => elicitForm(ctx, { message: 'm', schema: contact }),
      () => ({ action: 'maybe' }) as never,
    );
    expect(result).toMatchObject({ error: { code: 'elicitation-failed' } });
  });

  it('refuses a bad schema with a typed error naming the property, and sends nothing', async () => {
    const result = await run((ctx) =>
      elicitForm(ctx, {
        message: 'm',
        schema: { type: 'object', properties: { age: { type: 'integer', minimum: 10, maximum: 1 } } },
      }),
    );
    expect(result).toMatchObject({ error: { name: 'UsageError', code: 'invalid-schema' } });
    expect((result as { error: { message: string } }).error.message).toContain('properties.age');
    expect(harness?.received).toEqual([]);
  });

  it('refuses a shape holding something that is not a field', async () => {
    const result = await run((ctx) =>
      elicitForm(ctx, { message: 'm', schema: { name: { type: 'string' } } as never }),
    );
    expect(result).toMatchObject({ error: { code: 'invalid-schema' } });
    expect((result as { error: { message: string } }).error.message).toContain('properties.name');
  });

  it('[E-01] [E-02] refuses secret-looking fields before sending, pointing to URL mode', async () => {
    const result = await run((ctx) =>
      elicitForm(ctx, { message: 'Log in', schema: { user: text(), password: text() } }),
    );
    expect(result).toMatchObject({
      error: {
        code: 'sensitive-field',
        details: { findings: [{ field: 'password', in: 'name', match: 'password' }] },
      },
    });
    expect((result as { error: { message: string } }).error.message).toMatch(/URL mode/);
    expect(harness?.received).toEqual([]);
  });

  it('[E-01] honours the per-field opt-outs for false positives', async () => {
    const result = await run(
      async (ctx) => {
        const builders = await elicitForm(ctx, {
          message: 'm',
          schema: { tokens: integer().title('Token budget').notSecret() },
        });
        const raw = await elicitForm(ctx, {
          message: 'm',
          schema: { type: 'object', properties: { pin: { type: 'string', title: 'Map pin label' } } },
          notSecret: ['pin'],
        });
        return [builders, raw];
      },
      (params) => {
        const content: Record<string, number | string> =
          'requestedSchema' in params && 'tokens' in params.requestedSchema.properties
            ? { tokens: 5 }
            : { pin: 'home' };
        return { action: 'accept', content };
      },
    );
    expect(result).toEqual([
      { action: 'accept', data: { tokens: 5 } },
      { action: 'accept', data: { pin: 'home' } },
    ]);
  });

  it('[E-01] refuses a message that asks for a secret, before sending', async () => {
    const result = await run((ctx) =>
      elicitForm(ctx, { message: 'Paste your GitHub personal access token here', schema: { value: text() } }),
    );
    expect(result).toMatchObject({
      error: {
        code: 'sensitive-field',
        details: { findings: [{ field: 'value', in: 'message', match: 'access token' }] },
      },
    });
    expect(harness?.received).toEqual([]);
  });

  it('[E-01] names every free-input field under a secret-looking message, not choices', async () => {
    const result = await run((ctx) =>
      elicitForm(ctx, {
        message: 'Enter your card number',
        schema: { digits: text(), expiry: integer(), kind: choice(['visa', 'other']), keep: boolean() },
      }),
    );
    expect(result).toMatchObject({
      error: {
        code: 'sensitive-field',
        details: {
          findings: [
            { field: 'digits', in: 'message', match: 'card number' },
            { field: 'expiry', in: 'message', match: 'card number' },
          ],
        },
      },
    });
    expect(harness?.received).toEqual([]);
  });

  it('[E-01] the message check takes the same opt-outs, and leaves choice-only forms alone', async () => {
    const answers: ElicitResult[] = [
      { action: 'accept', content: { value: 'summary' } },
      { action: 'accept', content: { value: 'summary' } },
      { action: 'accept', content: { scope: 'repo' } },
    ];
    const result = await run(
      async (ctx) => [
        await elicitForm(ctx, {
          message: 'Name the new access token',
          schema: { value: text().notSecret() },
        }),
        await elicitForm(ctx, {
          message: 'Name the new access token',
          schema: { type: 'object', properties: { value: { type: 'string' } } },
          notSecret: ['value'],
        }),
        await elicitForm(ctx, { message: 'Which token scope?', schema: { scope: choice(['repo', 'read']) } }),
      ],
      () => answers.shift() ?? { action: 'cancel' },
    );
    expect(result).toEqual([
      { action: 'accept', data: { value: 'summary' } },
      { action: 'accept', data: { value: 'summary' } },
      { action: 'accept', data: { scope: 'repo' } },
    ]);
  });

  it('[E-47] warns in development about URLs in the message or field texts', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    await run(
      (ctx) =>
        elicitForm(ctx, { message: 'Read https://example.com/terms first', schema: { ok: boolean() } }),
      () => ({ action: 'accept', content: { ok: true } }),
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('message (https://example.com/terms)'), {
      type: 'ElicitkitWarning',
      code: 'ELICITKIT_E47',
    });
  });

  it('asks a different schema on every call (no per-schema cache to grow)', async () => {
    const result = await run(
      async (ctx) => {
        const answers = [];
        for (let i = 0; i < 5; i++) {
          const outcome = await elicitForm(ctx, {
            message: `round ${i}`,
            schema: { [`field${i}`]: integer({ minimum: i }) },
          });
          answers.push(outcome);
        }
        return answers;
      },
      (params) => {
        const name = Object.keys(
          (params as { requestedSchema: { properties: object } }).requestedSchema.properties,
        )[0]!;
        return { action: 'accept', content: { [name]: Number(name.slice(5)) } };
      },
    );
    expect(result).toEqual([0, 1, 2, 3, 4].map((i) => ({ action: 'accept', data: { [`field${i}`]: i } })));
  });
});

describe('elicitForm with Standard Schema (zod 4) and raw schemas', () => {
  const signup = z.object({
    email: z.email().describe('Work email'),
    seats: z.number().int().min(1).max(50).default(5),
    plan: z.enum(['team', 'enterprise']),
    handle: z.string().refine((v) => !v.includes(' '), 'no spaces in handles'),
  });

  it('sends the JSON Schema of a zod object, reshaped to the spec subset', async () => {
    const result = await run(
      (ctx) => elicitForm(ctx, { message: 'Sign up', schema: signup }),
      () => ({ action: 'accept', content: { email: 'a@b.co', plan: 'team', handle: 'ada' } }),
    );
    expect(result).toEqual({
      action: 'accept',
      data: { email: 'a@b.co', seats: 5, plan: 'team', handle: 'ada' },
    });
    const sent = harness?.received[0] as {
      requestedSchema: { properties: Record<string, object>; required: string[] };
    };
    expect(sent.requestedSchema.properties.email).toEqual({
      type: 'string',
      format: 'email',
      description: 'Work email',
    });
    expect(sent.requestedSchema.properties.seats).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 50,
      default: 5,
    });
    expect(sent.requestedSchema.required).toEqual(['email', 'plan', 'handle']);
    expect(sent.requestedSchema).not.toHaveProperty('additionalProperties');
  });

  it("runs the schema's own validate after core's, so refinements apply", async () => {
    const result = await run(
      (ctx) => elicitForm(ctx, { message: 'Sign up', schema: signup }),
      () => ({ action: 'accept', content: { email: 'a@b.co', plan: 'team', handle: 'a d a' } }),
    );
    expect(result).toMatchObject({
      error: {
        code: 'invalid-answer',
        details: { issues: [{ path: ['handle'], code: 'custom', message: 'no spaces in handles' }] },
      },
    });
  });

  it('refuses a zod schema outside the subset, naming the property', async () => {
    const nested = z.object({ address: z.object({ street: z.string() }) });
    const result = await run((ctx) => elicitForm(ctx, { message: 'm', schema: nested }));
    expect(result).toMatchObject({ error: { code: 'invalid-schema' } });
    expect((result as { error: { message: string } }).error.message).toContain('properties.address');
  });

  it('types and validates a raw requested schema', async () => {
    const result = await run(
      async (ctx) => {
        const outcome = await elicitForm(ctx, {
          message: 'Pick',
          schema: {
            type: 'object',
            properties: {
              color: { type: 'string', enum: ['red', 'green'] },
              tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
            },
            required: ['color'],
          },
        });
        expectTypeOf(outcome).toEqualTypeOf<FormResult<{ color: 'red' | 'green'; tags?: ('a' | 'b')[] }>>();
        return outcome;
      },
      () => ({ action: 'accept', content: { color: 'green', tags: ['b'] } }),
    );
    expect(result).toEqual({ action: 'accept', data: { color: 'green', tags: ['b'] } });
  });

  it('types builder answers', async () => {
    await run(
      async (ctx) => {
        const outcome = await elicitForm(ctx, {
          message: 'm',
          schema: { name: text(), age: integer().optional(), picks: multiChoice({ a: 'A', b: 'B' }) },
        });
        expectTypeOf(outcome).toEqualTypeOf<
          FormResult<{ name: string; picks: ('a' | 'b')[]; age?: number }>
        >();
        return outcome;
      },
      () => ({ action: 'decline' }),
    );
  });
});

describe('timeouts, cancellation, disconnection', () => {
  const never: Answerer = () => new Promise(() => {});

  it('times out with a typed error when nobody answers', async () => {
    const result = await run(
      (ctx) => elicitForm(ctx, { message: 'm', schema: contact, timeoutMs: 50 }),
      never,
    );
    expect(result).toMatchObject({
      error: { code: 'elicitation-timeout', message: expect.stringContaining('50 ms') },
    });
  });

  it('rejects a nonsensical timeout before sending', async () => {
    const result = await run((ctx) => elicitForm(ctx, { message: 'm', schema: contact, timeoutMs: -5 }));
    expect(result).toMatchObject({ error: { code: 'invalid-option' } });
    expect(harness?.received).toEqual([]);
  });

  it('stops when the author signal fires, and tells the client', async () => {
    const result = await run(
      (ctx) => elicitForm(ctx, { message: 'm', schema: contact, signal: AbortSignal.timeout(50) }),
      never,
    );
    expect(result).toMatchObject({ error: { code: 'elicitation-aborted', details: { reason: 'signal' } } });
    expect(harness?.sent.some((m) => 'method' in m && m.method === 'notifications/cancelled')).toBe(true);
  });

  it('cancels the elicitation when the tool call is cancelled', async () => {
    let seen: unknown;
    let elicitationStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      elicitationStarted = resolve;
    });
    harness = await inMemoryHarness({
      tools: {
        tool: async (ctx) => {
          seen = await elicitForm(ctx, { message: 'm', schema: contact }).catch(describeError);
          return seen;
        },
      },
      answer: () => {
        elicitationStarted();
        return new Promise(() => {});
      },
    });
    const controller = new AbortController();
    const call = harness.call('tool', { signal: controller.signal }).catch((error: Error) => error.message);
    await started;
    controller.abort('user pressed stop');
    await call;
    await vi.waitFor(() =>
      expect(seen).toMatchObject({ code: 'elicitation-aborted', details: { reason: 'tool-call-cancelled' } }),
    );
    // The client was told to withdraw the form.
    await vi.waitFor(() =>
      expect(
        harness?.sent.filter((m) => 'method' in m && m.method === 'notifications/cancelled'),
      ).toHaveLength(1),
    );
  });

  it('ends with a typed error when the client disconnects mid-form', async () => {
    let seen: unknown;
    let elicitationStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      elicitationStarted = resolve;
    });
    harness = await inMemoryHarness({
      tools: {
        tool: async (ctx) => {
          seen = await elicitForm(ctx, { message: 'm', schema: contact }).catch(describeError);
          return seen;
        },
      },
      answer: () => {
        elicitationStarted();
        return new Promise(() => {});
      },
    });
    void harness.call('tool').catch(() => {});
    await started;
    await harness.client.close();
    await vi.waitFor(() =>
      expect(seen).toMatchObject({ code: 'elicitation-aborted', details: { reason: 'disconnected' } }),
    );
  });
});
