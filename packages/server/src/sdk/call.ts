import { type Clock, type ElicitationMode, isElicitkitError, timerSleep } from '@elicitkit/core';
import type { AuthInfo, ClientCapabilities } from '@modelcontextprotocol/server';
import {
  type AbortReason,
  elicitationAbortedError,
  elicitationFailedError,
  elicitationTimeoutError,
  noBackChannelError,
} from '../errors.js';
import { sleepOn, tickWhileWaiting, WAITING_MESSAGE } from './progress.js';
import type {
  AskStop,
  CallSeam,
  ElicitAnswer,
  ElicitSendOptions,
  SdkCall,
  SdkFailure,
  SdkGeneration,
  ServerSeam,
} from './seam.js';

/** How a call waits: the clock its timers run on, and the progress cadence (`false`: no progress). */
export interface WaitPolicy {
  clock: Clock;
  progressIntervalMs: number | false;
}

/**
 * The call logic both adapters share: the elicitation's timeout (the SDK's own timer on the system clock when there is
 * no progress to send, ours on the policy's clock otherwise; both read as `elicitation-timeout`), what stops it,
 * progress while waiting, and the one mapping from SDK errors to elicitkit's typed errors.
 */
export class Call implements CallSeam {
  readonly #sdk: SdkCall;
  readonly #policy: WaitPolicy;
  #progress = 0;
  #thrown: Error | undefined;

  constructor(sdk: SdkCall, policy: WaitPolicy) {
    this.#sdk = sdk;
    this.#policy = policy;
  }

  get sdk(): SdkGeneration {
    return this.#sdk.sdk;
  }
  get server(): ServerSeam {
    return this.#sdk.server;
  }
  get revision(): string | undefined {
    return this.#sdk.revision;
  }
  clientCapabilities(): ClientCapabilities | undefined {
    return this.#sdk.clientCapabilities();
  }
  clientInfo(): { name?: unknown; version?: unknown } | undefined {
    return this.#sdk.clientInfo();
  }
  get signal(): AbortSignal {
    return this.#sdk.signal;
  }
  get authInfo(): AuthInfo | undefined {
    return this.#sdk.authInfo;
  }
  get httpRequest(): Request | undefined {
    return this.#sdk.httpRequest;
  }
  get meta(): Readonly<Record<string, unknown>> | undefined {
    return this.#sdk.meta;
  }
  get progressToken(): string | number | undefined {
    const token = this.#sdk.meta?.progressToken;
    return typeof token === 'string' || typeof token === 'number' ? token : undefined;
  }

  stopReason(): 'tool-call-cancelled' | 'disconnected' | undefined {
    if (this.#sdk.signal.aborted)
      return this.#sdk.connectionClosed() ? 'disconnected' : 'tool-call-cancelled';
    if (this.#sdk.streamSignal?.aborted) return 'disconnected';
    return undefined;
  }

  throwing<E extends Error>(error: E): E {
    this.#thrown = error;
    return error;
  }

  /** The error marked by {@link throwing}, for the adapter that must let it through. */
  get thrown(): Error | undefined {
    return this.#thrown;
  }

  notify(method: string, params?: Record<string, unknown>): Promise<void> {
    return this.#sdk.sendNotification(params === undefined ? { method } : { method, params });
  }

  keepAlive(until: AbortSignal): void {
    const token = this.progressToken;
    const interval = this.#policy.progressIntervalMs;
    if (token === undefined || interval === false || until.aborted) return;
    tickWhileWaiting(this.#policy.clock, interval, until, () =>
      this.notify('notifications/progress', {
        progressToken: token,
        progress: ++this.#progress,
        message: WAITING_MESSAGE,
      }),
    );
  }

  async elicit(params: Record<string, unknown>, options: ElicitSendOptions): Promise<ElicitAnswer> {
    const author = options.signal;
    const early = this.#stopped(author);
    if (early) throw elicitationAbortedError(early);
    // On the system clock with no progress to send, the SDK's own timer (its timeout reads as ours); otherwise
    // ours, on the injected clock, with the progress beside it.
    let ask: Stop;
    let own: AbortController | undefined;
    if (this.#needsOwnTimer()) {
      const link = this.#link(author);
      own = this.#wait(options.timeoutMs, link);
      ask = link;
    } else {
      ask = this.#stopFor(author);
    }
    try {
      const result = await this.#sdk.sendRequest(
        { method: 'elicitation/create', params },
        ask,
        own ? undefined : options.timeoutMs,
      );
      return readAnswer(result, options.mode);
    } catch (error) {
      throw explain(error, this.#stopped(author), ask.timedOut, options, this.#sdk);
    } finally {
      ask.unlink();
      own?.abort(DONE);
    }
  }

  /**
   * What the SDK watches to stop one ask when its own timer times it. The call's own signal when nothing else can
   * stop the ask and the SDK takes its listener off after (v2): nothing to make or link. Otherwise a
   * {@link StopLink}, aborted by whatever stops the wait (the call, its stream, the author, our timer), linked by
   * hand and unlinked after (cheaper than `AbortSignal.any`, whose composites pile up on the call's signal).
   */
  #stopFor(author: AbortSignal | undefined): Stop {
    const sdk = this.#sdk;
    if (sdk.releasesSignalListeners && !author && !sdk.streamSignal) return new CallStop(sdk.signal);
    return this.#link(author);
  }

  #link(author: AbortSignal | undefined): StopLink {
    return new StopLink(this.#sdk.signal, this.#sdk.streamSignal, author);
  }

  #stopped(author: AbortSignal | undefined): AbortReason | undefined {
    return this.stopReason() ?? (author?.aborted ? 'signal' : undefined);
  }

  /** Whether the wait needs a timer of ours: an injected clock, or progress to send on it. */
  #needsOwnTimer(): boolean {
    const clock = this.#policy.clock;
    const progress = this.progressToken !== undefined && this.#policy.progressIntervalMs !== false;
    return progress || (clock.sleep !== undefined && clock.sleep !== timerSleep);
  }

  /** Starts the wait's timer and progress on the policy's clock; returns the controller that ends them. */
  #wait(timeoutMs: number, ask: StopLink): AbortController {
    const done = new AbortController();
    sleepOn(this.#policy.clock, timeoutMs, done.signal).then(
      () => ask.timeout(),
      () => {},
    );
    this.keepAlive(done.signal);
    return done;
  }
}

/** What stops one ask, as `elicit` uses it. */
interface Stop extends AskStop {
  readonly timedOut: boolean;
  unlink(): void;
}

/** The call's own signal as an ask's stop: it never times out (the SDK's timer does), and there is nothing to unlink. */
class CallStop implements Stop {
  readonly signal: AbortSignal;
  readonly timedOut = false;

  constructor(signal: AbortSignal) {
    this.signal = signal;
  }
  get aborted(): boolean {
    return this.signal.aborted;
  }
  get reason(): unknown {
    return this.signal.reason;
  }
  throwIfAborted(): void {
    this.signal.throwIfAborted();
  }
  addEventListener(type: 'abort', listener: () => void): void {
    this.signal.addEventListener(type, listener);
  }
  removeEventListener(type: 'abort', listener: () => void): void {
    this.signal.removeEventListener(type, listener);
  }
  unlink(): void {}
}

/**
 * What stops one ask, linked to its sources (the call, its stream, the author) by one listener object each, and
 * aborted by our timer. It is itself the signal the v1 adapter hands its SDK, which only reads `aborted`, `reason`,
 * `throwIfAborted()` and `addEventListener('abort')` (pinned by the v1 cancellation tests): a Node AbortController
 * costs microseconds to make, a tenth of a whole round trip. A real AbortSignal is made only when asked for (v2).
 */
class StopLink implements Stop {
  readonly #sources: (AbortSignal | undefined)[];
  #listeners: (() => void)[] | undefined;
  #controller: AbortController | undefined;
  aborted = false;
  reason: unknown;
  timedOut = false;

  constructor(...sources: (AbortSignal | undefined)[]) {
    this.#sources = sources;
    for (const source of sources) source?.addEventListener('abort', this, ONCE);
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    if (this.#listeners) this.#listeners.push(listener);
    else this.#listeners = [listener];
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const at = this.#listeners?.indexOf(listener) ?? -1;
    if (at >= 0) this.#listeners?.splice(at, 1);
  }

  /** The sources' `abort` events land here. */
  handleEvent(): void {
    this.#abort();
  }

  timeout(): void {
    this.timedOut = true;
    this.#abort();
  }

  unlink(): void {
    for (const source of this.#sources) source?.removeEventListener('abort', this);
  }

  #abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = STOPPED;
    this.#controller?.abort(STOPPED);
    for (const listener of this.#listeners ?? []) listener();
  }
}

// Abort reasons without a stack: `abort()` alone builds a DOMException each time, and these fire once per ask.
// STOPPED is what the client reads as the reason of its `notifications/cancelled` (the SDKs send `String(reason)`).
const STOPPED = 'The elicitation is no longer needed';
const DONE = 'done';
const ONCE = Object.freeze({ once: true });

/**
 * A result the client sent. A form's `content` goes on to the form's own check (which names the field at fault); a
 * URL answer's is dropped (E-16: accept is consent, not data), after checking it is the spec's flat shape at all.
 */
function readAnswer(value: unknown, mode: ElicitationMode): ElicitAnswer {
  const result = value as { action?: unknown; content?: unknown } | null;
  const action = typeof result === 'object' && result !== null ? result.action : undefined;
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') {
    throw elicitationFailedError(
      'the client sent a malformed result (action must be "accept", "decline" or "cancel")',
    );
  }
  if (mode === 'url') {
    if (result?.content !== undefined && !isFlatContent(result.content)) {
      throw elicitationFailedError(
        'the client sent a malformed result (content must be an object of plain values)',
      );
    }
    return { action };
  }
  return result?.content === undefined ? { action } : { action, content: result.content };
}

/**
 * `ElicitResult.content`'s shape: an object of strings, numbers, booleans and arrays of strings. A `__proto__` key
 * (an own key once parsed from JSON) is nobody's field and is passed over, as the SDKs' schemas do.
 */
function isFlatContent(content: unknown): boolean {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return false;
  for (const [key, value] of Object.entries(content)) {
    if (key === '__proto__') continue;
    const ok =
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      (Array.isArray(value) && value.every((item) => typeof item === 'string'));
    if (!ok) return false;
  }
  return true;
}

/** The one mapping from what ended a request to elicitkit's typed errors; `cause` keeps the SDK's error. */
function explain(
  error: unknown,
  stopped: AbortReason | undefined,
  timedOut: boolean,
  options: ElicitSendOptions,
  sdk: SdkCall,
): Error {
  const cause = { cause: error };
  if (stopped) return elicitationAbortedError(stopped, cause);
  if (timedOut) return elicitationTimeoutError(options.timeoutMs, cause);
  if (isElicitkitError(error)) return error;
  return failureError(sdk.classify(error), options.mode, options.timeoutMs, cause);
}

// A client's error message is echoed to the tool's caller: at most this much of it.
const SHOWN_PEER_MESSAGE = 500;

export function failureError(
  failure: SdkFailure,
  mode: ElicitationMode,
  timeoutMs: number,
  cause: ErrorOptions,
): Error {
  switch (failure.kind) {
    case 'disconnected':
      return elicitationAbortedError('disconnected', cause);
    case 'timeout':
      return elicitationTimeoutError(timeoutMs, cause);
    case 'no-back-channel':
      return noBackChannelError(mode, failure.detail, cause);
    case 'malformed':
      return elicitationFailedError(`the client sent a malformed result (${failure.detail})`, cause);
    case 'peer-error':
      return elicitationFailedError(
        `the client answered with error ${String(failure.code).slice(0, 32)}: ${failure.message.slice(0, SHOWN_PEER_MESSAGE)}`,
        cause,
      );
    case 'other':
      return elicitationFailedError(failure.message, cause);
  }
}
