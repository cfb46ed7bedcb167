import type { Clock } from '@elicitkit/core';
import { UrlElicitationRequiredError } from '@modelcontextprotocol/server';
import type { CheckupPages } from './pages.js';
import { type CheckResult, duration } from './verdicts.js';

/** The `-32042` check's id. */
export const URL_REQUIRED_ID = 'url-required';
const RULES = ['E-21', 'E-22', 'E-23'] as const;
export const URL_REQUIRED_MESSAGE =
  'Checkup 10: this call needs the link opened first. Accept to open it, come back, and the call goes on by itself ' +
  '(or press retry).';

/** A `-32042` sent on this session, waiting for the host's retry. */
interface Pending {
  elicitationId: string;
  sentAt: number;
  openedAt?: number;
  /** The report's start and the rows found before it: the retry goes on from there, in the same report. */
  at: string;
  rows: CheckResult[];
}

const randomToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
};

/**
 * `-32042` and the retry (2025-11-25, URL mode declared): the checkup's call ends with "URL elicitation required" for
 * the doctor's own page; when the page opens the doctor sends the completion notice, and the host is expected to make
 * the call again (E-21), which goes on from the rows found before. One per session (a server instance), held in
 * memory: a retry is the same session's next call.
 */
export class UrlRequiredCheck {
  readonly #pages: CheckupPages;
  readonly #clock: Clock;
  readonly #notify: (elicitationId: string) => Promise<void>;
  #pending: Pending | undefined;

  /** `notify` sends `notifications/elicitation/complete` for an id on the session. */
  constructor(pages: CheckupPages, clock: Clock, notify: (elicitationId: string) => Promise<void>) {
    this.#pages = pages;
    this.#clock = clock;
    this.#notify = notify;
  }

  /** When this call is the host's retry: the report's start and the rows found before the `-32042`, to go on from. */
  get resumeFrom(): { at: string; rows: readonly CheckResult[] } | undefined {
    return this.#pending && { at: this.#pending.at, rows: this.#pending.rows };
  }

  /** The row saved while the host has not retried yet. */
  waitingRow(): CheckResult {
    return {
      id: URL_REQUIRED_ID,
      rules: RULES,
      verdict: 'suspect',
      detail: 'a -32042 (URL elicitation required) ended the call; the host has not made it again (yet)',
    };
  }

  /** On the retry: its verdict. Otherwise: ends the call with the `-32042`, `rows` kept for the retry. */
  async run(report: { at: string; checks: readonly CheckResult[] }): Promise<CheckResult> {
    const pending = this.#pending;
    if (pending) {
      this.#pending = undefined;
      const base = { id: URL_REQUIRED_ID, rules: RULES };
      if (pending.openedAt === undefined) {
        return {
          ...base,
          verdict: 'suspect',
          detail:
            'the call came again before the page was opened: a retry without completion (a person pressing retry?)',
        };
      }
      const after = duration(this.#clock.now() - pending.openedAt);
      return {
        ...base,
        verdict: 'pass',
        detail: `the host made the call again ${after} after the completion notice`,
      };
    }
    const elicitationId = crypto.randomUUID();
    const page = await this.#pages.page(randomToken());
    const sent: Pending = {
      elicitationId,
      sentAt: this.#clock.now(),
      at: report.at,
      rows: [...report.checks],
    };
    this.#pending = sent;
    void page.opened.then(() => {
      sent.openedAt = this.#clock.now();
      return this.#notify(elicitationId).catch(() => {});
    });
    throw new UrlElicitationRequiredError([
      { mode: 'url', message: URL_REQUIRED_MESSAGE, url: page.url, elicitationId },
    ]);
  }
}
