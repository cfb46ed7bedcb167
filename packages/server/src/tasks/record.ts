import type { InputRequest } from '@modelcontextprotocol/server';
import type { FlowState } from '../delivery/round.js';
import { bytesToBase64Url } from '../state/base64url.js';
import { randomBytes } from '../state/random-pool.js';

/**
 * One task of the Tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) as elicitkit keeps it: what the
 * client sees (status, timestamps, outstanding input requests, the result) and what a run needs to replay the
 * handler on any instance (the original call, the answers and memoized steps so far, the lease).
 */

export { TASKS_EXTENSION } from '@elicitkit/core';

/** A task's status on the wire. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** The JSON-RPC error of a failed task. */
export interface TaskError {
  code: number;
  message: string;
  data?: unknown;
}

/** Everything stored for one task. JSON only: every store keeps it as one document. */
export interface TaskRecord {
  /** T-18: 256 random bits, base64url. */
  id: string;
  /** T-19: who created it (the verified client and user, `anonymous` without authorization). */
  principal: string;
  status: TaskStatus;
  statusMessage?: string;
  /** Epoch milliseconds. */
  createdAt: number;
  lastUpdatedAt: number;
  ttlMs: number;
  pollIntervalMs: number;
  /** `createdAt + ttlMs`: after it the task reads as expired and the store may drop it. */
  expiresAt: number;
  /** The call as the client made it (no `inputResponses`, no `requestState`). */
  call: { name: string; arguments?: Record<string, unknown> };
  /** The request's `_meta` envelope (protocol version, client capabilities) the handler reads on every run. */
  envelope: Record<string, unknown>;
  /** @internal The handler's replay state (answers by position, last asks, steps, URL records); stores keep it as JSON. */
  state: FlowState;
  /** T-12: outstanding input requests by wire key (what `tasks/get` shows while `input_required`). */
  inputRequests?: Record<string, InputRequest>;
  /** Wire key → the ask's key in the handler's run, for the outstanding requests. */
  keys?: Record<string, string>;
  /** Answers received for outstanding keys, by the ask's key in the run, until the next run reads them. */
  answers?: Record<string, unknown>;
  /** T-12: every wire key issued so far, so that none is used twice. */
  issued: string[];
  result?: Record<string, unknown>;
  error?: TaskError;
  /** Which instance runs the handler now, and until when its claim holds unless renewed. */
  lease?: { owner: string; until: number };
  /** `tasks/update` calls in the current minute (the update-rate bound). */
  updates?: { windowStart: number; count: number };
}

/** The stored record and its version, for compare-and-set writes. */
export interface StoredTask {
  record: TaskRecord;
  version: number;
}

const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL.has(status);
}

/** T-18: a fresh task id, 256 bits from the platform's CSPRNG (43 base64url characters). */
export function mintTaskId(): string {
  return bytesToBase64Url(randomBytes(32));
}

const TASK_ID = /^[A-Za-z0-9_-]{43}$/;

/** Whether `value` has the shape {@link mintTaskId} produces: anything else is unknown without a lookup. */
export function isWellFormedTaskId(value: unknown): value is string {
  return typeof value === 'string' && TASK_ID.test(value);
}

/** The `Task` fields every shape carries (T-10: integer milliseconds). */
function taskFields(record: TaskRecord): Record<string, unknown> {
  return {
    taskId: record.id,
    status: record.status,
    ...(record.statusMessage !== undefined && { statusMessage: record.statusMessage }),
    createdAt: new Date(record.createdAt).toISOString(),
    lastUpdatedAt: new Date(record.lastUpdatedAt).toISOString(),
    ttlMs: record.ttlMs,
    pollIntervalMs: record.pollIntervalMs,
  };
}

/** T-06: the flat `CreateTaskResult`: `resultType: "task"` and the task's fields, nothing else. */
export function createTaskResult(record: TaskRecord): Record<string, unknown> {
  return { resultType: 'task', ...taskFields(record) };
}

/** T-09: the `DetailedTask` of `tasks/get`, with what its status carries. */
export function detailedTask(record: TaskRecord): Record<string, unknown> {
  const task = { resultType: 'complete', ...taskFields(record) };
  switch (record.status) {
    case 'input_required':
      return { ...task, inputRequests: record.inputRequests ?? {} };
    case 'completed':
      return { ...task, result: record.result ?? { content: [] } };
    case 'failed':
      return { ...task, error: record.error ?? { code: -32603, message: 'Internal error' } };
    default:
      return task;
  }
}
