import type { ElicitationUI, FormAnswer, FormPrompt, UrlAnswer, UrlPrompt } from '@elicitkit/client';
import { formatIssuePath } from '@elicitkit/core';
import { requesterLabel } from './banner.js';
import { safeLine } from './text.js';

/** Options of {@link answersUI}: the prepared answers and where to report. */
export interface AnswersUIOptions {
  /** Answers by field name, e.g. the parsed `--answers` file. */
  answers: Record<string, unknown>;
  /** Where the UI says what it did (one line per event). Default: standard error. */
  log?: (line: string) => void;
}

/**
 * A UI for scripts and CI: forms are answered from a file by field name, schema defaults fill the rest,
 * and a required field without an answer declines the form. URL requests are always declined: consent
 * to open a page needs a person (E-51); the URL is logged so a person can follow up.
 */
export function answersUI(options: AnswersUIOptions): ElicitationUI {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const given = options.answers;

  return {
    async form(prompt: FormPrompt): Promise<FormAnswer> {
      const server = requesterLabel(prompt.requester);
      const content: Record<string, unknown> = {};
      for (const field of prompt.fields) {
        if (Object.hasOwn(given, field.name)) content[field.name] = given[field.name];
        else if (prompt.initial[field.name] !== undefined) content[field.name] = prompt.initial[field.name];
        else if (field.required) {
          log(
            `elicit: declined a form from ${server}: no answer for required field "${safeLine(field.name, 80)}"`,
          );
          return { action: 'decline' };
        }
      }
      const verdict = prompt.validate(content);
      if (!verdict.ok) {
        const reasons = verdict.issues.map(
          (i) => `${safeLine(formatIssuePath(i.path) || 'answer', 80)}: ${safeLine(i.message, 200)}`,
        );
        log(`elicit: declined a form from ${server}: ${reasons.join('; ')}`);
        return { action: 'decline' };
      }
      log(`elicit: answered a form from ${server} (${Object.keys(content).join(', ') || 'no fields'})`);
      return { action: 'submit', content };
    },

    async url(prompt: UrlPrompt): Promise<UrlAnswer> {
      log(
        `elicit: declined a URL request from ${requesterLabel(prompt.requester)} (opening a page needs a person): ${safeLine(prompt.url.display.full, 8192)}`,
      );
      return { action: 'decline' };
    },

    async waitForCompletion(): Promise<'cancel'> {
      return 'cancel';
    },

    notice(notice): void {
      log(`elicit: ${requesterLabel(notice.requester)}: ${safeLine(notice.message, 2000)}`);
    },
  };
}
