import { integerOption } from '@elicitkit/core';
import type { ServerContext } from '@modelcontextprotocol/server';
import { scopeOf } from '../delivery/scope.js';
import { CLIENT_CAPABILITIES_META_KEY, ProtocolError } from '../sdk/protocol.js';
import { TASKS_EXTENSION } from './record.js';
import { type TaskScope, taskScopeOf, taskStartInterrupt } from './scope.js';

/** Options of {@link longRunning}. */
export interface LongRunningOptions {
  /**
   * T-03: the tool cannot run without a task. A request that did not declare the extension (and every
   * 2025-11-25 request) gets `-32021` naming it, before the handler runs. Default false: such requests run the
   * handler as today, holding the request (2025) or in multi round-trip rounds (2026).
   */
  required?: boolean;
  /**
   * The task starts where the handler calls {@link startTask}, not on entry: asks before it are answered
   * synchronously in multi round-trip rounds (T-08), and a handler that returns without calling it answers
   * without a task.
   */
  deferStart?: boolean;
  /** This tool's task lifetime, in ms (T-10). Default: the engine's `ttlMs`. */
  ttlMs?: number;
  /** This tool's suggested polling interval, in ms. Default: the engine's `pollIntervalMs`. */
  pollIntervalMs?: number;
}

/**
 * Registers a tool as long-running: wrap its callback, keep the tool code as it is.
 *
 * ```ts
 * server.registerTool('export_report', { description: 'Exports the report' }, longRunning(async (ctx) => {
 *   await reportStatus(ctx, 'Collecting rows');
 *   const ok = await confirm(ctx, 'Send the report to finance?');
 *   return { content: [{ type: 'text', text: ok.confirmed ? 'Sent.' : 'Kept.' }] };
 * }));
 * ```
 *
 * When the request declares the Tasks extension (`io.modelcontextprotocol/tasks`) and the server was given an
 * engine (`enableElicitation(server, { tasks })`), the call answers at once with a task handle and the handler
 * runs in the background; its asks move the task to `input_required` and resume on `tasks/update`, on any
 * instance. Otherwise it runs as any tool does.
 *
 * Why a wrapper and not a registration option: the SDK's `registerTool` config has no slot it passes through, a
 * wrapper keeps the callback's type whatever `registerTool` overload is used, and it works the same on every
 * server made from the same code (HTTP servers are made per request).
 *
 * @typeParam H - the tool callback, returned with its type unchanged.
 */
export function longRunning<H extends (...args: never[]) => unknown>(
  handler: H,
  options: LongRunningOptions = {},
): H {
  checkMs('ttlMs', options.ttlMs);
  checkMs('pollIntervalMs', options.pollIntervalMs);
  const wrapped = async function (this: unknown, ...args: Parameters<H>) {
    const ctx = args[args.length - 1] as unknown as ServerContext;
    const scope = taskScopeOf(ctx);
    if (scope?.running) return runInTask(scope, () => handler.apply(this, args));
    if (!options.deferStart) offerTask(ctx, scope, options);
    return handler.apply(this, args);
  };
  return wrapped as unknown as H;
}

/**
 * In a tool registered with `longRunning(handler, { deferStart: true })`: the call continues as a task from here.
 * What came before (asks answered in multi round-trip rounds, `step`s) is kept in the task and replayed from it.
 * Returns at once where no task can be made (the request did not declare the extension), and inside the task.
 */
export async function startTask(ctx: ServerContext): Promise<void> {
  const scope = taskScopeOf(ctx);
  if (scope?.running) return;
  offerTask(ctx, scope, {});
}

/**
 * In a long-running tool's task: a signal that aborts when the task is cancelled (`tasks/cancel`), also while none of
 * its passes runs (the task waits on the client's answers). For what a tool holds across passes, e.g. a bridge's
 * upstream call. Undefined outside a task. Heard on the instance the cancel reaches.
 */
export function taskCancelSignal(ctx: ServerContext): AbortSignal | undefined {
  const scope = taskScopeOf(ctx);
  const running = scope?.running;
  return running && scope.engine ? scope.engine.cancelSignal(running.id) : undefined;
}

function offerTask(ctx: ServerContext, scope: TaskScope | undefined, options: LongRunningOptions): void {
  const requestScope = scopeOf(ctx); // elicitation-not-enabled without enableElicitation
  if (!scope) return;
  if (requestScope.era === '2026-07-28' && declaresTasks(ctx) && scope.engine) {
    scope.requested = {
      ...(options.ttlMs !== undefined && { ttlMs: options.ttlMs }),
      ...(options.pollIntervalMs !== undefined && { pollIntervalMs: options.pollIntervalMs }),
    };
    throw taskStartInterrupt();
  }
  if (options.required) {
    scope.missing = true;
    throw new Error('this tool needs the Tasks extension (io.modelcontextprotocol/tasks)');
  }
}

/** T-02: only the request's own `_meta` client capabilities count (2026-07-28). */
export function declaresTasks(ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as { extensions?: unknown } | undefined;
  const extensions = capabilities?.extensions;
  return typeof extensions === 'object' && extensions !== null && Object.hasOwn(extensions, TASKS_EXTENSION);
}

async function runInTask(scope: TaskScope, run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    // T-16: a JSON-RPC error fails the task; the SDK would turn it into an isError result, so note it here.
    if (error instanceof ProtocolError) scope.failure = error;
    throw error;
  }
}

function checkMs(option: string, value: number | undefined): void {
  if (value !== undefined) integerOption(option, value, { min: 1 });
}
