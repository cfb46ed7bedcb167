import type { SchemaIssueCode } from '@elicitkit/core';
import { formatIssuePath } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { issuesOf, onlyIssue, root } from './schema-helpers.js';

describe('validateRequestedSchema: defaults must pass their own field (E-12, E-13)', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['too short', { type: 'string', minLength: 3, default: 'ab' }, 'properties.f.default'],
    [
      'not matching the pattern',
      { type: 'string', pattern: '^\\d+$', default: 'x1' },
      'properties.f.default',
    ],
    ['not an email', { type: 'string', format: 'email', default: 'nobody' }, 'properties.f.default'],
    ['a string for a number', { type: 'number', default: '1' }, 'properties.f.default'],
    ['a fraction for an integer', { type: 'integer', default: 1.5 }, 'properties.f.default'],
    ['above maximum', { type: 'number', maximum: 1, default: 2 }, 'properties.f.default'],
    ['a string for a boolean', { type: 'boolean', default: 'true' }, 'properties.f.default'],
    ['outside the enum', { type: 'string', enum: ['a'], default: 'b' }, 'properties.f.default'],
    [
      'outside the titled options',
      { type: 'string', oneOf: [{ const: 'a', title: 'A' }], default: 'A' },
      'properties.f.default',
    ],
    [
      'a string for a multi-select',
      { type: 'array', items: { type: 'string', enum: ['a'] }, default: 'a' },
      'properties.f.default',
    ],
    [
      'an unknown choice in a multi-select',
      { type: 'array', items: { type: 'string', enum: ['a'] }, default: ['a', 'b'] },
      'properties.f.default[1]',
    ],
    [
      'a repeated choice',
      {
        type: 'array',
        items: {
          anyOf: [
            { const: 'a', title: 'A' },
            { const: 'b', title: 'B' },
          ],
        },
        default: ['a', 'a'],
      },
      'properties.f.default[1]',
    ],
    [
      'too many choices',
      { type: 'array', maxItems: 1, items: { type: 'string', enum: ['a', 'b'] }, default: ['a', 'b'] },
      'properties.f.default',
    ],
    ['null', { type: 'string', default: null }, 'properties.f.default'],
  ])('[E-13] refuses a default %s', (_, field, path) => {
    expect(onlyIssue(root({ f: field }))).toEqual({ path, code: 'invalid-default' });
  });
});

describe('validateRequestedSchema: enums (E-12)', () => {
  it.each<[string, Record<string, unknown>, string, SchemaIssueCode]>([
    ['an empty enum', { type: 'string', enum: [] }, 'properties.f.enum', 'empty-enum'],
    ['an empty oneOf', { type: 'string', oneOf: [] }, 'properties.f.oneOf', 'empty-enum'],
    [
      'an empty items.enum',
      { type: 'array', items: { type: 'string', enum: [] } },
      'properties.f.items.enum',
      'empty-enum',
    ],
    [
      'an empty items.anyOf',
      { type: 'array', items: { anyOf: [] } },
      'properties.f.items.anyOf',
      'empty-enum',
    ],
    [
      'a duplicate enum value',
      { type: 'string', enum: ['a', 'b', 'a'] },
      'properties.f.enum[2]',
      'duplicate-enum-value',
    ],
    [
      'a duplicate oneOf const',
      {
        type: 'string',
        oneOf: [
          { const: 'a', title: 'A' },
          { const: 'a', title: 'B' },
        ],
      },
      'properties.f.oneOf[1].const',
      'duplicate-enum-value',
    ],
    [
      'a duplicate items.enum value',
      { type: 'array', items: { type: 'string', enum: ['a', 'a'] } },
      'properties.f.items.enum[1]',
      'duplicate-enum-value',
    ],
    [
      'a numeric enum value',
      { type: 'string', enum: ['a', 1] },
      'properties.f.enum[1]',
      'non-string-enum-value',
    ],
    [
      'a null oneOf const',
      { type: 'string', oneOf: [{ const: null, title: 'A' }] },
      'properties.f.oneOf[0].const',
      'non-string-enum-value',
    ],
    [
      'a numeric items.anyOf const',
      { type: 'array', items: { anyOf: [{ const: 1, title: 'A' }] } },
      'properties.f.items.anyOf[0].const',
      'non-string-enum-value',
    ],
    [
      'enumNames too short',
      { type: 'string', enum: ['a', 'b'], enumNames: ['A'] },
      'properties.f.enumNames',
      'enum-names-length',
    ],
    [
      'enumNames too long',
      { type: 'string', enum: ['a'], enumNames: ['A', 'B'] },
      'properties.f.enumNames',
      'enum-names-length',
    ],
    [
      'enumNames with a number',
      { type: 'string', enum: ['a'], enumNames: [1] },
      'properties.f.enumNames[0]',
      'invalid-keyword-value',
    ],
    [
      'enumNames beside oneOf',
      { type: 'string', oneOf: [{ const: 'a', title: 'A' }], enumNames: ['A'] },
      'properties.f.enumNames',
      'invalid-keyword-value',
    ],
    [
      'enum and oneOf together',
      { type: 'string', enum: ['a'], oneOf: [{ const: 'a', title: 'A' }] },
      'properties.f.oneOf',
      'unsupported-keyword',
    ],
    [
      'an option without a title',
      { type: 'string', oneOf: [{ const: 'a' }] },
      'properties.f.oneOf[0].title',
      'invalid-keyword-value',
    ],
    [
      'an option without a const',
      { type: 'string', oneOf: [{ title: 'A' }] },
      'properties.f.oneOf[0].const',
      'invalid-keyword-value',
    ],
    [
      'an option with a pattern',
      { type: 'string', oneOf: [{ const: 'a', title: 'A', pattern: 'a' }] },
      'properties.f.oneOf[0].pattern',
      'unsupported-keyword',
    ],
    [
      'an option that is a string',
      { type: 'string', oneOf: ['a'] },
      'properties.f.oneOf[0]',
      'invalid-keyword-value',
    ],
    ['enum not a list', { type: 'string', enum: 'a' }, 'properties.f.enum', 'invalid-keyword-value'],
    ['enum on a number', { type: 'number', enum: [1, 2] }, 'properties.f.enum', 'unsupported-keyword'],
    [
      'minItems beyond the choices',
      { type: 'array', minItems: 3, items: { type: 'string', enum: ['a', 'b'] } },
      'properties.f.minItems',
      'invalid-keyword-value',
    ],
    [
      'uniqueItems false',
      { type: 'array', uniqueItems: false, items: { type: 'string', enum: ['a'] } },
      'properties.f.uniqueItems',
      'unsupported-keyword',
    ],
  ])('[E-12] refuses %s', (_, field, path, code) => {
    expect(onlyIssue(root({ f: field }))).toEqual({ path, code });
  });
});

describe('validateRequestedSchema: arrays other than the two multi-select forms (E-12)', () => {
  it.each<[string, Record<string, unknown>, string, SchemaIssueCode]>([
    ['no items', { type: 'array' }, 'properties.f.items', 'unsupported-array'],
    [
      'free text items',
      { type: 'array', items: { type: 'string' } },
      'properties.f.items',
      'unsupported-array',
    ],
    ['number items', { type: 'array', items: { type: 'number' } }, 'properties.f.items', 'unsupported-array'],
    [
      'object items',
      { type: 'array', items: { type: 'object', properties: {} } },
      'properties.f.items',
      'unsupported-array',
    ],
    [
      'tuple items',
      { type: 'array', items: [{ type: 'string', enum: ['a'] }] },
      'properties.f.items',
      'unsupported-array',
    ],
    [
      'items.enum without type',
      { type: 'array', items: { enum: ['a'] } },
      'properties.f.items',
      'unsupported-array',
    ],
    [
      'items.enum with type number',
      { type: 'array', items: { type: 'number', enum: ['a'] } },
      'properties.f.items',
      'unsupported-array',
    ],
    [
      'both enum and anyOf',
      { type: 'array', items: { type: 'string', enum: ['a'], anyOf: [{ const: 'a', title: 'A' }] } },
      'properties.f.items',
      'unsupported-array',
    ],
    [
      'items with a pattern',
      { type: 'array', items: { type: 'string', enum: ['a'], pattern: 'a' } },
      'properties.f.items.pattern',
      'unsupported-keyword',
    ],
    [
      'prefixItems',
      { type: 'array', prefixItems: [], items: { type: 'string', enum: ['a'] } },
      'properties.f.prefixItems',
      'unsupported-keyword',
    ],
    [
      'contains',
      { type: 'array', contains: {}, items: { type: 'string', enum: ['a'] } },
      'properties.f.contains',
      'unsupported-keyword',
    ],
  ])('[E-12] refuses %s', (_, field, path, code) => {
    expect(onlyIssue(root({ f: field }))).toEqual({ path, code });
  });
});

describe('validateRequestedSchema: several problems at once', () => {
  it('[E-12] reports each problem once, each at its own path', () => {
    const issues = issuesOf({
      type: 'object',
      $ref: '#',
      properties: {
        a: { type: 'string', minLength: 5, maxLength: 2, allOf: [] },
        b: { type: 'object' },
        c: { type: 'number', default: 'x' },
      },
      required: ['zz'],
    });
    expect(issues.map((issue) => `${formatIssuePath(issue.path)} ${issue.code}`)).toEqual([
      '$ref unsupported-keyword',
      'properties.a.allOf unsupported-keyword',
      'properties.a.minLength inverted-range',
      'properties.b.type nested-object',
      'properties.c.default invalid-default',
      'required[0] unknown-required',
    ]);
  });

  it('messages say what was wrong without repeating the path', () => {
    const [issue] = issuesOf(root({ age: { type: 'number', minimum: 'ten' } }));
    expect(issue).toEqual({
      path: ['properties', 'age', 'minimum'],
      code: 'invalid-keyword-value',
      message: 'minimum must be a finite number, not "ten"',
    });
  });
});
