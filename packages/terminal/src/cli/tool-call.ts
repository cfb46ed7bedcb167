import { ClientErrorCode, callToolWithElicitation, PeerError, RefusedError } from '@elicitkit/client';
import { type CallToolResult, ProtocolError, type Tool } from '@modelcontextprotocol/client';
import { safeLine } from '../ui/text.js';
import type { Connection } from './connection.js';
import { describeError } from './describe-error.js';
import { CliError } from './errors.js';

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
    throw new CliError('bad-json', `the tool arguments are not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    throw new CliError('bad-json', `the tool arguments must be a JSON object, got ${kind}`);
  }
  return value as Record<string, unknown>;
}

export function findTool(tools: Tool[], name: string): Tool {
  const tool = tools.find((t) => t.name === name);
  if (tool) return tool;
  const known = tools.map((t) => safeLine(t.name, 60));
  const list =
    known.length === 0 ? 'the server lists no tools' : `available: ${known.slice(0, 20).join(', ')}`;
  throw new CliError('unknown-tool', `unknown tool ${JSON.stringify(safeLine(name, 60))} (${list})`);
}

/**
 * Calls a tool through `callToolWithElicitation` (the -32042 loop on 2025-11-25, the multi round-trip loop
 * on 2026-07-28), turning each way it can fail into a one-line reason. Form and URL requests during the
 * call reach the UI through the installed host, the same on both eras.
 */
export async function callTool(
  connection: Connection,
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
): Promise<CallToolResult> {
  try {
    return await callToolWithElicitation(
      connection.client,
      { name, arguments: args },
      { signal, requestOptions: { timeout: CALL_TIMEOUT_MS } },
    );
  } catch (error) {
    if (signal.aborted) throw new CliError('interrupted', 'interrupted');
    if (connection.closed.aborted) {
      throw new CliError('connection-lost', `the connection to the server was lost: ${describeError(error)}`);
    }
    if (error instanceof RefusedError) {
      const what =
        error.code === ClientErrorCode.WaitCancelled
          ? 'stopped waiting for the browser step'
          : 'did not open the page';
      throw new CliError(
        'call-refused',
        `the call needs a browser step on the server's site, and you ${what}`,
      );
    }
    if (error instanceof PeerError) {
      const inputRequest =
        REFUSED_REQUESTS.has(error.code) ||
        (error.code === ClientErrorCode.UrlBlocked && 'inputRequestKey' in error.details);
      // Nothing was shown or opened; the server's request is named, never trusted.
      const message = safeLine(error.message, 300);
      throw new CliError('call-failed', inputRequest ? `refused the server's request: ${message}` : message);
    }
    if (error instanceof ProtocolError) {
      throw new CliError('call-failed', `server error ${error.code}: ${safeLine(error.message, 300)}`);
    }
    throw new CliError('call-failed', `the call failed: ${describeError(error)}`);
  }
}
