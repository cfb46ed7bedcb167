import { translationProblems, validationMessages } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { WEB_EN } from '../src/i18n/en.js';
import { webMessages } from '../src/i18n/messages.js';

describe("the web UI's catalogs", () => {
  for (const language of ['de', 'ja', 'ar']) {
    it(`${language}: every key translated, with the English message's parameters`, async () => {
      const translation = (await import(`../src/i18n/${language}.ts`)).default;
      expect(translationProblems(WEB_EN, translation)).toEqual([]);
      const t = await webMessages.load(language);
      expect([t.language, t.dir]).toEqual([language, language === 'ar' ? 'rtl' : 'ltr']);
    });
  }

  it('counts the way each language does (Intl.PluralRules, Intl.NumberFormat)', async () => {
    const [en, de, ar] = await Promise.all(['en', 'de', 'ar'].map((language) => webMessages.load(language)));
    expect(en!.t('url.warnings', { count: 1 })).toBe('Check before opening: 1 warning');
    expect(en!.t('url.showFull', { count: 2741 })).toBe('Show the full address (2,741 characters)');
    expect(de!.t('url.showFull', { count: 2741 })).toBe('Vollständige Adresse anzeigen (2.741 Zeichen)');
    expect(ar!.t('url.warnings', { count: 2 })).toMatch(/^تحقق قبل الفتح: عدد التحذيرات \S+$/);
  });

  it('a locale is served by its language, English by default, and the validation catalog follows', async () => {
    expect((await webMessages.load('de-AT')).locale).toBe('de-AT');
    expect((await webMessages.load(['fr', 'ja-JP'])).language).toBe('ja');
    expect((await webMessages.load('pt-BR')).language).toBe('en');
    expect((await validationMessages.load('ja-JP')).language).toBe('ja');
  });
});
