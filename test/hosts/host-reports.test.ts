import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CheckupReport, readReport } from '../../packages/doctor/src/index.js';
import { REPORTS_MARKERS, reportsTable, withPart } from './host-table.js';

/**
 * Issue 38, the table's second part: hosts people use (desktop and IDE hosts), which no test can start, from the
 * reports their users export (`elicit doctor --serve --report <file>`) into docs/host-reports/. Each file must be a
 * report the doctor wrote (`readReport` checks every field), and the part in docs/hosts.md must show them all.
 */
const FOLDER = new URL('../../docs/host-reports/', import.meta.url);
const DOCUMENT = new URL('../../docs/hosts.md', import.meta.url);

const reports = readdirSync(FOLDER)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({ file, text: readFileSync(new URL(file, FOLDER), 'utf8') }));

describe('reports sent in (docs/host-reports)', () => {
  it('holds only JSON reports and its README', () => {
    const others = readdirSync(FOLDER).filter((file) => !file.endsWith('.json') && file !== 'README.md');
    expect(others).toEqual([]);
  });

  it.each(reports.map(({ file, text }) => [file, text] as const))('%s is a doctor report', (_file, text) => {
    expect(() => readReport(JSON.parse(text))).not.toThrow();
  });

  it('docs/hosts.md shows each of them', () => {
    const read = reports.map(({ file, text }) => ({ file, report: JSON.parse(text) as CheckupReport }));
    const document = readFileSync(DOCUMENT, 'utf8');
    const updated = withPart(document, REPORTS_MARKERS, reportsTable(read));
    if (process.env.ELICITKIT_WRITE_HOSTS === '1') writeFileSync(DOCUMENT, updated);
    else expect(document, 'the reports changed: run `npm run hosts:table`').toBe(updated);
  });
});

describe('reportsTable', () => {
  it("a row per report, newest first, with the host's version, the date and the file; host text cannot break the table", () => {
    const report = (name: string, at: string): CheckupReport => ({
      format: 'elicitkit-doctor-report/1',
      at,
      host: {
        name,
        version: '1.2.3',
        protocolVersion: '2025-11-25',
        declared: { form: true, url: false },
        tasks: false,
      },
      checks: [{ id: 'form-fields', verdict: 'fail', detail: 'x', rules: [] }],
      complete: true,
    });
    const table = reportsTable([
      { file: 'old.json', report: report('Old Host', '2026-01-02T00:00:00.000Z') },
      { file: 'new.json', report: report('New | *Host*', '2026-11-30T00:00:00.000Z') },
    ]);
    const rows = table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| host'));
    expect(rows[1]).toMatch(
      /^\| New {2}Host \| 1\.2\.3 \| 2025-11-25 \| 2026-11-30 \| skipped \| \*\*fail\*\* \|/,
    );
    expect(rows[1]).toContain('[new.json](host-reports/new.json)');
    expect(rows[2]).toMatch(/^\| Old Host \|/);
  });
});
