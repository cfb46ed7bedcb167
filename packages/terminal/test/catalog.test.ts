import { type Message, sanitizeForDisplay } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import ar from '../src/i18n/ar.js';
import de from '../src/i18n/de.js';
import { TERMINAL_EN, type TerminalMessageKey } from '../src/i18n/en.js';
import ja from '../src/i18n/ja.js';
import { localeFromEnv } from '../src/i18n/locale.js';
import { loadWords, terminalMessages } from '../src/i18n/messages.js';

const TRANSLATIONS = { de, ja, ar };
const keys = Object.keys(TERMINAL_EN) as TerminalMessageKey[];

/** The `{name}` parameters a message uses, over all its plural forms. */
function params(message: Message): Set<string> {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return new Set(texts.flatMap((text) => [...text.matchAll(/\{([A-Za-z][\w-]*)\}/g)].map((m) => m[1]!)));
}

function texts(message: Message): string[] {
  return typeof message === 'string' ? [message] : Object.values(message);
}

describe('the terminal catalog', () => {
  it.each(Object.entries(TRANSLATIONS))(
    '%s translates every key, with the same parameters as English',
    (_, catalog) => {
      // `raw` is only its parameter: every language says it as English does.
      for (const key of keys.filter((k) => k !== 'raw')) {
        const message = catalog[key];
        expect(message, key).toBeDefined();
        // A plural form may spell its count out ("one choice"); otherwise every parameter is used, none invented.
        const expected = params(TERMINAL_EN[key]);
        const got = params(message!);
        for (const name of got) expect(expected.has(name), `${key} invents {${name}}`).toBe(true);
        for (const name of expected)
          if (name !== 'count') expect(got.has(name), `${key} drops {${name}}`).toBe(true);
        if (typeof message !== 'string') expect(message!.other, key).toBeDefined();
      }
    },
  );

  it.each(Object.entries({ en: TERMINAL_EN, ...TRANSLATIONS }))(
    '%s holds no control or bidi characters (a terminal would show them as garbage, or reorder the line)',
    (_, catalog) => {
      for (const [key, message] of Object.entries(catalog)) {
        for (const text of texts(message as Message)) {
          expect(sanitizeForDisplay(text, { allowNewlines: true, maxLength: 10_000 }), key).toBe(text);
        }
      }
    },
  );

  it('formats numbers and plurals for the locale (Intl), the kit’s field hints with the rest', async () => {
    const de = (await loadWords('de-DE')).hints;
    expect(de.t('integer.range', { min: 1000, max: 2000 })).toBe('ganze Zahl, 1.000–2.000');
    expect(de.t('choices.min', { count: 1 })).toBe('mindestens 1 Option');
    const ar = await loadWords('ar');
    expect(ar.hints.t('choices.max', { count: 2 })).toBe('خياران على الأكثر');
    expect(ar.hints.t('choices.max', { count: 11 })).toBe('11 خيارًا على الأكثر');
    expect(ar.t.dir).toBe('rtl');
  });

  it('loads a language only when asked for, and falls back to English for one it lacks', async () => {
    expect(terminalMessages.languages).toEqual(['en', 'de', 'ja', 'ar']);
    expect((await loadWords('fr-FR')).t.t('action.submit')).toBe('Submit');
    expect((await loadWords(['ja-JP', 'en'])).t.t('action.submit')).toBe('送信');
  });

  it.each([
    [{ LANG: 'de_DE.UTF-8' }, 'de-DE'],
    [{ LANG: 'de_DE.UTF-8', LC_ALL: 'ja_JP.UTF-8' }, 'ja-JP'],
    [{ LANG: 'en_US.UTF-8', LC_MESSAGES: 'ar_EG.UTF-8' }, 'ar-EG'],
    [{ LANG: 'sr_RS@latin' }, 'sr-RS'],
    [{ LANG: 'C' }, 'en'],
    [{ LANG: 'C.UTF-8' }, 'en'],
    [{ LANG: '!!' }, 'en'],
    [{}, 'en'],
  ])('reads the locale from the environment %j: %s', (env, expected) => {
    expect(localeFromEnv(env)).toBe(expected);
  });
});
