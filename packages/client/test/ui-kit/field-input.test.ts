// The person's zone for these tests: Berlin, with its daylight-saving change (Node applies TZ at once).
process.env.TZ = 'Europe/Berlin';

import {
  answerText,
  assembleAnswer,
  formatFieldValue,
  issuesFor,
  isUnanswered,
  localDateTimeToRfc3339,
  localTimeZone,
  parseFieldInput,
  requesterLabel,
  rfc3339ToLocalDateTime,
} from '@elicitkit/client/ui-kit';
import type { FormField } from '@elicitkit/core';
import { validationMessages } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';

const field = (kind: FormField['kind'], extra: Partial<FormField> = {}): FormField => ({
  name: kind,
  kind,
  label: kind,
  required: false,
  constraints: {},
  ...extra,
});

describe('requesterLabel', () => {
  it('[E-03] names the server by title, then name and version, sanitized and bounded', () => {
    expect(requesterLabel({ name: 'demo', title: 'Demo Server', version: '1.0.0' })).toBe(
      'Demo Server (demo 1.0.0)',
    );
    expect(requesterLabel({ name: 'demo', version: '1.0.0' })).toBe('demo 1.0.0');
    expect(requesterLabel({ name: 'demo' })).toBe('demo');
    const hostile = requesterLabel({ name: '\u001b[31mred\u202e', title: 'x'.repeat(500) });
    expect(hostile).not.toMatch(/[\u001b\u202e]/);
    expect(hostile.length).toBeLessThan(140);
  });
});

describe('issuesFor', () => {
  it('[E-59] routes an issue to the field its path starts with: "tag.x" is not "tag"', () => {
    const issues = [
      { path: ['tag.x'], code: 'too-short', message: 'm1' },
      { path: ['tags', 1], code: 'not-in-enum', message: 'm2' },
      { path: [], code: 'not-an-object', message: 'm3' },
    ];
    expect(issuesFor(issues, 'tag')).toEqual([]);
    expect(issuesFor(issues, 'tag.x').map((i) => i.message)).toEqual(['m1']);
    expect(issuesFor(issues, 'tags').map((i) => i.message)).toEqual(['m2']);
    expect(issuesFor(undefined, 'tags')).toEqual([]);
  });
});

describe('parseFieldInput and formatFieldValue: one rule for typed input', () => {
  it('keeps free text exactly as typed; trims formats; empty is unanswered', () => {
    expect(parseFieldInput(field('text'), '  Ada  ')).toEqual({ ok: true, value: '  Ada  ' });
    expect(parseFieldInput(field('text'), '')).toEqual({ ok: true, value: undefined });
    expect(parseFieldInput(field('email'), ' ada@example.com ')).toEqual({
      ok: true,
      value: 'ada@example.com',
    });
    expect(parseFieldInput(field('uri'), '   ')).toEqual({ ok: true, value: undefined });
    expect(parseFieldInput(field('date'), '2030-05-17 ')).toEqual({ ok: true, value: '2030-05-17' });
  });

  it('reads numbers written plainly, trimmed, and nothing else', () => {
    expect(parseFieldInput(field('number'), ' 3.5 ')).toEqual({ ok: true, value: 3.5 });
    expect(parseFieldInput(field('number'), '-1e3')).toEqual({ ok: true, value: -1000 });
    expect(parseFieldInput(field('integer'), '42')).toEqual({ ok: true, value: 42 });
    // Whether it is whole is core's check ("not-integer"), not the parser's.
    expect(parseFieldInput(field('integer'), '4.5')).toEqual({ ok: true, value: 4.5 });
    for (const text of ['0x10', '1,5', 'Infinity', '12abc', '.', '1e']) {
      expect(parseFieldInput(field('number'), text), text).toEqual({ ok: false, code: 'not-a-number' });
    }
    expect(parseFieldInput(field('number'), '')).toEqual({ ok: true, value: undefined });
  });

  it('round-trips what it formats', () => {
    for (const [kind, value] of [
      ['number', 12.5],
      ['integer', -3],
      ['text', ' a '],
      ['date', '2030-05-17'],
    ] as const) {
      expect(parseFieldInput(field(kind), formatFieldValue(field(kind), value))).toEqual({ ok: true, value });
    }
    expect(formatFieldValue(field('number'), undefined)).toBe('');
  });

  it('reads a date-time as local date and time and sends it with the local offset, summer and winter', () => {
    expect(localDateTimeToRfc3339('2030-07-01T18:30')).toBe('2030-07-01T18:30:00+02:00');
    expect(localDateTimeToRfc3339('2030-01-15 09:05:07')).toBe('2030-01-15T09:05:07+01:00');
    expect(localDateTimeToRfc3339('2030-02-30T10:00')).toBeUndefined();
    expect(localDateTimeToRfc3339('2030-01-15T24:00')).toBeUndefined();
    // 2030-03-31 02:30 does not exist in Berlin (clocks go 02:00 → 03:00): the moment the clock shows after.
    expect(localDateTimeToRfc3339('2030-03-31T02:30')).toBe('2030-03-31T03:30:00+02:00');
    expect(parseFieldInput(field('date-time'), '2030-07-01T18:30')).toEqual({
      ok: true,
      value: '2030-07-01T18:30:00+02:00',
    });
    // Written with an offset: kept as written (core checks it).
    expect(parseFieldInput(field('date-time'), ' 2030-07-01T16:30:00Z ')).toEqual({
      ok: true,
      value: '2030-07-01T16:30:00Z',
    });
    // Shown for editing in local time, whatever offset it came with.
    expect(rfc3339ToLocalDateTime('2030-07-01T16:30:00Z')).toBe('2030-07-01T18:30');
    expect(formatFieldValue(field('date-time'), '2030-07-01T16:30:15Z')).toBe('2030-07-01T18:30:15');
    expect(rfc3339ToLocalDateTime('tomorrow')).toBeUndefined();
    expect(localTimeZone(new Date('2030-07-01T12:00:00Z'))).toEqual({
      id: 'Europe/Berlin',
      offset: '+02:00',
    });
  });
});

describe('assembleAnswer', () => {
  const fields = [
    field('text', { name: 'name', required: true }),
    field('boolean', { name: 'reminder' }),
    field('multiselect', { name: 'extras' }),
    field('number', { name: '__proto__' }),
  ];

  it('leaves out every unanswered field: no false for an untouched yes/no, no [] for an untouched multi-select', () => {
    expect(assembleAnswer(fields, { name: 'Ada', reminder: undefined, extras: [] })).toEqual({ name: 'Ada' });
    expect(assembleAnswer(fields, { name: '', reminder: false, extras: ['a'] })).toEqual({
      reminder: false,
      extras: ['a'],
    });
    expect(isUnanswered(field('multiselect'), [])).toBe(true);
    expect(isUnanswered(field('boolean'), false)).toBe(false);
  });

  it('keeps a field named __proto__ as data', () => {
    const content = assembleAnswer(fields, JSON.parse('{"__proto__": 3}'));
    expect(Object.keys(content)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
  });
});

describe('answerText', () => {
  const words = { yes: 'Yes', no: 'No', unanswered: 'Not answered' };
  const options = [
    { value: 'in', label: 'Indoors' },
    { value: 'out', label: 'Terrace' },
  ];

  it('reads an answer as a person does, in their locale', async () => {
    const en = validationMessages.peek('en')!;
    const de = await validationMessages.load('de');
    expect(answerText(field('select', { options }), 'out', words, en)).toBe('Terrace');
    expect(answerText(field('multiselect', { options }), ['in', 'out'], words, en)).toBe(
      'Indoors and Terrace',
    );
    expect(answerText(field('multiselect', { options }), ['in', 'out'], words, de)).toBe(
      'Indoors und Terrace',
    );
    expect(answerText(field('multiselect'), [], words, en)).toBe('Not answered');
    expect(answerText(field('boolean'), false, words, en)).toBe('No');
    expect(answerText(field('number'), 1234.5, words, de)).toBe('1.234,5');
    expect(answerText(field('date'), '2030-05-17', words, de)).toBe('17. Mai 2030');
    expect(answerText(field('date-time'), '2030-07-01T16:30:00Z', words, en)).toBe(
      'July 1, 2030 at 06:30 PM GMT+2',
    );
    expect(answerText(field('text'), undefined, words, en)).toBe('Not answered');
  });
});
