import type { ServerFinding, ServerInspector } from '@elicitkit/doctor';
import type { Tool } from '@modelcontextprotocol/client';
import { loadWords, type Words } from '../i18n/messages.js';
import { type Phrase, say } from '../i18n/phrase.js';
import { keyboardFor } from '../ui/keyboard.js';
import { safeLine } from '../ui/text.js';
import type { DoctorInspect } from './args.js';
import { chooseUI } from './choose-ui.js';
import { type Connection, openConnection } from './connection.js';
import { loadDoctor } from './doctor-load.js';
import { CliError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { interruptible } from './interrupt.js';
import { callTool, findTool, listToolsOf, parseArgumentsJson } from './tool-call.js';

/** How the watched call ended. */
interface CallOutcome {
  tool: string;
  outcome: 'finished' | 'tool-error' | 'failed';
  reason?: string;
}

/** What `--json` prints: stable field names, server text sanitized. */
interface InspectReport {
  server: { name: string; version: string; protocolVersion: string };
  declared: { form: boolean; url: boolean };
  tools: string[];
  call?: CallOutcome;
  requests: { pushed: number; rounds: number };
  findings: readonly ServerFinding[];
  dropped: number;
  brokeAMust: boolean;
}

/** A revision as the inspector knows them; an unknown one is checked as 2025-11-25's. */
const knownRevision = (version: string) =>
  version === '2025-06-18' || version === '2026-07-28' ? version : '2025-11-25';

async function watchCall(
  connection: Connection,
  tools: Tool[],
  call: NonNullable<DoctorInspect['call']>,
  log: (phrase: Phrase) => void,
  t: Words['t'],
): Promise<CallOutcome> {
  const tool = findTool(tools, call.tool);
  const args = call.argumentsJson === undefined ? {} : parseArgumentsJson(call.argumentsJson);
  try {
    const result = await interruptible((signal) => callTool(connection, tool.name, args, signal, log));
    return { tool: tool.name, outcome: result.isError ? 'tool-error' : 'finished' };
  } catch (error) {
    if (!(error instanceof CliError) || error.exitCode !== ExitCode.Failed) throw error;
    return { tool: tool.name, outcome: 'failed', reason: say(t, error.phrase) };
  }
}

function textReport(report: InspectReport, t: Words['t']): string {
  const modes = [report.declared.form && 'form', report.declared.url && 'url'].filter(Boolean).join(', ');
  const lines = [
    say(t, {
      key: 'doctor.server',
      params: {
        server: `${report.server.name} ${report.server.version}`.trim(),
        protocol: report.server.protocolVersion,
        modes: modes || { key: 'doctor.modes-none' },
      },
    }),
    say(t, { key: 'doctor.tools', params: { names: report.tools.join(', ') || '-' } }),
  ];
  const { call } = report;
  if (!call) lines.push(say(t, { key: 'doctor.no-call' }));
  else if (call.outcome === 'failed') {
    lines.push(say(t, { key: 'doctor.call-failed', params: { tool: call.tool, reason: call.reason ?? '' } }));
  } else
    lines.push(
      say(t, {
        key: call.outcome === 'finished' ? 'doctor.call-ok' : 'doctor.call-error',
        params: { tool: call.tool },
      }),
    );
  const { pushed, rounds } = report.requests;
  if (report.findings.length === 0) {
    lines.push(say(t, { key: 'doctor.clean', params: { pushed: String(pushed), rounds: String(rounds) } }));
    return lines.join('\n');
  }
  const count = (level: string) => String(report.findings.filter((f) => f.level === level).length);
  const params = {
    must: count('must'),
    should: count('should'),
    pushed: String(pushed),
    rounds: String(rounds),
  };
  lines.push(say(t, { key: 'doctor.broken', params }));
  for (const f of report.findings) {
    lines.push(`  ${f.level === 'must' ? 'MUST  ' : 'SHOULD'} ${f.rule.padEnd(5)} ${f.where}: ${f.message}`);
  }
  if (report.dropped > 0)
    lines.push(say(t, { key: 'doctor.dropped', params: { count: String(report.dropped) } }));
  return lines.join('\n');
}

/**
 * `elicit doctor <server>`: connects as a host declaring `--declare` on `--protocol`, lists the server's tools, runs
 * `--call` if given (its requests answered by the person, or `--answers`), and checks every message the server sends
 * with the doctor's `ServerInspector`. Exit 0 when no MUST was broken, 1 when one was (or the call failed), 2 and 3 as
 * for `elicit call`.
 */
export async function runInspect(command: DoctorInspect, version: string): Promise<number> {
  const doctor = await loadDoctor(command.locale);
  if (!doctor) return ExitCode.Usage;
  const words = await loadWords(command.locale);
  const { t } = words;
  const keyboard = keyboardFor(process.stdin);
  const logLine = (line: string) => void keyboard.print(() => process.stderr.write(`${line}\n`));
  const log = (phrase: Phrase) => logLine(say(t, phrase));
  const declared = { form: command.declare.includes('form'), url: command.declare.includes('url') };
  let inspector: ServerInspector | undefined;
  let connection: Connection | undefined;
  try {
    if (command.call?.argumentsJson !== undefined) parseArgumentsJson(command.call.argumentsJson);
    const ui = await chooseUI(command, logLine);
    connection = await openConnection(command.target, ui, version, log, command.protocol, {
      modes: command.declare,
      tap: (message) => inspector?.observe(message),
      signIn: { choice: command.signIn, words },
    });
    inspector = new doctor.ServerInspector({ declared, revision: knownRevision(connection.protocolVersion) });
    const tools = await listToolsOf(connection);
    const call = command.call && (await watchCall(connection, tools, command.call, log, t));
    const info = connection.client.getServerVersion();
    const report: InspectReport = {
      server: {
        name: safeLine(info?.name ?? '', 100),
        version: safeLine(info?.version ?? '', 40),
        protocolVersion: safeLine(connection.protocolVersion, 40),
      },
      declared,
      tools: tools.slice(0, 100).map((tool) => safeLine(tool.name, 60)),
      ...(call && { call }),
      requests: inspector.seen,
      findings: inspector.findings,
      dropped: inspector.dropped,
      brokeAMust: inspector.brokeAMust,
    };
    const shown = command.json ? JSON.stringify(report, null, 2) : textReport(report, t);
    await keyboard.print(() => process.stdout.write(`${shown}\n`));
    return report.brokeAMust || call?.outcome === 'failed' ? ExitCode.Failed : ExitCode.Ok;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    logLine(`elicit: ${say(t, error.phrase)}`);
    return error.exitCode;
  } finally {
    await connection?.close().catch(() => {});
  }
}
