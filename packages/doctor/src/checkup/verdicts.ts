/**
 * What a check concluded. `suspect`: what happened is what a broken host does, but a person, or a host's policy,
 * could explain it too (the detail says which). `not-declared`: the host did not declare what the check needs, so
 * nothing was asked. `skipped`: not run (not asked for, the person stopped, or not in this version of the checkup).
 */
export type Verdict = 'pass' | 'fail' | 'suspect' | 'not-declared' | 'skipped';

/** One row of the report. */
export interface CheckResult {
  /** Stable: `declared`, `form-fields`, `form-defaults`, …; see the doctor's README for the list. */
  id: string;
  verdict: Verdict;
  /** What happened, in a sentence or two; host text in it is sanitized and cut short. */
  detail: string;
  /** The rules a failure breaks (`E-13`, `M-12`, …). */
  rules: readonly string[];
  /** How long the host took to answer, in ms, where something was asked. */
  answeredInMs?: number;
  /** True when the answer came sooner than a person could have read the request (`personFloorMs`). */
  answeredTooFast?: boolean;
}

const RANK: Record<Verdict, number> = { pass: 0, skipped: 0, 'not-declared': 0, suspect: 1, fail: 2 };

/** The worse of two verdicts (`fail` over `suspect` over the rest). */
export function worse(a: Verdict, b: Verdict): Verdict {
  return RANK[b] > RANK[a] ? b : a;
}

/** A duration for a detail: milliseconds while they matter, seconds after. */
export function duration(ms: number): string {
  return ms < 10_000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 1000)} s`;
}

/**
 * The least time, in ms, in which a person could have read a form and answered it: 500 ms, plus 10 ms per character
 * of its message (skimming speed, well above reading), plus 300 ms per field. An answer sooner than that was not
 * made by a person who read the form (E-05: the person reviews before anything is sent). Deliberately low, so a
 * quick person is never taken for a machine; hosts that answer with no person take a few milliseconds.
 */
export function personFloorMs(message: string, fields: number): number {
  return 500 + 10 * message.length + 300 * fields;
}
