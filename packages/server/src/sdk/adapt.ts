import { McpServer, Server } from '@modelcontextprotocol/server';
import { duplicateSdkError, unsupportedServerError } from '../errors.js';
import type { ServerSeam } from './seam.js';
import { looksLikeV1Server, type V1Server, v1ServerSeam } from './v1.js';
import { v2ServerSeam } from './v2.js';

/** A server `enableElicitation` can work on, by SDK: its low-level `Server` and its seam. */
export type AdaptedServer =
  | { sdk: 'v2'; server: Server; seam: ServerSeam & { instance: Server } }
  | { sdk: 'v1'; server: V1Server; seam: ServerSeam & { instance: V1Server } };

const V2_PACKAGE = '@modelcontextprotocol/server';

/**
 * Which SDK `value` (an `McpServer` or a `Server`) comes from. A v2 server of another copy of the v2 SDK than the
 * one this package imports is refused at once, naming both copies (issue 19): elicitkit's `instanceof` checks and
 * handler wrapping would silently miss it. Anything else that is not a server of either SDK is refused too.
 */
export function adaptServer(value: unknown): AdaptedServer {
  if (value instanceof McpServer) return v2(value.server);
  if (value instanceof Server) return v2(value);
  const inner = (value as { server?: unknown } | null)?.server;
  const low = typeof inner === 'object' && inner !== null ? inner : value;
  if (looksLikeV2Server(low))
    throw duplicateSdkError(V2_PACKAGE, [packageDirOf(low), packageDirOf(probeServer())]);
  if (looksLikeV1Server(low)) {
    const server = low as V1Server;
    return { sdk: 'v1', server, seam: v1ServerSeam(server) as ServerSeam & { instance: V1Server } };
  }
  throw unsupportedServerError(
    `expected an McpServer or Server of ${V2_PACKAGE} 2.x or @modelcontextprotocol/sdk 1.x, got ${describe(value)}`,
  );
}

function v2(server: Server): AdaptedServer {
  return { sdk: 'v2', server, seam: v2ServerSeam(server) as ServerSeam & { instance: Server } };
}

/** A v2 `Server` by shape: it negotiates revisions itself and takes handlers by method name. */
function looksLikeV2Server(value: unknown): boolean {
  const server = value as Record<string, unknown> | null;
  return (
    typeof server === 'object' &&
    server !== null &&
    typeof server.getNegotiatedProtocolVersion === 'function' &&
    typeof server.setRequestHandler === 'function' &&
    typeof server.assertCanSetRequestHandler === 'function'
  );
}

function probeServer(): Server {
  return new McpServer({ name: 'elicitkit-probe', version: '0.0.0' }).server;
}

/**
 * Where a server's SDK copy lives: the package folder in the stack of an error its own code throws (every v2 `Server`
 * has an `initialize` handler, so asking to install another one throws from inside the SDK). Read only on this
 * error path; `(unknown location)` where stacks are off.
 */
function packageDirOf(server: unknown): string {
  try {
    (server as { assertCanSetRequestHandler(method: string): void }).assertCanSetRequestHandler('initialize');
  } catch (error) {
    const stack = error instanceof Error ? (error.stack ?? '') : '';
    const match = /((?:file:\/\/)?[^\s()]*?[\\/]@modelcontextprotocol[\\/]server)[\\/]/.exec(stack);
    if (match?.[1]) return match[1].replace(/^file:\/\//, '');
  }
  return '(unknown location)';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? `an object of class ${name}` : 'an object';
}
