import {
  type ContentIssueCode,
  formatIssuePath,
  type RequestedSchema,
  validateContent,
  validateField,
  validateRequestedSchema,
} from '@elicitkit/core';
import { describe, expect, it } from 'vitest';

function schemaOf(input: unknown): RequestedSchema {
  const result = validateRequestedSchema(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.schema;
}

const schema = schemaOf({
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    code: { type: 'string', pattern: '^[A-Z]{3}$' },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 18, maximum: 130 },
    score: { type: 'number', minimum: -1, maximum: 1 },
    agree: { type: 'boolean' },
    color: { type: 'string', enum: ['red', 'green'] },
    size: {
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    },
    legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'] },
    tags: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['x', 'y', 'z'] } },
    labels: {
      type: 'array',
      items: {
        anyOf: [
          { const: 'p', title: 'P' },
          { const: 'q', title: 'Q' },
        ],
      },
    },
  },
  required: ['name'],
});

/** The issue codes for one field's value, checked both through validateContent and validateField. */
function problems(field: string, value: unknown): string[] {
  const whole = validateContent(schema, { name: 'Ann', [field]: value });
  const single = validateField(schema, field, value);
  const fromWhole = whole.ok
    ? []
    : whole.issues.map((issue) => `${formatIssuePath(issue.path)}:${issue.code}`);
  expect(single.map((issue) => `${formatIssuePath(issue.path)}:${issue.code}`)).toEqual(fromWhole);
  return fromWhole;
}

describe('validateContent: valid answers (E-59, E-60)', () => {
  it('[E-60] accepts a full valid answer and returns it as is', () => {
    const answer = {
      name: 'Ann',
      code: 'ABC',
      email: 'ann@example.com',
      age: 30,
      score: 0.5,
      agree: true,
      color: 'red',
      size: 'l',
      legacy: 'b',
      tags: ['x', 'z'],
      labels: [],
    };
    const result = validateContent(schema, answer);
    expect(result).toEqual({ ok: true, value: answer });
    expect(result.ok && result.value).toBe(answer);
  });

  it('[E-60] accepts an answer with only the required fields', () => {
    expect(validateContent(schema, { name: 'Ann' }).ok).toBe(true);
  });

  it('[E-60] treats an undefined value as absent', () => {
    expect(validateContent(schema, { name: 'Ann', age: undefined }).ok).toBe(true);
    expect(validateContent(schema, { name: undefined })).toMatchObject({
      ok: false,
      issues: [{ path: ['name'], code: 'required' }],
    });
  });
});

describe('validateContent: each rule (E-59, E-60)', () => {
  it.each<[string, string, unknown, ContentIssueCode, string?]>([
    ['a number for a string', 'name', 42, 'type'],
    ['too few code points', 'name', 'A', 'too-short'],
    ['a surrogate pair counted as one character', 'name', '😀', 'too-short'],
    ['too many code points', 'name', 'Annabel', 'too-long'],
    ['a pattern mismatch', 'code', 'AB1', 'pattern'],
    ['a pattern that must match the whole value', 'code', 'ABCD', 'pattern'],
    ['a bad email', 'email', 'ann@', 'format'],
    ['a string for an integer', 'age', '30', 'type'],
    ['a fraction for an integer', 'age', 30.5, 'not-integer'],
    ['below minimum', 'age', 17, 'minimum'],
    ['above maximum', 'age', 131, 'maximum'],
    ['NaN', 'score', Number.NaN, 'not-finite'],
    ['Infinity', 'score', Number.POSITIVE_INFINITY, 'not-finite'],
    ['a string for a boolean', 'agree', 'true', 'type'],
    ['null for a boolean', 'agree', null, 'type'],
    ['an unknown enum value', 'color', 'blue', 'not-in-enum'],
    ['a title instead of a const', 'size', 'Small', 'not-in-enum'],
    ['an enumNames label instead of the value', 'legacy', 'A', 'not-in-enum'],
    ['a number for a select', 'color', 1, 'type'],
    ['a string for a multi-select', 'tags', 'x', 'type'],
    ['too few items', 'tags', [], 'too-few-items'],
    ['too many items', 'tags', ['x', 'y', 'z'], 'too-many-items'],
    ['an unknown item', 'tags', ['x', 'w'], 'not-in-enum', 'tags[1]'],
    ['a duplicate item', 'tags', ['y', 'y'], 'duplicate-items', 'tags[1]'],
    ['a non-string item', 'labels', ['p', 3], 'type', 'labels[1]'],
    ['an unknown titled item', 'labels', ['P'], 'not-in-enum', 'labels[0]'],
  ])('[E-60] refuses %s', (_, field, value, code, path = field) => {
    expect(problems(field, value)).toEqual([`${path}:${code}`]);
  });

  it('[E-60] refuses a missing required field', () => {
    expect(validateContent(schema, {})).toEqual({
      ok: false,
      issues: [{ path: ['name'], code: 'required', message: 'is required' }],
    });
  });

  it.each([null, [], 'text', 42, new Date(0), new Map()])(
    '[E-60] refuses content that is not a JSON object: %s',
    (content) => {
      expect(validateContent(schema, content)).toMatchObject({
        ok: false,
        issues: [{ path: [], code: 'not-an-object' }],
      });
    },
  );

  it('[E-60] accepts a null-prototype object', () => {
    const content = Object.assign(Object.create(null) as Record<string, unknown>, { name: 'Ann' });
    expect(validateContent(schema, content).ok).toBe(true);
  });

  it('[E-60] reports every field with a problem, each once', () => {
    const result = validateContent(schema, { name: 'A', age: 1.5, tags: ['w', 'w'], extra: true });
    expect(
      result.ok ? [] : result.issues.map((issue) => `${formatIssuePath(issue.path)}:${issue.code}`),
    ).toEqual(['name:too-short', 'age:not-integer', 'tags[0]:not-in-enum', 'extra:unknown-property']);
  });

  it('[E-60] messages are readable', () => {
    const result = validateContent(schema, { name: 'Ann', color: 'blue', age: 12, code: 'x' });
    expect(
      result.ok ? [] : result.issues.map((issue) => `${formatIssuePath(issue.path)} ${issue.message}`),
    ).toEqual([
      'code must match the pattern "^[A-Z]{3}$"',
      'age must be at least 18',
      'color must be one of "red", "green"',
    ]);
  });
});

describe('validateContent: unknown properties (E-60)', () => {
  it('[E-60] refuses them by default', () => {
    expect(validateContent(schema, { name: 'Ann', nickname: 'A' })).toEqual({
      ok: false,
      issues: [
        { path: ['nickname'], code: 'unknown-property', message: 'is not a field of the requested schema' },
      ],
    });
  });

  it('[E-60] strips them on request, into a new object', () => {
    const content = { name: 'Ann', nickname: 'A', age: 40 };
    const result = validateContent(schema, content, { unknownProperties: 'strip' });
    expect(result).toEqual({ ok: true, value: { name: 'Ann', age: 40 } });
    expect(content).toEqual({ name: 'Ann', nickname: 'A', age: 40 });
  });

  it('[E-60] still validates known fields when stripping', () => {
    expect(validateContent(schema, { name: 'A', other: 1 }, { unknownProperties: 'strip' })).toMatchObject({
      ok: false,
      issues: [{ path: ['name'], code: 'too-short' }],
    });
  });
});

describe('validateContent: answer length limit (E-60)', () => {
  const free = schemaOf({ type: 'object', properties: { note: { type: 'string' } } });

  it('[E-60] caps a string without maxLength at maxAnswerLength code points', () => {
    expect(validateContent(free, { note: 'x'.repeat(100_000) }).ok).toBe(true);
    expect(validateContent(free, { note: 'x'.repeat(100_001) })).toMatchObject({
      ok: false,
      issues: [{ path: ['note'], code: 'too-long', message: 'must be at most 100000 characters long' }],
    });
    expect(validateContent(free, { note: '😀'.repeat(100_000) }).ok).toBe(true);
    expect(validateContent(free, { note: 'xx' }, { limits: { maxAnswerLength: 1 } }).ok).toBe(false);
  });

  it('[E-60] examines only as many multi-select items as there are choices, however long the array', () => {
    const multi = schemaOf({
      type: 'object',
      properties: { t: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } },
    });
    // Counts the items read instead of timing the call: a cost bound that a loaded machine cannot blur.
    const read = new Set<string>();
    const huge = new Proxy(
      Array.from({ length: 1_000_000 }, () => 'a'),
      {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^[0-9]+$/.test(key)) read.add(key);
          return Reflect.get(target, key, receiver);
        },
      },
    );
    expect(validateContent(multi, { t: huge })).toMatchObject({
      ok: false,
      issues: [{ path: ['t', 1], code: 'duplicate-items' }],
    });
    expect([...read]).toEqual(['0', '1']);
  });
});

describe('validateField: live feedback (E-59)', () => {
  it('[E-59] returns [] for a good value, one issue for a bad one', () => {
    expect(validateField(schema, 'age', 40)).toEqual([]);
    expect(validateField(schema, 'age', 4)).toEqual([
      { path: ['age'], code: 'minimum', message: 'must be at least 18', params: { min: 18 } },
    ]);
  });

  it('[E-59] treats undefined as unanswered: an issue only for required fields', () => {
    expect(validateField(schema, 'age', undefined)).toEqual([]);
    expect(validateField(schema, 'name', undefined)).toEqual([
      { path: ['name'], code: 'required', message: 'is required' },
    ]);
  });

  it('[E-59] refuses a name the schema does not have', () => {
    expect(validateField(schema, 'nope', 'x')).toMatchObject([{ path: ['nope'], code: 'unknown-property' }]);
  });
});
