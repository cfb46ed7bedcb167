import {
  type Catalog,
  createTranslator,
  defineCatalogs,
  type FormField,
  issueMessage,
  matchLocale,
  textDirection,
  translationProblems,
  validateContent,
  validateField,
  validationMessages,
} from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { VALIDATION_EN } from '../src/i18n/validation/en.js';

const EN = {
  hello: 'Hello, {name}.',
  files: { one: '{count} file', other: '{count} files' },
  only: 'Only in English',
} as const satisfies Catalog;

describe('createTranslator', () => {
  it('fills parameters, formats numbers for the locale and picks plural forms with Intl.PluralRules', () => {
    const en = createTranslator('en', {}, EN);
    expect(en.t('hello', { name: 'Ada' })).toBe('Hello, Ada.');
    expect(en.t('files', { count: 1 })).toBe('1 file');
    expect(en.t('files', { count: 1234.5 })).toBe('1,234.5 files');
    const de = createTranslator('de', { files: { one: '{count} Datei', other: '{count} Dateien' } }, EN);
    expect(de.t('files', { count: 1 })).toBe('1 Datei');
    expect(de.t('files', { count: 1234.5 })).toBe('1.234,5 Dateien');
    expect(de.formatList(['a', 'b', 'c'])).toBe('a, b und c');
    expect(de.formatDate(new Date(Date.UTC(2030, 4, 17)), { dateStyle: 'long', timeZone: 'UTC' })).toBe(
      '17. Mai 2030',
    );
  });

  it('falls back to English for a key the translation lacks, and keeps unknown parameters visible', () => {
    const de = createTranslator('de', {}, EN);
    expect(de.t('only')).toBe('Only in English');
    expect(de.t('hello')).toBe('Hello, {name}.');
  });

  it('keeps every digit of a bound (no rounding to three decimals)', () => {
    expect(createTranslator('en', {}, EN).formatNumber(0.00012345)).toBe('0.00012345');
  });
});

describe('locales', () => {
  it('matches a tag or a preference list to the catalogs there are, else English', () => {
    const available = ['en', 'de', 'ja', 'ar'];
    expect(matchLocale('de-CH', available)).toBe('de');
    expect(matchLocale(['fr-FR', 'ja-JP'], available)).toBe('ja');
    expect(matchLocale('fr', available)).toBe('en');
    expect(matchLocale('not a tag!', available)).toBe('en');
    expect(matchLocale(undefined, available)).toBe('en');
  });

  it('knows which locales are written right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('ar-EG')).toBe('rtl');
    expect(textDirection('he')).toBe('rtl');
    expect(textDirection('az-Arab')).toBe('rtl');
    expect(textDirection('de')).toBe('ltr');
    expect(textDirection('ja')).toBe('ltr');
  });

  it('loads a catalog on demand, once, and serves it synchronously afterwards', async () => {
    let loads = 0;
    const catalogs = defineCatalogs(EN, {
      de: async () => {
        loads++;
        return { default: { hello: 'Hallo, {name}.' } };
      },
    });
    expect(catalogs.languages).toEqual(['en', 'de']);
    expect(catalogs.peek('en')?.t('hello', { name: 'Ada' })).toBe('Hello, Ada.');
    expect(catalogs.peek('de-AT')).toBeUndefined();
    const [a, b] = await Promise.all([catalogs.load('de-AT'), catalogs.load('de')]);
    expect(loads).toBe(1);
    expect(a.t('hello', { name: 'Ada' })).toBe('Hallo, Ada.');
    expect(a.locale).toBe('de-AT');
    expect(b.language).toBe('de');
    expect(catalogs.peek('de')?.t('only')).toBe('Only in English');
    expect((await catalogs.load('fr')).language).toBe('en');
  });

  it('falls back to English when a catalog cannot be fetched, and tries again next time', async () => {
    let fail = true;
    const catalogs = defineCatalogs(EN, {
      de: async () => {
        if (fail) throw new Error('offline');
        return { default: { only: 'Nur auf Deutsch' } };
      },
    });
    expect((await catalogs.load('de')).t('only')).toBe('Only in English');
    fail = false;
    expect((await catalogs.load('de')).t('only')).toBe('Nur auf Deutsch');
  });
});

describe("core's validation catalogs", () => {
  for (const language of ['de', 'ja', 'ar']) {
    it(`${language}: every key translated, with the English message's parameters`, async () => {
      const t = await validationMessages.load(language);
      expect(t.language).toBe(language);
      const translation = (await import(`../src/i18n/validation/${language}.ts`)).default;
      expect(translationProblems(VALIDATION_EN, translation)).toEqual([]);
    });
  }

  it('translationProblems finds a missing key, an invented one, and a parameter that is not in the English', () => {
    expect(
      translationProblems(EN, { hello: 'Hallo, {nom}.', files: '{count} Dateien', extra: 'x' } as never),
    ).toEqual([
      'extra: not a key of the English catalog',
      'hello: parameter {nom} is not in the English message',
      'hello: parameter {name} is missing',
      'files: plural forms in one catalog, not the other',
      'only: not translated',
    ]);
  });
});

const field = (overrides: Partial<FormField>): FormField => ({
  name: 'f',
  kind: 'text',
  label: 'F',
  required: false,
  constraints: {},
  ...overrides,
});

describe('issueMessage', () => {
  it('words every content issue code as what to do, from its code and parameters', () => {
    const t = validationMessages.peek('en')!;
    const schema = {
      type: 'object' as const,
      properties: {
        name: { type: 'string' as const, minLength: 2, maxLength: 3 },
        age: { type: 'integer' as const, minimum: 18 },
        size: { type: 'number' as const, minimum: 1, maximum: 9 },
        mail: { type: 'string' as const, format: 'email' as const },
        tags: {
          type: 'array' as const,
          minItems: 1,
          maxItems: 2,
          items: { type: 'string' as const, enum: ['a', 'b', 'c'] },
        },
      },
      required: ['name'],
    };
    const message = (name: string, value: unknown, f?: FormField) =>
      validateField(schema, name, value).map((issue) => issueMessage(issue, t, f))[0];
    expect(message('name', undefined)).toBe('Enter an answer.');
    expect(message('name', 'A')).toBe('Enter at least 2 characters.');
    expect(message('name', 'ABCD')).toBe('Enter at most 3 characters.');
    expect(message('age', 17.5)).toBe('Enter a whole number.');
    expect(message('age', 4)).toBe('Enter a number of at least 18.');
    expect(message('size', 10, field({ kind: 'number', constraints: { minimum: 1, maximum: 9 } }))).toBe(
      'Enter a number from 1 to 9.',
    );
    expect(message('mail', 'nope')).toBe('Enter an email address, like name@example.com.');
    expect(message('tags', [])).toBe('Choose at least 1 option.');
    expect(message('tags', ['a', 'b', 'c'])).toBe('Choose at most 2 options.');
    expect(message('tags', ['a', 'a'])).toBe('Choose each option only once.');
    expect(message('tags', ['z'])).toBe('Choose one of the options shown.');
    const unknown = validateContent(schema, { name: 'Ab', extra: 1 });
    expect(unknown.ok ? [] : unknown.issues.map((issue) => issueMessage(issue, t))).toEqual([
      'This is not a field of this form.',
    ]);
    expect(issueMessage({ code: 'some-server-code' }, t)).toBe('This answer is not accepted.');
    expect(issueMessage({ code: 'not-a-number' }, t, field({ kind: 'integer' }))).toBe(
      'Enter a whole number, like 42.',
    );
  });

  it('never shows the regex: a pattern failure points to the description or an example', () => {
    const t = validationMessages.peek('en')!;
    const issue = { code: 'pattern', params: { pattern: '^[A-Z]{3}$' } };
    expect(issueMessage(issue, t)).toBe('This is not in the expected form.');
    expect(issueMessage(issue, t, field({ description: 'Three capital letters, like ABC.' }))).toBe(
      'This is not in the expected form. Expected: Three capital letters, like ABC.',
    );
    expect(issueMessage(issue, t, field({ default: 'XYZ' }))).toBe(
      'This is not in the expected form. For example: XYZ',
    );
    expect(issueMessage({ code: 'pattern', params: { reason: 'too complex' } }, t)).toMatch(
      /cannot be checked/,
    );
  });

  it('speaks German, Japanese and Arabic, with local numbers and Arabic plural agreement', async () => {
    const de = await validationMessages.load('de');
    const ja = await validationMessages.load('ja');
    const ar = await validationMessages.load('ar');
    const tooShort = (count: number) => ({ code: 'too-short', params: { min: count } });
    expect(issueMessage(tooShort(1000), de)).toBe('Geben Sie mindestens 1.000 Zeichen ein.');
    expect(issueMessage(tooShort(2), ja)).toBe('2文字以上で入力してください。');
    expect(issueMessage(tooShort(1), ar)).toBe('أدخل حرفًا واحدًا على الأقل.');
    expect(issueMessage(tooShort(2), ar)).toBe('أدخل حرفين على الأقل.');
    expect(issueMessage(tooShort(5), ar)).toMatch(/^أدخل \S+ أحرف على الأقل\.$/);
    expect(issueMessage(tooShort(11), ar)).toMatch(/^أدخل \S+ حرفًا على الأقل\.$/);
  });

  it("issues carry their parameters beside core's English message, which stays as it was", () => {
    const schema = { type: 'object' as const, properties: { n: { type: 'number' as const, maximum: 5 } } };
    expect(validateField(schema, 'n', 6)).toEqual([
      { path: ['n'], code: 'maximum', message: 'must be at most 5', params: { max: 5 } },
    ]);
  });
});
