// The official suite's server scenarios elicitkit runs, with what each proves, and the tests that run them: one
// definition for every server under test (elicitkit's conformance server itself, and `elicit bridge` fronting it).
import { describe, it } from 'vitest';
import { type ConformanceRun, expectAllPassed, onceMoreIfLate } from '../run-conformance.js';

/** 2025-11-25 scenarios (sessions), each with the checks it must pass. */
export const SCENARIOS_2025 = [
  ['tools-call-elicitation', ['tools-call-elicitation']],
  [
    'elicitation-sep1034-defaults',
    [
      'elicitation-sep1034-string-default',
      'elicitation-sep1034-integer-default',
      'elicitation-sep1034-number-default',
      'elicitation-sep1034-enum-default',
      'elicitation-sep1034-boolean-default',
    ],
  ],
  [
    'elicitation-sep1330-enums',
    [
      'elicitation-sep1330-untitled-single',
      'elicitation-sep1330-titled-single',
      'elicitation-sep1330-legacy-enumnames',
      'elicitation-sep1330-untitled-multi',
      'elicitation-sep1330-titled-multi',
    ],
  ],
  ['server-initialize', ['server-initialize']],
  ['tools-list', ['tools-list', 'tools-name-format']],
  ['ping', ['ping']],
] as const;

/** Scenarios at `--spec-version 2026-07-28` (stateless requests), each with the rules it proves. */
export const SCENARIOS_2026 = [
  ['server-stateless', '[M-18] [M-19]'],
  ['tools-list', '[M-19]'],
  ['input-required-result-basic-elicitation', '[M-01] [M-02]'],
  ['input-required-result-request-state', '[M-05]'],
  ['input-required-result-multiple-input-requests', '[M-02] [M-03]'],
  ['input-required-result-multi-round', '[M-08]'],
  ['input-required-result-missing-input-response', '[M-10]'],
  ['input-required-result-non-tool-request', '[M-01]'],
  ['input-required-result-result-type', '[M-15]'],
  ['input-required-result-unsupported-methods', '[M-01]'],
  ['input-required-result-tampered-state', '[M-05]'],
  ['input-required-result-capability-check', '[M-04]'],
  ['input-required-result-ignore-extra-params', '[M-09]'],
  ['input-required-result-validate-input', '[M-09]'],
  // Not elicitation; the SDK's own builders pass them inside the same elicitkit-enabled server.
  ['input-required-result-basic-sampling', '[M-02]'],
  ['input-required-result-basic-list-roots', '[M-02]'],
] as const;

/**
 * Tasks extension scenarios at `--spec-version 2026-07-28 --force` (extension scenarios are off the spec timeline),
 * each with the rules it proves and the checks the suite itself skips.
 */
export const SCENARIOS_TASKS = [
  ['tasks-lifecycle', '[T-06] [T-09] [T-15] [T-16]', []],
  ['tasks-capability-negotiation', '[T-01] [T-02] [T-04] [T-05]', []],
  ['tasks-wire-fields', '[T-10]', []],
  ['tasks-request-state-removal', '[T-06] [T-09]', []],
  ['tasks-mrtr-input', '[T-09] [T-12] [T-13]', []],
  ['tasks-request-headers', '[T-22]', []],
  ['tasks-dispatch-and-envelope', '[T-05] [T-07] [T-17] [T-20]', []],
  // The suite itself skips this one (its subscriptions/listen harness is pending upstream).
  ['tasks-status-notifications', '[T-21]', ['tasks-status-notifications']],
  ['tasks-required-task-error', '[T-03]', []],
  ['tasks-mrtr-composition', '[T-08]', []],
] as const;

/** A server the suite runs against, once it is up (`beforeAll`). */
export interface ScenarioTarget {
  url: string;
  conformance: ConformanceRun;
}

/**
 * The scenarios above as tests, against `target()`; `notYet` names the scenarios the server does not carry yet, each
 * with why: they are listed as skipped, so that what is missing shows in every run.
 */
export function describeServerScenarios(
  title: string,
  target: () => ScenarioTarget,
  notYet: Readonly<Record<string, string>> = {},
): void {
  const test = (name: string, scenario: string, run: () => Promise<void>) => {
    const why = notYet[scenario];
    if (why) it.skip(`${name}: not carried yet, ${why}`, () => {});
    else it(`${name} with no baseline`, { timeout: 90_000 }, run);
  };
  describe(`${title}: server scenarios`, () => {
    for (const [scenario, expectedChecks] of SCENARIOS_2025) {
      test(`passes ${scenario}`, scenario, async () => {
        const { url, conformance } = target();
        const run = await conformance.scenario(scenario, ['--url', url]);
        expectAllPassed(run, [...expectedChecks, 'wire-schema-valid']);
      });
    }
  });
  describe(`${title}: server scenarios at --spec-version 2026-07-28`, () => {
    for (const [scenario, ids] of SCENARIOS_2026) {
      test(`${ids} passes ${scenario}`, scenario, async () => {
        const { url, conformance } = target();
        const run = await onceMoreIfLate(() =>
          conformance.scenario(scenario, ['--spec-version', '2026-07-28', '--url', url]),
        );
        expectAllPassed(run, []);
      });
    }
  });
  describe(`${title}: Tasks extension scenarios at --spec-version 2026-07-28`, () => {
    for (const [scenario, ids, notApplicable] of SCENARIOS_TASKS) {
      test(`${ids} passes ${scenario}`, scenario, async () => {
        const { url, conformance } = target();
        const args = ['--spec-version', '2026-07-28', '--force', '--url', url];
        expectAllPassed(await conformance.scenario(scenario, args), [], notApplicable);
      });
    }
  });
}
