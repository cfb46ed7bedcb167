import type { InputRequestOutcome } from '../era/request-2026.js';

/**
 * Answers one batch of input requests (a round's, or the new ones of a task poll), each outcome under its key, in
 * the batch's order. One at a time by default, as a person reads them. For a UI that shows every prompt at once
 * (`ElicitationUI.concurrent`: a relay, a bridge passing them on) all are asked together, so the batch reaches it
 * as one; the first to fail withdraws the others, so nothing stays up that no one will read.
 */
export async function answerBatch(
  entries: readonly (readonly [string, unknown])[],
  answer: (key: string, entry: unknown, signal: AbortSignal) => Promise<InputRequestOutcome>,
  signal: AbortSignal,
  concurrent: boolean,
): Promise<Map<string, InputRequestOutcome>> {
  const outcomes = new Map<string, InputRequestOutcome>();
  if (!concurrent || entries.length < 2) {
    for (const [key, entry] of entries) outcomes.set(key, await answer(key, entry, signal));
    return outcomes;
  }
  const siblings = new AbortController();
  const both = AbortSignal.any([signal, siblings.signal]);
  const answered = await Promise.all(
    entries.map(async ([key, entry]) => {
      try {
        return [key, await answer(key, entry, both)] as const;
      } catch (error) {
        siblings.abort(error);
        throw error;
      }
    }),
  );
  for (const [key, outcome] of answered) outcomes.set(key, outcome);
  return outcomes;
}
