import { isElicitkitError } from '@elicitkit/core';
import { ClientErrorCode } from '../errors.js';
import type { PromptSurface } from '../host/surface.js';
import type { OverBudget, RequestBudget } from '../policy/rate-limiter.js';
import type { Requester } from '../ui.js';

/** Step 4 of the pipeline: whether a request that passed the gates may be shown. */
export type Admission = (signal: AbortSignal) => Promise<boolean>;

/**
 * The rate limit as the person meets it (E-43). Within budget, a request goes on. Over it, the person is
 * asked once whether to allow more (`ui.rateLimited`, queued like a prompt; requests arriving meanwhile
 * wait for the same answer): `allow` gives a fresh budget, `block` (or a UI without the method) answers the
 * requests `cancel` and sends one `rate-limited` notice, until a request fits the budget again. A UI with nobody to
 * ask (a bridge) throws `promptUnanswerable` instead: that request fails with why, as the pipeline fails any such.
 */
export function createAdmission(budget: RequestBudget, surface: PromptSurface): Admission {
  let blocked: OverBudget | undefined;
  let deciding: Promise<boolean> | undefined;

  async function decide(over: OverBudget, signal: AbortSignal): Promise<boolean> {
    const requester = surface.requester();
    if ((await askPerson(surface, requester, over, budget.limitOf(over), signal)) === 'allow') {
      budget.refill(over);
      return true;
    }
    blocked = over;
    surface.events.emit('rate-limited', { requester, reason: over });
    surface.notify(
      requester,
      'rate-limited',
      over === 'runaway'
        ? `${requester.name} kept asking during your call; its further requests are refused until the call ends.`
        : `${requester.name} is asking too often; ignoring it for a while.`,
    );
    return false;
  }

  return async (signal) => {
    for (;;) {
      const verdict = budget.take();
      if (verdict === 'ok') {
        blocked = undefined;
        return true;
      }
      if (blocked === verdict) return false;
      deciding ??= decide(verdict, signal).finally(() => {
        deciding = undefined;
      });
      // Allowed: take from the fresh budget (a flood may use it up and ask again).
      if (!(await deciding)) return false;
    }
  };
}

async function askPerson(
  surface: PromptSurface,
  requester: Requester,
  over: OverBudget,
  limit: number,
  signal: AbortSignal,
): Promise<'allow' | 'block'> {
  const ask = surface.ui.rateLimited?.bind(surface.ui);
  if (!ask) return 'block';
  const message =
    over === 'runaway'
      ? `${requester.name} has asked ${limit} questions during your call and wants to ask more.`
      : `${requester.name} is asking more often than ${limit} times in a short while, outside any call you made.`;
  try {
    const choice = await surface.queue.run(signal, () =>
      ask({ kind: 'rate-limit', id: surface.nextPromptId(), requester, message, reason: over, signal }),
    );
    return choice === 'allow' ? 'allow' : 'block';
  } catch (error) {
    if (!signal.aborted && isElicitkitError(error, ClientErrorCode.PromptUnanswerable)) throw error;
    // A withdrawn question or a failing UI is a "no": nothing more is shown.
    if (!signal.aborted) surface.events.emit('error', { requester, during: 'ui', error });
    return 'block';
  }
}
