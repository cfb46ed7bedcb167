import type { ElicitationMode } from '@elicitkit/core';
import type {
  CompletionWait,
  ElicitationUI,
  FormAnswer,
  FormPrompt,
  HostNotice,
  RateLimitPrompt,
  UrlAnswer,
  UrlPrompt,
} from '../ui.js';

type Answer<P, O> = O | ((prompt: P) => O | Promise<O>);

/** One scripted user action, used by the next prompt of its kind. */
export type ScriptedStep =
  | { form: Answer<FormPrompt, FormAnswer> }
  | { url: Answer<UrlPrompt, UrlAnswer> }
  | { wait: Answer<CompletionWait, 'retry' | 'cancel'> }
  | { rateLimit: Answer<RateLimitPrompt, 'allow' | 'block'> };

/** Answers used once the script runs out, so a long-running host can keep going (e.g. a conformance client). */
export interface ScriptedFallback {
  form?: Answer<FormPrompt, FormAnswer>;
  url?: Answer<UrlPrompt, UrlAnswer>;
  /** The answer to a rate-limit question with no `rateLimit` step next. Default `block`. */
  rateLimit?: Answer<RateLimitPrompt, 'allow' | 'block'>;
}

export interface ScriptedUI extends ElicitationUI {
  /** Every form and URL prompt shown, in order. */
  readonly prompts: (FormPrompt | UrlPrompt)[];
  /** Every notice received, in order. */
  readonly notices: HostNotice[];
  /** Every completion wait shown (E-22 controls), in order. */
  readonly waits: CompletionWait[];
  /** Every rate-limit question asked (E-43), in order. */
  readonly rateLimits: RateLimitPrompt[];
  /** Steps not used yet. */
  readonly remaining: number;
  /** Appends steps to the script. */
  push(...steps: ScriptedStep[]): void;
}

/**
 * A UI adapter that plays a fixed script: each prompt takes the next step, which must be of its kind, and
 * records what it was shown. A prompt with no step left throws (the host then answers `cancel`), unless
 * `fallback` says how to answer. Completion waits without a `wait` step stay up until withdrawn, as a
 * person who does nothing would.
 *
 * @example
 * const ui = scriptedUI([{ form: submitDefaults }, { url: { action: 'consent' } }]);
 */
export function scriptedUI(steps: readonly ScriptedStep[] = [], fallback: ScriptedFallback = {}): ScriptedUI {
  const script = [...steps];
  const prompts: (FormPrompt | UrlPrompt)[] = [];
  const notices: HostNotice[] = [];
  const waits: CompletionWait[] = [];
  const rateLimits: RateLimitPrompt[] = [];

  function take<K extends ElicitationMode>(kind: K): Extract<ScriptedStep, Record<K, unknown>> | undefined {
    const next = script[0];
    if (next === undefined) return undefined;
    if (!(kind in next)) {
      throw new Error(`scriptedUI: a ${kind} prompt arrived but the next step is ${Object.keys(next)[0]}`);
    }
    script.shift();
    return next as Extract<ScriptedStep, Record<K, unknown>>;
  }

  return {
    prompts,
    notices,
    waits,
    rateLimits,
    get remaining() {
      return script.length;
    },
    push: (...more) => {
      script.push(...more);
    },
    async form(prompt) {
      prompts.push(prompt);
      const answer = take('form')?.form ?? fallback.form;
      if (answer === undefined)
        throw new Error('scriptedUI: a form prompt arrived but the script is exhausted');
      return typeof answer === 'function' ? answer(prompt) : answer;
    },
    async url(prompt) {
      prompts.push(prompt);
      const answer = take('url')?.url ?? fallback.url;
      if (answer === undefined)
        throw new Error('scriptedUI: a URL prompt arrived but the script is exhausted');
      return typeof answer === 'function' ? answer(prompt) : answer;
    },
    async waitForCompletion(wait) {
      waits.push(wait);
      const next = script[0];
      if (next && 'wait' in next) {
        script.shift();
        return typeof next.wait === 'function' ? next.wait(wait) : next.wait;
      }
      return untilWithdrawn(wait.signal, 'cancel');
    },
    notice(notice) {
      notices.push(notice);
    },
    async rateLimited(prompt) {
      rateLimits.push(prompt);
      const next = script[0];
      let answer = fallback.rateLimit ?? 'block';
      if (next && 'rateLimit' in next) {
        script.shift();
        answer = next.rateLimit;
      }
      return typeof answer === 'function' ? answer(prompt) : answer;
    },
  };
}

/** A form answer that submits the prefilled values unchanged: "accept with the defaults". */
export function submitDefaults(prompt: FormPrompt): FormAnswer {
  return { action: 'submit', content: { ...prompt.initial } };
}

/** An answer that never comes: the prompt stays up until the host withdraws it, then reports `cancel`. */
export function holdUntilWithdrawn(prompt: { signal: AbortSignal }): Promise<{ action: 'cancel' }> {
  return untilWithdrawn(prompt.signal, { action: 'cancel' as const });
}

function untilWithdrawn<T>(signal: AbortSignal, value: T): Promise<T> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(value);
    signal.addEventListener('abort', () => resolve(value), { once: true });
  });
}
