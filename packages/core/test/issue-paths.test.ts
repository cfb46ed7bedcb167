import { formatIssuePath, validateContent, validateRequestedSchema } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';

describe('issue paths: lists of keys, as Standard Schema has them', () => {
  it('[E-12] a schema issue names each key: properties, the field, the keyword', () => {
    const result = validateRequestedSchema({
      type: 'object',
      properties: { age: { type: 'integer', minimum: 'ten' } },
    });
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual([
      ['properties', 'age', 'minimum'],
    ]);
  });

  it('[E-12] array indices are numbers', () => {
    const result = validateRequestedSchema({
      type: 'object',
      properties: { f: { type: 'string', enum: ['a', 'a'] } },
      required: ['nope'],
    });
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual([
      ['properties', 'f', 'enum', 1],
      ['required', 0],
    ]);
  });

  it('[E-60] a content issue is the field, then the item index; the whole answer is []', () => {
    const schema = {
      type: 'object' as const,
      properties: { colors: { type: 'array' as const, items: { type: 'string' as const, enum: ['red'] } } },
    };
    const bad = validateContent(schema, { colors: ['red', 'blue'] });
    expect(bad.ok ? [] : bad.issues.map((issue) => issue.path)).toEqual([['colors', 1]]);
    const notObject = validateContent(schema, 'red');
    expect(notObject.ok ? [] : notObject.issues.map((issue) => issue.path)).toEqual([[]]);
  });

  it('a property named "a.b" is one key, not two', () => {
    const schema = { type: 'object' as const, properties: { 'a.b': { type: 'string' as const } } };
    const result = validateContent(schema, { 'a.b': 1 });
    expect(result.ok ? [] : result.issues.map((issue) => issue.path)).toEqual([['a.b']]);
  });
});

describe('formatIssuePath', () => {
  it.each([
    [[], ''],
    [['age'], 'age'],
    [['colors', 1], 'colors[1]'],
    [['properties', 'age', 'minimum'], 'properties.age.minimum'],
    [['properties', 'f', 'oneOf', 0, 'const'], 'properties.f.oneOf[0].const'],
    [['a.b'], '["a.b"]'],
    [['tag', 'x'], 'tag.x'],
    [['tag.x'], '["tag.x"]'],
    [['properties', 'first name', 'title'], 'properties["first name"].title'],
    [['1'], '["1"]'],
    [[''], '[""]'],
    [['$id', '_x'], '$id._x'],
    [['say "hi"'], '["say \\"hi\\""]'],
  ] as const)('%j reads %s', (path, text) => {
    expect(formatIssuePath(path)).toBe(text);
  });

  it('tells apart paths that a dotted string would confuse', () => {
    expect(formatIssuePath(['tag', 'x'])).not.toBe(formatIssuePath(['tag.x']));
    expect(formatIssuePath(['colors', 1])).not.toBe(formatIssuePath(['colors', '1']));
  });
});
