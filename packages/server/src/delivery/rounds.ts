import type { Clock } from '@elicitkit/core';
import type {
  InputRequest,
  InputRequiredResult,
  Result,
  Server,
  ServerContext,
} from '@modelcontextprotocol/server';
import { requestStateRejectedError } from '../errors.js';
import { principalOf } from '../principal.js';
import { Call, type WaitPolicy } from '../sdk/call.js';
import { ProtocolError, ProtocolErrorCode } from '../sdk/protocol.js';
import type { ServerSeam } from '../sdk/seam.js';
import { requestEra, v2Call } from '../sdk/v2.js';
import { bytesToBase64Url } from '../state/base64url.js';
import { randomBytes } from '../state/random-pool.js';
import { StateSealer } from '../state/sealed-state.js';
import { type StateKeyInput, stateKeyring } from '../state/state-keyring-cache.js';
import { requestBinding } from './request-binding.js';
import { type FlowState, newFlowState } from './round.js';
import { runFlow } from './round-engine.js';
import { type RunExit, type RunExtension, settleRun } from './run-extension.js';
import { recordScope, type ScopePolicy } from './scope.js';

/**
 * How a v2 server's `tools/call`, `prompts/get` and `resources/read` handlers run: once on a 2025 session, with the
 * request's scope recorded; once per round on 2026-07-28 (M-01), with the sealed `requestState` opened before the
 * handler and the next one sealed after it.
 */

/** Default `requestState.ttlMs`: how long a round's state may be echoed back (15 minutes). */
export const DEFAULT_STATE_TTL_MS = 15 * 60 * 1000;
/** Default `requestState.maxBytes`: the largest sealed state accepted or produced (64 KiB). */
export const DEFAULT_MAX_STATE_BYTES = 64 * 1024;
/** Default `maxRounds`: rounds one 2026-07-28 request may take before it fails. */
export const DEFAULT_MAX_ROUNDS = 16;

export type RequestHandler = (
  request: { method: string; params?: Record<string, unknown> },
  ctx: ServerContext,
) => Promise<Result>;

/** What the runner needs of `enableElicitation`'s options, resolved. */
export interface RoundSettings {
  requestState: {
    key?: StateKeyInput | undefined;
    previousKeys?: readonly StateKeyInput[] | undefined;
    ttlMs?: number | undefined;
    maxBytes?: number | undefined;
  };
  maxRounds: number;
  onError: ((error: Error) => void) | undefined;
  clock: Clock;
  policy: ScopePolicy;
  wait: WaitPolicy;
  /** Deliveries riding on each run (the Tasks extension), in order. */
  extensions: readonly RunExtension[];
}

export class RoundRunner {
  readonly #server: ServerSeam & { instance: Server };
  readonly #settings: RoundSettings;
  #sealer: Promise<StateSealer> | undefined;

  constructor(server: ServerSeam & { instance: Server }, settings: RoundSettings) {
    this.#server = server;
    this.#settings = settings;
  }

  wrap(method: string, handler: RequestHandler): RequestHandler {
    for (const extension of this.#settings.extensions) extension.capture(method, handler);
    return async (request, ctx) => {
      if (requestEra(ctx) === '2025-11-25') {
        const call = new Call(v2Call(ctx, this.#server, false), this.#settings.wait);
        recordScope(ctx, { era: '2025-11-25', call, policy: this.#settings.policy, request });
        const exits = this.#enter(ctx);
        const result = await handler(request, ctx);
        const instead = settleRun(exits, method, request, ctx, undefined);
        return instead ? await instead : result;
      }
      return this.#runRounds(method, handler, request, ctx);
    };
  }

  #enter(ctx: ServerContext): RunExit[] {
    return this.#settings.extensions.map((extension) => extension.enter(ctx));
  }

  #sealerFor(): Promise<StateSealer> {
    const state = this.#settings.requestState;
    this.#sealer ??= stateKeyring(state.key, state.previousKeys).then(
      (keyring) =>
        new StateSealer({
          keyring,
          ttlMs: state.ttlMs ?? DEFAULT_STATE_TTL_MS,
          maxBytes: state.maxBytes ?? DEFAULT_MAX_STATE_BYTES,
          clock: this.#settings.clock,
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
    let exits: RunExit[] = [];
    const state = await this.#openState(sealer, ctx, binding);
    const outcome = await runFlow(
      {
        server: this.#server,
        policy: this.#settings.policy,
        wait: this.#settings.wait,
        maxRounds: this.#settings.maxRounds,
        request,
        handler,
        // A handler that builds its own input-required results (the SDK's `inputRequired(...)`, e.g. for sampling)
        // gets its own `requestState` back, carried inside ours and so sealed too.
        contextFor: (current) => ({
          ...ctx,
          mcpReq: {
            ...ctx.mcpReq,
            requestState: (() => current.h) as ServerContext['mcpReq']['requestState'],
          },
        }),
        responses: ctx.mcpReq.inputResponses,
        rerunReadsResponses: true,
        fresh: true,
        waitForFlows: false,
        entered: (handlerCtx) => {
          exits = this.#enter(handlerCtx);
        },
        // What the extensions make of a finished pass (the Tasks extension: -32021, or a task handle).
        settled: (handlerCtx, round) =>
          settleRun(exits, method, request, handlerCtx, round)?.then((result) => ({
            kind: 'result',
            result,
          })),
      },
      state,
    );
    switch (outcome.kind) {
      case 'result':
        return outcome.result;
      case 'failed':
        throw outcome.error;
      case 'too-many-rounds':
        return tooManyRounds(method, outcome.rounds);
      case 'rerun-limit':
        return this.#nextRound(sealer, binding, method, { state: outcome.state });
      case 'input':
        return this.#nextRound(sealer, binding, method, outcome);
      case 'aborted':
        throw new ProtocolError(ProtocolErrorCode.InternalError, `${method}: the request was called off`);
    }
  }

  async #nextRound(
    sealer: StateSealer,
    binding: { principal: string; request: string },
    method: string,
    next: { state: FlowState; inputRequests?: Record<string, InputRequest> },
  ): Promise<Result> {
    if (next.state.n > this.#settings.maxRounds) return tooManyRounds(method, next.state.n);
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
      this.#settings.onError?.(error instanceof Error ? error : new Error(String(error)));
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
