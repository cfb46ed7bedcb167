/**
 * @elicitkit/doctor: what an MCP host really does with elicitation, measured. `createCheckupServer` is an MCP server
 * (SDK v2, every revision) whose tool `elicitation_checkup` asks the host's person a series of short forms and a
 * link, each with an instruction, and judges what the host sent back: a report of checks, each `pass`, `fail`,
 * `suspect`, `not-declared` or `skipped`, with the rule it breaks. `elicit doctor --serve` runs it.
 *
 * @module @elicitkit/doctor
 */

export { type ExpectedAction, FORM_CHECKS, type FormCheck, LONG_WAIT_CHECK } from './checkup/form-checks.js';
export { judgeForm, type RawAnswer } from './checkup/judge.js';
export { type CheckupPage, CheckupPages } from './checkup/pages.js';
export { CHECK_IDS, type CheckupOptions, runCheckup } from './checkup/run.js';
export { URL_REQUIRED_ID, UrlRequiredCheck } from './checkup/url-required.js';
export { type CheckResult, personFloorMs, type Verdict } from './checkup/verdicts.js';
export { DoctorErrorCode, type DoctorErrorDetails } from './errors.js';
export { type FindingLevel, MAX_FINDINGS, type ServerFinding } from './inspect/findings.js';
export { ROUNDS_NAMED_AFTER, ServerInspector } from './inspect/inspector.js';
export type { InspectingHost } from './inspect/request-checks.js';
export { type CheckupReport, type HostSummary, REPORT_FORMAT, reportMarkdown } from './report.js';
export { elicitConfigDir, type ReportFiles, reportFilesOf, saveReport } from './report-files.js';
export { hostsAnsweringWithNobody, readReport } from './report-read.js';
export {
  CHECKUP_TOOL,
  type CheckupServerOptions,
  createCheckupServer,
  type ServedCheckup,
  serveCheckup,
} from './server.js';
