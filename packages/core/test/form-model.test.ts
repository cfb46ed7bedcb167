import { type FormField, formModel, type RequestedSchema, validateRequestedSchema } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';

function schemaOf(input: unknown): RequestedSchema {
  const result = validateRequestedSchema(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.schema;
}

describe('formModel: one field per property, in order (E-12, E-13)', () => {
  const schema = schemaOf({
    type: 'object',
    properties: {
      name: {
        type: 'string',
        title: 'Full name',
        description: 'As on your ID',
        minLength: 2,
        maxLength: 50,
        pattern: '^\\S',
      },
      email: { type: 'string', format: 'email', default: 'a@b.co' },
      site: { type: 'string', format: 'uri' },
      birthday: { type: 'string', format: 'date' },
      meeting: { type: 'string', format: 'date-time' },
      age: { type: 'number', minimum: 0, maximum: 150 },
      count: { type: 'integer', default: 1 },
      agree: { type: 'boolean', default: true },
      color: { type: 'string', enum: ['red', 'green'] },
      size: {
        type: 'string',
        oneOf: [
          { const: 's', title: 'Small' },
          { const: 'l', title: 'Large' },
        ],
        default: 'l',
      },
      legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] },
      tags: {
        type: 'array',
        minItems: 1,
        maxItems: 2,
        items: { type: 'string', enum: ['x', 'y'] },
        default: ['x'],
      },
      labels: { type: 'array', items: { anyOf: [{ const: 'p', title: 'Pea' }] } },
    },
    required: ['name', 'agree'],
  });
  const fields = formModel(schema);
  const byName = (name: string) => fields.find((field) => field.name === name)!;

  it('[E-12] keeps the schema order and picks the kind for each primitive', () => {
    expect(fields.map((field) => `${field.name}:${field.kind}`)).toEqual([
      'name:text',
      'email:email',
      'site:uri',
      'birthday:date',
      'meeting:date-time',
      'age:number',
      'count:integer',
      'agree:boolean',
      'color:select',
      'size:select',
      'legacy:select',
      'tags:multiselect',
      'labels:multiselect',
    ]);
  });

  it('labels fields with their title, or their name', () => {
    expect(byName('name').label).toBe('Full name');
    expect(byName('email').label).toBe('email');
  });

  it('carries description, required and constraints', () => {
    expect(byName('name')).toEqual<FormField>({
      name: 'name',
      kind: 'text',
      label: 'Full name',
      description: 'As on your ID',
      required: true,
      constraints: { minLength: 2, maxLength: 50, pattern: '^\\S' },
    });
    expect(byName('email').constraints).toEqual({ format: 'email' });
    expect(byName('age').constraints).toEqual({ minimum: 0, maximum: 150 });
    expect(byName('tags').constraints).toEqual({ minItems: 1, maxItems: 2 });
    expect(byName('agree').required).toBe(true);
    expect(byName('color').required).toBe(false);
  });

  it('[E-13] carries defaults, copying arrays', () => {
    expect(byName('email').default).toBe('a@b.co');
    expect(byName('count').default).toBe(1);
    expect(byName('agree').default).toBe(true);
    expect(byName('size').default).toBe('l');
    expect(byName('tags').default).toEqual(['x']);
    (byName('tags').default as string[]).push('y');
    expect(formModel(schema).find((field) => field.name === 'tags')!.default).toEqual(['x']);
    expect('default' in byName('name')).toBe(false);
  });

  it('lists options as { value, label } for every enum form', () => {
    expect(byName('color').options).toEqual([
      { value: 'red', label: 'red' },
      { value: 'green', label: 'green' },
    ]);
    expect(byName('size').options).toEqual([
      { value: 's', label: 'Small' },
      { value: 'l', label: 'Large' },
    ]);
    expect(byName('legacy').options).toEqual([
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
    ]);
    expect(byName('tags').options).toEqual([
      { value: 'x', label: 'x' },
      { value: 'y', label: 'y' },
    ]);
    expect(byName('labels').options).toEqual([{ value: 'p', label: 'Pea' }]);
    expect(byName('name').options).toBeUndefined();
  });

  it('returns an empty form for an empty schema', () => {
    expect(formModel(schemaOf({ type: 'object', properties: {} }))).toEqual([]);
  });
});
