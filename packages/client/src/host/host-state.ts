import type { Clock } from '@elicitkit/core';
import { sanitizeForDisplay, UsageError } from '@elicitkit/core';
import type { Client } from '@modelcontextprotocol/client';
import { CompletionTracker } from '../completion/completion-tracker.js';
import { ClientErrorCode } from '../errors.js';
import type { UrlOpener } from '../open/opener.js';
import type { ElicitationPipeline } from '../pipeline/handle-request.js';
import type { ElicitationMode } from '../pipeline/modes.js';
import type { PromptContext } from '../pipeline/prompt-context.js';
import { requesterOf } from '../pipeline/requester.js';
import type { PromptQueue } from '../policy/prompt-queue.js';
import type { RateLimiter } from '../policy/rate-limiter.js';
import type { ElicitationUI, HostNoticeCode, Requester } from '../ui.js';
import { HostEventEmitter } from './events.js';

/** Everything `installElicitation` set up for one client; shared by the request handler and the -32042 loop. */
export class HostState {
  readonly client: Client;
  readonly ui: ElicitationUI;
  readonly modes: ReadonlySet<ElicitationMode>;
  readonly queue: PromptQueue;
  readonly opener: UrlOpener;
  readonly rateLimiter: RateLimiter | undefined;
  readonly allowInsecureHttp: boolean;
  readonly maxFormAttempts: number;
  readonly clock: Clock;
  readonly events: HostEventEmitter;
  readonly tracker: CompletionTracker;
  /** The pipeline both eras share; set by `installElicitation` right after construction. */
  pipeline!: ElicitationPipeline;
  #promptCount = 0;

  constructor(init: {
    client: Client;
    ui: ElicitationUI;
    modes: ReadonlySet<ElicitationMode>;
    queue: PromptQueue;
    opener: UrlOpener;
    rateLimiter: RateLimiter | undefined;
    allowInsecureHttp: boolean;
    maxFormAttempts: number;
    clock: Clock;
  }) {
    this.clock = init.clock;
    this.client = init.client;
    this.ui = init.ui;
    this.modes = init.modes;
    this.queue = init.queue;
    this.opener = init.opener;
    this.rateLimiter = init.rateLimiter;
    this.allowInsecureHttp = init.allowInsecureHttp;
    this.maxFormAttempts = init.maxFormAttempts;
    // Host-side failures that need no answer go where the SDK reports out-of-band errors.
    this.events = new HostEventEmitter((error) => this.client.onerror?.(toError(error)));
    this.tracker = new CompletionTracker((elicitationId) => {
      const requester = this.requester();
      this.events.emit('complete', { elicitationId, requester });
      this.notify(
        requester,
        'elicitation-complete',
        `${requester.name}: the flow in your browser is complete.`,
      );
    });
  }

  requester(): Requester {
    return requesterOf(this.client);
  }

  /** A fresh context for one prompt, bound to the request's (or call's) abort signal. */
  promptContext(signal: AbortSignal): PromptContext {
    const requester = this.requester();
    this.#promptCount += 1;
    return {
      ui: this.ui,
      requester,
      promptId: `elicitation-${this.#promptCount}`,
      signal,
      notify: (code, message) => this.notify(requester, code, message),
    };
  }

  /** Passes a notice to the UI; `message` is sanitized here, once, whatever it quotes. */
  notify(requester: Requester, code: HostNoticeCode, message: string): void {
    if (!this.ui.notice) return;
    try {
      this.ui.notice({ code, requester, message: sanitizeForDisplay(message, { allowNewlines: true }) });
    } catch (error) {
      this.events.emit('error', { requester, during: 'ui', error });
    }
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

const hosts = new WeakMap<Client, HostState>();

export function registerHost(client: Client, state: HostState): void {
  if (hosts.has(client)) {
    throw new UsageError(
      ClientErrorCode.AlreadyInstalled,
      'installElicitation was already called on this client',
    );
  }
  hosts.set(client, state);
}

export function hostOf(client: Client): HostState {
  const state = hosts.get(client);
  if (!state) {
    throw new UsageError(
      ClientErrorCode.NotInstalled,
      'call installElicitation(client, options) before connect to use URL elicitation retries',
    );
  }
  return state;
}
