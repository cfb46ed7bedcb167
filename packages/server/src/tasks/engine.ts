import { type Clock, integerOption, systemClock } from '@elicitkit/core';
import type { InputRequest } from '@modelcontextprotocol/server';
import type { FlowState } from '../delivery/round.js';
import { ProtocolError, ProtocolErrorCode } from '../sdk/protocol.js';
import { bytesToBase64Url } from '../state/base64url.js';
import { randomBytes } from '../state/random-pool.js';
import { PollGate } from './poll-gate.js';
import {
  isTerminal,
  isWellFormedTaskId,
  mintTaskId,
  type StoredTask,
  type TaskError,
  type TaskRecord,
} from './record.js';
import { RunningTask } from './running.js';
import { MemoryTaskStore, recordBytes, type TaskStore } from './store.js';

/** Options of {@link createTasks}. Every bound is listed in the server README's "Limits" section. */
export interface TasksOptions {
  /** Where records live. Default: a {@link MemoryTaskStore} (one process, lost on restart). */
  store?: TaskStore;
  /** T-10: how long a task stays readable from its creation, in ms. Default 24 hours. */
  ttlMs?: number;
  /** How often clients should poll, in ms (`pollIntervalMs`). Default 1 s. */
  pollIntervalMs?: number;
  /** How long an instance's claim on a running task holds without renewal, in ms. Default 30 s. */
  leaseMs?: number;
  /** Tasks one principal may hold at once (until they expire). Default 100. */
  maxTasksPerPrincipal?: number;
  /** Largest record (answers, steps, result) in bytes. Default 1 MiB. */
  maxRecordBytes?: number;
  /** Largest single `inputResponses` entry in bytes. Default 64 KiB. */
  maxAnswerBytes?: number;
  /** `tasks/update` calls that deliver answers, per task and minute. Default 60. */
  maxUpdatesPerMinute?: number;
  /**
   * T-11: `tasks/get` polls of one task allowed per `pollIntervalMs` on average, after a burst of twice as many;
   * faster polling is refused (-32600, with `data.retryAfterMs`) until it slows down. Default 10.
   */
  maxPollsPerInterval?: number;
  /** Rounds of questions one task may take before it ends as a tool error (M-08). Default 64. */
  maxRounds?: number;
  /** Time; injectable so tests move it. */
  clock?: Clock;
  /** Names this instance in leases. Default: random per process. */
  instanceId?: string;
  /** Reports failures of background runs and stores (a client only sees the task's status). */
  onError?: (error: Error) => void;
}

/** Default `ttlMs`: a task stays readable for 24 hours (people answer tomorrow). */
export const DEFAULT_TASK_TTL_MS = 24 * 60 * 60 * 1000;
/** Default `pollIntervalMs`: 1 s. */
export const DEFAULT_TASK_POLL_INTERVAL_MS = 1000;
/** Cancel signals held at once (`taskCancelSignal`); one per task a handler holds something for. */
const MAX_CANCEL_SIGNALS = 10_000;

/** Default `leaseMs`: a running task is taken over 30 s after its instance stops renewing. */
export const DEFAULT_TASK_LEASE_MS = 30 * 1000;
/** Default `maxTasksPerPrincipal`. */
export const DEFAULT_MAX_TASKS_PER_PRINCIPAL = 100;
/** Default `maxRecordBytes`: 1 MiB. */
export const DEFAULT_MAX_TASK_RECORD_BYTES = 1024 * 1024;
/** Default `maxAnswerBytes`: 64 KiB. */
export const DEFAULT_MAX_TASK_ANSWER_BYTES = 64 * 1024;
/** Default `maxUpdatesPerMinute`. */
export const DEFAULT_MAX_TASK_UPDATES_PER_MINUTE = 60;
/** Default `maxRounds` of one task. */
export const DEFAULT_MAX_TASK_ROUNDS = 64;
/** Default `maxPollsPerInterval`: a host may poll ten times faster than asked before it is slowed down. */
export const DEFAULT_MAX_TASK_POLLS_PER_INTERVAL = 10;
/** Tasks whose poll rate one instance remembers; past it the least recently polled is forgotten. */
const POLL_GATE_ENTRIES = 10_000;

/** What one run of a task's handler ended with. */
export type PassOutcome =
  | { kind: 'input'; state: FlowState; inputRequests: Record<string, InputRequest> }
  | { kind: 'result'; result: Record<string, unknown> }
  | { kind: 'error'; error: TaskError }
  | { kind: 'aborted' };

/** Runs a task's handler once (the server whose request started the run provides it). */
export type TaskRunner = (task: RunningTask) => Promise<PassOutcome>;

const MINUTE_MS = 60 * 1000;
const PURGE_EVERY_MS = 60 * 1000;
const WRITE_ATTEMPTS = 8;

const unknownTask = () =>
  new ProtocolError(ProtocolErrorCode.InvalidParams, 'Failed to retrieve task: Task not found');

/**
 * The task engine of one server process: create tasks, answer `tasks/get` / `tasks/update` / `tasks/cancel`,
 * run handlers with leases. Made once per process with {@link createTasks} and passed to every server's
 * `enableElicitation(server, { tasks })`, since HTTP servers are made per request.
 */
export class Tasks {
  readonly store: TaskStore;
  readonly ttlMs: number;
  readonly pollIntervalMs: number;
  readonly leaseMs: number;
  readonly maxTasksPerPrincipal: number;
  readonly maxRecordBytes: number;
  readonly maxAnswerBytes: number;
  readonly maxUpdatesPerMinute: number;
  readonly maxRounds: number;
  readonly maxPollsPerInterval: number;
  readonly clock: Clock;
  readonly instanceId: string;
  readonly #onError: (error: Error) => void;
  readonly #running = new Map<string, { task: RunningTask; done: Promise<void> }>();
  /** Signals asked for by tasks' handlers (`taskCancelSignal`), by task id, until the task ends. */
  readonly #cancelSignals = new Map<string, AbortController>();
  readonly #polls: PollGate;
  #lastPurge = 0;
  #closed = false;

  constructor(options: TasksOptions = {}) {
    this.store = options.store ?? new MemoryTaskStore();
    this.ttlMs = positive('ttlMs', options.ttlMs, DEFAULT_TASK_TTL_MS);
    this.pollIntervalMs = positive('pollIntervalMs', options.pollIntervalMs, DEFAULT_TASK_POLL_INTERVAL_MS);
    this.leaseMs = positive('leaseMs', options.leaseMs, DEFAULT_TASK_LEASE_MS);
    this.maxTasksPerPrincipal = positive(
      'maxTasksPerPrincipal',
      options.maxTasksPerPrincipal,
      DEFAULT_MAX_TASKS_PER_PRINCIPAL,
    );
    this.maxRecordBytes = positive('maxRecordBytes', options.maxRecordBytes, DEFAULT_MAX_TASK_RECORD_BYTES);
    this.maxAnswerBytes = positive('maxAnswerBytes', options.maxAnswerBytes, DEFAULT_MAX_TASK_ANSWER_BYTES);
    this.maxUpdatesPerMinute = positive(
      'maxUpdatesPerMinute',
      options.maxUpdatesPerMinute,
      DEFAULT_MAX_TASK_UPDATES_PER_MINUTE,
    );
    this.maxRounds = positive('maxRounds', options.maxRounds, DEFAULT_MAX_TASK_ROUNDS);
    this.maxPollsPerInterval = positive(
      'maxPollsPerInterval',
      options.maxPollsPerInterval,
      DEFAULT_MAX_TASK_POLLS_PER_INTERVAL,
    );
    this.#polls = new PollGate(2 * this.maxPollsPerInterval, this.maxPollsPerInterval, POLL_GATE_ENTRIES);
    this.clock = options.clock ?? systemClock;
    this.instanceId = options.instanceId ?? bytesToBase64Url(randomBytes(12));
    this.#onError = options.onError ?? (() => {});
  }

  /** Tasks whose handler runs on this instance now. */
  get runningCount(): number {
    return this.#running.size;
  }

  /** Resolves once no handler runs on this instance (tests wait on it instead of sleeping). */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running.values()].map((r) => r.done));
  }

  /**
   * Stops this instance's runs without touching their records (as a crash would): their leases lapse and
   * another instance takes them over. Closes the store.
   */
  async close(): Promise<void> {
    this.#closed = true;
    for (const { task } of this.#running.values()) task.abort('engine closed');
    await Promise.allSettled([...this.#running.values()].map((r) => r.done));
    await this.store.close?.();
  }

  /** @internal T-07: creates a task, durably, and starts its first run here (task delivery calls it). */
  async create(
    input: {
      principal: string;
      call: TaskRecord['call'];
      envelope: Record<string, unknown>;
      state: FlowState;
      ttlMs?: number;
      pollIntervalMs?: number;
    },
    runner: TaskRunner,
  ): Promise<TaskRecord> {
    const now = this.clock.now();
    const ttlMs = input.ttlMs ?? this.ttlMs;
    const record: TaskRecord = {
      id: mintTaskId(),
      principal: input.principal,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs,
      pollIntervalMs: input.pollIntervalMs ?? this.pollIntervalMs,
      expiresAt: now + ttlMs,
      call: input.call,
      envelope: input.envelope,
      state: input.state,
      issued: [],
      lease: { owner: this.instanceId, until: now + this.leaseMs },
    };
    this.#checkSize(record, 'tools/call: the call is too large to keep as a task');
    const outcome = await this.store.create(record, { maxPerPrincipal: this.maxTasksPerPrincipal, now });
    if (outcome === 'limit') {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `tools/call: this client already holds ${this.maxTasksPerPrincipal} tasks (maxTasksPerPrincipal); ` +
          'wait for them to expire or cancel some',
      );
    }
    this.#purgeNow(now);
    this.#start({ record, version: 1 }, runner);
    return record;
  }

  /** @internal T-09, T-17, T-19: the caller's task, or -32602 as for an unknown id; takes over an orphaned task. */
  async get(principal: string, id: unknown, runner: TaskRunner): Promise<TaskRecord> {
    const stored = await this.#read(principal, id);
    // T-11: counted once the task is known to be the caller's, so only real tasks take room in the gate.
    const waitMs = this.#polls.take(stored.record.id, stored.record.pollIntervalMs, this.clock.now());
    if (waitMs > 0) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `tasks/get: this task is polled much faster than its pollIntervalMs (${stored.record.pollIntervalMs} ms); ` +
          `wait ${waitMs} ms`,
        { retryAfterMs: waitMs },
      );
    }
    return (await this.#takeOverIfOrphaned(stored, runner)).record;
  }

  /** @internal T-13: records the answers to outstanding keys; once none is left, resumes the handler here. */
  async update(
    principal: string,
    id: unknown,
    responses: Record<string, unknown>,
    runner: TaskRunner,
  ): Promise<void> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const stored = await this.#read(principal, id);
      const record = stored.record;
      if (record.status !== 'input_required') {
        await this.#takeOverIfOrphaned(stored, runner);
        return; // nothing outstanding: every key is ignored (T-13)
      }
      const keys = { ...record.keys };
      const inputRequests = { ...record.inputRequests };
      const answers = { ...record.answers };
      let accepted = 0;
      for (const key of Object.keys(responses)) {
        // Own keys only, so `__proto__` or `constructor` never answer anything.
        if (!Object.hasOwn(keys, key)) continue;
        const value = responses[key];
        const bytes = recordBytes(JSON.stringify(value) ?? 'null');
        if (bytes > this.maxAnswerBytes) {
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `tasks/update: inputResponses["${key.slice(0, 64)}"] is ${bytes} bytes; at most ${this.maxAnswerBytes} are accepted`,
          );
        }
        answers[keys[key] as string] = value;
        delete keys[key];
        delete inputRequests[key];
        accepted++;
      }
      if (accepted === 0) return;
      const now = this.clock.now();
      const updates = this.#countUpdate(record, now);
      const done = Object.keys(keys).length === 0;
      const next: TaskRecord = {
        ...record,
        answers,
        lastUpdatedAt: now,
        updates,
        ...(done
          ? {
              status: 'working',
              inputRequests: undefined,
              keys: undefined,
              lease: { owner: this.instanceId, until: now + this.leaseMs },
            }
          : { inputRequests, keys }),
      };
      this.#checkSize(next, 'tasks/update: the answers make the task too large');
      if (await this.store.replace(record.id, stored.version, next)) {
        if (done) this.#start({ record: next, version: stored.version + 1 }, runner);
        return;
      }
    }
    throw new ProtocolError(ProtocolErrorCode.InternalError, 'tasks/update: the task keeps changing; retry');
  }

  /**
   * @internal For `taskCancelSignal`: aborts when task `id` is cancelled on this instance, also while none of its
   * passes runs; kept until the task ends (at most {@link MAX_CANCEL_SIGNALS}: the oldest is let go first).
   */
  cancelSignal(id: string): AbortSignal {
    let controller = this.#cancelSignals.get(id);
    if (!controller) {
      controller = new AbortController();
      this.#cancelSignals.set(id, controller);
      const oldest = this.#cancelSignals.keys().next().value;
      if (this.#cancelSignals.size > MAX_CANCEL_SIGNALS && oldest !== undefined) {
        this.#cancelSignals.delete(oldest);
      }
    }
    return controller.signal;
  }

  /** @internal T-15: ends the task as `cancelled` unless it ended; the handler's signal aborts wherever it runs. */
  async cancel(principal: string, id: unknown): Promise<void> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const stored = await this.#read(principal, id);
      const record = stored.record;
      if (isTerminal(record.status)) return;
      const next: TaskRecord = {
        ...record,
        status: 'cancelled',
        statusMessage: 'Cancelled at the client’s request.',
        lastUpdatedAt: this.clock.now(),
        inputRequests: undefined,
        keys: undefined,
        answers: undefined,
        lease: undefined,
      };
      if (await this.store.replace(record.id, stored.version, next)) {
        // Here at once; on another instance at its next lease renewal, which finds the record cancelled.
        this.#running.get(record.id)?.task.abort('cancelled');
        this.#cancelSignals.get(record.id)?.abort(new Error('the task was cancelled'));
        this.#cancelSignals.delete(record.id);
        return;
      }
    }
    throw new ProtocolError(ProtocolErrorCode.InternalError, 'tasks/cancel: the task keeps changing; retry');
  }

  async #read(principal: string, id: unknown): Promise<StoredTask> {
    if (!isWellFormedTaskId(id)) throw unknownTask();
    const stored = await this.store.get(id);
    // T-19: another principal's task answers exactly like an unknown one.
    if (!stored || stored.record.principal !== principal) throw unknownTask();
    if (stored.record.expiresAt <= this.clock.now()) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Failed to retrieve task: Task has expired');
    }
    return stored;
  }

  /** A `working` task whose lease lapsed has lost its instance: claim it and replay the handler here. */
  async #takeOverIfOrphaned(stored: StoredTask, runner: TaskRunner): Promise<StoredTask> {
    const record = stored.record;
    const now = this.clock.now();
    if (record.status !== 'working' || this.#running.has(record.id) || this.#closed) return stored;
    if (record.lease && record.lease.until > now) return stored;
    const next: TaskRecord = { ...record, lease: { owner: this.instanceId, until: now + this.leaseMs } };
    if (!(await this.store.replace(record.id, stored.version, next))) return stored;
    const claimed = { record: next, version: stored.version + 1 };
    this.#start(claimed, runner);
    return claimed;
  }

  #start(stored: StoredTask, runner: TaskRunner): void {
    const task = new RunningTask(stored, this.store, this.instanceId);
    task.keepLease(Math.max(1, Math.floor(this.leaseMs / 3)), () => this.clock.now() + this.leaseMs);
    const done = this.#run(task, runner).finally(() => {
      task.stop();
      this.#running.delete(task.id);
    });
    this.#running.set(task.id, { task, done });
  }

  async #run(task: RunningTask, runner: TaskRunner): Promise<void> {
    let outcome: PassOutcome;
    try {
      outcome = await runner(task);
    } catch (error) {
      this.#onError(error instanceof Error ? error : new Error(String(error)));
      outcome = { kind: 'error', error: toTaskError(error) };
    }
    task.stop(); // no lease renewal may follow the settling write
    if (outcome.kind === 'result' || outcome.kind === 'error') this.#cancelSignals.delete(task.id);
    if (outcome.kind === 'aborted' || task.signal.aborted) return;
    try {
      await task.write((record) => this.#settle(record, outcome));
    } catch (error) {
      // The store is away: the lease lapses and another instance (or this one, on the next poll) replays.
      this.#onError(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** The record after a run: waiting for the next answers, or ended. */
  #settle(record: TaskRecord, outcome: Exclude<PassOutcome, { kind: 'aborted' }>): TaskRecord {
    const now = this.clock.now();
    const base = { ...record, lastUpdatedAt: now, lease: undefined, answers: undefined };
    if (outcome.kind === 'input') {
      // T-12: a key is never issued twice in a task's life; a question asked again gets a new one.
      const issued = [...record.issued];
      const inputRequests: Record<string, InputRequest> = {};
      const keys: Record<string, string> = {};
      for (const [key, request] of Object.entries(outcome.inputRequests)) {
        let wire = key;
        for (let n = 2; issued.includes(wire); n++) wire = `${key}.${n}`;
        issued.push(wire);
        inputRequests[wire] = request;
        keys[wire] = key;
      }
      const next: TaskRecord = {
        ...base,
        status: 'input_required',
        state: outcome.state,
        inputRequests,
        keys,
        issued,
      };
      if (recordBytes(JSON.stringify(next)) <= this.maxRecordBytes) return next;
      return failed(base, {
        code: -32603,
        message: 'The task grew past maxRecordBytes; keep step results small',
      });
    }
    if (outcome.kind === 'result') {
      const next: TaskRecord = { ...base, status: 'completed', result: outcome.result };
      if (recordBytes(JSON.stringify(next)) <= this.maxRecordBytes) return next;
      return failed(base, { code: -32603, message: 'The tool result is larger than maxRecordBytes' });
    }
    return failed(base, outcome.error);
  }

  #countUpdate(record: TaskRecord, now: number): TaskRecord['updates'] {
    const window = record.updates;
    const current = window && now - window.windowStart < MINUTE_MS ? window : { windowStart: now, count: 0 };
    if (current.count >= this.maxUpdatesPerMinute) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `tasks/update: more than ${this.maxUpdatesPerMinute} updates of this task in a minute; wait and retry`,
      );
    }
    return { windowStart: current.windowStart, count: current.count + 1 };
  }

  #checkSize(record: TaskRecord, message: string): void {
    const bytes = recordBytes(JSON.stringify(record));
    if (bytes > this.maxRecordBytes) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `${message} (${bytes} bytes; maxRecordBytes is ${this.maxRecordBytes})`,
      );
    }
  }

  #purgeNow(now: number): void {
    if (now - this.#lastPurge < PURGE_EVERY_MS) return;
    this.#lastPurge = now;
    this.store.purge(now).catch((error: unknown) => {
      this.#onError(error instanceof Error ? error : new Error(String(error)));
    });
  }
}

/** Makes the task engine of a server process; pass it to every server's `enableElicitation(server, { tasks })`. */
export function createTasks(options: TasksOptions = {}): Tasks {
  return new Tasks(options);
}

function failed(record: TaskRecord, error: TaskError): TaskRecord {
  // T-16: failed carries the JSON-RPC error and a diagnostic message.
  return { ...record, status: 'failed', error, statusMessage: `Failed: ${error.message}`.slice(0, 500) };
}

/** A JSON-RPC error from what a run threw (T-16: only protocol errors fail a task). */
export function toTaskError(error: unknown): TaskError {
  if (error instanceof ProtocolError) {
    return {
      code: error.code,
      message: error.message,
      ...(error.data !== undefined && { data: error.data }),
    };
  }
  return { code: -32603, message: error instanceof Error ? error.message : String(error) };
}

function positive(option: string, value: number | undefined, fallback: number): number {
  return integerOption(option, value ?? fallback, { min: 1 });
}
