import type { Result, Server, ServerContext } from '@modelcontextprotocol/server';
import type { Round } from '../delivery/round.js';
import type { RoundHandler, RoundRequest } from '../delivery/round-engine.js';
import type { RunExit, RunExtension } from '../delivery/run-extension.js';
import type { ScopePolicy } from '../delivery/scope.js';
import { principalOf } from '../principal.js';
import type { WaitPolicy } from '../sdk/call.js';
import { CLIENT_CAPABILITIES_META_KEY, PROTOCOL_VERSION_META_KEY } from '../sdk/protocol.js';
import type { ServerSeam } from '../sdk/seam.js';
import type { TaskRunner, Tasks } from './engine.js';
import { runTaskPass } from './pass.js';
import { createTaskResult } from './record.js';
import { recordTaskScope, type TaskScope } from './scope.js';
import { installTaskMethods, missingTasksCapability } from './wire.js';

/**
 * Task delivery, the third beside the 2025 push and the 2026 rounds: a {@link RunExtension} that
 * `enableElicitation` plugs into the round runner. Everything about tasks stays here.
 */
export class TaskDelivery implements RunExtension {
  readonly #engine: Tasks | undefined;
  readonly #server: ServerSeam & { instance: Server };
  readonly #settings: { policy: ScopePolicy; wait: WaitPolicy };
  #toolsCall: RoundHandler | undefined;

  constructor(
    engine: Tasks | undefined,
    server: ServerSeam & { instance: Server },
    settings: { policy: ScopePolicy; wait: WaitPolicy },
  ) {
    this.#engine = engine;
    this.#server = server;
    this.#settings = { policy: settings.policy, wait: settings.wait };
    if (engine) installTaskMethods(server.instance, engine, (ctx) => this.#runner(ctx));
  }

  /** Remembers the server's `tools/call` handler: a task replays it in the background. */
  capture(method: string, handler: RoundHandler): void {
    if (method === 'tools/call') this.#toolsCall = handler;
  }

  /** Before the handler runs, on both eras: the task scope beside the request's. */
  enter(ctx: ServerContext): RunExit {
    const scope = recordTaskScope(ctx, { engine: this.#engine });
    return (method, request, handlerCtx, round) => {
      // T-03: a required task on a request that did not declare the extension answers -32021.
      if (scope.missing) throw missingTasksCapability(method);
      const engine = this.#engine;
      if (!round || !scope.requested || !engine) return undefined;
      return this.#answerAsTask(engine, scope.requested, round, request, handlerCtx);
    };
  }

  /**
   * After a 2026-07-28 run that asked nothing: when the handler asked to become a task, create it (durably, T-07)
   * with what the run gathered so far (T-08), start it here, and answer with its handle (T-06).
   */
  async #answerAsTask(
    engine: Tasks,
    requested: NonNullable<TaskScope['requested']>,
    round: Round,
    request: RoundRequest,
    ctx: ServerContext,
  ): Promise<Result> {
    const envelope = (ctx.mcpReq.envelope ?? {}) as Record<string, unknown>;
    const args = request.params?.arguments;
    const record = await engine.create(
      {
        principal: principalOf(ctx.http?.authInfo),
        call: {
          name: String(request.params?.name),
          ...(typeof args === 'object' && args !== null && { arguments: args as Record<string, unknown> }),
        },
        envelope: {
          [PROTOCOL_VERSION_META_KEY]: envelope[PROTOCOL_VERSION_META_KEY],
          [CLIENT_CAPABILITIES_META_KEY]: envelope[CLIENT_CAPABILITIES_META_KEY],
        },
        state: { ...round.state, q: [] },
        ...requested,
      },
      this.#runner(ctx),
    );
    return createTaskResult(record) as Result;
  }

  #runner(ctx: ServerContext): TaskRunner {
    const authInfo = ctx.http?.authInfo;
    const engine = this.#engine as Tasks;
    return (task) => {
      const handler = this.#toolsCall;
      if (!handler) throw new Error('this server has no tools/call handler to run the task with');
      return runTaskPass(task, {
        engine,
        server: this.#server,
        handler,
        authInfo,
        ...this.#settings,
      });
    };
  }
}
