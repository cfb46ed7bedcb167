import { type Clock, integerOption, systemClock } from '@elicitkit/core';
import type { McpServer, Server } from '@modelcontextprotocol/server';
import { invalidOptionError, unsupportedServerError } from '../errors.js';
import { adaptServer } from '../sdk/adapt.js';
import { Call } from '../sdk/call.js';
import { DEFAULT_PROGRESS_INTERVAL_MS } from '../sdk/progress.js';
import type { V1HandlerExtra } from '../sdk/seam.js';
import {
  isToolErrorOf,
  type V1McpServer,
  type V1Server,
  v1Call,
  watchNegotiatedRevision,
  wrapV1Handlers,
} from '../sdk/v1.js';
import type { StateKeyInput } from '../state/state-keyring-cache.js';
import { checkStateKey } from '../state/state-keys.js';
import { TaskDelivery } from '../tasks/delivery.js';
import type { Tasks } from '../tasks/engine.js';
import { fallbackExtension, offeredResult } from './fallback.js';
import type { FormFallback } from './fallback-types.js';
import { DEFAULT_MAX_ANSWER_ATTEMPTS } from './reask.js';
import { DEFAULT_MAX_ROUNDS, type RequestHandler, RoundRunner, type RoundSettings } from './rounds.js';
import { recordScope } from './scope.js';

/** Options of {@link enableElicitation}: how 2026-07-28 flows keep their state, how far asks may go, how waits look. */
export interface ElicitationOptions {
  requestState?: {
    /**
     * The key that seals `requestState` (32 bytes, or base64 of 32 bytes). Every instance that may take a retry
     * needs the same key. Default: `ELICITKIT_STATE_KEY` from the environment when there is one, else a random
     * key per process (flows then survive neither a restart nor a move to another instance).
     */
    key?: StateKeyInput;
    /** Keys from before a rotation, still accepted for opening (`ELICITKIT_STATE_PREVIOUS_KEYS`). */
    previousKeys?: readonly StateKeyInput[];
    /** How long a round's state may be echoed back, in ms. Default 15 minutes. */
    ttlMs?: number;
    /** Largest `requestState` accepted or produced, in bytes. Default 64 KiB. */
    maxBytes?: number;
  };
  /**
   * M-10, F-07: how many times one question is asked before an invalid or missing answer fails (on 2026-07-28, and on
   * a 2025-06-18 session where only the server could check it). Default {@link DEFAULT_MAX_ANSWER_ATTEMPTS}.
   */
  maxAnswerAttempts?: number;
  /** M-08: rounds one request may take before it fails. Default 16. */
  maxRounds?: number;
  /**
   * While a person is being waited for (a form, a URL page) and the call carries a `progressToken`, a progress
   * notification goes out every this many ms, so hosts that reset their timeout on progress keep the call. Default
   * 15 s; `false` sends none.
   */
  progressIntervalMs?: number | false;
  /** Reports refused `requestState` (the client only sees -32602), for logs. */
  onError?: (error: Error) => void;
  /**
   * Where hints for the server's author go, one line each, each hint once (e.g. how to fall back when a client
   * cannot show forms; the tool's caller reads plain words instead). Default: `console.warn` (stderr).
   */
  log?: (line: string) => void;
  /** Time for the elicitation timeout, progress and `requestState` expiry; injectable for tests. */
  clock?: Clock;
  /**
   * Long-running tools (Tasks extension, v2 SDK, 2026-07-28): the process's task engine, `createTasks({ store })`.
   * Tools wrapped in `longRunning` then run as tasks for requests that declare `io.modelcontextprotocol/tasks`.
   */
  tasks?: Tasks;
  /**
   * Issue 37: forms a host cannot show (it declared no form mode, or cannot be sent a request) are answered in the
   * browser instead of failing: the tool call ends with a result that gives the person a link on this server's own
   * origin, and the same call made again finds their answer. `urlMode.formFallback` (`@elicitkit/server/url`), which
   * signs the person in and binds the answer to them, the tool and its arguments. Off by default.
   */
  fallback?: FormFallback;
}

const ROUND_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']); // M-01
const enabled = new WeakSet<object>();
const DEFAULT_LOG = (line: string) => console.warn(line);

/**
 * Sets a server up for elicitation on every protocol revision; call it once, right after creating the server and
 * before registering tools, prompts or resources (and, on the v1 SDK, before connecting it), and keep writing
 * handlers as before:
 *
 * ```ts
 * const server = enableElicitation(new McpServer({ name: 'shop', version: '1.0.0' }), {
 *   requestState: { key: process.env.ELICITKIT_STATE_KEY },
 * });
 * ```
 *
 * Takes a v2 SDK server (`@modelcontextprotocol/server`: `McpServer` or `Server`) or a v1 SDK one
 * (`@modelcontextprotocol/sdk`: `McpServer` or `Server`). Why it is needed: a handler does not see the server it runs
 * on, so `elicitForm` cannot otherwise read what a session's client declared and which revision it speaks; and on
 * 2026-07-28 the handler must be run once per round, with the sealed `requestState` opened before it and the next
 * round's sealed after it. This wraps the `tools/call`, `prompts/get` and `resources/read` handlers the server installs
 * to do exactly that, and nothing else. What cannot work on the given server is refused here with a `UsageError`.
 */
export function enableElicitation<S extends McpServer | Server>(server: S, options?: ElicitationOptions): S;
export function enableElicitation<S extends V1McpServer | V1Server>(
  server: S,
  options?: ElicitationOptions,
): S;
export function enableElicitation(
  server: McpServer | Server | V1McpServer | V1Server,
  options: ElicitationOptions = {},
) {
  const adapted = adaptServer(server);
  if (enabled.has(adapted.server)) return server;
  const settings = resolveOptions(options);
  for (const method of ROUND_METHODS) {
    try {
      adapted.server.assertCanSetRequestHandler(method);
    } catch {
      throw invalidOptionError(
        'enableElicitation',
        `call it before registering tools, prompts or resources (a ${method} handler is already installed)`,
      );
    }
  }
  if (adapted.sdk === 'v2') {
    // The Tasks extension rides on every run (T-03 needs it even without an engine: a required task answers -32021).
    const tasks = new TaskDelivery(options.tasks, adapted.seam, settings);
    const extensions = options.fallback ? [tasks, fallbackExtension] : [tasks];
    const rounds = new RoundRunner(adapted.seam, { ...settings, extensions });
    const low = adapted.server;
    const install = low.setRequestHandler.bind(low) as (method: string, ...rest: unknown[]) => void;
    low.setRequestHandler = ((method: string, ...rest: unknown[]) => {
      const [handler] = rest;
      if (ROUND_METHODS.has(method) && rest.length === 1 && typeof handler === 'function') {
        return install(method, rounds.wrap(method, handler as RequestHandler));
      }
      return install(method, ...rest);
    }) as Server['setRequestHandler'];
  } else {
    const low = adapted.server;
    // The revision is learned at `initialize`: a v1 server already connected has negotiated it unseen.
    if (low.transport !== undefined) {
      throw unsupportedServerError('call it before connecting the server (server.connect(transport))');
    }
    if (!watchNegotiatedRevision(low)) {
      throw unsupportedServerError(
        'this version of @modelcontextprotocol/sdk has no Server._oninitialize, where elicitkit learns the ' +
          'negotiated protocol revision; use @modelcontextprotocol/sdk 1.17 to 1.32, or @modelcontextprotocol/server 2.x',
      );
    }
    const seam = adapted.seam;
    wrapV1Handlers(low, (handler) => async (request, extra) => {
      if (!ROUND_METHODS.has(request.method)) return handler(request, extra);
      // v1 speaks the 2025 revisions only: every request is a session's.
      const call = new Call(v1Call(extra as V1HandlerExtra, seam), settings.wait);
      recordScope(extra, { era: '2025-11-25', call, policy: settings.policy, request });
      const result = await handler(request, extra);
      // Issue 37: a form the host cannot show went through the browser; the call is answered with the link.
      const offered = offeredResult(extra as never);
      if (offered) return offered;
      // E-23: a -32042 the handler threw reaches the client as the JSON-RPC error, not as v1 McpServer's tool error.
      const thrown = call.thrown;
      if (thrown && isToolErrorOf(result, thrown)) throw thrown;
      return result;
    });
  }
  enabled.add(adapted.server);
  return server;
}

function resolveOptions(options: ElicitationOptions): Omit<RoundSettings, 'extensions'> {
  const state = options.requestState ?? {};
  checkPositiveInteger('requestState.ttlMs', state.ttlMs);
  checkPositiveInteger('requestState.maxBytes', state.maxBytes);
  checkPositiveInteger('maxAnswerAttempts', options.maxAnswerAttempts);
  checkPositiveInteger('maxRounds', options.maxRounds);
  if (state.key !== undefined) checkStateKey(state.key, 'requestState.key');
  for (const [i, key] of (state.previousKeys ?? []).entries()) {
    checkStateKey(key, `requestState.previousKeys[${i}]`);
  }
  const interval = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
  if (interval !== false && !(Number.isFinite(interval) && interval >= 1)) {
    throw invalidOptionError('progressIntervalMs', 'must be a positive number of milliseconds, or false');
  }
  const clock = options.clock ?? systemClock;
  if (typeof clock?.now !== 'function') throw invalidOptionError('clock', 'must have a now() method');
  return {
    requestState: state,
    maxRounds: options.maxRounds ?? DEFAULT_MAX_ROUNDS,
    onError: options.onError,
    clock,
    policy: {
      maxAnswerAttempts: options.maxAnswerAttempts ?? DEFAULT_MAX_ANSWER_ATTEMPTS,
      clock,
      log: options.log ?? DEFAULT_LOG,
      ...(options.fallback && { fallback: options.fallback }),
    },
    wait: { clock, progressIntervalMs: interval },
  };
}

function checkPositiveInteger(option: string, value: number | undefined): void {
  if (value !== undefined) integerOption(option, value, { min: 1 });
}
