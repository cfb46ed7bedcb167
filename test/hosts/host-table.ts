import type { CheckupReport, Verdict } from '../../packages/doctor/src/index.js';
import { CHECK_IDS } from '../../packages/doctor/src/index.js';

/** One row of the generated table: a host and what the checkup found in it. */
export interface HostRow {
  name: string;
  version: string;
  report: CheckupReport;
}

export const TABLE_START = '<!-- hosts:generated:start (npm run hosts:table rewrites this part) -->';
export const TABLE_END = '<!-- hosts:generated:end -->';

const MARK: Record<Verdict, string> = {
  pass: 'pass',
  fail: '**fail**',
  suspect: '*suspect*',
  'not-declared': '–',
  skipped: 'skipped',
};

/** The generated part of docs/hosts.md: the table, then what each host did wrong or doubtfully. */
export function hostTable(rows: readonly HostRow[]): string {
  const header = `| host | package | revision | ${CHECK_IDS.map((id) => `\`${id}\``).join(' | ')} |`;
  const rule = `| --- | --- | --- | ${CHECK_IDS.map(() => '---').join(' | ')} |`;
  const lines = [TABLE_START, '', header, rule];
  for (const { name, version, report } of rows) {
    const verdicts = CHECK_IDS.map(
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
  lines.push(TABLE_END);
  return lines.join('\n');
}

/** `document` with its generated part replaced by `generated`. */
export function withTable(document: string, generated: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/hosts.md has lost its generated-part markers');
  return `${document.slice(0, start)}${generated}${document.slice(end + TABLE_END.length)}`;
}
