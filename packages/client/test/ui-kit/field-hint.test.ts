// The person's zone for these tests (Node applies TZ at once); Tokyo has no daylight-saving change.
process.env.TZ = 'Asia/Tokyo';

import { fieldHint, fieldHintMessages, uiWords } from '@elicitkit/client/ui-kit';
import {
  defineCatalogs,
  type FieldConstraints,
  type FieldKind,
  sanitizeForDisplay,
  translationProblems,
} from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { FIELD_HINTS_EN } from '../../src/ui-kit/hints/en.js';

const field = (kind: FieldKind, constraints: FieldConstraints = {}) => ({ kind, constraints });

describe('fieldHint', () => {
  it('[E-44] names a number’s kind and bounds, or only the bounds when the input names the kind', async () => {
    const en = await fieldHintMessages.load('en');
    const hint = (kind: FieldKind, c: FieldConstraints, namesKind?: boolean) =>
      fieldHint(field(kind, c), en, namesKind === undefined ? {} : { namesKind });
    expect(hint('integer', { minimum: 0, maximum: 150 })).toBe('whole number, 0–150');
    expect(hint('integer', { minimum: 1 })).toBe('whole number, at least 1');
    expect(hint('number', { maximum: 2.5 })).toBe('number, at most 2.5');
    expect(hint('number', {})).toBe('number');
    expect(hint('integer', { minimum: 0, maximum: 150 }, false)).toBe('0–150');
    expect(hint('integer', { minimum: 1 }, false)).toBe('at least 1');
    expect(hint('number', { maximum: 1000 }, false)).toBe('at most 1,000');
    expect(hint('number', {}, false)).toBeUndefined();
  });

  it('[E-44] counts characters and choices with the plural the count needs; a lower bound of 0 is none', async () => {
    const en = await fieldHintMessages.load('en');
    expect(fieldHint(field('text', { minLength: 1, maxLength: 100 }), en)).toBe('1–100 characters');
    expect(fieldHint(field('text', { minLength: 1, maxLength: 1 }), en)).toBe('1 character');
    expect(fieldHint(field('text', { minLength: 1 }), en)).toBe('at least 1 character');
    expect(fieldHint(field('text', { minLength: 0, maxLength: 20 }), en)).toBe('at most 20 characters');
    expect(fieldHint(field('text'), en)).toBeUndefined();
    expect(fieldHint(field('multiselect', { minItems: 2 }), en)).toBe('at least 2 choices');
    expect(fieldHint(field('multiselect', { minItems: 1, maxItems: 2 }), en)).toBe('1–2 choices');
    expect(fieldHint(field('multiselect', { minItems: 3, maxItems: 3 }), en)).toBe('3 choices');
    expect(fieldHint(field('multiselect', { maxItems: 1 }), en)).toBe('at most 1 choice');
    expect(fieldHint(field('multiselect'), en)).toBe('any number of choices');
    expect(fieldHint(field('multiselect'), en, { namesKind: false })).toBeUndefined();
    expect(fieldHint(field('multiselect', { minItems: 2 }), en, { namesKind: false })).toBe(
      'at least 2 choices',
    );
  });

  it('[E-44] names a format, or its length when the input names the format; a date-time names the zone', async () => {
    const en = await fieldHintMessages.load('en');
    expect(fieldHint(field('email', { maxLength: 254 }), en)).toBe('name@example.com');
    expect(fieldHint(field('email', { maxLength: 254 }), en, { namesKind: false })).toBe(
      'at most 254 characters',
    );
    expect(fieldHint(field('uri'), en)).toBe('full web address, like https://example.com/page');
    expect(fieldHint(field('date'), en)).toBe('YYYY-MM-DD');
    expect(fieldHint(field('date'), en, { namesKind: false })).toBeUndefined();
    expect(fieldHint(field('date-time'), en)).toBe('YYYY-MM-DD hh:mm, your time: Asia/Tokyo, UTC+09:00');
    expect(fieldHint(field('date-time'), en, { namesKind: false })).toBe('your time: Asia/Tokyo, UTC+09:00');
    expect(fieldHint(field('boolean'), en)).toBeUndefined();
    expect(fieldHint(field('select'), en)).toBeUndefined();
  });

  it('[E-44] speaks the locale: its words, its numbers, its plural forms', async () => {
    const de = await fieldHintMessages.load('de-DE');
    expect(fieldHint(field('integer', { minimum: 1000, maximum: 2000 }), de)).toBe('ganze Zahl, 1.000–2.000');
    expect(fieldHint(field('integer', { minimum: 1000 }), de, { namesKind: false })).toBe('mindestens 1.000');
    expect(fieldHint(field('multiselect', { minItems: 1 }), de)).toBe('mindestens 1 Option');
    expect(fieldHint(field('multiselect', { minItems: 2 }), de)).toBe('mindestens 2 Optionen');
    expect(fieldHint(field('date-time'), de, { namesKind: false })).toBe(
      'Ihre Ortszeit: Asia/Tokyo, UTC+09:00',
    );
    const ar = await fieldHintMessages.load('ar');
    expect(ar.dir).toBe('rtl');
    expect(fieldHint(field('multiselect', { maxItems: 2 }), ar)).toBe('خياران على الأكثر');
    expect(fieldHint(field('multiselect', { maxItems: 5 }), ar)).toMatch(/^\S+ خيارات على الأكثر$/);
    expect(fieldHint(field('multiselect', { maxItems: 11 }), ar)).toMatch(/^\S+ خيارًا على الأكثر$/);
  });
});

describe('the field-hint catalog', () => {
  for (const language of ['de', 'ja', 'ar']) {
    it(`${language}: every key translated, with the English message's parameters`, async () => {
      const translation = (await import(`../../src/ui-kit/hints/${language}.ts`)).default;
      expect(translationProblems(FIELD_HINTS_EN, translation)).toEqual([]);
      const t = await fieldHintMessages.load(language);
      expect([t.language, t.dir]).toEqual([language, language === 'ar' ? 'rtl' : 'ltr']);
    });
  }

  it('holds no control or bidi characters (a terminal shows them as garbage or reorders the line)', async () => {
    for (const language of ['en', 'de', 'ja', 'ar']) {
      const catalog =
        language === 'en' ? FIELD_HINTS_EN : (await import(`../../src/ui-kit/hints/${language}.ts`)).default;
      for (const [key, message] of Object.entries(catalog)) {
        for (const text of typeof message === 'string' ? [message] : Object.values(message as object)) {
          expect(sanitizeForDisplay(text as string, { maxLength: 10_000 }), `${language} ${key}`).toBe(text);
        }
      }
    }
  });

  it('comes with a UI’s other words, from one load', async () => {
    const words = uiWords(defineCatalogs({ ok: 'OK' }, { ja: async () => ({ default: { ok: 'はい' } }) }));
    expect(words.peek('en')?.hints.t('choices.any')).toBe('any number of choices');
    const ja = await words.load('ja-JP');
    expect(ja.hints.t('choices.any')).toBe('いくつでも選択可');
    expect(words.peek('ja')?.hints.language).toBe('ja');
  });
});
