// @needs tmux
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fieldHint } from '@elicitkit/client/ui-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWords } from '../src/i18n/messages.js';
import { overHttp, overStdio, type Setup } from './helpers/scenario.js';
import { answer, command, serverGot } from './helpers/session.js';

// Real terminals and Node processes started from TypeScript: generous ceilings on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

const SERVER = 'scenario-server 1.0.0';
/** Transcripts of each walk, for a person to read (`.tmp` is not committed). */
const TRANSCRIPTS = join(import.meta.dirname, '../../../.tmp/terminal-locales');

let setup: Setup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

describe.each([
  ['en', 'Streamable HTTP', overHttp],
  ['de', 'Streamable HTTP', overHttp],
  ['ja', 'Streamable HTTP', overHttp],
  ['ar', 'Streamable HTTP', overHttp],
  ['ar', 'stdio', overStdio],
] as const)('elicit connect --locale %s over %s', (locale, transport, start) => {
  it('shows every prompt kind in the person’s language: form fields, validation, review, confirmation, URL card, wait, notices', async () => {
    const { t, v, url, hints } = await loadWords(locale);
    // 200 columns: no line of this walk wraps, so each catalog string is on the screen whole.
    setup = await start({ args: ['--locale', locale], env: { BROWSER: 'false' }, width: 200, height: 60 });
    const { term } = setup;
    expect(await term.screen()).toContain(t.t('session.commands'));

    // A form with every field kind.
    await term.type('call every_kind');
    await term.keys('Enter');
    await term.waitFor(`◆ elicit · ${t.t('heading.form', { server: SERVER })}`);
    await answer(term, 'Name', 'text:A', 'Enter');
    await term.waitFor(v.t('too-short', { count: 2 }));
    await answer(term, 'Name', 'text:da', 'Enter');
    await answer(term, `Email ${t.t('field.optional')} [${hints.t('email')}]`, 'Enter');
    await answer(term, `Website ${t.t('field.optional')} [${hints.t('uri')}]`, 'Enter');
    await answer(term, `Day [${hints.t('date')}]`, 'text:2030-05-17', 'Enter');
    await answer(
      term,
      `Arrival ${t.t('field.optional')} [${fieldHint({ kind: 'date-time', constraints: {} }, hints)}]`,
      'Enter',
    );
    await answer(
      term,
      `Guests [${hints.t('integer.range', { min: 1, max: 12 })}] ${t.t('input.default', { value: '2' })}`,
      'Enter',
    );
    await answer(
      term,
      `Budget ${t.t('field.optional')} [${hints.t('number.min', { min: 0 })}]`,
      'text:x',
      'Enter',
    );
    await term.waitFor(v.t('not-a-number'));
    await answer(term, 'Budget', 'C-u', 'Enter');
    await term.waitFor(t.t('choice.pick'));
    await answer(term, 'Seating', 'Enter');
    await term.waitFor(t.t('choice.pick.error'));
    await answer(term, 'Seating', 'Down', 'Down', 'Enter');
    await answer(term, `Extras ${t.t('field.optional')} [${hints.t('choices.max', { count: 2 })}]`);
    await term.waitFor(`${t.t('keys.space')} ${t.t('keys.select')}`);
    await answer(term, 'Extras', 'Space', 'Enter');
    await answer(term, 'Reminder', 'Enter');

    // The question and its choices are drawn together, after the answers.
    const review = await term.waitFor(t.t('review.question', { server: SERVER }));
    expect(review).toContain(t.t('review.title'));
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2030, 4, 17)),
    );
    expect(review).toMatch(new RegExp(`Day +${day}`));
    expect(review).toMatch(new RegExp(`Reminder +${t.t('choice.yes')}`));
    expect(review).toMatch(new RegExp(`Email +${t.t('review.unanswered')}`));
    for (const key of ['action.submit', 'action.edit', 'action.decline', 'action.cancel'] as const) {
      expect(review).toContain(t.t(key));
    }
    await answer(term, t.t('review.question', { server: SERVER }), 'Enter');
    expect(await serverGot(term)).toEqual({
      action: 'accept',
      content: {
        name: 'Ada',
        day: '2030-05-17',
        guests: 2,
        seating: 'out',
        extras: ['chair'],
        reminder: true,
      },
    });
    const submitted = await term.screen();
    expect(submitted).toContain(`✔ ${t.t('outcome.submitted', { server: SERVER })}`);
    expect(submitted).toContain(`✔ ${t.t('result.ok')}`);

    // A confirmation (a form with no fields), declined.
    await term.waitFor('elicit›', { count: 2 });
    await term.type('call confirm_it');
    await term.keys('Enter');
    await answer(term, t.t('confirm.question', { server: SERVER }), 'Down', 'Enter');
    await term.waitFor(`✖ ${t.t('outcome.declined')}`);

    // A URL card for a look-alike host, with its warnings; cancelled.
    await term.waitFor('elicit›', { count: 3 });
    await term.type('call open_page');
    await term.keys('Enter');
    const card = await term.waitFor(t.t('url.question'));
    expect(card).toContain(`◆ elicit · ${t.t('heading.url', { server: SERVER })}`);
    expect(card).toContain(t.t('url.opens'));
    expect(card).toContain(
      `${t.t('url.site')}  xn--pypal-4ve.com  ${t.t('url.displayed-as', { site: 'pаypal.com' })}`,
    );
    expect(card).toContain(`${t.t('url.host')}  login.pаypal.com  ${t.t('url.as-shown')}`);
    expect(card).toContain(`login.xn--pypal-4ve.com  ${t.t('url.as-resolved')}`);
    expect(card).toContain(`⚠ ${url.t('warning.mixed-script')}`);
    expect(card).toContain(`⚠ ${url.t('warning.punycode', { ascii: 'login.xn--pypal-4ve.com' })}`);
    expect(card).toContain(t.t('action.open'));
    await answer(term, t.t('url.question'), 'Escape');
    await term.waitFor(`✖ ${t.t('outcome.cancelled')}`);

    // A page the call needs (-32042): consent, the browser fails to start, the wait is cancelled.
    await term.waitFor('elicit›', { count: 4 });
    await term.type('call needs_page');
    await term.keys('Enter');
    await term.waitFor(`◆ elicit · ${t.t('heading.url.required', { server: SERVER })}`);
    await answer(term, t.t('url.question'), 'Up', 'Enter');
    const reason = t.t('open-failed.browser-command', { command: 'false' });
    const failed = await term.waitFor(t.t('wait.question'));
    expect(failed).toContain(`! ${t.t('notice.open-failed', { reason })}`);
    // Wrapped to the screen: compare without the line breaks and indents.
    expect(failed.replace(/\s+/g, '')).toContain(t.t('notice.open-failed.todo').replace(/\s+/g, ''));
    expect(failed).toMatch(/^ {4}https:\/\/auth\.example\.com\/authorize\?flow=xyz$/m);
    expect(failed).toContain(t.t('wait.waiting', { sites: 'example.com' }));
    await answer(term, t.t('wait.question'), 'Down', 'Enter');
    await term.waitFor(`✖ ${t.t('error.call-refused.wait')}`);
    const screen = await term.waitFor('elicit›', { count: 5 });
    expect(screen).toContain(t.t('wait.stopped'));

    // Nothing garbled: no replacement characters, and the language's own script is there.
    expect(screen).not.toContain('\uFFFD');
    await mkdir(TRANSCRIPTS, { recursive: true });
    await writeFile(
      join(TRANSCRIPTS, `${transport === 'stdio' ? 'stdio' : 'http'}-${locale}.txt`),
      `${screen}\n`,
    );
    await command(term, 'help');
    expect(await term.screen()).toContain(t.t('session.help').split('\n')[0]!);
  });
});
