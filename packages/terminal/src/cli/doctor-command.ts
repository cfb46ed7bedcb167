import { loadWords } from '../i18n/messages.js';
import { say } from '../i18n/phrase.js';
import type { DoctorCommand } from './args.js';
import { describeError } from './describe-error.js';
import type { DoctorServe } from './doctor-args.js';
import { loadDoctor } from './doctor-load.js';
import { ExitCode } from './exit-codes.js';

/** `elicit doctor`: the checkup server (`--serve`), or a server checked from the host's side. */
export async function runDoctor(command: DoctorCommand, version: string): Promise<number> {
  if (command.action === 'inspect') {
    const { runInspect } = await import('./doctor-inspect.js');
    return runInspect(command, version);
  }
  return runServe(command, version);
}

/**
 * `elicit doctor --serve`: the checkup server (`@elicitkit/doctor`) for a person to add to any host. On stdio by
 * default (nothing but MCP on stdout); with `--port` on Streamable HTTP at 127.0.0.1, its first line on stdout
 * `MCP endpoint: <url>`. Runs until interrupted, or until the stdio host leaves.
 */
async function runServe(command: DoctorServe, version: string): Promise<number> {
  const { t } = await loadWords(command.locale);
  const doctor = await loadDoctor(command.locale);
  if (!doctor) return ExitCode.Usage;
  const dir = doctor.elicitConfigDir();
  let served: Awaited<ReturnType<typeof doctor.serveCheckup>>;
  try {
    served = await doctor.serveCheckup({
      version,
      ...(command.port !== undefined && { port: command.port }),
      ...(command.reportFile !== undefined && { reportFile: command.reportFile }),
    });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EADDRINUSE') throw error;
    process.stderr.write(`elicit: ${say(t, describeError(error))}\n`);
    return ExitCode.Usage;
  }
  if (served.url) {
    process.stdout.write(`${say(t, { key: 'doctor.endpoint', params: { url: served.url.href } })}\n`);
    process.stderr.write(`${say(t, { key: 'doctor.http', params: { dir } })}\n`);
  } else {
    process.stderr.write(`${say(t, { key: 'doctor.stdio', params: { dir } })}\n`);
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
    if (!served.url) process.stdin.once('end', resolve);
  });
  await served.close();
  return ExitCode.Ok;
}
