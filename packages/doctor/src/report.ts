import { sanitizeForDisplay } from '@elicitkit/core';
import type { HostInfo } from '@elicitkit/server';
import type { CheckResult, Verdict } from './checkup/verdicts.js';

/** The report's format name and version, in every exported report; a reader refuses formats it does not know. */
export const REPORT_FORMAT = 'elicitkit-doctor-report/1';

/** The host as the report names it: what it said of itself (sanitized, cut short), and what it declared. */
export interface HostSummary {
  name: string | null;
  version: string | null;
  protocolVersion: string | null;
  declared: { form: boolean; url: boolean };
  /** Whether the host declared the Tasks extension. */
  tasks: boolean;
}

/** What a checkup found: the tool's `structuredContent`, and the file `--report` exports. */
export interface CheckupReport {
  format: typeof REPORT_FORMAT;
  /** When the checkup ran (ISO 8601). */
  at: string;
  host: HostSummary;
  checks: CheckResult[];
  /** False while it runs, and when the person stopped it: the checks after the last row were not run. */
  complete: boolean;
}

const hostText = (text: string | undefined) =>
  text === undefined ? null : sanitizeForDisplay(text, { maxLength: 100 }).replace(/\n/g, ' ');

/** The report's view of a host. */
export function hostSummary(host: HostInfo): HostSummary {
  return {
    name: hostText(host.name),
    version: hostText(host.version),
    protocolVersion: hostText(host.protocolVersion),
    declared: { ...host.declared },
    tasks: host.tasks,
  };
}

const MARK: Record<Verdict, string> = {
  pass: 'pass',
  fail: '**FAIL**',
  suspect: '*suspect*',
  'not-declared': 'not declared',
  skipped: 'skipped',
};

/** A table cell: one line, no pipe to break the table, no markup from host text. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/([|\\`*_<>[\]])/g, '\\$1');

/** The report as Markdown: a heading naming the host, then one table row per check. */
export function reportMarkdown(report: CheckupReport): string {
  const { host } = report;
  const who = `${host.name ?? 'an unnamed host'}${host.version ? ` ${host.version}` : ''}`;
  const modes =
    [host.declared.form && 'form', host.declared.url && 'url'].filter(Boolean).join(' and ') || 'nothing';
  const counts = (['fail', 'suspect', 'pass'] as const)
    .map((verdict) => `${report.checks.filter((c) => c.verdict === verdict).length} ${verdict}`)
    .join(', ');
  const lines = [
    `# Elicitation checkup of ${cell(who)}`,
    '',
    `Protocol ${cell(host.protocolVersion ?? 'unknown')}; declared ${modes}${host.tasks ? ', and the Tasks extension' : ''}. ${counts}.${report.complete ? '' : ' The checkup did not finish: later checks were not run.'}`,
    '',
    '| Check | Verdict | What happened | Rules |',
    '| --- | --- | --- | --- |',
    ...report.checks.map(
      (c) => `| ${c.id} | ${MARK[c.verdict]} | ${cell(c.detail)} | ${c.rules.join(', ')} |`,
    ),
    '',
    `Checked ${report.at} by elicitkit doctor (${REPORT_FORMAT}).`,
  ];
  return `${lines.join('\n')}\n`;
}
