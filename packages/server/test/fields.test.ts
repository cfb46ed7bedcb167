import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  boolean,
  choice,
  date,
  dateTime,
  email,
  fieldSpec,
  integer,
  multiChoice,
  number,
  text,
  uri,
} from '../src/form/fields.js';
import type { FormData as Data, FormData, FormResult } from '../src/form/infer.js';

const schemaOf = (field: Parameters<typeof fieldSpec>[0]) => fieldSpec(field).schema;

describe('field builders', () => {
  it('[E-12] build each primitive of the requested-schema subset', () => {
    expect(schemaOf(text({ minLength: 1, maxLength: 20, pattern: '^[a-z]+$' }))).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 20,
      pattern: '^[a-z]+$',
    });
    expect(schemaOf(email())).toEqual({ type: 'string', format: 'email' });
    expect(schemaOf(uri())).toEqual({ type: 'string', format: 'uri' });
    expect(schemaOf(date())).toEqual({ type: 'string', format: 'date' });
    expect(schemaOf(dateTime())).toEqual({ type: 'string', format: 'date-time' });
    expect(schemaOf(number({ minimum: 0.5 }))).toEqual({ type: 'number', minimum: 0.5 });
    expect(schemaOf(integer({ minimum: 0, maximum: 150 }))).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 150,
    });
    expect(schemaOf(boolean())).toEqual({ type: 'boolean' });
  });

  it('[E-12] build the four enum shapes: untitled and titled, single and multi', () => {
    expect(schemaOf(choice(['s', 'm', 'l']))).toEqual({ type: 'string', enum: ['s', 'm', 'l'] });
    expect(schemaOf(choice({ s: 'Small', l: 'Large' }))).toEqual({
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    });
    expect(schemaOf(multiChoice(['a', 'b'], { minItems: 1 }))).toEqual({
      type: 'array',
      minItems: 1,
      items: { type: 'string', enum: ['a', 'b'] },
    });
    expect(schemaOf(multiChoice({ a: 'A', b: 'B' }, { maxItems: 2 }))).toEqual({
      type: 'array',
      maxItems: 2,
      items: {
        anyOf: [
          { const: 'a', title: 'A' },
          { const: 'b', title: 'B' },
        ],
      },
    });
  });

  it('chain titles, descriptions, defaults and presence without mutating the original', () => {
    const base = text();
    const named = base.title('Name').describe('As on your passport').default('Ada');
    expect(schemaOf(named)).toEqual({
      type: 'string',
      title: 'Name',
      description: 'As on your passport',
      default: 'Ada',
    });
    expect(schemaOf(base)).toEqual({ type: 'string' });
    expect(fieldSpec(named).required).toBe(true);
    expect(fieldSpec(named.optional()).required).toBe(false);
    expect(fieldSpec(base).required).toBe(true);
    expect(fieldSpec(base.notSecret()).notSecret).toBe(true);
    expect(fieldSpec(base).notSecret).toBe(false);
  });

  it('type answers per field: required, optional, defaulted, enum unions', () => {
    const shape = {
      name: text(),
      age: integer().optional(),
      size: choice(['s', 'l']).default('s'),
      plan: choice({ free: 'Free', pro: 'Pro' }),
      tags: multiChoice(['a', 'b']).optional(),
      ok: boolean().optional().default(true),
    };
    expectTypeOf<FormData<typeof shape>>().toEqualTypeOf<{
      name: string;
      size: 's' | 'l';
      plan: 'free' | 'pro';
      ok: boolean;
      age?: number;
      tags?: ('a' | 'b')[];
    }>();
    // @ts-expect-error a default must fit the field
    choice(['s', 'l']).default('xl');
  });
});

describe('typed answers for raw and Standard schemas', () => {
  it('type a raw requested schema written `as const`', () => {
    const raw = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        color: { type: 'string', enum: ['red', 'green'] },
        level: {
          type: 'string',
          oneOf: [
            { const: 'lo', title: 'Low' },
            { const: 'hi', title: 'High' },
          ],
        },
        count: { type: 'integer', default: 1 },
        picks: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
        tier: { type: 'array', items: { anyOf: [{ const: 't1', title: 'One' }] } },
        agree: { type: 'boolean' },
      },
      required: ['name', 'color'],
    } as const;
    expectTypeOf<Data<typeof raw>>().toEqualTypeOf<{
      name: string;
      color: 'red' | 'green';
      count: number;
      level?: 'lo' | 'hi';
      picks?: ('x' | 'y')[];
      tier?: 't1'[];
      agree?: boolean;
    }>();
  });

  it("type a zod object by the schema's output", () => {
    const schema = z.object({ email: z.email(), age: z.number().int().optional() });
    expectTypeOf<Data<typeof schema>>().toEqualTypeOf<{ email: string; age?: number | undefined }>();
    expectTypeOf<FormResult<Data<typeof schema>>>().toMatchTypeOf<
      { action: 'accept'; data: { email: string } } | { action: 'decline' } | { action: 'cancel' }
    >();
  });
});
