import { isElicitkitError } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { type CheckupReport, hostsAnsweringWithNobody, readReport } from '../src/index.js';
import { followsInstructions, runHost } from './helpers/hosts.js';

const exported = (report: CheckupReport) => JSON.parse(JSON.stringify(report)) as Record<string, unknown>;

function problemOf(value: unknown): string {
  try {
    readReport(value);
  } catch (error) {
    if (isElicitkitError(error, 'invalid-report')) return error.details.problem;
    throw error;
  }
  return 'accepted';
}

describe('readReport', () => {
  it('reads back what the doctor exports', async () => {
    const { report } = await runHost({ era: '2025-11-25', behaviour: followsInstructions });
    expect(readReport(exported(report))).toEqual(report);
  });

  it('refuses what is not a report, naming the first problem', async () => {
    const { report } = await runHost({
      era: '2025-11-25',
      behaviour: followsInstructions,
      checks: ['declared'],
    });
    const good = exported(report);
    expect(problemOf('x')).toBe('the report is not a JSON object');
    expect(problemOf({ ...good, format: 'elicitkit-doctor-report/2' })).toBe(
      'format is not "elicitkit-doctor-report/1"',
    );
    expect(problemOf({ ...good, host: { ...(good.host as object), name: 'x'.repeat(500) } })).toBe(
      'host.name is not a short text or null',
    );
    expect(
      problemOf({ ...good, checks: [{ id: 'declared', verdict: 'great', detail: '', rules: [] }] }),
    ).toBe('checks[0].verdict is not one of pass, fail, suspect, not-declared, skipped');
    expect(problemOf({ ...good, checks: new Array(65).fill((good.checks as unknown[])[0]) })).toBe(
      'checks is not a list of at most 64',
    );
  });
});

describe('hostsAnsweringWithNobody', () => {
  it("lists a host that answers forms at once, in the fallback's `hosts` shape; not one with a person", async () => {
    const nobody = await runHost({
      era: '2025-11-25',
      behaviour: () => ({ action: 'decline' }),
      clientInfo: { name: 'auto-decliner', version: '3.1.0' },
    });
    const person = await runHost({ era: '2025-11-25', behaviour: followsInstructions });
    expect(hostsAnsweringWithNobody([nobody.report, person.report])).toEqual([
      { name: 'auto-decliner', versions: ['3.1.0'] },
    ]);
  });
});
