import { isElicitkitError } from '@elicitkit/core';
import { loadWords } from '../i18n/messages.js';
import { say } from '../i18n/phrase.js';
import type { BridgeCommand } from './args.js';
import { isLoopback } from './bridge-args.js';
import { readCallersFile } from './callers-file.js';
import { describeTarget } from './connection.js';
import { describeError } from './describe-error.js';
import { ExitCode } from './exit-codes.js';
import { terminalSignIn } from './sign-in.js';

/**
 * `elicit bridge <server>`: fronts the server for hosts of every revision (`@elicitkit/bridge`), on a Streamable HTTP
 * endpoint (127.0.0.1 unless `--host`; its first line on stdout is `MCP endpoint: <url>`) or, with `--stdio`, on this
 * process's stdin and stdout (then nothing else is written to stdout). Runs until interrupted, or until the stdio
 * host leaves.
 */
export async function runBridge(command: BridgeCommand): Promise<number> {
  const words = await loadWords(command.locale);
  const { t } = words;
  let bridgeModule: typeof import('@elicitkit/bridge');
  try {
    bridgeModule = await import('@elicitkit/bridge');
  } catch (error) {
    process.stderr.write(`elicit: ${say(t, { key: 'bridge.missing' })} (${say(t, describeError(error))})\n`);
    return ExitCode.Usage;
  }
  const { createBridge, serveBridgeHttp, serveBridgeStdio, sharedTasks, tokenCallers } = bridgeModule;
  const { serve } = command;
  let authenticate: ReturnType<typeof tokenCallers> | undefined;
  if (serve.kind === 'http' && serve.callersFile !== undefined) {
    try {
      authenticate = tokenCallers(await readCallersFile(serve.callersFile));
    } catch (error) {
      const reason = describeError(error);
      process.stderr.write(
        `elicit: ${say(t, { key: 'bridge.callers-file', params: { file: serve.callersFile, reason } })}\n`,
      );
      return ExitCode.Usage;
    }
  }
  // Several instances: their hosts' tasks, and where each held call stands upstream, live in Redis too.
  const shared =
    serve.kind === 'http' && serve.redis !== undefined ? await sharedTasks(serve.redis) : undefined;
  // Signing in upstream: its line goes to stderr (stdout is the host's, with --stdio) and the browser opens.
  const { target } = command;
  const signIn =
    target.kind === 'http'
      ? terminalSignIn(target.url, command.signIn, words, (phrase) => {
          process.stderr.write(`${say(t, phrase)}\n`);
        })
      : undefined;
  const bridge = createBridge({
    upstream: target.kind === 'http' && signIn ? { ...target, signIn } : target,
    ...(shared && { tasks: shared.tasks, checkpoints: shared.checkpoints }),
  });
  let served: Awaited<ReturnType<typeof serveBridgeHttp>>;
  try {
    served =
      serve.kind === 'stdio'
        ? // A desktop host does not start a server again that exited: stdio keeps serving, and says why it cannot.
          serveBridgeStdio(bridge)
        : await serveBridgeHttp(bridge, {
            hostname: serve.host,
            port: serve.port,
            allowUnauthenticated: serve.allowUnauthenticated,
            ...(authenticate && { authenticate }),
            ...(serve.allowedHosts && { allowedHosts: serve.allowedHosts }),
            // Several instances: a 2026-07-28 round's retry reaches the instance that holds its call.
            ...(serve.redis !== undefined && {
              shared: { redis: serve.redis, ...(serve.advertise && { advertise: serve.advertise }) },
            }),
          });
  } catch (error) {
    await bridge.close();
    await shared?.close();
    await signIn?.close();
    // Upstream not there (refused, DNS, TLS, 404, 401): one line naming it and why, and the unreachable exit code.
    if (isElicitkitError(error, 'upstream-unreachable')) {
      process.stderr.write(`elicit: ${error.message}\n`);
      return ExitCode.Connection;
    }
    // An option the bridge refused (--advertise missing beside --host 0.0.0.0), or an address it cannot bind.
    if (isElicitkitError(error, 'invalid-option') || (error as { code?: unknown }).code === 'EADDRINUSE') {
      process.stderr.write(`elicit: ${say(t, describeError(error))}\n`);
      return ExitCode.Usage;
    }
    throw error;
  }
  if (serve.kind === 'http' && !authenticate && !serve.allowUnauthenticated && !isLoopback(serve.host)) {
    process.stderr.write(`${say(t, { key: 'bridge.loopback-only', params: { host: serve.host } })}\n`);
  }
  if (served.url)
    process.stdout.write(`${say(t, { key: 'bridge.endpoint', params: { url: served.url.href } })}\n`);
  else {
    const target = describeTarget(command.target);
    process.stderr.write(`${say(t, { key: 'bridge.stdio', params: { target } })}\n`);
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
    if (serve.kind === 'stdio') process.stdin.once('end', resolve);
  });
  await served.close();
  await shared?.close();
  await signIn?.close();
  return ExitCode.Ok;
}
