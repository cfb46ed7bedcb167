import { sanitizeForDisplay } from '@elicitkit/core';

/** How binding the broken rule is: a MUST (or MUST NOT) of the spec, or a SHOULD. */
export type FindingLevel = 'must' | 'should';

/** One rule a server broke, where, and how. */
export interface ServerFinding {
  /** As `spec/REQUIREMENTS*.md` numbers it: `E-01`, `M-04`, `F-06`, … */
  rule: string;
  level: FindingLevel;
  /** Which request: `elicitation/create #2`, `input request "ask-0" of tools/call book`, … */
  where: string;
  /** What was wrong, in a sentence; server text in it is sanitized and cut short. */
  message: string;
}

/** Most findings kept; a server that breaks a rule on every request does not grow the report without end. */
export const MAX_FINDINGS = 200;

/** Server text, for a finding: one line, no escapes or bidi overrides, short. */
export const quoted = (text: unknown) =>
  JSON.stringify(sanitizeForDisplay(String(text), { maxLength: 80 }).replace(/\n/g, ' '));

/** Collects findings, each distinct one once, up to {@link MAX_FINDINGS}. */
export class FindingList {
  readonly items: ServerFinding[] = [];
  readonly #seen = new Set<string>();
  /** Findings not kept, past the cap. */
  dropped = 0;

  add(finding: ServerFinding): void {
    const key = `${finding.rule}\u0000${finding.where}\u0000${finding.message}`;
    if (this.#seen.has(key)) return;
    if (this.items.length >= MAX_FINDINGS) {
      this.dropped++;
      return;
    }
    this.#seen.add(key);
    this.items.push(finding);
  }
}
