import { type SchemaIssueCode, validateRequestedSchema } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { onlyIssue, root } from './schema-helpers.js';

describe('validateRequestedSchema: accepted forms (E-12)', () => {
  it.each([
    [
      'a text field with every keyword',
      {
        type: 'string',
        title: 'T',
        description: 'D',
        minLength: 1,
        maxLength: 9,
        pattern: '^.+@.+$',
        format: 'email',
        default: 'a@b.co',
      },
    ],
    ['each format', { type: 'string', format: 'date-time' }],
    ['a number', { type: 'number', minimum: -1.5, maximum: 2.5, default: 0 }],
    ['an integer with non-integer bounds', { type: 'integer', minimum: 0.5, maximum: 10.5, default: 3 }],
    ['a boolean', { type: 'boolean', default: false }],
    ['an untitled single select', { type: 'string', enum: ['a', 'b'], default: 'a' }],
    ['a titled single select', { type: 'string', oneOf: [{ const: 'a', title: 'A' }], default: 'a' }],
    ['a legacy enumNames select', { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'] }],
    [
      'an untitled multi select',
      {
        type: 'array',
        minItems: 0,
        maxItems: 2,
        items: { type: 'string', enum: ['a', 'b'] },
        default: ['b'],
      },
    ],
    [
      'a titled multi select',
      { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] }, uniqueItems: true },
    ],
    [
      'a titled multi select whose items say type string',
      { type: 'array', items: { type: 'string', anyOf: [{ const: 'a', title: 'A' }] } },
    ],
    ['equal bounds', { type: 'string', minLength: 3, maxLength: 3 }],
    ['integer-valued floats as counts', { type: 'string', minLength: 2.0 }],
    ['an empty-string enum value', { type: 'string', enum: [''] }],
  ])('[E-12] accepts %s', (_, field) => {
    const result = validateRequestedSchema(root({ field }, { required: ['field'] }));
    expect(result.ok, JSON.stringify(result)).toBe(true);
  });

  it('[E-12] accepts an empty properties object and an empty required list', () => {
    expect(validateRequestedSchema({ type: 'object', properties: {}, required: [] }).ok).toBe(true);
  });

  it('[E-12] accepts Zod 4 output: $schema and additionalProperties: false at the root', () => {
    const input = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    };
    const result = validateRequestedSchema(input);
    expect(result).toEqual({
      ok: true,
      schema: {
        $schema: input.$schema,
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
      },
    });
  });

  it('[E-12] returns a clean copy: annotations dropped, nothing shared with the input', () => {
    const input = {
      type: 'object',
      $comment: 'root note',
      'x-root': { deep: [1, 2, 3] },
      title: 'Root title',
      properties: {
        color: {
          type: 'array',
          title: 'Colors',
          $comment: 'c',
          examples: [['a']],
          deprecated: false,
          readOnly: false,
          writeOnly: false,
          $id: 'urn:x',
          'x-widget': 'chips',
          items: { type: 'string', enum: ['a', 'b'], $comment: 'items note' },
          default: ['a'],
        },
        pick: { type: 'string', oneOf: [{ const: 'a', title: 'A', description: 'dropped' }] },
      },
    };
    const result = validateRequestedSchema(input);
    expect(result).toEqual({
      ok: true,
      schema: {
        type: 'object',
        properties: {
          color: {
            type: 'array',
            title: 'Colors',
            items: { type: 'string', enum: ['a', 'b'] },
            default: ['a'],
          },
          pick: { type: 'string', oneOf: [{ const: 'a', title: 'A' }] },
        },
      },
    });
    if (!result.ok) return;
    const color = result.schema.properties.color as { default: string[]; items: { enum: string[] } };
    expect(color.default).not.toBe(input.properties.color.default);
    expect(color.items.enum).not.toBe(input.properties.color.items.enum);
  });
});

describe('validateRequestedSchema: the root (E-12)', () => {
  it.each<[string, unknown, string, SchemaIssueCode]>([
    ['null', null, '', 'not-an-object'],
    ['an array', [], '', 'not-an-object'],
    ['a string', '{}', '', 'not-an-object'],
    ['a Date', new Date(0), '', 'not-an-object'],
    ['type array', { type: 'array', properties: {} }, 'type', 'root-not-object'],
    ['type missing', { properties: {} }, 'type', 'root-not-object'],
    ['type as a list', { type: ['object'], properties: {} }, 'type', 'root-not-object'],
    ['properties missing', { type: 'object' }, 'properties', 'missing-properties'],
    ['properties not an object', { type: 'object', properties: [] }, 'properties', 'invalid-keyword-value'],
    ['$ref', { type: 'object', properties: {}, $ref: '#/x' }, '$ref', 'unsupported-keyword'],
    ['allOf', { type: 'object', properties: {}, allOf: [] }, 'allOf', 'unsupported-keyword'],
    ['$defs', { type: 'object', properties: {}, $defs: {} }, '$defs', 'unsupported-keyword'],
    [
      'patternProperties',
      { type: 'object', properties: {}, patternProperties: {} },
      'patternProperties',
      'unsupported-keyword',
    ],
    [
      'additionalProperties true',
      { type: 'object', properties: {}, additionalProperties: true },
      'additionalProperties',
      'unsupported-keyword',
    ],
    [
      'required not a list',
      { type: 'object', properties: {}, required: 'a' },
      'required',
      'invalid-keyword-value',
    ],
    [
      'required naming an unknown property',
      root({ a: { type: 'string' } }, { required: ['a', 'b'] }),
      'required[1]',
      'unknown-required',
    ],
    [
      'required listing a name twice',
      root({ a: { type: 'string' } }, { required: ['a', 'a'] }),
      'required[1]',
      'invalid-keyword-value',
    ],
    [
      'required with a number',
      root({ a: { type: 'string' } }, { required: [1] }),
      'required[0]',
      'invalid-keyword-value',
    ],
    [
      'a non-string $schema',
      { type: 'object', properties: {}, $schema: 7 },
      '$schema',
      'invalid-keyword-value',
    ],
  ])('[E-12] refuses %s', (_, input, path, code) => {
    expect(onlyIssue(input)).toEqual({ path, code });
  });
});

describe('validateRequestedSchema: property definitions (E-12)', () => {
  it.each<[string, unknown, string, SchemaIssueCode]>([
    ['a non-object definition', 'string', 'properties.f', 'not-an-object'],
    ['a boolean schema', true, 'properties.f', 'not-an-object'],
    ['a missing type', { title: 'x' }, 'properties.f.type', 'unsupported-type'],
    ['type null', { type: 'null' }, 'properties.f.type', 'unsupported-type'],
    ['a type list', { type: ['string', 'null'] }, 'properties.f.type', 'unsupported-type'],
    ['a nested object', { type: 'object', properties: {} }, 'properties.f.type', 'nested-object'],
    ['$ref at field level', { type: 'string', $ref: '#/a' }, 'properties.f.$ref', 'unsupported-keyword'],
    [
      'anyOf at field level',
      { type: 'string', anyOf: [{ const: 'a' }] },
      'properties.f.anyOf',
      'unsupported-keyword',
    ],
    ['allOf', { type: 'string', allOf: [] }, 'properties.f.allOf', 'unsupported-keyword'],
    ['if', { type: 'string', if: {} }, 'properties.f.if', 'unsupported-keyword'],
    ['not', { type: 'string', not: {} }, 'properties.f.not', 'unsupported-keyword'],
    ['const', { type: 'string', const: 'a' }, 'properties.f.const', 'unsupported-keyword'],
    [
      'exclusiveMinimum',
      { type: 'number', exclusiveMinimum: 0 },
      'properties.f.exclusiveMinimum',
      'unsupported-keyword',
    ],
    ['multipleOf', { type: 'integer', multipleOf: 2 }, 'properties.f.multipleOf', 'unsupported-keyword'],
    [
      'contentMediaType',
      { type: 'string', contentMediaType: 'text/html' },
      'properties.f.contentMediaType',
      'unsupported-keyword',
    ],
    [
      'a typo of a keyword',
      { type: 'string', maxlength: 3 },
      'properties.f.maxlength',
      'unsupported-keyword',
    ],
    [
      'minLength on a number',
      { type: 'number', minLength: 1 },
      'properties.f.minLength',
      'unsupported-keyword',
    ],
    ['minimum on a string', { type: 'string', minimum: 1 }, 'properties.f.minimum', 'unsupported-keyword'],
    [
      'pattern on a select',
      { type: 'string', enum: ['a'], pattern: 'a' },
      'properties.f.pattern',
      'unsupported-keyword',
    ],
    ['an unknown format', { type: 'string', format: 'phone' }, 'properties.f.format', 'unknown-format'],
    ['a non-string format', { type: 'string', format: 1 }, 'properties.f.format', 'unknown-format'],
    [
      'minLength > maxLength',
      { type: 'string', minLength: 5, maxLength: 4 },
      'properties.f.minLength',
      'inverted-range',
    ],
    [
      'minimum > maximum',
      { type: 'number', minimum: 5, maximum: 4 },
      'properties.f.minimum',
      'inverted-range',
    ],
    [
      'minItems > maxItems',
      { type: 'array', minItems: 2, maxItems: 1, items: { type: 'string', enum: ['a', 'b'] } },
      'properties.f.minItems',
      'inverted-range',
    ],
    [
      'a negative minLength',
      { type: 'string', minLength: -1 },
      'properties.f.minLength',
      'invalid-keyword-value',
    ],
    [
      'a fractional maxLength',
      { type: 'string', maxLength: 1.5 },
      'properties.f.maxLength',
      'invalid-keyword-value',
    ],
    ['a string minimum', { type: 'number', minimum: '1' }, 'properties.f.minimum', 'invalid-keyword-value'],
    ['a non-string title', { type: 'string', title: 3 }, 'properties.f.title', 'invalid-keyword-value'],
    [
      'a non-string description',
      { type: 'boolean', description: null },
      'properties.f.description',
      'invalid-keyword-value',
    ],
    ['an invalid pattern', { type: 'string', pattern: '(' }, 'properties.f.pattern', 'invalid-pattern'],
    [
      'a non-string pattern',
      { type: 'string', pattern: /a/ },
      'properties.f.pattern',
      'invalid-keyword-value',
    ],
    ['a backreference', { type: 'string', pattern: '(a)\\1' }, 'properties.f.pattern', 'unsafe-pattern'],
  ])('[E-12] refuses %s', (_, field, path, code) => {
    expect(onlyIssue(root({ f: field }))).toEqual({ path, code });
  });
});
