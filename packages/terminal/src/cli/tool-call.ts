import {
  ClientErrorCode,
  callToolWithElicitation,
  PeerError,
  RefusedError,
  type TaskStatusReport,
} from '@elicitkit/client';
import { type CallToolResult, ProtocolError, type Tool } from '@modelcontextprotocol/client';
import type { Phrase } from '../i18n/phrase.js';
import { safeLine } from '../ui/text.js';
import type { Connection } from './connection.js';
import { describeError, verbatim } from './describe-error.js';
import { CliError } from './errors.js';
import { signInFailure } from './sign-in.js';

/** 2026-07-28 input requests the host refused to show: the server's request is at fault, named as such. */
const REFUSED_REQUESTS: ReadonlySet<string> = new Set([
  ClientErrorCode.InvalidInputRequest,
  ClientErrorCode.UnsupportedInputRequest,
  ClientErrorCode.InvalidInputRequiredResult,
]);

/** A person may take a while with a form; the SDK's 60 s default would cut them off mid-answer. */
const CALL_TIMEOUT_MS = 60 * 60 * 1000;

export function parseArgumentsJson(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError('bad-json', {
      key: 'error.json',
      params: { detail: verbatim((error as Error).message) },
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
    const known = ['array', 'null', 'string', 'number', 'boolean'].includes(kind);
    throw new CliError('bad-json', {
      key: 'error.json.kind',
      params: { kind: known ? { key: `error.json.${kind as 'array'}` } : verbatim(kind) },
    });
  }
  return value as Record<string, unknown>;
}

/**
 * The server's tools. A server that cannot list them (a bridge whose upstream is down answers every request with why)
 * cannot serve the call either: that is the unreachable exit, in one line with the server's own words.
 */
export async function listToolsOf(connection: Connection): Promise<Tool[]> {
  try {
    return (await connection.authorized(() => connection.client.listTools())).tools;
  } catch (error) {
    const signIn = signInFailure(error);
    if (signIn) throw signIn;
    if (connection.closed.aborted) {
      throw new CliError('connection-lost', {
        key: 'error.connection-lost',
        params: { reason: describeError(error) },
      });
    }
    if (error instanceof ProtocolError) {
      throw new CliError('unreachable', {
        key: 'error.server',
        params: { code: String(error.code), message: verbatim(error.message) },
      });
    }
    throw new CliError('unreachable', { key: 'error.call-failed', params: { reason: describeError(error) } });
  }
}

export function findTool(tools: Tool[], name: string): Tool {
  const tool = tools.find((t) => t.name === name);
  if (tool) return tool;
  const names = tools.map((t) => safeLine(t.name, 60));
  const known: Phrase =
    names.length === 0
      ? { key: 'error.unknown-tool.none' }
      : { key: 'error.unknown-tool.some', params: { names: names.slice(0, 20).join(', ') } };
  throw new CliError('unknown-tool', {
    key: 'error.unknown-tool',
    params: { name: safeLine(name, 60), known },
  });
}

/** A task's status line: its id (to resume it later), its state, and the server's message, all made safe. */
export function taskPhrase(status: Pick<TaskStatusReport, 'taskId' | 'status' | 'statusMessage'>): Phrase {
  const id = safeLine(status.taskId, 256);
  const state: Phrase = { key: `task.state.${status.status}` };
  return status.statusMessage
    ? { key: 'task.line.message', params: { id, state, message: safeLine(status.statusMessage, 300) } }
    : { key: 'task.line', params: { id, state } };
}

/**
 * Reports a task's status once per change (every poll reports it; the line changes when the state or the
 * message does). The first line names the task's id (to resume it later, `elicit tasks get`); the next ones do not
 * repeat it. A completed task's line carries no message: by then the server's last status is about work that is done
 * ("Rendering the report (2/3)"), and the result follows.
 */
export function taskStatusLines(log: (phrase: Phrase) => void): (status: TaskStatusReport) => void {
  let last: string | undefined;
  return (status) => {
    const message = status.status === 'completed' ? undefined : status.statusMessage;
    const line = `${status.status}\u0000${message ?? ''}`;
    if (line === last) return;
    const first = last === undefined;
    last = line;
    if (first) return log(taskPhrase({ ...status, ...(message === undefined && { statusMessage: '' }) }));
    const state: Phrase = { key: `task.state.${status.status}` };
    log(
      message
        ? { key: 'task.update.message', params: { state, message: safeLine(message, 300) } }
        : { key: 'task.update', params: { state } },
    );
  };
}

/**
 * Calls a tool through `callToolWithElicitation` (the -32042 loop on 2025-11-25, the multi round-trip loop
 * on 2026-07-28, and a task when the tool runs as one), turning each way it can fail into a one-line reason.
 * Form and URL requests during the call reach the UI through the installed host, the same on both eras and
 * in a task; a task's status goes to `log` as it changes.
 */
export async function callTool(
  connection: Connection,
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
  log?: (phrase: Phrase) => void,
): Promise<CallToolResult> {
  try {
    return await connection.authorized(() =>
      callToolWithElicitation(
        connection.client,
        { name, arguments: args },
        {
          signal,
          requestOptions: { timeout: CALL_TIMEOUT_MS },
          ...(log && { onTaskStatus: taskStatusLines(log) }),
        },
      ),
    );
  } catch (error) {
    if (signal.aborted) throw new CliError('interrupted', { key: 'error.interrupted' });
    const signIn = signInFailure(error);
    if (signIn) throw signIn;
    if (connection.closed.aborted) {
      throw new CliError('connection-lost', {
        key: 'error.connection-lost',
        params: { reason: describeError(error) },
      });
    }
    if (error instanceof RefusedError) {
      const waited = error.code === ClientErrorCode.WaitCancelled;
      throw new CliError('call-refused', {
        key: waited ? 'error.call-refused.wait' : 'error.call-refused.url',
      });
    }
    if (error instanceof PeerError) {
      const inputRequest =
        REFUSED_REQUESTS.has(error.code) ||
        (error.code === ClientErrorCode.UrlBlocked && 'inputRequestKey' in error.details);
      // Nothing was shown or opened; the server's request is named, never trusted.
      const message = verbatim(error.message);
      throw new CliError(
        'call-failed',
        inputRequest ? { key: 'error.refused-request', params: { message } } : message,
      );
    }
    if (error instanceof ProtocolError) {
      throw new CliError('call-failed', {
        key: 'error.server',
        params: { code: String(error.code), message: verbatim(error.message) },
      });
    }
    throw new CliError('call-failed', { key: 'error.call-failed', params: { reason: describeError(error) } });
  }
}
