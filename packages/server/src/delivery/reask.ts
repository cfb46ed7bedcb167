import { formatIssuePath, sanitizeForDisplay } from '@elicitkit/core';
import type { AnswerIssue } from '../errors.js';

/**
 * The message of a question asked again (M-10 on 2026-07-28; F-07 on a 2025-06-18 session, where the server alone
 * checks what the wire could not carry): the original message, then why the last answer was not accepted.
 */

/** M-10, F-07: how many times one question is asked before an invalid or missing answer fails (`invalid-answer`). */
export const DEFAULT_MAX_ANSWER_ATTEMPTS = 3;

const SHOWN_ISSUES = 5;
const SHOWN_PATH = 64;
const SHOWN_ISSUE_MESSAGE = 200;

export function withIssues(message: string, issues: readonly AnswerIssue[]): string {
  // An issue's path can be a property name the host made up (1 MB long, ANSI, bidi): the re-ask carries it
  // back to be shown, so it goes out cleaned and capped like any text a host displays.
  const shown = (text: string, maxLength: number) => sanitizeForDisplay(text, { maxLength });
  const lines = issues
    .slice(0, SHOWN_ISSUES)
    .map(
      (i) =>
        `- ${shown(formatIssuePath(i.path) || 'answer', SHOWN_PATH)}: ${shown(i.message, SHOWN_ISSUE_MESSAGE)}`,
    );
  return `${message}\n\nThe previous answer was not accepted:\n${lines.join('\n')}`;
}
