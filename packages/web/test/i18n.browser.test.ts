// @needs chromium
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ALL_KINDS } from '../../../test/support/form-schemas.js';
import AR from '../src/i18n/ar.js';
import DE from '../src/i18n/de.js';
import { WEB_EN } from '../src/i18n/en.js';
import JA from '../src/i18n/ja.js';
import { artifactsDir, axeViolations, outcomes, useRig } from './helpers/chromium.js';
import type {} from './helpers/harness-page.js';

/** Screenshots for people to look at (git-ignored). */
const ARTIFACTS = artifactsDir('artifacts');

const rig = useRig();

type Locale = 'de' | 'ja' | 'ar';
const harness = (page: Page, call: 'form' | 'url' | 'wait', arg: unknown, options: Record<string, unknown>) =>
  page.evaluate(([c, a, o]) => (window.harness[c] as (x: unknown, y: unknown) => void)(a, o), [
    call,
    arg,
    options,
  ] as const);
const prompt = (page: Page) => page.locator('elicit-form, elicit-url-consent, elicit-url-wait').first();
const shadowText = (page: Page) => prompt(page).evaluate((el) => el.shadowRoot!.textContent ?? '');

/** The words each locale must show (from its catalog), per prompt state. */
const WORDS: Record<Locale, Record<string, string[]>> = {
  de: {
    form: [
      'Formularanfrage',
      'Von ',
      'Antworten prüfen',
      'Ablehnen',
      'Abbrechen',
      '(optional)',
      // The kit's field hints, in German with the rest.
      '1–2 Optionen',
      'Ihre Ortszeit: ',
    ],
    errors: [
      'Es gibt ein Problem',
      'Fehler:',
      'Geben Sie mindestens 2 Zeichen ein.',
      'Geben Sie eine E-Mail-Adresse ein',
    ],
    review: ['Prüfen Sie Ihre Antworten', 'Senden', 'Antworten bearbeiten', '17. Mai 2030', '12,5', 'Ja'],
    url: [
      'Möchte eine Webseite öffnen',
      'Website',
      'In internationalen Zeichen geschrieben als:',
      'In neuem Tab öffnen',
      'Vor dem Öffnen prüfen',
    ],
    wait: ['Wartet, bis Sie im anderen Tab fertig sind', 'Jetzt erneut versuchen'],
  },
  ja: {
    form: [
      'フォームの依頼',
      '依頼元:',
      '回答を確認',
      '拒否',
      'キャンセル',
      '（任意）',
      '1〜2個を選択',
      '現地時刻: ',
    ],
    errors: [
      '問題があります',
      'エラー:',
      '2文字以上で入力してください。',
      'メールアドレスを入力してください',
    ],
    review: ['回答の確認', '送信', '回答を編集', '2030年5月17日', 'はい'],
    url: [
      'ウェブページを開こうとしています',
      'サイト',
      '国際文字での表記:',
      '新しいタブで開く',
      '開く前に確認してください',
    ],
    wait: ['別のタブでの操作が終わるのを待っています', '今すぐ再試行'],
  },
  ar: {
    form: ['طلب نموذج', 'من ', 'مراجعة الإجابات', 'رفض', 'إلغاء', '(اختياري)'],
    errors: ['توجد مشكلة', 'خطأ:', 'أدخل حرفين على الأقل.', 'أدخل عنوان بريد إلكتروني'],
    review: ['راجع إجاباتك', 'إرسال', 'تعديل الإجابات', 'نعم'],
    url: [
      'يريد فتح صفحة ويب',
      'الموقع',
      'مكتوبًا بأحرف دولية هكذا:',
      'فتح في علامة تبويب جديدة',
      'تحقق قبل الفتح',
    ],
    wait: ['في انتظار أن تنتهي في علامة التبويب الأخرى', 'إعادة المحاولة الآن'],
  },
};

const texts = (catalog: object) =>
  Object.values(catalog).flatMap((message: string | Record<string, string>) =>
    typeof message === 'string' ? [message] : Object.values(message),
  );
const CATALOGS = { de: DE, ja: JA, ar: AR };
/**
 * English UI sentences that must not appear in another language's prompt (longer than a word, no
 * parameters; one the language writes the same way, German's "(optional)", excepted).
 */
const english = (locale: Locale) =>
  texts(WEB_EN).filter(
    (text) => !text.includes('{') && text.length > 8 && !texts(CATALOGS[locale]).includes(text),
  );

const STATES: Record<string, (page: Page, locale: Locale) => Promise<void>> = {
  form: (page, locale) => harness(page, 'form', ALL_KINDS, { locale }),
  errors: async (page, locale) => {
    await harness(page, 'form', ALL_KINDS, { locale });
    const f = page.locator('elicit-form');
    await f.locator('input[name=name]').fill('A');
    await f.locator('input[name=email]').fill('nope');
    await f.locator('button[type=submit]').click();
  },
  review: async (page, locale) => {
    await harness(page, 'form', ALL_KINDS, { locale });
    await page.locator('elicit-form').locator('button[type=submit]').click();
  },
  url: (page, locale) => harness(page, 'url', 'https://xn--pple-43d.com:8443/login', { locale }),
  wait: (page, locale) => harness(page, 'wait', ['https://accounts.example.com/connect/7f3a'], { locale }),
};

describe('every prompt kind in German, Japanese and Arabic, in Chromium', () => {
  for (const locale of ['de', 'ja', 'ar'] as const) {
    for (const [state, reach] of Object.entries(STATES)) {
      it(`${locale}, ${state}: its own words, lang and dir set, zero axe violations`, async () => {
        const page = await rig.page();
        await reach(page, locale);
        const text = await shadowText(page);
        for (const words of WORDS[locale][state]!) expect(text, words).toContain(words);
        for (const sentence of english(locale)) expect(text, sentence).not.toContain(sentence);
        const container = prompt(page).locator('[part=container]');
        await expect(container.getAttribute('lang')).resolves.toBe(locale);
        await expect(container.getAttribute('dir')).resolves.toBe(locale === 'ar' ? 'rtl' : 'ltr');
        if (!['wait'].includes(state)) {
          await expect(page.locator('dialog').getAttribute('lang')).resolves.toBe(locale);
        }
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  }

  it("core's validation messages come in the prompt's language too", async () => {
    const page = await rig.page();
    await STATES.errors!(page, 'de');
    await expect(prompt(page).locator('[part=error-summary] a').allTextContents()).resolves.toEqual([
      'Name: Geben Sie mindestens 2 Zeichen ein.',
      'Email: Geben Sie eine E-Mail-Adresse ein, z. B. name@example.com.',
    ]);
  });
});

describe('Arabic is mirrored, addresses stay left to right', () => {
  it('the form reads right to left: labels at the right edge, the primary button first from the right', async () => {
    const page = await rig.page();
    await STATES.form!(page, 'ar');
    const geometry = await prompt(page).evaluate((el) => {
      const root = el.shadowRoot!;
      const container = root.querySelector('[part=container]')!;
      const label = root.querySelector('label bdi')!.getBoundingClientRect(); // the label's text, not its box
      const buttons = [...root.querySelectorAll('.actions:not([hidden]) button')].map((b) =>
        b.getBoundingClientRect(),
      );
      const box = container.getBoundingClientRect();
      return {
        direction: getComputedStyle(container).direction,
        labelAtRight: box.right - label.right < 40 && label.left - box.left > 40,
        primaryRightmost: buttons[0]!.left > buttons[1]!.left,
        emailDirection: getComputedStyle(root.querySelector('input[type=email]')!).direction,
      };
    });
    expect(geometry).toEqual({
      direction: 'rtl',
      labelAtRight: true,
      primaryRightmost: true,
      emailDirection: 'ltr',
    });
  });

  it('the consent card keeps the address and site left to right inside a right-to-left card', async () => {
    const page = await rig.page();
    await STATES.url!(page, 'ar');
    const directions = await prompt(page).evaluate((el) =>
      ['[part=container]', '[part=site]', '[part=url]'].map(
        (s) => getComputedStyle(el.shadowRoot!.querySelector(s)!).direction,
      ),
    );
    expect(directions).toEqual(['rtl', 'ltr', 'ltr']);
  });
});

describe('the language comes from the page, or a locale, and is fetched only when needed', () => {
  it('an element inherits lang from its ancestors (through shadow roots) or takes a locale attribute', async () => {
    const page = await rig.page();
    const start = rig.served.length;
    const chunk = (name: string) =>
      rig.served.slice(start).filter((path) => new RegExp(`/${name}-[A-Z0-9]+\\.js$`).test(path));
    expect(chunk('ja')).toEqual([]);
    // A prompt inside another component's shadow root, under <div lang="ja">.
    await page.evaluate(() => {
      const outer = document.createElement('div');
      outer.setAttribute('lang', 'ja');
      const host = document.createElement('div');
      outer.append(host);
      document.getElementById('prompts')!.append(outer);
      const inner = host.attachShadow({ mode: 'open' });
      const slot = document.createElement('div');
      inner.append(slot);
      (window as unknown as { slot: HTMLElement }).slot = slot;
    });
    await page.evaluate(() =>
      window.harness.form(
        { type: 'object', properties: { a: { type: 'string', title: 'A' } } } as never,
        {
          container: 'slot',
        } as never,
      ),
    );
    await page.waitForFunction(() => {
      const slot = (window as unknown as { slot: HTMLElement }).slot;
      return slot.querySelector('elicit-form')?.shadowRoot?.textContent?.includes('回答を確認');
    });
    expect(chunk('ja').length).toBeGreaterThan(0); // fetched on first use (the web and core catalogs)
    expect(chunk('de')).toEqual([]);
    // An element of its own, told `locale="de"`.
    await page.evaluate(() =>
      window.harness.consentElement(window.harness.analyzeUrl('https://example.com/'), { locale: 'de' }),
    );
    const element = page.locator('#prompts > elicit-url-consent');
    await element.getByRole('button', { name: 'Ablehnen' }).click();
    expect((await outcomes(page, 1))[0]).toEqual({ action: 'decline' });
  });

  it('a language without a catalog falls back to English', async () => {
    const page = await rig.page();
    await harness(page, 'form', ALL_KINDS, { locale: 'fr-FR' });
    await expect(prompt(page).getByRole('button', { name: 'Review answers' }).count()).resolves.toBe(1);
    await expect(prompt(page).locator('[part=container]').getAttribute('lang')).resolves.toBe('en');
  });
});

describe('screenshots for people (.tmp/artifacts/)', () => {
  it('the consent card for a look-alike host, and the form in Arabic at 200 % zoom', async () => {
    const page = await rig.page({ width: 1024, height: 768 });
    await harness(page, 'url', 'https://xn--pple-43d.com/', {});
    await page.screenshot({ path: `${ARTIFACTS}consent-lookalike-xn--pple-43d.png` });
    // 200 % zoom of a 1280×900 window: 640×450 CSS pixels drawn at twice the density.
    const zoomed = await rig.page({ width: 640, height: 450, deviceScaleFactor: 2 });
    await STATES.errors!(zoomed, 'ar');
    const overflow = await zoomed.evaluate(() => {
      const dialog = document.querySelector('dialog')!;
      return (
        dialog.scrollWidth -
        dialog.clientWidth +
        document.documentElement.scrollWidth -
        document.documentElement.clientWidth
      );
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await zoomed.screenshot({ path: `${ARTIFACTS}form-ar-200-percent.png` });
    expect(await axeViolations(zoomed)).toEqual([]);
  });
});
