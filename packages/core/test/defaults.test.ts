import { applyDefaults, type RequestedSchema, validateRequestedSchema } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';

function schemaOf(input: unknown): RequestedSchema {
  const result = validateRequestedSchema(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.schema;
}

const schema = schemaOf({
  type: 'object',
  properties: {
    name: { type: 'string', default: 'Ann' },
    age: { type: 'integer', default: 30 },
    agree: { type: 'boolean', default: false },
    color: { type: 'string', enum: ['red', 'green'], default: 'green' },
    tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, default: ['x'] },
    note: { type: 'string' },
  },
});

describe('applyDefaults (E-13)', () => {
  it('[E-13] fills every absent field that has a default', () => {
    expect(applyDefaults(schema)).toEqual({
      name: 'Ann',
      age: 30,
      agree: false,
      color: 'green',
      tags: ['x'],
    });
    expect(applyDefaults(schema, {})).toEqual(applyDefaults(schema));
  });

  it('[E-13] keeps values already present, including falsy ones', () => {
    const content = { name: '', age: 0, agree: true, tags: [] as string[] };
    expect(applyDefaults(schema, content)).toEqual({
      name: '',
      age: 0,
      agree: true,
      color: 'green',
      tags: [],
    });
  });

  it('[E-13] treats an undefined value as absent', () => {
    expect(applyDefaults(schema, { name: undefined }).name).toBe('Ann');
  });

  it('[E-13] returns a new object and changes neither argument', () => {
    const content = { note: 'hi', extra: 1 };
    const before = JSON.stringify(schema);
    const result = applyDefaults(schema, content);
    expect(result).not.toBe(content);
    expect(content).toEqual({ note: 'hi', extra: 1 });
    expect(result).toMatchObject({ note: 'hi', extra: 1, name: 'Ann' });
    (result.tags as string[]).push('y');
    expect(JSON.stringify(schema)).toBe(before);
    expect(applyDefaults(schema).tags).toEqual(['x']);
  });
});
