import type { InputRequest, Result, Server, ServerContext } from '@modelcontextprotocol/server';
import { Call, type WaitPolicy } from '../sdk/call.js';
import { isInputRequiredResult, MissingRequiredClientCapabilityError } from '../sdk/protocol.js';
import type { ServerSeam } from '../sdk/seam.js';
import { v2Call } from '../sdk/v2.js';
import { type FlowState, Round } from './round.js';
import { recordScope, type ScopePolicy } from './scope.js';

/**
 * The one engine every 2026-07-28 flow runs on: a request's rounds (`rounds.ts`, state sealed into `requestState`)
 * and a task's passes (`tasks/pass.ts`, state in the task record). A pass re-enters the handler by replay: earlier
 * answers and steps come from the state, this pass's answers from `responses`; the first unanswered ask ends it
 * with the next input requests. What differs between the two is given, not branched on: where the state comes from
 * and goes, the handler's context, and what a finished pass may still become (a task handle).
 */

/** A URL flow completing while a pass waits reruns the handler in the same pass, this many times at most. */
export const MAX_RERUNS = 4;

export type RoundRequest = { method: string; params?: Record<string, unknown> };
export type RoundHandler = (request: RoundRequest, ctx: ServerContext) => Promise<Result>;

/** One flow, as the engine runs it. */
export interface RoundFlow {
  server: ServerSeam & { instance: Server };
  policy: ScopePolicy;
  wait: WaitPolicy;
  /** M-08: rounds one flow may take; more ends it (`too-many-rounds`). */
  maxRounds: number;
  request: RoundRequest;
  handler: RoundHandler;
  /** The handler's context for a pass over `state` with `responses` (a request's own context, or a task's). */
  contextFor(state: FlowState, responses: Readonly<Record<string, unknown>>, run: number): ServerContext;
  /** The answers a pass reads: this request's `inputResponses`, a task's last `tasks/update`. */
  responses: Readonly<Record<string, unknown>> | undefined;
  /** Whether a rerun (a URL flow completed) reads `responses` again (a request) or none (a task: they are kept). */
  rerunReadsResponses: boolean;
  /** A request without `requestState`: answers sent in advance under an ask's key are read. */
  fresh: boolean;
  /** With a URL flow pending and nothing to ask: wait in this pass (a task, in the background) or end it (a round). */
  waitForFlows: boolean;
  /** Once a pass's scope is recorded (the task delivery records its own beside it). */
  entered?(ctx: ServerContext): void;
  /** Where a `step`'s result is written as soon as it is known (a task's record); else only at the round's end. */
  onStep?(round: Round): Promise<void>;
  /** Whether the flow was called off (a cancelled task): the pass ends `aborted`. */
  aborted?(): boolean;
  /**
   * After a pass that asked nothing more, before its result is judged: what it ends as instead, if anything (T-06: a
   * long-running tool's task handle; a task's own recorded failure).
   */
  settled?(ctx: ServerContext, round: Round): Promise<RoundOutcome | undefined> | RoundOutcome | undefined;
}

export type RoundOutcome =
  /** The handler finished: its result (a tool error included). */
  | { kind: 'result'; result: Result }
  /** The host must answer (or, with none, retry): the state to carry, the input requests to show. */
  | { kind: 'input'; state: FlowState; inputRequests?: Record<string, InputRequest> }
  /** The handler failed; M-19's missing-capability error when it needed a mode the host did not declare. */
  | { kind: 'failed'; error: unknown }
  /** M-08: it kept asking. */
  | { kind: 'too-many-rounds'; rounds: number }
  /** URL flows kept completing while it reran ({@link MAX_RERUNS}): the state to go on from, later. */
  | { kind: 'rerun-limit'; state: FlowState }
  | { kind: 'aborted' };

/** Runs passes of `flow` from `state` until one ends: finished, asking, failed, or called off. */
export async function runFlow(flow: RoundFlow, start: FlowState): Promise<RoundOutcome> {
  let state = start;
  let responses = flow.responses;
  for (let run = 0; ; run++) {
    if (flow.aborted?.()) return { kind: 'aborted' };
    const round = new Round(state, responses, {
      maxAttempts: flow.policy.maxAnswerAttempts,
      fresh: flow.fresh && state.n === 0,
      onStep: flow.onStep?.bind(flow),
    });
    const ctx = flow.contextFor(state, responses ?? {}, run);
    const call = new Call(v2Call(ctx, flow.server, true), flow.wait);
    recordScope(ctx, { era: '2026-07-28', call, policy: flow.policy, round, request: flow.request });
    flow.entered?.(ctx);
    let result: Result | undefined;
    let failure: { error: unknown } | undefined;
    try {
      result = await flow.handler(flow.request, ctx);
    } catch (error) {
      failure = { error };
    }
    await round.whenSettled();
    if (flow.aborted?.()) return { kind: 'aborted' };
    if (round.rerunRequested) {
      // Completions that keep arriving while rerunning: hand the flow back (the host retries; a task polls on).
      if (run >= MAX_RERUNS) return { kind: 'rerun-limit', state: round.nextRound().state };
      state = round.state;
      if (!flow.rerunReadsResponses) responses = {};
      continue;
    }
    // Once an ask is pending, the pass's answer is the input request, whatever the handler did after it.
    if (round.interrupted) {
      const next = round.nextRound();
      if (!next.inputRequests && flow.waitForFlows) {
        state = next.state;
        responses = {};
        continue;
      }
      return asking(flow, next);
    }
    const instead = await flow.settled?.(ctx, round);
    if (instead) return instead;
    const isError = (result as { isError?: unknown } | undefined)?.isError === true;
    if (round.missingMode && (failure || isError)) {
      // M-19: the flow needed a capability the host did not declare, and the handler did not fall back.
      const method = flow.request.method;
      return {
        kind: 'failed',
        error: new MissingRequiredClientCapabilityError(
          { requiredCapabilities: { elicitation: { [round.missingMode]: {} } } },
          `${method} needs elicitation mode "${round.missingMode}", which the client did not declare`,
        ),
      };
    }
    if (failure) return { kind: 'failed', error: failure.error };
    if (isInputRequiredResult(result)) {
      // The handler built its own input requests (sampling, roots); its own `requestState` rides inside ours.
      const own = typeof result.requestState === 'string' ? result.requestState : undefined;
      const inputRequests = result.inputRequests as Record<string, InputRequest> | undefined;
      return asking(flow, {
        state: { ...round.nextRound().state, h: own },
        ...(inputRequests && { inputRequests }),
      });
    }
    return { kind: 'result', result: result as Result };
  }
}

/** The flow asks; M-08 counts its rounds here, in one place. */
function asking(
  flow: RoundFlow,
  next: { state: FlowState; inputRequests?: Record<string, InputRequest> },
): RoundOutcome {
  if (next.state.n > flow.maxRounds) return { kind: 'too-many-rounds', rounds: next.state.n };
  return { kind: 'input', ...next };
}
