import { FORM_CHECKS } from './checkup/form-checks.js';
import type { CheckResult, Verdict } from './checkup/verdicts.js';
import { invalidReport } from './errors.js';
import { type CheckupReport, REPORT_FORMAT } from './report.js';

const VERDICTS: readonly Verdict[] = ['pass', 'fail', 'suspect', 'not-declared', 'skipped'];
/** A report's checks, at most: more is not a report this doctor wrote. */
const MAX_CHECKS = 64;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;
const textOrNull = (value: unknown) => value === null || isText(value, 200);

function readCheck(value: unknown, at: string): CheckResult {
  if (!isObject(value)) throw invalidReport(`${at} is not an object`);
  const { id, verdict, detail, rules, answeredInMs } = value;
  if (!isText(id, 64) || !/^[a-z0-9-]+$/.test(id as string))
    throw invalidReport(`${at}.id is not a check id`);
  if (!VERDICTS.includes(verdict as Verdict))
    throw invalidReport(`${at}.verdict is not one of ${VERDICTS.join(', ')}`);
  if (!isText(detail, 2000)) throw invalidReport(`${at}.detail is not a text of at most 2000 characters`);
  if (!Array.isArray(rules) || rules.length > 16 || !rules.every((rule) => isText(rule, 16))) {
    throw invalidReport(`${at}.rules is not a list of rule ids`);
  }
  if (answeredInMs !== undefined && !(Number.isFinite(answeredInMs) && (answeredInMs as number) >= 0)) {
    throw invalidReport(`${at}.answeredInMs is not a duration`);
  }
  return value as unknown as CheckResult;
}

/**
 * Reads an exported report (`--report <file>`, JSON already parsed) and checks every field, so a table built from
 * reports others send in shows what a doctor measured and nothing else. Throws a `UsageError` `invalid-report`
 * naming the first problem; a format other than `elicitkit-doctor-report/1` is refused, never guessed at.
 */
export function readReport(value: unknown): CheckupReport {
  if (!isObject(value)) throw invalidReport('the report is not a JSON object');
  if (value.format !== REPORT_FORMAT) throw invalidReport(`format is not "${REPORT_FORMAT}"`);
  if (!isText(value.at, 40) || Number.isNaN(Date.parse(value.at as string)))
    throw invalidReport('at is not a date');
  const host = value.host;
  if (!isObject(host)) throw invalidReport('host is not an object');
  for (const key of ['name', 'version', 'protocolVersion'] as const) {
    if (!textOrNull(host[key])) throw invalidReport(`host.${key} is not a short text or null`);
  }
  const declared = host.declared;
  if (!isObject(declared) || typeof declared.form !== 'boolean' || typeof declared.url !== 'boolean') {
    throw invalidReport('host.declared is not { form, url } with booleans');
  }
  if (typeof host.tasks !== 'boolean') throw invalidReport('host.tasks is not a boolean');
  if (!Array.isArray(value.checks) || value.checks.length > MAX_CHECKS) {
    throw invalidReport(`checks is not a list of at most ${MAX_CHECKS}`);
  }
  for (const [i, check] of value.checks.entries()) readCheck(check, `checks[${i}]`);
  if (typeof value.complete !== 'boolean') throw invalidReport('complete is not a boolean');
  return value as unknown as CheckupReport;
}

/**
 * The hosts whose reports show forms answered with nobody there (most of the form checks answered faster than a
 * person reads), in the shape `createUrlMode({ formFallback: { hosts } })` takes: their forms then go through the
 * browser without being sent. A host by its name, with every version a report names.
 */
export function hostsAnsweringWithNobody(
  reports: readonly CheckupReport[],
): { name: string; versions: string[] }[] {
  const found = new Map<string, Set<string>>();
  for (const report of reports) {
    const { name, version } = report.host;
    const asked = report.checks.filter(
      (check) => FORM_CHECKS.some((form) => form.id === check.id) && check.answeredInMs !== undefined,
    );
    const nobody = asked.filter((check) => check.answeredTooFast === true);
    if (!name || !version || asked.length === 0 || nobody.length * 2 <= asked.length) continue;
    found.set(name, (found.get(name) ?? new Set()).add(version));
  }
  return [...found].map(([name, versions]) => ({ name, versions: [...versions].sort() }));
}
