import type { AuthInfo, Result, Server, ServerContext } from '@modelcontextprotocol/server';
import type { FlowState } from '../delivery/round.js';
import { type RoundHandler, runFlow } from '../delivery/round-engine.js';
import type { ScopePolicy } from '../delivery/scope.js';
import { noBackChannelError } from '../errors.js';
import type { WaitPolicy } from '../sdk/call.js';
import { ProtocolError, ProtocolErrorCode } from '../sdk/protocol.js';
import type { ServerSeam } from '../sdk/seam.js';
import type { Tasks } from './engine.js';
import { type PassOutcome, toTaskError } from './engine.js';
import { persistStep } from './persist.js';
import type { RunningTask } from './running.js';
import { recordTaskScope, type TaskScope } from './scope.js';

export interface PassDeps {
  engine: Tasks;
  server: ServerSeam & { instance: Server };
  /** The `tools/call` handler as the SDK installs it (argument validation, then the tool's callback). */
  handler: RoundHandler;
  /** The verified credentials of the request that started this run (same principal as the task's). */
  authInfo: AuthInfo | undefined;
  policy: ScopePolicy;
  wait: WaitPolicy;
}

/**
 * One run of a task's handler on the round engine (`delivery/round-engine.ts`), with the task record in place of
 * `requestState`: earlier answers and steps come back from the record, the answers of the last `tasks/update` are
 * this run's responses, and the first unanswered ask ends the run with the task's next `inputRequests`. A URL flow
 * pending with nothing to ask is waited for here, in the background.
 */
export async function runTaskPass(task: RunningTask, deps: PassDeps): Promise<PassOutcome> {
  let scope: TaskScope | undefined;
  let state: FlowState = task.record.state;
  let responses: Record<string, unknown> = task.record.answers ?? {};
  for (;;) {
    const outcome = await runFlow(
      {
        server: deps.server,
        policy: deps.policy,
        wait: deps.wait,
        maxRounds: deps.engine.maxRounds,
        request: { method: 'tools/call', params: { ...task.record.call, _meta: task.record.envelope } },
        handler: deps.handler,
        contextFor: (current, answers, run) => taskContext(task, deps, current, answers, run),
        responses,
        rerunReadsResponses: false,
        fresh: false,
        waitForFlows: true,
        entered: (ctx) => {
          scope = recordTaskScope(ctx, { engine: deps.engine, running: task });
        },
        onStep: (round) => persistStep(task, round),
        settled: () => (scope?.failure ? { kind: 'failed', error: scope.failure } : undefined),
        aborted: () => task.signal.aborted,
      },
      state,
    );
    switch (outcome.kind) {
      case 'aborted':
        return { kind: 'aborted' };
      case 'rerun-limit':
        // URL flows kept completing: go on from where it got, in a new pass.
        state = outcome.state;
        responses = {};
        continue;
      case 'too-many-rounds': {
        const text = `tools/call asked for input ${outcome.rounds} times without finishing; giving up.`;
        return { kind: 'result', result: { content: [{ type: 'text', text }], isError: true } };
      }
      case 'failed':
        return { kind: 'error', error: toTaskError(outcome.error) };
      case 'input':
        if (!outcome.inputRequests || Object.keys(outcome.inputRequests).length === 0) {
          return {
            kind: 'error',
            error: {
              code: ProtocolErrorCode.InternalError,
              message: 'the tool asked for input without a request',
            },
          };
        }
        return { kind: 'input', state: outcome.state, inputRequests: outcome.inputRequests };
      case 'result':
        return { kind: 'result', result: withoutResultType(outcome.result) };
    }
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
  responses: Readonly<Record<string, unknown>>,
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
