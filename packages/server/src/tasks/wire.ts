import type { Server, ServerContext } from '@modelcontextprotocol/server';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { principalOf } from '../principal.js';
import { MissingRequiredClientCapabilityError, ProtocolError, ProtocolErrorCode } from '../sdk/protocol.js';
import { requestEra } from '../sdk/v2.js';
import type { TaskRunner, Tasks } from './engine.js';
import { declaresTasks } from './long-running.js';
import { detailedTask, TASKS_EXTENSION } from './record.js';

/**
 * The extension's three methods on one server: `tasks/get`, `tasks/update`, `tasks/cancel` (SEP-2663), and its
 * capability. The SDK keeps `tasks/result` and `tasks/list` (2025-11-25 experimental tasks) off the 2026-07-28
 * wire with -32601 (T-20), and checks `Mcp-Name` against `params.taskId` on Streamable HTTP (T-22).
 */

/** `-32021` naming the extension (T-03, T-04). */
export function missingTasksCapability(what: string): MissingRequiredClientCapabilityError {
  return new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    `${what} needs the Tasks extension (${TASKS_EXTENSION}) in the request's client capabilities`,
  );
}

/**
 * Params are read in the handler, after the capability gate (T-04 comes before any -32602). The SDK lifts
 * `inputResponses` out of every 2026-07-28 request into `ctx.mcpReq.inputResponses` (plain-object entries) and
 * names the others in `droppedInputResponseKeys`; a test pins that against the installed SDK.
 */
const anyParams: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'elicitkit',
    validate: (value) => ({
      value: typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {},
    }),
  },
};

function taskIdOf(params: Record<string, unknown>, method: string): string {
  if (typeof params.taskId !== 'string') {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${method}: params.taskId must be a string`);
  }
  return params.taskId;
}

/** M-09 / T-13: the answers of a `tasks/update`; an entry that is not an object reads as a malformed answer. */
function inputResponsesOf(ctx: ServerContext): Record<string, unknown> {
  const accepted = ctx.mcpReq.inputResponses;
  if (accepted === undefined) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'tasks/update: params.inputResponses must be an object keyed by the task’s inputRequests keys',
    );
  }
  const responses: Record<string, unknown> = { ...accepted };
  for (const key of ctx.mcpReq.droppedInputResponseKeys ?? []) responses[key] = null;
  return responses;
}

/** Installs the three methods and advertises the extension (T-01). Call before the server connects. */
export function installTaskMethods(
  server: Server,
  engine: Tasks,
  runnerFor: (ctx: ServerContext) => TaskRunner,
): void {
  // T-01: under capabilities.extensions, never the 2025-11-25 `tasks` slot.
  server.registerCapabilities({ extensions: { [TASKS_EXTENSION]: {} } });
  const gate = (ctx: ServerContext, method: string) => {
    // The extension does not exist on 2025-11-25 (sep-2663: Backward Compatibility).
    if (requestEra(ctx) === '2025-11-25')
      throw new ProtocolError(ProtocolErrorCode.MethodNotFound, 'Method not found');
    if (!declaresTasks(ctx)) throw missingTasksCapability(method); // T-04
    return principalOf(ctx.http?.authInfo);
  };
  const ack = { resultType: 'complete' };
  server.setRequestHandler('tasks/get', { params: anyParams }, async (params, ctx: ServerContext) => {
    const principal = gate(ctx, 'tasks/get');
    const record = await engine.get(principal, taskIdOf(params, 'tasks/get'), runnerFor(ctx));
    return detailedTask(record) as never;
  });
  server.setRequestHandler('tasks/update', { params: anyParams }, async (params, ctx: ServerContext) => {
    const principal = gate(ctx, 'tasks/update');
    const id = taskIdOf(params, 'tasks/update');
    await engine.update(principal, id, inputResponsesOf(ctx), runnerFor(ctx));
    return ack as never; // T-13: an empty acknowledgement
  });
  server.setRequestHandler('tasks/cancel', { params: anyParams }, async (params, ctx: ServerContext) => {
    const principal = gate(ctx, 'tasks/cancel');
    await engine.cancel(principal, taskIdOf(params, 'tasks/cancel'));
    return ack as never; // T-15
  });
}
