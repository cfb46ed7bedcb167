import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CheckupReport, reportMarkdown } from './report.js';

export { elicitConfigDir } from '@elicitkit/core/node';

/** Where one checkup's report is written: its JSON and its Markdown. */
export interface ReportFiles {
  json: string;
  markdown: string;
}

/** A file name's part from host text: letters, digits and dashes only, short. */
const slug = (text: string | null) =>
  (text ?? 'host')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'host';

/** The files of a report: `<dir>/doctor/<time>-<host>.json` and `.md`. */
export function reportFilesOf(report: CheckupReport, dir: string): ReportFiles {
  const stem = `${report.at.replace(/[:.]/g, '-')}-${slug(report.host.name)}`;
  return { json: join(dir, 'doctor', `${stem}.json`), markdown: join(dir, 'doctor', `${stem}.md`) };
}

/** Writes `content` whole or not at all: a reader never sees half a report. */
async function writeWhole(path: string, content: string): Promise<void> {
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, content, { mode: 0o600 });
  await rename(partial, path);
}

/** Writes the report (both files), creating the folder (mode 0700); returns where. */
export async function saveReport(report: CheckupReport, files: ReportFiles): Promise<ReportFiles> {
  await mkdir(join(files.json, '..'), { recursive: true, mode: 0o700 });
  await writeWhole(files.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeWhole(files.markdown, reportMarkdown(report));
  return files;
}
