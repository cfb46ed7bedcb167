import type { ElicitationMode } from '@elicitkit/core';
import type { InputRequest, InputRequiredResult } from '@modelcontextprotocol/server';
import { invalidOptionError } from '../errors.js';

/**
 * One run of a handler on a 2026-07-28 request (multi round-trip requests). The handler is re-entered once per
 * round; each ask it makes has a stable position (the order of asks in the run), so the answers of earlier rounds
 * come back from the sealed `requestState` and this round's from `inputResponses`. The first unanswered ask ends
 * the run: every ask made before the run stops goes out together in one `InputRequiredResult` (M-02).
 *
 * Nothing here is kept on the server between rounds (M-18): the state below is all there is, sealed into
 * `requestState` by `enableElicitation`.
 */

/** An answer as it was accepted from the client: `action`, and `content` for a form accept. */
export interface RecordedAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

/** The state a flow carries from round to round (inside the sealed `requestState`). */
export interface FlowState {
  /** Flow id: random per flow, names it for single-use checks (M-07). */
  f: string;
  /** Rounds answered so far. */
  n: number;
  /** Answered asks, by position: [digest of the ask, the answer]. */
  a: ([string, RecordedAnswer] | null)[];
  /** Asks sent in the last round, awaiting an answer: [position, digest, attempts so far, key]. */
  q: [number, string, number, string][];
  /** Memoized steps, by position: [name, JSON value]. */
  s: [string, unknown][];
  /** URL flows started by asks, by position: [position, record id]. */
  u: [number, string][];
  /** The handler's own `requestState`, when it returned an input-required result itself. */
  h?: string;
}

/**
 * Control flow, not an error: thrown out of `elicitForm` (and the URL helpers) to end this round. The round ends
 * whatever the handler does with it (`enableElicitation` reads `round.interrupted`, not this throw), so it is neither
 * an `ElicitkitError` nor exported; it extends `Error` only so that a handler logging it sees what it is.
 */
export class InputRequiredInterrupt extends Error {
  constructor() {
    super(
      'elicitkit: this round ends here so the client can ask the user (MCP 2026-07-28 multi round-trip ' +
        'requests); the handler runs again with the answer. If you catch errors around elicitForm, rethrow this one.',
    );
    this.name = 'InputRequiredInterrupt';
  }
}

/**
 * The interrupt, without a stack trace: it is control flow thrown once per round, never a bug to locate, and
 * capturing a trace through the handler's frames cost ~30–60 µs a round (bench/server-mrtr).
 */
function interrupt(): InputRequiredInterrupt {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new InputRequiredInterrupt();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

export function newFlowState(flowId: string): FlowState {
  return { f: flowId, n: 0, a: [], q: [], s: [], u: [] };
}

/** The key of the ask at `position` in `inputRequests` / `inputResponses`, unless the author named it. */
export function defaultAskKey(position: number): string {
  return `ask-${position}`;
}

const ASK_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

/** Whether `key` can name an ask in `inputRequests` (`DeliveryOptions.key`): 1 to 64 letters, digits, "_", "." or "-". */
export function isAskKey(key: unknown): key is string {
  return typeof key === 'string' && ASK_KEY.test(key);
}

/** Checks an author-chosen key (M-02: keys are the server's, unique within the request). */
export function checkAskKey(key: string): string {
  if (!isAskKey(key)) {
    throw invalidOptionError('key', 'must be 1 to 64 letters, digits, "_", "." or "-"');
  }
  return key;
}

export class Round {
  readonly state: FlowState;
  readonly #responses: Readonly<Record<string, unknown>>;
  /** Positions asked in the previous round, with their digest, attempts and key. */
  readonly #previouslyAsked: Map<number, { digest: string; attempts: number; key: string }>;
  /** A first request (no `requestState`): answers sent in advance under an ask's key are read. */
  readonly #fresh: boolean;
  readonly #asked = new Map<string, InputRequest>();
  readonly #nextQueue: [number, string, number, string][] = [];
  #nextAsk = 0;
  #nextStep = 0;
  #stateOnly = false;
  #rerun = false;
  #pending = 0;
  #idle: (() => void) | undefined;

  /** M-10: how many times one question is asked before its answer fails for good. */
  readonly maxAttempts: number;
  readonly #onStep: ((round: Round) => Promise<void>) | undefined;

  constructor(
    state: FlowState,
    responses: Readonly<Record<string, unknown>> | undefined,
    options: { maxAttempts: number; fresh: boolean; onStep?: ((round: Round) => Promise<void>) | undefined },
  ) {
    this.state = state;
    this.maxAttempts = options.maxAttempts;
    this.#onStep = options.onStep;
    this.#fresh = options.fresh;
    this.#responses = responses ?? {};
    this.#previouslyAsked = new Map(
      state.q.map(([position, digest, attempts, key]) => [position, { digest, attempts, key }]),
    );
  }

  /**
   * The elicitation mode an ask of this run needed but the host did not declare (M-04). If the handler lets that
   * refusal end the request, the host gets -32021 (M-19); a handler that catches it and falls back is left alone.
   */
  missingMode: ElicitationMode | undefined;

  /** Whether this run ended the round (some ask is unanswered, or a URL flow is still pending). */
  get interrupted(): boolean {
    return this.#asked.size > 0 || this.#stateOnly;
  }

  /** A URL flow completed while the request was held: run the handler again at once in the same request. */
  get rerunRequested(): boolean {
    return this.#rerun && !this.interrupted;
  }

  /** Claims the next ask position. Synchronous, so asks made together (`Promise.all`) keep their order. */
  claimAsk(): number {
    this.#pending++;
    return this.#nextAsk++;
  }

  claimStep(): number {
    return this.#nextStep++;
  }

  /** Marks one claimed ask as settled (answered from state, asked, or failed). */
  settle(): void {
    this.#pending--;
    if (this.#pending === 0) this.#idle?.();
  }

  /** Resolves once every claimed ask has settled, so that asks made together all reach the result. */
  whenSettled(): Promise<void> {
    if (this.#pending <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#idle = resolve;
    });
  }

  /** The answer recorded for `position` in an earlier round, if the ask there is still the same one. */
  recorded(position: number, digest: string): RecordedAnswer | undefined {
    const entry = this.state.a[position];
    return entry && entry[0] === digest ? entry[1] : undefined;
  }

  /**
   * This round's response to the ask at `position`, if that very ask was sent last round: the raw value from
   * `inputResponses` (untrusted, may be anything or missing) and how many attempts were made.
   */
  response(position: number, digest: string, key: string): { value: unknown; attempts: number } | undefined {
    const asked = this.#previouslyAsked.get(position);
    // M-09: only the keys this server assigned are read, and only as own keys: the SDK copies the map into a
    // plain object, so an entry named `__proto__` becomes its prototype and would otherwise answer any key.
    const own = (k: string) => (Object.hasOwn(this.#responses, k) ? this.#responses[k] : undefined);
    const value = own(key);
    if (asked)
      return asked.digest === digest ? { value: own(asked.key), attempts: asked.attempts } : undefined;
    // An answer sent in advance with the first request is read like any other (and validated like any other).
    return this.#fresh && value !== undefined ? { value, attempts: 0 } : undefined;
  }

  record(position: number, digest: string, answer: RecordedAnswer): void {
    while (this.state.a.length < position) this.state.a.push(null);
    this.state.a[position] = [digest, answer];
  }

  /** Adds an ask to this round's `inputRequests` and ends the run (throws {@link InputRequiredInterrupt}). */
  ask(position: number, digest: string, attempts: number, key: string, request: InputRequest): never {
    this.queue(position, digest, attempts, key, request);
    throw interrupt();
  }

  /** Adds an ask to this round's `inputRequests` without ending the run yet (several asks of one call). */
  queue(position: number, digest: string, attempts: number, key: string, request: InputRequest): void {
    // M-02: keys unique within the request.
    if (this.#asked.has(key)) throw invalidOptionError('key', `"${key}" is used by two asks of one request`);
    this.#asked.set(key, request);
    this.#nextQueue.push([position, digest, attempts, key]);
  }

  /** Ends the run after {@link queue}. */
  end(): never {
    throw interrupt();
  }

  /** Ends the run with a `requestState`-only result: the client retries at once (M-11), nothing to show. */
  holdOver(): never {
    this.#stateOnly = true;
    throw interrupt();
  }

  requestRerun(): never {
    this.#rerun = true;
    throw interrupt();
  }

  urlRecord(position: number): string | undefined {
    return this.state.u.find(([p]) => p === position)?.[1];
  }

  rememberUrlRecord(position: number, recordId: string): void {
    this.state.u = [...this.state.u.filter(([p]) => p !== position), [position, recordId]];
  }

  forgetUrlRecord(position: number): void {
    this.state.u = this.state.u.filter(([p]) => p !== position);
    if (this.state.a[position]) this.state.a[position] = null;
  }

  step(position: number, name: string): { found: true; value: unknown } | { found: false } {
    const entry = this.state.s[position];
    return entry && entry[0] === name ? { found: true, value: entry[1] } : { found: false };
  }

  /** Records a step's result; where the flow keeps steps as they happen (a task's record), it is written there too. */
  async recordStep(position: number, name: string, value: unknown): Promise<void> {
    this.state.s[position] = [name, value];
    await this.#onStep?.(this);
  }

  /** The next round's state and what to ask in it. */
  nextRound(): { state: FlowState; inputRequests?: Record<string, InputRequest> } {
    const state: FlowState = { ...this.state, n: this.state.n + 1, q: this.#nextQueue };
    if (this.#asked.size === 0) return { state };
    return { state, inputRequests: Object.fromEntries(this.#asked) };
  }
}

export type { InputRequiredResult };
