import type {
  InputRequest,
  InputRequiredResult,
  McpServer,
  Result,
  Server,
  ServerContext,
} from '@modelcontextprotocol/server';
import {
  isInputRequiredResult,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { invalidOptionError, requestStateRejectedError } from '../errors.js';
import { bytesToBase64Url } from '../state/base64url.js';
import { randomBytes } from '../state/random-pool.js';
import { StateSealer } from '../state/sealed-state.js';
import { type StateKeyInput, stateKeyring } from '../state/state-keyring-cache.js';
import { checkStateKey } from '../state/state-keys.js';
import { TaskDelivery } from '../tasks/delivery.js'; // tasks hook
import type { Tasks } from '../tasks/engine.js'; // tasks hook
import { DEFAULT_MAX_ATTEMPTS } from './form-2026.js';
import { principalOf, requestBinding } from './request-binding.js';
import { type FlowState, newFlowState, Round } from './round.js';
import { eraOfRequest, recordScope } from './scope.js';

/** Options of {@link enableElicitation}: how 2026-07-28 flows keep their state and how far they may go. */
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
  /** M-10: how many times one question is asked before an invalid or missing answer fails. Default 3. */
  maxAttempts?: number;
  /** M-08: rounds one request may take before it fails. Default 16. */
  maxRounds?: number;
  /** Reports refused `requestState` (the client only sees -32602), for logs. */
  onError?: (error: Error) => void;
  /** Clock, injectable for tests. */
  now?: () => number;
  /**
   * Long-running tools (Tasks extension): the process's task engine, `createTasks({ store })`. Tools wrapped in
   * `longRunning` then run as tasks for requests that declare `io.modelcontextprotocol/tasks`.
   */
  tasks?: Tasks;
}

/** Default `requestState.ttlMs`: how long a round's state may be echoed back (15 minutes). */
export const DEFAULT_STATE_TTL_MS = 15 * 60 * 1000;
/** Default `requestState.maxBytes`: the largest sealed state accepted or produced (64 KiB). */
export const DEFAULT_MAX_STATE_BYTES = 64 * 1024;
/** Default `maxRounds`: rounds one 2026-07-28 request may take before it fails. */
export const DEFAULT_MAX_ROUNDS = 16;
/** A URL flow completing while a retry is held reruns the handler in the same request, this many times at most. */
const MAX_RERUNS = 4;

const ROUND_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']); // M-01
const enabled = new WeakSet<Server>();

type RequestHandler = (
  request: { method: string; params?: Record<string, unknown> },
  ctx: ServerContext,
) => Promise<Result>;

/**
 * Sets a server up for elicitation on both protocol eras; call it once, right after creating the server and
 * before registering tools, prompts or resources, and keep writing handlers as before:
 *
 * ```ts
 * const server = enableElicitation(new McpServer({ name: 'shop', version: '1.0.0' }), {
 *   requestState: { key: process.env.ELICITKIT_STATE_KEY },
 * });
 * ```
 *
 * Why it is needed: a handler does not see the server it runs on, so `elicitForm` cannot otherwise read what a
 * 2025-11-25 client declared; and on 2026-07-28 the handler must be run once per round, with the sealed
 * `requestState` opened before it and the next round's sealed after it. This wraps the `tools/call`,
 * `prompts/get` and `resources/read` handlers the server installs to do exactly that, and nothing else.
 */
export function enableElicitation<S extends McpServer | Server>(
  server: S,
  options: ElicitationOptions = {},
): S {
  const low: Server = 'server' in server ? server.server : server;
  if (enabled.has(low)) return server;
  for (const method of ROUND_METHODS) {
    try {
      low.assertCanSetRequestHandler(method);
    } catch {
      throw invalidOptionError(
        'enableElicitation',
        `call it before registering tools, prompts or resources (a ${method} handler is already installed)`,
      );
    }
  }
  const rounds = new RoundRunner(low, options);
  const install = low.setRequestHandler.bind(low) as (method: string, ...rest: unknown[]) => void;
  low.setRequestHandler = ((method: string, ...rest: unknown[]) => {
    const [handler] = rest;
    if (ROUND_METHODS.has(method) && rest.length === 1 && typeof handler === 'function') {
      return install(method, rounds.wrap(method, handler as RequestHandler));
    }
    return install(method, ...rest);
  }) as Server['setRequestHandler'];
  enabled.add(low);
  return server;
}

class RoundRunner {
  readonly #server: Server;
  readonly #options: ElicitationOptions;
  readonly #tasks: TaskDelivery; // tasks hook
  #sealer: Promise<StateSealer> | undefined;

  constructor(server: Server, options: ElicitationOptions) {
    this.#server = server;
    this.#options = options;
    const state = options.requestState ?? {};
    checkPositiveInteger('requestState.ttlMs', state.ttlMs);
    checkPositiveInteger('requestState.maxBytes', state.maxBytes);
    checkPositiveInteger('maxAttempts', options.maxAttempts);
    checkPositiveInteger('maxRounds', options.maxRounds);
    if (state.key !== undefined) checkStateKey(state.key, 'requestState.key');
    for (const [i, key] of (state.previousKeys ?? []).entries()) {
      checkStateKey(key, `requestState.previousKeys[${i}]`);
    }
    this.#tasks = new TaskDelivery(options.tasks, server, options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  }

  wrap(method: string, handler: RequestHandler): RequestHandler {
    this.#tasks.capture(method, handler); // tasks hook
    return async (request, ctx) => {
      const era = eraOfRequest(ctx);
      if (era === '2025-11-25') {
        recordScope(ctx, { era, server: this.#server });
        const taskScope = this.#tasks.begin(ctx); // tasks hook
        const result = await handler(request, ctx);
        this.#tasks.checkMissing(taskScope, method); // tasks hook: T-03
        return result;
      }
      return this.#runRounds(method, handler, request, ctx);
    };
  }

  #sealerFor(): Promise<StateSealer> {
    const state = this.#options.requestState ?? {};
    this.#sealer ??= stateKeyring(state.key, state.previousKeys).then(
      (keyring) =>
        new StateSealer({
          keyring,
          ttlMs: state.ttlMs ?? DEFAULT_STATE_TTL_MS,
          maxBytes: state.maxBytes ?? DEFAULT_MAX_STATE_BYTES,
          now: this.#options.now ?? Date.now,
        }),
    );
    return this.#sealer;
  }

  async #runRounds(
    method: string,
    handler: RequestHandler,
    request: { method: string; params?: Record<string, unknown> },
    ctx: ServerContext,
  ): Promise<Result> {
    const sealer = await this.#sealerFor();
    const binding = {
      principal: principalOf(ctx.http?.authInfo),
      request: await requestBinding(method, request.params),
    };
    let state = await this.#openState(sealer, ctx, binding);
    // A handler that builds its own input-required results (the SDK's `inputRequired(...)`, e.g. for sampling)
    // gets its own `requestState` back, carried inside ours and so sealed too.
    const handlerCtx: ServerContext = {
      ...ctx,
      mcpReq: { ...ctx.mcpReq, requestState: (() => state.h) as ServerContext['mcpReq']['requestState'] },
    };
    for (let run = 0; ; run++) {
      const round = new Round(state, ctx.mcpReq.inputResponses, {
        maxAttempts: this.#options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        fresh: state.n === 0,
      });
      recordScope(handlerCtx, { era: '2026-07-28', server: this.#server, round });
      const taskScope = this.#tasks.begin(handlerCtx); // tasks hook
      let result: Result | undefined;
      let failure: { error: unknown } | undefined;
      try {
        result = await handler(request, handlerCtx);
      } catch (error) {
        failure = { error };
      }
      await round.whenSettled();
      if (round.rerunRequested) {
        if (run < MAX_RERUNS) {
          state = round.state;
          continue;
        }
        // Completions keep arriving while rerunning: let the host retry instead of looping here.
        return this.#nextRound(sealer, binding, method, { state: round.nextRound().state });
      }
      // Once an ask is pending, the round's answer is the input request, whatever the handler did after it.
      if (round.interrupted) return this.#nextRound(sealer, binding, method, round.nextRound());
      // tasks hook: T-03 (-32021) or, for a long-running tool, the task handle (T-06, T-08).
      this.#tasks.checkMissing(taskScope, method);
      const asTask = await this.#tasks.answerAsTask(taskScope, round, request, handlerCtx);
      if (asTask) return asTask;
      if (round.missingMode && (failure || (result as { isError?: unknown } | undefined)?.isError === true)) {
        // M-19: the request needed a capability the host did not declare, and the handler did not fall back.
        throw new MissingRequiredClientCapabilityError(
          { requiredCapabilities: { elicitation: { [round.missingMode]: {} } } },
          `${method} needs elicitation mode "${round.missingMode}", which the client did not declare`,
        );
      }
      if (failure) throw failure.error;
      if (isInputRequiredResult(result)) {
        const { state: next } = round.nextRound();
        const own = typeof result.requestState === 'string' ? result.requestState : undefined;
        const inputRequests = result.inputRequests as Record<string, InputRequest> | undefined;
        return this.#nextRound(sealer, binding, method, {
          state: { ...next, ...(own === undefined ? { h: undefined } : { h: own }) },
          ...(inputRequests && { inputRequests }),
        });
      }
      return result as Result;
    }
  }

  async #nextRound(
    sealer: StateSealer,
    binding: { principal: string; request: string },
    method: string,
    next: { state: FlowState; inputRequests?: Record<string, InputRequest> },
  ): Promise<Result> {
    if (next.state.n > (this.#options.maxRounds ?? DEFAULT_MAX_ROUNDS))
      return tooManyRounds(method, next.state.n);
    let requestState: string;
    try {
      requestState = await sealer.seal(next.state, binding);
    } catch (error) {
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `${method}: the flow's state is too large to send (${error instanceof Error ? error.message : error}); ` +
          'keep step results small',
      );
    }
    const inputRequired: InputRequiredResult = {
      // M-15: marked; M-03: always at least the state; M-02: one entry per pending ask, keys unique in the request.
      resultType: 'input_required',
      ...(next.inputRequests && { inputRequests: next.inputRequests }),
      requestState,
    };
    return inputRequired as unknown as Result;
  }

  async #openState(
    sealer: StateSealer,
    ctx: ServerContext,
    binding: { principal: string; request: string },
  ): Promise<FlowState> {
    const raw: unknown = ctx.mcpReq.requestState();
    if (raw === undefined) return newFlowState(randomFlowId());
    try {
      if (typeof raw !== 'string') throw requestStateRejectedError('malformed');
      // M-05, M-06: authenticated, unexpired, this principal's, this request's; anything else is refused whole.
      return asFlowState(await sealer.open(raw, binding));
    } catch (error) {
      this.#options.onError?.(error instanceof Error ? error : new Error(String(error)));
      // The SDK's own wording and data for a refused state; the reason stays in the server's logs.
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid or expired requestState', {
        reason: 'invalid_request_state',
      });
    }
  }
}

/** M-08: a flow that keeps asking ends; tools report it as a tool error, prompts and resources as an error. */
function tooManyRounds(method: string, rounds: number): Result {
  const message = `${method} asked for input ${rounds} times without finishing; giving up.`;
  if (method === 'tools/call') return { content: [{ type: 'text', text: message }], isError: true } as Result;
  throw new ProtocolError(ProtocolErrorCode.InternalError, message);
}

function asFlowState(value: unknown): FlowState {
  const state = value as FlowState;
  const ok =
    typeof state === 'object' &&
    state !== null &&
    typeof state.f === 'string' &&
    typeof state.n === 'number' &&
    Array.isArray(state.a) &&
    Array.isArray(state.q) &&
    Array.isArray(state.s) &&
    Array.isArray(state.u);
  if (!ok) throw requestStateRejectedError('malformed');
  return state;
}

/** 128 random bits, base64url (22 characters: shorter in every sealed state than a UUID's 36). */
function randomFlowId(): string {
  return bytesToBase64Url(randomBytes(16));
}

function checkPositiveInteger(option: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isSafeInteger(value) && value > 0)) {
    throw invalidOptionError(option, 'must be a positive integer');
  }
}
