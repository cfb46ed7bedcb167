import { type Clock, type ElicitationMode, isElicitkitError } from '@elicitkit/core';
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
 * The call logic both adapters share: the elicitation's own timeout (on the injected clock, so the SDK's timer never
 * decides), what stops it, progress while waiting, and the one mapping from SDK errors to elicitkit's typed errors.
 */
export class Call implements CallSeam {
  readonly #sdk: SdkCall;
  readonly #policy: WaitPolicy;
  #progress = 0;

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
    const stopped = () => this.stopReason() ?? (author?.aborted ? 'signal' : undefined);
    const early = stopped();
    if (early) throw elicitationAbortedError(early);
    const timedOut = new AbortController();
    const waiting = new AbortController();
    const signals = [this.#sdk.signal, timedOut.signal, this.#sdk.streamSignal, author];
    const any = AbortSignal.any(signals.filter((s): s is AbortSignal => s !== undefined));
    sleepOn(this.#policy.clock, options.timeoutMs, waiting.signal).then(
      () => timedOut.abort(),
      () => {},
    );
    this.keepAlive(waiting.signal);
    try {
      return readAnswer(await this.#sdk.sendRequest({ method: 'elicitation/create', params }, any));
    } catch (error) {
      throw explain(error, stopped(), timedOut.signal.aborted, options, (e) => this.#sdk.classify(e));
    } finally {
      waiting.abort();
    }
  }
}

/** A result the client sent: only `action` is checked here; `content` goes on to the form's own check. */
function readAnswer(value: unknown): ElicitAnswer {
  const result = value as { action?: unknown; content?: unknown } | null;
  const action = typeof result === 'object' && result !== null ? result.action : undefined;
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') {
    throw elicitationFailedError(
      'the client sent a malformed result (action must be "accept", "decline" or "cancel")',
    );
  }
  return result?.content === undefined ? { action } : { action, content: result.content };
}

/** The one mapping from what ended a request to elicitkit's typed errors; `cause` keeps the SDK's error. */
function explain(
  error: unknown,
  stopped: AbortReason | undefined,
  timedOut: boolean,
  options: ElicitSendOptions,
  classify: (error: unknown) => SdkFailure,
): Error {
  const cause = { cause: error };
  if (stopped) return elicitationAbortedError(stopped, cause);
  if (timedOut) return elicitationTimeoutError(options.timeoutMs, cause);
  if (isElicitkitError(error)) return error;
  return failureError(classify(error), options.mode, cause);
}

// A client's error message is echoed to the tool's caller: at most this much of it.
const SHOWN_PEER_MESSAGE = 500;

export function failureError(failure: SdkFailure, mode: ElicitationMode, cause: ErrorOptions): Error {
  switch (failure.kind) {
    case 'disconnected':
      return elicitationAbortedError('disconnected', cause);
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
