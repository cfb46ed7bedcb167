import type { CheckupReport, Verdict } from '../../packages/doctor/src/index.js';
import { TABLE_CHECKS } from './hosts.js';

/** One row of the generated table: a host and what the checkup found in it. */
export interface HostRow {
  name: string;
  version: string;
  report: CheckupReport;
}

/** Where each generated part of docs/hosts.md sits. */
export interface Markers {
  start: string;
  end: string;
}
export const TABLE_MARKERS: Markers = {
  start: '<!-- hosts:generated:start (npm run hosts:table rewrites this part) -->',
  end: '<!-- hosts:generated:end -->',
};
export const REPORTS_MARKERS: Markers = {
  start: '<!-- reports:generated:start (npm run hosts:table rewrites this part) -->',
  end: '<!-- reports:generated:end -->',
};

const MARK: Record<Verdict, string> = {
  pass: 'pass',
  fail: '**fail**',
  suspect: '*suspect*',
  'not-declared': '–',
  skipped: 'skipped',
};

/** The generated part of docs/hosts.md: the table, then what each host did wrong or doubtfully. */
export function hostTable(rows: readonly HostRow[]): string {
  const header = `| host | package | revision | ${TABLE_CHECKS.map((id) => `\`${id}\``).join(' | ')} |`;
  const rule = `| --- | --- | --- | ${TABLE_CHECKS.map(() => '---').join(' | ')} |`;
  const lines = [TABLE_MARKERS.start, '', header, rule];
  for (const { name, version, report } of rows) {
    const verdicts = TABLE_CHECKS.map(
      (id) => MARK[report.checks.find((check) => check.id === id)?.verdict ?? 'skipped'],
    );
    lines.push(`| ${name} | ${version} | ${report.host.protocolVersion ?? '?'} | ${verdicts.join(' | ')} |`);
  }
  lines.push('');
  for (const { name, report } of rows) {
    const notable = report.checks.filter((check) => check.verdict === 'fail' || check.verdict === 'suspect');
    if (notable.length === 0) continue;
    lines.push(`**${name}:**`, '');
    for (const check of notable)
      lines.push(`- \`${check.id}\` (${check.verdict}): ${check.detail.replace(/\|/g, '\\|')}`);
    lines.push('');
  }
  lines.push(TABLE_MARKERS.end);
  return lines.join('\n');
}

/** The second generated part: one row per report sent in, newest first, with the host's version and the report's date. */
export function reportsTable(reports: readonly { file: string; report: CheckupReport }[]): string {
  const lines = [REPORTS_MARKERS.start, ''];
  if (reports.length === 0) {
    lines.push('No report has been sent in yet.', '', REPORTS_MARKERS.end);
    return lines.join('\n');
  }
  lines.push(
    `| host | version | revision | checked | ${TABLE_CHECKS.map((id) => `\`${id}\``).join(' | ')} | report |`,
  );
  lines.push(`| --- | --- | --- | --- | ${TABLE_CHECKS.map(() => '---').join(' | ')} | --- |`);
  const sorted = [...reports].sort((a, b) => b.report.at.localeCompare(a.report.at));
  for (const { file, report } of sorted) {
    const cell = (text: string | null) => (text ?? '?').replace(/[|\\`*_<>[\]]/g, '');
    const verdicts = TABLE_CHECKS.map(
      (id) => MARK[report.checks.find((check) => check.id === id)?.verdict ?? 'skipped'],
    );
    lines.push(
      `| ${cell(report.host.name)} | ${cell(report.host.version)} | ${cell(report.host.protocolVersion)} | ${report.at.slice(0, 10)} | ${verdicts.join(' | ')} | [${file}](host-reports/${file}) |`,
    );
  }
  lines.push('', REPORTS_MARKERS.end);
  return lines.join('\n');
}

/** `document` with the part between `markers` replaced by `generated` (which carries the markers). */
export function withPart(document: string, markers: Markers, generated: string): string {
  const start = document.indexOf(markers.start);
  const end = document.indexOf(markers.end);
  if (start < 0 || end < start) throw new Error(`docs/hosts.md has lost its markers ${markers.start}`);
  return `${document.slice(0, start)}${generated}${document.slice(end + markers.end.length)}`;
}
