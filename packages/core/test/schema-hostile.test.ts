import {
  applyDefaults,
  DEFAULT_LIMITS,
  formatIssuePath,
  formModel,
  type RequestedSchema,
  validateContent,
  validateField,
  validateRequestedSchema,
} from '@elicitkit/core';
import { afterEach, describe, expect, it } from 'vitest';

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

/** A schema as it arrives on the wire: parsed from JSON text, so `__proto__` is an own key. */
function wire(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replaceAll('"PROTO"', '"__proto__"'));
}

/** An own property's value, read without the `__proto__` accessor. */
const own = (object: object, key: string): unknown => Object.getOwnPropertyDescriptor(object, key)?.value;

function accepted(input: unknown): RequestedSchema {
  const result = validateRequestedSchema(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.schema;
}

function expectNothingPolluted(): void {
  const probe: Record<string, unknown> = {};
  expect(probe.polluted).toBeUndefined();
  expect(probe.type).toBeUndefined();
  expect(probe.default).toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(typeof probe.toString).toBe('function');
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
}

afterEach(expectNothingPolluted);

describe('hostile schemas: prototype names are ordinary property names (E-12)', () => {
  const input = wire({
    type: 'object',
    properties: {
      PROTO: { type: 'string', title: 'Proto', default: 'p', polluted: undefined },
      constructor: { type: 'number', default: 1 },
      toString: { type: 'boolean', default: true },
      hasOwnProperty: { type: 'string', enum: ['a', 'b'] },
      valueOf: { type: 'array', items: { type: 'string', enum: ['x'] } },
      prototype: { type: 'string', oneOf: [{ const: 'c', title: 'C' }] },
    },
    required: ['PROTO', 'constructor', 'toString'],
  });

  it('[E-12] accepts them, as own properties of the clean copy', () => {
    const schema = accepted(input);
    expect(Object.keys(schema.properties)).toEqual(PROTOTYPE_NAMES);
    for (const name of PROTOTYPE_NAMES) expect(Object.hasOwn(schema.properties, name)).toBe(true);
    expect(Object.getPrototypeOf(schema.properties)).toBe(Object.prototype);
    expect(own(schema.properties, '__proto__')).toMatchObject({ type: 'string', title: 'Proto' });
    expect(schema.required).toEqual(['__proto__', 'constructor', 'toString']);
  });

  it('[E-60] validates answers keyed by them without touching prototypes', () => {
    const schema = accepted(input);
    const answer = wire({
      PROTO: 'x',
      constructor: 2,
      toString: false,
      hasOwnProperty: 'a',
      valueOf: ['x'],
      prototype: 'c',
    });
    const result = validateContent(schema, answer);
    expect(result).toEqual({ ok: true, value: answer });
    const bad = wire({
      PROTO: 1,
      constructor: 'x',
      toString: 'no',
      hasOwnProperty: 'z',
      valueOf: 'x',
      prototype: 'd',
    });
    const issues = validateContent(schema, bad);
    expect(
      issues.ok ? [] : issues.issues.map((issue) => `${formatIssuePath(issue.path)}:${issue.code}`),
    ).toEqual([
      '__proto__:type',
      'constructor:type',
      'toString:type',
      'hasOwnProperty:not-in-enum',
      'valueOf:type',
      'prototype:not-in-enum',
    ]);
  });

  it('[E-60] an inherited name is not a present answer', () => {
    const schema = accepted(input);
    const result = validateContent(schema, {});
    expect(result.ok ? [] : result.issues.map((issue) => formatIssuePath(issue.path))).toEqual([
      '__proto__',
      'constructor',
      'toString',
    ]);
    expect(validateField(schema, 'toString', undefined)).toEqual([
      { path: ['toString'], code: 'required', message: 'is required' },
    ]);
  });

  it('[E-60] a content key named like a prototype member that the schema lacks is unknown', () => {
    const schema = accepted({ type: 'object', properties: { a: { type: 'string' } } });
    const result = validateContent(schema, wire({ a: 'x', PROTO: { polluted: true }, constructor: 'y' }));
    expect(
      result.ok ? [] : result.issues.map((issue) => `${formatIssuePath(issue.path)}:${issue.code}`),
    ).toEqual(['__proto__:unknown-property', 'constructor:unknown-property']);
    const stripped = validateContent(schema, wire({ a: 'x', PROTO: { polluted: true } }), {
      unknownProperties: 'strip',
    });
    expect(stripped).toEqual({ ok: true, value: { a: 'x' } });
    expect(validateField(schema, 'constructor', 'x')[0]?.code).toBe('unknown-property');
  });

  it('[E-13] applyDefaults writes them as own data properties', () => {
    const schema = accepted(input);
    const filled = applyDefaults(schema, {});
    expect(Object.hasOwn(filled, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype);
    expect(own(filled, '__proto__')).toBe('p');
    expect(filled.constructor).toBe(1);
    expect(filled.toString).toBe(true);
  });

  it('formModel lists them as fields', () => {
    const fields = formModel(accepted(input));
    expect(fields.map((field) => [field.name, field.kind, field.required])).toEqual([
      ['__proto__', 'text', true],
      ['constructor', 'number', true],
      ['toString', 'boolean', true],
      ['hasOwnProperty', 'select', false],
      ['valueOf', 'multiselect', false],
      ['prototype', 'select', false],
    ]);
  });

  it('[E-12] a keyword named __proto__ inside a definition is refused, not followed', () => {
    const result = validateRequestedSchema(
      wire({ type: 'object', properties: { a: { type: 'string', PROTO: { polluted: 1 } } } }),
    );
    expect(
      result.ok ? [] : result.issues.map((issue) => `${formatIssuePath(issue.path)}:${issue.code}`),
    ).toEqual(['properties.a.__proto__:unsupported-keyword']);
  });
});

describe('hostile schemas: size limits (E-12)', () => {
  it('[E-12] refuses more properties than maxProperties', () => {
    const properties = Object.fromEntries(
      Array.from({ length: DEFAULT_LIMITS.maxProperties + 1 }, (_, index) => [
        `p${index}`,
        { type: 'string' },
      ]),
    );
    const result = validateRequestedSchema({ type: 'object', properties });
    expect(
      result.ok ? [] : result.issues.map((issue) => `${formatIssuePath(issue.path)}:${issue.code}`),
    ).toEqual(['properties:limit-exceeded']);
  });

  it('[E-12] limits can be raised or lowered per call', () => {
    const input = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
    expect(validateRequestedSchema(input, { limits: { maxProperties: 1 } }).ok).toBe(false);
    expect(validateRequestedSchema(input, { limits: { maxProperties: 2 } }).ok).toBe(true);
  });

  it('[E-12] refuses an enum longer than maxEnumValues', () => {
    const values = Array.from({ length: DEFAULT_LIMITS.maxEnumValues + 1 }, (_, index) => `v${index}`);
    for (const field of [
      { type: 'string', enum: values },
      { type: 'string', oneOf: values.map((value) => ({ const: value, title: value })) },
      { type: 'array', items: { type: 'string', enum: values } },
      { type: 'array', items: { anyOf: values.map((value) => ({ const: value, title: value })) } },
    ]) {
      const result = validateRequestedSchema({ type: 'object', properties: { f: field } });
      expect(result.ok ? [] : result.issues.map((issue) => issue.code)).toEqual(['limit-exceeded']);
    }
  });

  it.each([
    ['a title', { type: 'string', title: 'x'.repeat(10_001) }, 'properties.f.title'],
    ['a description', { type: 'string', description: 'x'.repeat(10_001) }, 'properties.f.description'],
    ['an enum value', { type: 'string', enum: ['x'.repeat(10_001)] }, 'properties.f.enum[0]'],
    [
      'an option title',
      { type: 'string', oneOf: [{ const: 'a', title: 'x'.repeat(10_001) }] },
      'properties.f.oneOf[0].title',
    ],
    ['a default', { type: 'string', default: 'x'.repeat(10_001) }, 'properties.f.default'],
    ['a pattern', { type: 'string', pattern: 'a'.repeat(1_001) }, 'properties.f.pattern'],
  ])('[E-12] refuses %s longer than its limit', (_, field, path) => {
    const result = validateRequestedSchema({ type: 'object', properties: { f: field } });
    expect(
      result.ok ? [] : result.issues.map((issue) => `${formatIssuePath(issue.path)}:${issue.code}`),
    ).toEqual([`${path}:limit-exceeded`]);
  });

  it('[E-12] refuses a property name longer than maxSchemaStringLength', () => {
    const name = 'n'.repeat(10_001);
    const result = validateRequestedSchema({ type: 'object', properties: { [name]: { type: 'string' } } });
    expect(result.ok ? [] : result.issues.map((issue) => issue.code)).toEqual(['limit-exceeded']);
  });

  it('[E-12] refuses a schema larger than maxSchemaSize before reading it', () => {
    const big = { type: 'object', properties: { a: { type: 'string' } }, 'x-padding': 'x'.repeat(1_000_001) };
    expect(validateRequestedSchema(big)).toMatchObject({
      ok: false,
      issues: [{ path: [], code: 'limit-exceeded' }],
    });
  });

  it('[E-12] walks a deeply nested annotation without recursion, and refuses it by size', () => {
    let deep: unknown = 'leaf';
    for (let depth = 0; depth < 400_000; depth++) deep = [deep];
    const input = { type: 'object', properties: {}, 'x-deep': deep };
    expect(validateRequestedSchema(input, { limits: { maxSchemaSize: 10_000_000 } }).ok).toBe(true);
    expect(validateRequestedSchema(input)).toMatchObject({ ok: false, issues: [{ code: 'limit-exceeded' }] });
  });

  it('[E-12] survives a cyclic input: the size walk stops at the budget', () => {
    const cyclic: Record<string, unknown> = { type: 'object', properties: { a: { type: 'string' } } };
    cyclic['x-self'] = cyclic;
    expect(validateRequestedSchema(cyclic)).toMatchObject({
      ok: false,
      issues: [{ path: [], code: 'limit-exceeded' }],
    });
  });

  it('[E-12] refuses deeply nested objects as nested-object, without descending', () => {
    let nested: Record<string, unknown> = { type: 'string' };
    for (let depth = 0; depth < 1000; depth++) nested = { type: 'object', properties: { inner: nested } };
    const result = validateRequestedSchema({ type: 'object', properties: { outer: nested } });
    expect(
      result.ok ? [] : result.issues.map((issue) => `${formatIssuePath(issue.path)}:${issue.code}`),
    ).toEqual(['properties.outer.type:nested-object']);
  });

  it('[E-12] refuses a schema with many keys in one definition by size', () => {
    const field: Record<string, unknown> = { type: 'string' };
    for (let index = 0; index < 100_000; index++) field[`x-${index}`] = index;
    expect(validateRequestedSchema({ type: 'object', properties: { f: field } })).toMatchObject({
      ok: false,
      issues: [{ code: 'limit-exceeded' }],
    });
  });
});
