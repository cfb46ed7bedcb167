import type { CompletionWait, FormAnswer, FormPrompt, UrlAnswer, UrlPrompt } from '@elicitkit/client';
import type { RequestedSchema } from '@elicitkit/core';
import type { LoggingMessageNotification, Result } from '@modelcontextprotocol/client';

/** How an event waiting for the host is settled. */
interface Settle {
  answer(value: unknown): void;
  fail(error: unknown): void;
}

/** A notification of the upstream call for the host: its progress, or a log message sent while it ran. */
export type CallNotice =
  | { kind: 'progress'; progress: number; total?: number; message?: string }
  | { kind: 'log'; params: LoggingMessageNotification['params'] }
  /** Upstream's task said how it is doing (its `statusMessage`, sanitized by the host pipeline's task follower). */
  | { kind: 'status'; message: string };

/** What upstream may send the host besides forms (2025: pushed; 2026-07-28: an input request). */
export type RelayedMethod = 'sampling/createMessage' | 'roots/list';

/** What one upstream call did, in order: each ask of the person (a form, or a request for the host), then how it ended. */
export type CallEvent =
  | { kind: 'ask'; message: string; schema: RequestedSchema; key: string | undefined }
  | { kind: 'request'; method: RelayedMethod; params: Record<string, unknown>; key: string | undefined }
  | {
      kind: 'url';
      message: string;
      /** The URL as the host pipeline analyzed and normalized it (blocked ones never get here). */
      url: string;
      key: string | undefined;
      /** When upstream says the page is done (a 2025 upstream's completion notice); none on 2026-07-28. */
      completion: ((signal: AbortSignal) => Promise<void>) | undefined;
    }
  /** Upstream answered with a task (the Tasks extension), which the bridge follows; the host may get its own. */
  | { kind: 'task' }
  | { kind: 'result'; result: Result }
  | { kind: 'failed'; error: unknown };

/**
 * One upstream `tools/call` the bridge holds while the downstream host answers. It runs on its own upstream
 * connection; its asks (2025 push, 2026 rounds or a task's `input_required`, all through the host pipeline) are
 * logged as events, numbered from 0, each waiting for its answer. A downstream 2026-07-28 host meets them one round
 * at a time and replays the log on every retry: an event already answered is not answered again.
 */
export class HeldCall {
  readonly id: string;
  /** Who started it (the downstream principal); only they reach it again. */
  readonly principal: string;
  /** When the downstream side last came for it, by the bridge's clock. */
  touchedAt: number;
  readonly #events: CallEvent[] = [];
  readonly #answers = new Map<number, Settle>();
  readonly #waiters = new Set<() => void>();
  readonly #stop = new AbortController();
  readonly #cancelSignals = new WeakSet<AbortSignal>();
  #status: Extract<CallNotice, { kind: 'status' }> | undefined;
  #listener: ((notice: CallNotice) => void) | undefined;

  readonly #retryWait: (signal: AbortSignal) => Promise<void>;

  /** `retryWait` waits before the call is tried again when upstream never says a URL's page is done. */
  constructor(id: string, principal: string, now: number, retryWait: (signal: AbortSignal) => Promise<void>) {
    this.id = id;
    this.principal = principal;
    this.touchedAt = now;
    this.#retryWait = retryWait;
  }

  /**
   * The host pipeline's wait for a consented URL's page (E-22): the host has no "retry now" to send through the
   * bridge, so the call is tried again after a while, as a person would press it; a completion notice ends the wait
   * sooner (the pipeline hears it). Upstream then asks again only for a page still not done.
   */
  async waitForCompletion(wait: CompletionWait): Promise<'retry' | 'cancel'> {
    const stop = AbortSignal.any([wait.signal, this.#stop.signal]);
    await this.#retryWait(stop).catch(() => {});
    return this.#stop.signal.aborted ? 'cancel' : 'retry';
  }

  /** Aborts when the call is given up (downstream cancel, expiry, the bridge closing): the upstream call stops. */
  get signal(): AbortSignal {
    return this.#stop.signal;
  }

  /** The host pipeline's form, as an event; resolves with the downstream answer, or `cancel` when withdrawn. */
  ask(prompt: FormPrompt): Promise<FormAnswer> {
    return this.#await<FormAnswer>(
      prompt.signal,
      { action: 'cancel' },
      {
        kind: 'ask',
        message: prompt.message,
        schema: prompt.requestedSchema,
        key: prompt.inputRequestKey,
      },
    );
  }

  /** The host pipeline's URL consent prompt, as an event; resolves with the host's decision, `cancel` when withdrawn. */
  askUrl(
    prompt: UrlPrompt,
    completion: ((signal: AbortSignal) => Promise<void>) | undefined,
  ): Promise<UrlAnswer> {
    return this.#await<UrlAnswer>(
      prompt.signal,
      { action: 'cancel' },
      {
        kind: 'url',
        message: prompt.message,
        url: prompt.url.href,
        // On 2026-07-28 the flow is named by its input-request key; a 2025 elicitationId names it only upstream.
        key: prompt.origin === 'request' && completion === undefined ? prompt.flowId : undefined,
        completion,
      },
    );
  }

  /**
   * Upstream's sampling or roots request, as an event; resolves with the host's result, rejects with its error (or
   * when upstream withdraws it).
   */
  request(event: Extract<CallEvent, { kind: 'request' }>, signal: AbortSignal): Promise<Result> {
    return this.#await<Result>(signal, undefined, event);
  }

  /** Pushes `event` and waits for its answer; `withdrawn` is the answer when `signal` aborts (none: a rejection). */
  #await<T>(signal: AbortSignal, withdrawn: T | undefined, event: CallEvent): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => (withdrawn === undefined ? settle.fail(signal.reason) : settle.answer(withdrawn));
      const settle: Settle = {
        answer: (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value as T);
        },
        fail: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#answers.set(this.#events.length, settle);
      this.#push(event);
    });
  }

  /**
   * Upstream's progress and log messages go to the downstream handler run that waits on the call now; none waiting
   * (a 2026-07-28 host between rounds), they are dropped: they tell how things go, nothing depends on them.
   */
  notify(notice: CallNotice): void {
    if (notice.kind === 'status') this.#status = notice;
    this.#listener?.(notice);
  }

  /** Whether a downstream run waits on the call now (a host is there, however long the upstream call takes). */
  get watched(): boolean {
    return this.#listener !== undefined;
  }

  /** While a downstream run waits on the call: where its notices go. Returns what stops it. */
  listen(listener: (notice: CallNotice) => void): () => void {
    this.#listener = listener;
    // A status is how things stand, not a moment: a run that comes later (a task's next pass) hears the latest.
    if (this.#status) listener(this.#status);
    return () => {
      if (this.#listener === listener) this.#listener = undefined;
    };
  }

  end(event: Extract<CallEvent, { kind: 'result' | 'failed' }>): void {
    this.#push(event);
  }

  /** Upstream made the call a task: the host's own call may become one from here. */
  taskStarted(): void {
    this.#push({ kind: 'task' });
  }

  /**
   * The asks (forms, URLs, sampling and roots) from `index` on that came together: those already logged, and, when
   * the first came in a round or a task (it has an input-request key), any that follow within the same turn of the
   * event loop. A host pipeline asking a round's input requests at once (`ElicitationUI.concurrent`) logs them within
   * one turn, so they reach the host as one round too. A 2025 push stands alone: nothing is waited for.
   */
  async asksFrom(index: number): Promise<number[]> {
    const first = this.#events[index];
    const batched = first !== undefined && 'key' in first && first.key !== undefined;
    for (let seen = -1; batched && seen !== this.#events.length; ) {
      seen = this.#events.length;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const asks: number[] = [];
    for (let at = index; at < this.#events.length; at++) {
      const kind = this.#events[at]!.kind;
      if (kind !== 'ask' && kind !== 'url' && kind !== 'request') break;
      asks.push(at);
    }
    return asks;
  }

  /** Event `index`, once it happened (or the call was given up). */
  async event(index: number, signal?: AbortSignal): Promise<CallEvent> {
    while (index >= this.#events.length) {
      if (this.#stop.signal.aborted) return { kind: 'failed', error: this.#stop.signal.reason };
      signal?.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const woken = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          this.#waiters.delete(woken);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.#waiters.add(woken);
      });
    }
    return this.#events[index]!;
  }

  /** The answer to ask `index`; a second answer to the same ask (a replayed round) is dropped. */
  answer(index: number, answer: FormAnswer | UrlAnswer | Result): void {
    const settle = this.#answers.get(index);
    this.#answers.delete(index);
    settle?.answer(answer);
  }

  /** The host failed request `index` (an error, or it cannot be asked): upstream hears the error. */
  fail(index: number, error: unknown): void {
    const settle = this.#answers.get(index);
    this.#answers.delete(index);
    settle?.fail(error);
  }

  /** Gives the call up when `signal` aborts (a task's cancel, heard even between its passes); once per signal. */
  cancelOn(signal: AbortSignal, reason: string): void {
    if (this.#cancelSignals.has(signal)) return;
    this.#cancelSignals.add(signal);
    signal.addEventListener('abort', () => this.cancel(reason), { once: true });
  }

  /**
   * Gives the call up: the upstream `tools/call` is cancelled. Open asks are left for the upstream to withdraw (or the
   * connection to close): answering them `cancel` first could let the tool finish before it hears of the cancellation.
   */
  cancel(reason: string): void {
    if (this.#stop.signal.aborted) return;
    this.#stop.abort(new Error(reason));
    this.#wake();
  }

  get done(): boolean {
    const last = this.#events.at(-1)?.kind;
    return this.#stop.signal.aborted || last === 'result' || last === 'failed';
  }

  #push(event: CallEvent): void {
    this.#events.push(event);
    this.#wake();
  }

  #wake(): void {
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const woken of waiters) woken();
  }
}
