import { describe, it } from 'vitest';
import { answerCases } from './corpus.js';

/**
 * TODO(lead, 2026-07-28 delivery): the second driver of the hostile-host corpus.
 *
 * Replay every `answerCases` entry as a 2026 answer: call the tool, take the `InputRequiredResult`, then retry
 * the same tools/call with `inputResponses: { [key]: JSON.parse(case.result) }` and the `requestState` the
 * server sent, and hold the outcome to the same `case.ending` the 2025 driver checks (corpus-2025.test.ts,
 * `expectEnding`), with these era differences:
 *   - `{ ignored: true }` on 2026 means "asked again": the retry ends in a new InputRequiredResult for the same
 *     key (a re-ask), never a tool that proceeds;
 *   - URL cases: `{ url: 'pending' }` means the retry re-asks (or waits, bounded) while the store's record stays
 *     pending, until the page completes.
 * Then add the 2026-only wire faults as a `wireCases2026` table beside `wireCases` in corpus.ts: a replayed
 * `requestState` (second use, after its expiry), a foreign one (another principal, another tool, other
 * arguments, tampered bytes, truncated, huge, not base64url), `inputResponses` for keys never asked or with
 * `__proto__`/`constructor` keys, a non-object `inputResponses`, and a flood of retries of one round.
 *
 * Until then each case is listed here as a todo, so the count of the 2026 side shows in every run.
 */
describe('hostile host corpus, 2026-07-28 (inputResponses + requestState)', () => {
  for (const corpusCase of answerCases) it.todo(`${corpusCase.mode}: ${corpusCase.name}`);
});
