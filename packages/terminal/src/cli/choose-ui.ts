import { readFile } from 'node:fs/promises';
import type { ElicitationUI, Requester } from '@elicitkit/client';
import { requesterLabel } from '@elicitkit/client/ui-kit';
import { loadWords, type Words } from '../i18n/messages.js';
import type { Phrase } from '../i18n/phrase.js';
import { answersUI } from '../ui/answers-ui.js';
import { terminalUI } from '../ui/terminal-ui.js';
import { safeLine } from '../ui/text.js';
import type { Common } from './args.js';
import { verbatim } from './describe-error.js';
import { CliError } from './errors.js';

async function readAnswers(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason: Phrase =
      (error as { code?: string }).code === 'ENOENT'
        ? { key: 'error.answers.missing' }
        : verbatim(String(error));
    throw new CliError('bad-answers-file', { key: 'error.answers.unreadable', params: { file, reason } });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError('bad-answers-file', {
      key: 'error.answers.json',
      params: { file, detail: verbatim((error as Error).message) },
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError('bad-answers-file', { key: 'error.answers.shape', params: { file } });
  }
  return value as Record<string, unknown>;
}

/** Declines everything, saying why: there is nobody to ask and no answers file. */
function nobodyToAskUI(log: (line: string) => void, locale: string): ElicitationUI {
  const say = async (what: (words: Words) => string, requester: Requester) => {
    const words = await loadWords(locale);
    log(
      `elicit: ${words.t.t('answers.declined.nobody', { what: what(words), server: requesterLabel(requester) })}`,
    );
  };
  return {
    async form(prompt) {
      await say(({ t }) => t.t('answers.what.form'), prompt.requester);
      return { action: 'decline' };
    },
    async url(prompt) {
      const url = safeLine(prompt.url.display.full, 8192);
      await say(({ t }) => t.t('answers.what.url', { url }), prompt.requester);
      return { action: 'decline' };
    },
  };
}

/** The terminal UI for people, the answers file for scripts, and a polite refusal when neither is there. */
export async function chooseUI(options: Common, log: (line: string) => void): Promise<ElicitationUI> {
  if (options.answersFile !== undefined) {
    return answersUI({ answers: await readAnswers(options.answersFile), log, locale: options.locale });
  }
  if (!process.stdin.isTTY) return nobodyToAskUI(log, options.locale);
  return terminalUI({ locale: options.locale, ...(!options.color && { color: false }) });
}
