import { type Clock, isJsonObject, PeerError, RefusedError, timerSleep } from '@elicitkit/core';
import type { InputRequestOutcome } from '../era/request-2026.js';
import { ClientErrorCode } from '../errors.js';
import type { PromptSurface } from '../host/surface.js';
import type { CompletionWait } from '../ui.js';
import { answerBatch } from './answer-batch.js';
import type { RoundLimits } from './limits.js';
import { type ManualChoice, ManualControls } from './manual-controls.js';

/** What the next leg of a 2026 request adds to the original params (M-11, M-12). */
export interface RetryRound {
  /** The answers, by input-request key: `ElicitResult`s (or, for sampling and roots, the host's own handler's result). */
  inputResponses?: Record<string, unknown>;
  /** The previous result's `requestState`, byte for byte; absent when it gave none. */
  requestState?: string;
}

/** Answers one input request of a round (the pipeline for elicitation). */
export type AnswerInputRequest = (
  key: string,
  entry: unknown,
  signal: AbortSignal,
) => Promise<InputRequestOutcome>;

/** What a driver is built from: how to answer, where to show the wait controls, and the host's time. */
export interface RoundDriverParts {
  answer: AnswerInputRequest;
  surface: PromptSurface;
  clock: Clock;
  /** Ask a round's input requests all at once (a UI that shows every prompt together: `ElicitationUI.concurrent`). */
  concurrent?: boolean;
}

/** More input requests than this in one round is a flood, not a form. */
export const MAX_INPUT_REQUESTS_PER_ROUND = 20;

/** Whether `result` is an `InputRequiredResult` (2026-07-28): another round, not the end of the call. */
export function isInputRequired(result: unknown): boolean {
  return isJsonObject(result) && result.resultType === 'input_required';
}

/**
 * One 2026-07-28 call's rounds, on whichever entry point drives them (`callToolWithElicitation`, or a plain
 * `client.callTool` through the SDK's result hook): one instance per call, so nothing from this call's
 * `inputRequests` or `requestState` ever reaches another request (M-14). `next` answers one
 * `InputRequiredResult` (its input requests through the pipeline, in order, one at a time unless the UI shows
 * them together; caps, loop detection, pacing) and returns what the next leg carries; `send` issues that leg with
 * the "retry now" / "cancel" controls up while a consented URL flow runs.
 *
 * Extending it: a driver only needs results in and legs out, so another transport of rounds (the Tasks
 * extension: input requests read from `tasks/get`, answers sent by `tasks/update`) feeds `next` the same
 * way and sends what it returns in its own request.
 */
export class RoundDriver {
  readonly #parts: RoundDriverParts;
  readonly #limits: RoundLimits;
  readonly #signal: AbortSignal;
  #rounds = 0;
  #waitRounds = 0;
  #previous: { fingerprint: string; allAccepted: boolean } | undefined;
  /** URL flows the user consented to in this call, by input-request key, with the URL as the server sent it. */
  readonly #consented = new Map<string, { rawUrl: unknown; view: CompletionWait['pending'][number] }>();
  #controls: ManualControls | undefined;

  constructor(parts: RoundDriverParts, limits: RoundLimits, signal: AbortSignal) {
    this.#parts = parts;
    this.#limits = limits;
    this.#signal = signal;
  }

  /** Answers one `InputRequiredResult`; resolves with what the retry carries. */
  async next(result: unknown): Promise<RetryRound> {
    const { inputRequests, requestState } = readInputRequired(result);
    const entries = Object.entries(inputRequests ?? {});
    // A consented URL flow the server lists again is still running: not a new question (M-17).
    const stillRunning = new Set(
      entries.filter(([key, entry]) => this.#isConsentedAgain(key, entry)).map(([key]) => key),
    );
    const asking = entries.length > stillRunning.size;
    this.#forgetFinishedFlows(
      entries.map(([key]) => key),
      requestState !== undefined,
    );

    const responses: Record<string, unknown> = {};
    if (asking) {
      this.#checkRound(inputRequests, requestState, result);
      // New questions replace the wait: the server moved on.
      this.#closeControls();
      let allAccepted = true;
      const asked = entries.filter(([key]) => !stillRunning.has(key));
      const outcomes = await answerBatch(
        asked,
        this.#parts.answer,
        this.#signal,
        this.#parts.concurrent === true,
      );
      for (const [key, entry] of entries) {
        const outcome = outcomes.get(key);
        if (!outcome) {
          responses[key] = { action: 'accept' }; // a consented flow still running
          continue;
        }
        responses[key] = outcome.answer;
        if (
          isJsonObject(outcome.answer) &&
          'action' in outcome.answer &&
          outcome.answer.action !== 'accept'
        ) {
          allAccepted = false;
        }
        if (outcome.consentedUrl) {
          const params = (entry as { params?: { url?: unknown } }).params;
          this.#consented.set(key, { rawUrl: params?.url, view: { flowId: key, url: outcome.consentedUrl } });
        }
      }
      this.#previous = { fingerprint: fingerprint(inputRequests, requestState), allAccepted };
    } else {
      // M-11: nothing to ask (requestState only, or only flows still running): retry, paced.
      this.#waitRounds += 1;
      if (this.#waitRounds > this.#limits.maxWaitRounds) {
        throw new PeerError(
          ClientErrorCode.WaitLimit,
          `the server held the call for ${this.#limits.maxWaitRounds} retries without finishing (maxWaitRounds)`,
          { cause: result, details: { elicitationIds: [...this.#consented.keys()] } },
        );
      }
      for (const key of stillRunning) responses[key] = { action: 'accept' };
      await this.#pace();
    }
    return {
      ...(Object.keys(responses).length > 0 && { inputResponses: responses }),
      // M-12: echoed byte for byte, never parsed; none when none was given
      ...(requestState !== undefined && { requestState }),
    };
  }

  /**
   * Sends one leg. While a consented URL flow runs, the UI's controls are up: "retry now" abandons the
   * leg the server is holding and sends it again at once (a new request, M-13), "cancel" ends the call.
   */
  async send<T>(send: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controls = this.#activeControls();
    if (!controls) return send(this.#signal);
    for (;;) {
      const leg = new AbortController();
      const sent = settle(send(AbortSignal.any([this.#signal, leg.signal])));
      const first = await Promise.race([sent, controls.next()]);
      if (typeof first === 'object') {
        if (first.ok) return first.value;
        throw first.error;
      }
      leg.abort(new Error(first === 'retry' ? 'retrying now' : 'cancelled by the user'));
      this.#onChoice(first);
    }
  }

  /** The call is over (a result, or an error): the controls go away. */
  finish(): void {
    this.#closeControls();
  }

  #checkRound(
    inputRequests: Record<string, unknown> | undefined,
    requestState: string | undefined,
    result: unknown,
  ) {
    this.#rounds += 1;
    const keys = Object.keys(inputRequests ?? {});
    if (this.#rounds > this.#limits.maxPromptRounds) {
      throw new PeerError(
        ClientErrorCode.RoundLimit,
        `the server still required input after ${this.#limits.maxPromptRounds} rounds (maxPromptRounds)`,
        { cause: result, details: { elicitationIds: keys } },
      );
    }
    // A server that answers an all-accepted round with the very same round ignored the answers.
    if (
      this.#previous?.allAccepted &&
      this.#previous.fingerprint === fingerprint(inputRequests, requestState)
    ) {
      throw new PeerError(
        ClientErrorCode.RetryLoop,
        'the server asked the same questions again after they were answered',
        { cause: result, details: { elicitationIds: keys } },
      );
    }
  }

  #isConsentedAgain(key: string, entry: unknown): boolean {
    const flow = this.#consented.get(key);
    if (
      !flow ||
      !isJsonObject(entry) ||
      entry.method !== 'elicitation/create' ||
      !isJsonObject(entry.params)
    ) {
      return false;
    }
    return entry.params.mode === 'url' && entry.params.url === flow.rawUrl;
  }

  /** A flow the server no longer lists, while it still holds state, is done; with no state at all, all are. */
  #forgetFinishedFlows(listed: string[], holding: boolean): void {
    for (const key of [...this.#consented.keys()]) {
      if (!listed.includes(key) && !(holding && listed.length === 0)) this.#consented.delete(key);
    }
  }

  #activeControls(): ManualControls | undefined {
    if (this.#consented.size === 0) {
      this.#closeControls();
      return undefined;
    }
    const pending = [...this.#consented.values()].map((flow) => flow.view);
    if (this.#controls) this.#controls.setPending(pending);
    else this.#controls = new ManualControls(this.#parts.surface, pending);
    return this.#controls;
  }

  async #pace(): Promise<void> {
    const { initialMs, maxMs } = this.#limits.waitPacing;
    const ms = Math.min(initialMs * 2 ** (this.#waitRounds - 1), maxMs);
    const { clock } = this.#parts;
    const sleep = clock.sleep?.bind(clock) ?? timerSleep;
    const controls = this.#activeControls();
    const pause = new AbortController();
    try {
      const slept = sleep(ms, AbortSignal.any([this.#signal, pause.signal])).then(() => 'slept' as const);
      const first = await Promise.race(controls ? [slept, controls.next()] : [slept]);
      if (first !== 'slept') this.#onChoice(first);
    } finally {
      pause.abort();
    }
  }

  #onChoice(choice: ManualChoice): void {
    if (choice === 'cancel') {
      throw new RefusedError(
        ClientErrorCode.WaitCancelled,
        'the user stopped waiting for the URL flow to complete',
      );
    }
  }

  #closeControls(): void {
    this.#controls?.close();
    this.#controls = undefined;
  }
}

/**
 * The one 2026 loop: while the result is an `InputRequiredResult`, answers it through `driver` and sends the
 * next leg (original params + `round`, by `sendLeg`). Resolves with the first result that is not one.
 */
export async function driveRounds(
  driver: RoundDriver,
  result: unknown,
  sendLeg: (round: RetryRound, signal: AbortSignal) => Promise<unknown>,
  /** Hears each `InputRequiredResult` before it is answered (a checkpoint to resume the call from). */
  onRound?: (result: Record<string, unknown>) => void | Promise<void>,
): Promise<unknown> {
  let current = result;
  while (isInputRequired(current)) {
    await onRound?.(current as Record<string, unknown>);
    const round = await driver.next(current);
    current = await driver.send((signal) => sendLeg(round, signal));
  }
  return current;
}

/** Reads an `InputRequiredResult` without trusting it (M-02, M-03); `requestState` is only copied. */
function readInputRequired(result: unknown): {
  inputRequests: Record<string, unknown> | undefined;
  requestState: string | undefined;
} {
  const invalid = (message: string) =>
    new PeerError(ClientErrorCode.InvalidInputRequiredResult, `InputRequiredResult: ${message}`);
  if (!isJsonObject(result)) throw invalid('not an object');
  const { inputRequests, requestState } = result;
  if (inputRequests !== undefined && !isJsonObject(inputRequests))
    throw invalid('inputRequests must be an object');
  if (requestState !== undefined && typeof requestState !== 'string')
    throw invalid('requestState must be a string');
  const count = inputRequests ? Object.keys(inputRequests).length : 0;
  // M-03: at least one of inputRequests or requestState
  if (count === 0 && requestState === undefined) throw invalid('neither inputRequests nor requestState');
  if (count > MAX_INPUT_REQUESTS_PER_ROUND) {
    throw invalid(
      `${count} input requests in one round; at most ${MAX_INPUT_REQUESTS_PER_ROUND} are accepted`,
    );
  }
  return { inputRequests: count > 0 ? inputRequests : undefined, requestState };
}

function fingerprint(inputRequests: unknown, requestState: string | undefined): string {
  return JSON.stringify([inputRequests ?? null, requestState ?? null]);
}

function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}
