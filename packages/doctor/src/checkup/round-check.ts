import type { Clock } from '@elicitkit/core';
import type { HandlerContext } from '@elicitkit/server';
import { askRaw } from './ask.js';
import type { FormCheck } from './form-checks.js';
import { judgeForm } from './judge.js';
import { type CheckResult, type Verdict, worse } from './verdicts.js';

const word = (name: string, value: string): FormCheck => ({
  id: `round-${name}`,
  title: `Round ask ${name}`,
  rules: ['M-11', 'M-12'],
  message: `Checkup 10 (two forms at once): type ${value} in this one, then accept.`,
  schema: {
    type: 'object',
    properties: { word: { type: 'string', title: 'Word', description: `Type: ${value}` } },
    required: ['word'],
  },
  expect: 'accept',
  values: { word: value },
});

/** 2026-07-28: two forms in one round, answered together on one retry that echoes the sealed `requestState`. */
export const ROUND_CHECK = {
  id: 'rounds-2026',
  rules: ['M-11', 'M-12'],
  asks: [word('a', 'one'), word('b', 'two')],
};

/**
 * Asks both forms at once (one `InputRequiredResult` with two `inputRequests`). Reaching the answers at all proves the
 * retry carried both `inputResponses` and the state byte for byte (the library refuses state that does not verify);
 * each answer is then judged like any form.
 */
export async function checkRound(ctx: HandlerContext, clock: Clock, timeoutMs: number): Promise<CheckResult> {
  const answers = await Promise.all(ROUND_CHECK.asks.map((ask) => askRaw(ctx, ask, clock, timeoutMs)));
  const judged = ROUND_CHECK.asks.map((ask, i) => judgeForm(ask, answers[i]!, '2026-07-28'));
  const verdict = judged.reduce<Verdict>((v, result) => worse(v, result.verdict), 'pass');
  const detail =
    verdict === 'pass'
      ? 'both forms of one round were answered on one retry, the state echoed intact'
      : judged
          .filter((result) => result.verdict !== 'pass')
          .map((result) => `${result.id}: ${result.detail}`)
          .join('; ');
  return {
    id: ROUND_CHECK.id,
    rules: ROUND_CHECK.rules,
    verdict,
    detail,
    answeredInMs: Math.max(...judged.map((result) => result.answeredInMs ?? 0)),
  };
}
