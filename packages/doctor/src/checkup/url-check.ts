import { type Clock, timerSleep } from '@elicitkit/core';
import {
  completeRelayedUrl,
  type HandlerContext,
  keepCallAlive,
  relayUrlElicitation,
  reportStatus,
  step,
} from '@elicitkit/server';
import type { CheckupPages } from './pages.js';
import { type CheckResult, duration, personFloorMs } from './verdicts.js';

export const URL_CHECK_ID = 'url';
const RULES = ['E-06', 'E-16', 'E-17', 'E-51', 'E-53'] as const;
export const URL_MESSAGE =
  'Checkup 9: accept to open this link in your browser, then come back here. The page only says that it opened; ' +
  'nothing is asked there.';

const randomToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
};

/** Resolves true when `opened` settles within `ms`, false after; stops early when `signal` aborts. */
async function openedWithin(opened: Promise<void>, ms: number, clock: Clock, signal: AbortSignal) {
  const done = new AbortController();
  const onAbort = () => done.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const timeout = (clock.sleep?.bind(clock) ?? timerSleep)(ms, done.signal).then(
      () => false,
      () => false,
    );
    return await Promise.race([opened.then(() => true), timeout]);
  } finally {
    signal.removeEventListener('abort', onAbort);
    done.abort();
  }
}

export interface UrlCheckOptions {
  clock: Clock;
  pages: CheckupPages;
  /** How long to wait for the page to be opened after consent. */
  waitMs: number;
  signal: AbortSignal;
  /** In a task: its status says what it waits for (T-21: a task sends no progress). */
  inTask: boolean;
}

/**
 * URL mode: consent to a link on the doctor's own page, then the page opened (by the host, or by the person through
 * it), then on 2025 the completion notice. A page never opened after a consent given faster than a person reads is a
 * host that accepts URL requests with nobody there; after a person's consent, the person may not have clicked.
 */
export async function checkUrl(ctx: HandlerContext, options: UrlCheckOptions): Promise<CheckResult> {
  const { clock } = options;
  const token = await step(ctx, 'url-page', randomToken);
  const page = await options.pages.page(token);
  const askedAt = await step(ctx, `asked:${URL_CHECK_ID}`, () => clock.now());
  const answer = await relayUrlElicitation(ctx, { message: URL_MESSAGE, url: page.url, key: URL_CHECK_ID });
  const answeredInMs = await step(ctx, `answered:${URL_CHECK_ID}`, () =>
    Math.max(0, Math.round(clock.now() - askedAt)),
  );
  const floor = personFloorMs(URL_MESSAGE + page.url, 0);
  const fast = answeredInMs < floor;
  const base = { id: URL_CHECK_ID, rules: RULES, answeredInMs, ...(fast && { answeredTooFast: true }) };
  const speed = `in ${duration(answeredInMs)}${fast ? `, faster than a person could have read the link (at least ${floor} ms)` : ''}`;
  if (answer.action !== 'accept') {
    return {
      ...base,
      verdict: fast ? 'fail' : 'suspect',
      detail: `the person was asked to open the link; the host sent ${answer.action} ${speed}`,
    };
  }
  const until = new AbortController();
  if (options.inTask) await reportStatus(ctx, 'Waiting for the checkup page to be opened');
  else keepCallAlive(ctx, until.signal);
  const opened = await openedWithin(page.opened, options.waitMs, clock, options.signal).finally(() =>
    until.abort(),
  );
  if (!opened) {
    const waited = `nobody opened the page within ${Math.round(options.waitMs / 1000)} s`;
    return fast
      ? { ...base, verdict: 'fail', detail: `consent came ${speed}, and ${waited}: no person saw this link` }
      : {
          ...base,
          verdict: 'suspect',
          detail: `consent came ${speed}, but ${waited} (the person may not have opened it)`,
        };
  }
  if (answer.elicitationId !== undefined) await completeRelayedUrl(ctx, answer.elicitationId);
  const notice = answer.elicitationId !== undefined ? '; the completion notice was sent' : '';
  return fast
    ? { ...base, verdict: 'suspect', detail: `the page opened, but consent came ${speed} (E-51)${notice}` }
    : { ...base, verdict: 'pass', detail: `consent ${speed}, then the page opened${notice}` };
}
