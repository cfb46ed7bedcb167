import type { AuthInfo, InputRequest, Result, Server, ServerContext } from '@modelcontextprotocol/server';
import {
  isInputRequiredResult,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import { type FlowState, Round } from '../delivery/round.js';
import { recordScope, type ScopePolicy } from '../delivery/scope.js';
import { noBackChannelError } from '../errors.js';
import { Call, type WaitPolicy } from '../sdk/call.js';
import type { ServerSeam } from '../sdk/seam.js';
import { v2Call } from '../sdk/v2.js';
import type { Tasks } from './engine.js';
import { type PassOutcome, toTaskError } from './engine.js';
import type { RunningTask } from './running.js';
import { recordTaskScope, type TaskScope } from './scope.js';

/** The `tools/call` handler as the SDK installs it (argument validation, then the tool's callback). */
export type ToolsCallHandler = (
  request: { method: string; params?: Record<string, unknown> },
  ctx: ServerContext,
) => Promise<Result>;

export interface PassDeps {
  engine: Tasks;
  server: ServerSeam & { instance: Server };
  handler: ToolsCallHandler;
  /** The verified credentials of the request that started this run (same principal as the task's). */
  authInfo: AuthInfo | undefined;
  policy: ScopePolicy;
  wait: WaitPolicy;
}

/**
 * One run of a task's handler, by replay (as a 2026-07-28 round, with the task record in place of `requestState`):
 * earlier answers and steps come back from the record, the answers of the last `tasks/update` are this run's
 * responses, and the first unanswered ask ends the run with the task's next `inputRequests`.
 */
export async function runTaskPass(task: RunningTask, deps: PassDeps): Promise<PassOutcome> {
  let state: FlowState = task.record.state;
  let responses: Record<string, unknown> = task.record.answers ?? {};
  for (let run = 0; ; run++) {
    if (task.signal.aborted) return { kind: 'aborted' };
    if (state.n > deps.engine.maxRounds) {
      const text = `tools/call asked for input ${state.n} times without finishing; giving up.`;
      return { kind: 'result', result: { content: [{ type: 'text', text }], isError: true } };
    }
    const round = new Round(state, responses, { maxAttempts: deps.policy.maxAnswerAttempts, fresh: false });
    const ctx = taskContext(task, deps, state, responses, run);
    // The third delivery on the SDK seam: the same call seam as a 2026 round, over the task's own context.
    const call = new Call(v2Call(ctx, deps.server, true), deps.wait);
    recordScope(ctx, { era: '2026-07-28', call, policy: deps.policy, round });
    const scope: TaskScope = recordTaskScope(ctx, { engine: deps.engine, running: task });
    let result: Result | undefined;
    let failure: { error: unknown } | undefined;
    try {
      result = await deps.handler(
        { method: 'tools/call', params: { ...task.record.call, _meta: task.record.envelope } },
        ctx,
      );
    } catch (error) {
      failure = { error };
    }
    await round.whenSettled();
    if (task.signal.aborted) return { kind: 'aborted' };
    if (round.rerunRequested) {
      state = round.state;
      responses = {};
      continue;
    }
    if (round.interrupted) {
      const next = round.nextRound();
      // A URL flow still pending and nothing to ask: keep waiting for it, in the background.
      if (!next.inputRequests) {
        state = next.state;
        responses = {};
        continue;
      }
      return { kind: 'input', state: next.state, inputRequests: next.inputRequests };
    }
    if (scope.failure) return { kind: 'error', error: toTaskError(scope.failure) };
    const isError = (result as { isError?: unknown } | undefined)?.isError === true;
    if (round.missingMode && (failure || isError)) {
      // M-19 inside a task: the handler needed a mode the request did not declare and did not fall back.
      const error = new MissingRequiredClientCapabilityError(
        { requiredCapabilities: { elicitation: { [round.missingMode]: {} } } },
        `tools/call needs elicitation mode "${round.missingMode}", which the client did not declare`,
      );
      return { kind: 'error', error: toTaskError(error) };
    }
    if (failure) return { kind: 'error', error: toTaskError(failure.error) };
    if (isInputRequiredResult(result)) {
      // The handler built its own input requests (sampling, roots): they become the task's, keyed as it chose.
      const own = typeof result.requestState === 'string' ? result.requestState : undefined;
      const inputRequests = (result.inputRequests ?? {}) as Record<string, InputRequest>;
      const { state: next } = round.nextRound();
      if (Object.keys(inputRequests).length === 0) {
        return {
          kind: 'error',
          error: {
            code: ProtocolErrorCode.InternalError,
            message: 'the tool asked for input without a request',
          },
        };
      }
      return { kind: 'input', state: { ...next, h: own }, inputRequests };
    }
    return { kind: 'result', result: withoutResultType(result) };
  }
}

/**
 * The context a task's handler runs with: the task's envelope (what the creating request declared), its abort
 * signal, this run's responses. Nothing can be sent to the client from a task (T-21: no progress or log
 * notifications); asks go through the task.
 */
function taskContext(
  task: RunningTask,
  deps: PassDeps,
  state: FlowState,
  responses: Record<string, unknown>,
  run: number,
): ServerContext {
  const refuse = async () => {
    throw noBackChannelError(
      'form',
      'a task cannot send the client a request; elicitForm and the shorthands ask through the task',
    );
  };
  const mcpReq = {
    id: `task:${task.id}:${run}`,
    method: 'tools/call',
    _meta: task.record.envelope,
    envelope: task.record.envelope,
    inputResponses: responses,
    requestState: () => state.h,
    signal: task.signal,
    send: refuse,
    notify: async () => {},
    log: async () => {},
    elicitInput: refuse,
    requestSampling: refuse,
  };
  return {
    mcpReq,
    ...(deps.authInfo && { http: { authInfo: deps.authInfo } }),
  } as unknown as ServerContext;
}

function withoutResultType(result: Result | undefined): Record<string, unknown> {
  if (!result || typeof result !== 'object') {
    throw new ProtocolError(ProtocolErrorCode.InternalError, 'the tool returned no result');
  }
  const { resultType: _discriminator, ...rest } = result as Record<string, unknown>;
  return rest;
}
