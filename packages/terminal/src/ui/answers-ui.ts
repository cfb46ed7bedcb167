import type { ElicitationUI, FormAnswer, FormPrompt, UrlAnswer, UrlPrompt } from '@elicitkit/client';
import { assembleAnswer, requesterLabel } from '@elicitkit/client/ui-kit';
import { formatIssuePath, issueMessage } from '@elicitkit/core';
import { localeFromEnv } from '../i18n/locale.js';
import { wordsLoader } from '../i18n/messages.js';
import { noticeText } from './notices.js';
import { safeLine } from './text.js';

/** Options of {@link answersUI}: the prepared answers, where to report, and in which language. */
export interface AnswersUIOptions {
  /** Answers by field name, e.g. the parsed `--answers` file. */
  answers: Record<string, unknown>;
  /** Where the UI says what it did (one line per event). Default: standard error. */
  log?: (line: string) => void;
  /** The language of those lines, as in `terminalUI`. Default: the environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`). */
  locale?: string | readonly string[];
}

/**
 * A UI for scripts and CI: forms are answered from a file by field name, schema defaults fill the rest,
 * and a required field without an answer declines the form. URL requests are always declined: consent
 * to open a page needs a person (E-51); the URL is logged so a person can follow up.
 */
export function answersUI(options: AnswersUIOptions): ElicitationUI {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const given = options.answers;
  const locale = options.locale ?? localeFromEnv();
  const words = wordsLoader(locale);
  const say = (text: string) => log(`elicit: ${text}`);

  return {
    async form(prompt: FormPrompt): Promise<FormAnswer> {
      const { t, v } = await words();
      const server = requesterLabel(prompt.requester);
      const values: Record<string, unknown> = {};
      for (const field of prompt.fields) {
        if (Object.hasOwn(given, field.name)) values[field.name] = given[field.name];
        else if (prompt.initial[field.name] !== undefined) values[field.name] = prompt.initial[field.name];
        else if (field.required) {
          say(t.t('answers.declined.missing', { server, field: safeLine(field.name, 80) }));
          return { action: 'decline' };
        }
      }
      const content = assembleAnswer(prompt.fields, values);
      const verdict = prompt.validate(content);
      if (!verdict.ok) {
        const reasons = verdict.issues.map((issue) => {
          const field = prompt.fields.find((f) => f.name === issue.path[0]);
          const where = safeLine(formatIssuePath(issue.path) || '—', 80);
          return `${where}: ${safeLine(issueMessage(issue, v, field), 200)}`;
        });
        say(t.t('answers.declined.invalid', { server, reasons: reasons.join('; ') }));
        return { action: 'decline' };
      }
      const names = Object.keys(content);
      say(
        t.t('answers.answered', {
          server,
          fields: names.length > 0 ? names.join(', ') : t.t('answers.no-fields'),
        }),
      );
      return { action: 'submit', content };
    },

    async url(prompt: UrlPrompt): Promise<UrlAnswer> {
      const { t } = await words();
      const url = safeLine(prompt.url.display.full, 8192);
      say(t.t('answers.declined.url', { server: requesterLabel(prompt.requester), url }));
      return { action: 'decline' };
    },

    async waitForCompletion(): Promise<'cancel'> {
      return 'cancel';
    },

    notice(notice): void {
      // In words once the catalog is at hand (it is, after the first prompt; English is always).
      void words().then(({ t }) => {
        const text = noticeText(notice, t, undefined);
        say([...text.sentences, ...(text.address ? [text.address] : [])].join(' '));
      });
    },
  };
}
