import { duplicateSdkError, type SdkCopy, sameSdkPackage, sdkCopyOf } from '@elicitkit/core';
import { McpServer, Server } from '@modelcontextprotocol/server';
import { unsupportedServerError } from '../errors.js';
import type { ServerSeam } from './seam.js';
import { looksLikeV1Server, type V1McpServer, type V1Server, v1ServerSeam } from './v1.js';
import { v2ServerSeam } from './v2.js';

/** A server of either SDK: v2 (`@modelcontextprotocol/server`) or v1 (`@modelcontextprotocol/sdk`), `McpServer` or `Server`. */
export type AnyMcpServer = McpServer | Server | V1McpServer | V1Server;

/** A server `enableElicitation` can work on, by SDK: its low-level `Server` and its seam. */
export type AdaptedServer =
  | { sdk: 'v2'; server: Server; seam: ServerSeam & { instance: Server } }
  | { sdk: 'v1'; server: V1Server; seam: ServerSeam & { instance: V1Server } };

const V2_PACKAGE = '@modelcontextprotocol/server';

/**
 * Which SDK `value` (an `McpServer` or a `Server`) comes from. A v2 server of the same SDK package in its other build
 * (a CommonJS app `require`s the SDK's CommonJS build; elicitkit is an ES module and loads the ES module build) is
 * the same SDK: its errors are branded across builds and nothing here needs its classes, so it is adapted like our
 * own. A v2 server of another copy of the SDK is refused at once, naming both copies (issue 19). Anything else that
 * is not a server of either SDK is refused too.
 */
export function adaptServer(value: unknown): AdaptedServer {
  if (value instanceof McpServer) return v2(value.server);
  if (value instanceof Server) return v2(value);
  const inner = (value as { server?: unknown } | null)?.server;
  const low = typeof inner === 'object' && inner !== null ? inner : value;
  if (looksLikeV2Server(low)) {
    if (isOtherBuildOfOurs(low)) return v2(low as Server);
    throw duplicateSdkError('enableElicitation', V2_PACKAGE, copyOf(low), copyOf(probeServer()));
  }
  if (looksLikeV1Server(low)) {
    const server = low as V1Server;
    return { sdk: 'v1', server, seam: v1ServerSeam(server) as ServerSeam & { instance: V1Server } };
  }
  throw unsupportedServerError(
    `expected an McpServer or Server of ${V2_PACKAGE} 2.x or @modelcontextprotocol/sdk 1.x, got ${describe(value)}`,
  );
}

/**
 * Which build of elicitkit's v2 SDK `value` (an `McpServer` or a `Server`) comes from: `ours` (the ES module build
 * elicitkit imports), `other` (the CommonJS build of the same package), `undefined` when it is no v2 server of it.
 */
export function v2BuildOf(value: unknown): 'ours' | 'other' | undefined {
  if (value instanceof McpServer || value instanceof Server) return 'ours';
  const inner = (value as { server?: unknown } | null)?.server;
  const low = typeof inner === 'object' && inner !== null ? inner : value;
  return looksLikeV2Server(low) && isOtherBuildOfOurs(low) ? 'other' : undefined;
}

/** Per server class: whether it is our SDK's other build (read from a stack once per class, not per server). */
const otherBuild = new WeakMap<object, boolean>();

function isOtherBuildOfOurs(server: object): boolean {
  const cls = Object.getPrototypeOf(server) as object | null;
  if (cls === null) return false;
  let same = otherBuild.get(cls);
  if (same === undefined) {
    same = sameSdkPackage(copyOf(server), copyOf(probeServer()));
    otherBuild.set(cls, same);
  }
  return same;
}

function v2(server: Server): AdaptedServer {
  return { sdk: 'v2', server, seam: v2ServerSeam(server) as ServerSeam & { instance: Server } };
}

/** A v2 `Server` by shape: it negotiates revisions itself and takes handlers by method name. */
function looksLikeV2Server(value: unknown): value is object {
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
 * Where a server's SDK code lives: read from the stack of an error its own code throws (every v2 `Server` has an
 * `initialize` handler, so asking to install another one throws from inside the SDK).
 */
function copyOf(server: unknown): SdkCopy | undefined {
  try {
    (server as { assertCanSetRequestHandler(method: string): void }).assertCanSetRequestHandler('initialize');
  } catch (error) {
    return sdkCopyOf(error, V2_PACKAGE);
  }
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? `an object of class ${name}` : 'an object';
}
