import { type SchemaIssue, type SchemaIssueCode, validateRequestedSchema } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';

const root = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

function issuesOf(input: unknown): SchemaIssue[] {
  const result = validateRequestedSchema(input);
  if (result.ok) throw new Error(`expected issues, got a valid schema: ${JSON.stringify(input)}`);
  return result.issues;
}

/** The one issue a schema with a single fault must produce. */
function onlyIssue(input: unknown): Pick<SchemaIssue, 'path' | 'code'> {
  const issues = issuesOf(input);
  expect(issues, JSON.stringify(issues)).toHaveLength(1);
  const [issue] = issues;
  expect(issue!.message.length).toBeGreaterThan(10);
  return { path: issue!.path, code: issue!.code };
}

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
      'required.1',
      'unknown-required',
    ],
    [
      'required listing a name twice',
      root({ a: { type: 'string' } }, { required: ['a', 'a'] }),
      'required.1',
      'invalid-keyword-value',
    ],
    [
      'required with a number',
      root({ a: { type: 'string' } }, { required: [1] }),
      'required.0',
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
      'properties.f.default.1',
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
      'properties.f.default.1',
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
      'properties.f.enum.2',
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
      'properties.f.oneOf.1.const',
      'duplicate-enum-value',
    ],
    [
      'a duplicate items.enum value',
      { type: 'array', items: { type: 'string', enum: ['a', 'a'] } },
      'properties.f.items.enum.1',
      'duplicate-enum-value',
    ],
    [
      'a numeric enum value',
      { type: 'string', enum: ['a', 1] },
      'properties.f.enum.1',
      'non-string-enum-value',
    ],
    [
      'a null oneOf const',
      { type: 'string', oneOf: [{ const: null, title: 'A' }] },
      'properties.f.oneOf.0.const',
      'non-string-enum-value',
    ],
    [
      'a numeric items.anyOf const',
      { type: 'array', items: { anyOf: [{ const: 1, title: 'A' }] } },
      'properties.f.items.anyOf.0.const',
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
      'properties.f.enumNames.0',
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
      'properties.f.oneOf.0.title',
      'invalid-keyword-value',
    ],
    [
      'an option without a const',
      { type: 'string', oneOf: [{ title: 'A' }] },
      'properties.f.oneOf.0.const',
      'invalid-keyword-value',
    ],
    [
      'an option with a pattern',
      { type: 'string', oneOf: [{ const: 'a', title: 'A', pattern: 'a' }] },
      'properties.f.oneOf.0.pattern',
      'unsupported-keyword',
    ],
    [
      'an option that is a string',
      { type: 'string', oneOf: ['a'] },
      'properties.f.oneOf.0',
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
    expect(issues.map((issue) => `${issue.path} ${issue.code}`)).toEqual([
      '$ref unsupported-keyword',
      'properties.a.allOf unsupported-keyword',
      'properties.a.minLength inverted-range',
      'properties.b.type nested-object',
      'properties.c.default invalid-default',
      'required.0 unknown-required',
    ]);
  });

  it('messages say what was wrong without repeating the path', () => {
    const [issue] = issuesOf(root({ age: { type: 'number', minimum: 'ten' } }));
    expect(issue).toEqual({
      path: 'properties.age.minimum',
      code: 'invalid-keyword-value',
      message: 'minimum must be a finite number, not "ten"',
    });
  });
});
