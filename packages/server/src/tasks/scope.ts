import type { ServerContext } from '@modelcontextprotocol/server';
import type { HandlerContext } from '../sdk/seam.js';
import type { Tasks } from './engine.js';
import type { RunningTask } from './running.js';

/**
 * What a long-running handler needs to know about its request beside the era and round (`delivery/scope.ts`):
 * whether a task engine serves this server, whether this run is a task's, and what the handler asked for. Kept
 * beside the request scope, by the same key (`ctx.mcpReq`), so that the era deliveries do not know about tasks.
 */
export interface TaskScope {
  /** The engine given to `enableElicitation(server, { tasks })`; undefined without one. */
  engine: Tasks | undefined;
  /** Set while the handler runs as a task: the task it runs for. */
  running?: RunningTask;
  /** The handler asked to continue as a task (long-running tool on a request that declared the extension). */
  requested?: { ttlMs?: number; pollIntervalMs?: number };
  /** T-03: the tool needs a task and the request did not declare the extension. */
  missing?: boolean;
  /** T-16: a JSON-RPC error the handler threw inside a task; it fails the task (the SDK would make it isError). */
  failure?: unknown;
}

const scopes = new WeakMap<object, TaskScope>();

export function recordTaskScope(ctx: ServerContext, scope: TaskScope): TaskScope {
  scopes.set(ctx.mcpReq, scope);
  return scope;
}

/** Tasks run on the v2 SDK only (2026-07-28); a v1 handler's context never has one. */
export function taskScopeOf(ctx: HandlerContext): TaskScope | undefined {
  return typeof ctx === 'object' && ctx !== null && 'mcpReq' in ctx ? scopes.get(ctx.mcpReq) : undefined;
}

/** A control-flow throw, not an error: ends the run so the request can answer with a task handle. */
export class TaskStartInterrupt extends Error {
  constructor() {
    super(
      'elicitkit: this call continues as a task (Tasks extension); the handler runs again in the background. ' +
        'If you catch errors around startTask, rethrow this one.',
    );
    this.name = 'TaskStartInterrupt';
  }
}

export function taskStartInterrupt(): TaskStartInterrupt {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new TaskStartInterrupt();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
