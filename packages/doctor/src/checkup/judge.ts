import { previewValue, type RequestedSchema, sanitizeForDisplay, validateContent } from '@elicitkit/core';
import type { FormCheck } from './form-checks.js';
import { type CheckResult, personFloorMs, type Verdict, worse } from './verdicts.js';

/** What came back for one form, as the host sent it (nothing checked yet), and how long it took. */
export interface RawAnswer {
  action: unknown;
  content?: unknown;
  elapsedMs: number;
}

/** A host's value, for a detail: its JSON, cut short and made safe to show. */
export const shown = (value: unknown) => sanitizeForDisplay(previewValue(value), { maxLength: 80 });

interface Finding {
  verdict: Verdict;
  text: string;
}

const sameValue = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((item) => b.some((other) => sameValue(item, other)))
    : Object.is(a, b);

function typeOf(schema: FormCheck['schema'], name: string): string {
  return String((schema.properties[name] as { type?: unknown } | undefined)?.type ?? 'value');
}

/** What is wrong with one field of an accepted answer, if anything. */
function fieldFinding(
  check: FormCheck,
  name: string,
  value: unknown,
  revision: string | undefined,
): Finding[] {
  const expected = check.values?.[name];
  const shownName = `\`${name}\``;
  if (value === undefined) {
    if (revision === '2025-06-18' && check.notOn20250618?.includes(name)) return [];
    const why =
      check.id === 'form-defaults' ? `its default ${shown(expected)} was dropped (E-13)` : 'it is required';
    return [{ verdict: 'fail', text: `${shownName} was not sent back: ${why}` }];
  }
  const titles = check.titles?.[name] ?? [];
  const asTitles = (Array.isArray(value) ? value : [value]).filter((item) => titles.includes(item as string));
  if (asTitles.length > 0) {
    return [
      {
        verdict: 'fail',
        text: `${shownName} came back as the option title ${shown(asTitles[0])}, not its value: servers read values`,
      },
    ];
  }
  const single = { type: 'object', properties: { [name]: check.schema.properties[name] } } as RequestedSchema;
  const valid = validateContent(single, { [name]: value });
  if (!valid.ok) {
    const issue = valid.issues[0]!;
    return [
      {
        verdict: 'fail',
        text: `${shownName} came back as ${shown(value)}, which is not a valid ${typeOf(check.schema, name)} (${issue.code})`,
      },
    ];
  }
  if (expected !== undefined && !sameValue(value, expected)) {
    return [
      {
        verdict: 'suspect',
        text: `${shownName} is ${shown(value)} where the instruction gave ${shown(expected)} (typed otherwise, or changed by the host)`,
      },
    ];
  }
  return [];
}

function contentFindings(check: FormCheck, content: unknown, revision: string | undefined): Finding[] {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) {
    return [
      { verdict: 'fail', text: `the accepted answer's content is ${shown(content)}, not an object (E-27)` },
    ];
  }
  const answer = content as Record<string, unknown>;
  const findings = Object.keys(check.schema.properties).flatMap((name) =>
    fieldFinding(check, name, answer[name], revision),
  );
  const unknown = Object.keys(answer).filter((name) => !Object.hasOwn(check.schema.properties, name));
  if (unknown.length > 0) {
    findings.push({ verdict: 'fail', text: `it sent a field the form does not have: ${shown(unknown[0])}` });
  }
  return findings;
}

/** How quickly the answer came, against the least time a person needs (see `personFloorMs`). */
function speedFinding(check: FormCheck, elapsedMs: number): Finding | undefined {
  const floor = personFloorMs(check.message, Object.keys(check.schema.properties).length);
  if (elapsedMs >= floor) return undefined;
  return {
    verdict: 'suspect',
    text: `answered in ${Math.round(elapsedMs)} ms, faster than a person could have read it (at least ${floor} ms): no person saw this form (E-05)`,
  };
}

/** Judges one form's answer against what its instruction asked. `revision`: the host's, for what it can carry. */
export function judgeForm(check: FormCheck, answer: RawAnswer, revision: string | undefined): CheckResult {
  const base = { id: check.id, rules: check.rules, answeredInMs: Math.round(answer.elapsedMs) };
  const { action } = answer;
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') {
    return { ...base, verdict: 'fail', detail: `the host answered with the action ${shown(action)} (E-27)` };
  }
  const findings: Finding[] = [];
  const fast = speedFinding(check, answer.elapsedMs);
  if (action !== check.expect) {
    // Told one thing, did another: a person may have, a host answering by itself (fast) did.
    findings.push({
      verdict: fast ? 'fail' : 'suspect',
      text: `the person was asked to ${check.expect}; the host sent ${action}`,
    });
  } else if (action === 'accept') {
    findings.push(...contentFindings(check, answer.content, revision));
    if (check.waitMs !== undefined && answer.elapsedMs < check.waitMs) {
      findings.push({
        verdict: 'suspect',
        text: `answered after ${Math.round(answer.elapsedMs / 1000)} s; the instruction was to wait ${check.waitMs / 1000} s`,
      });
    }
  }
  if (fast) findings.push(fast);
  if (findings.length === 0) {
    const done = { accept: 'answered', decline: 'declined', cancel: 'cancelled' }[action];
    return { ...base, verdict: 'pass', detail: `${done} as asked` };
  }
  const verdict = findings.reduce<Verdict>((v, f) => worse(v, f.verdict), 'pass');
  return {
    ...base,
    verdict,
    detail: findings.map((f) => f.text).join('; '),
    ...(fast && { answeredTooFast: true }),
  };
}
