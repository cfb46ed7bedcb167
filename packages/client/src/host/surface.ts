import { sanitizeForDisplay } from '@elicitkit/core';
import type { PromptQueue } from '../policy/prompt-queue.js';
import type { ElicitationUI, HostNoticeCode, Requester } from '../ui.js';
import type { HostEventEmitter } from './events.js';
import { requesterFrom } from './requester.js';

/** What a flow needs to put one prompt in front of the person. */
export interface PromptContext {
  ui: ElicitationUI;
  requester: Requester;
  promptId: string;
  /** Fires when the server cancels the request or the connection drops. */
  signal: AbortSignal;
  /** Tells the UI something that needs no answer; `message` is sanitized on the way. */
  notify(code: HostNoticeCode, message: string): void;
}

/**
 * Where a host meets the person: the UI adapter, the queue that keeps its prompts one at a time, the events
 * the host application hears, and who is asking (the server's identity, read when each prompt is made).
 * Built once per host, fully, and handed to every flow that shows something.
 */
export class PromptSurface {
  readonly ui: ElicitationUI;
  readonly queue: PromptQueue;
  readonly events: HostEventEmitter;
  readonly #serverInfo: () => unknown;
  #promptCount = 0;

  constructor(parts: {
    ui: ElicitationUI;
    queue: PromptQueue;
    events: HostEventEmitter;
    /** The server's `initialize` (or `server/discover`) identity, as the SDK holds it; sanitized here. */
    serverInfo: () => unknown;
  }) {
    this.ui = parts.ui;
    this.queue = parts.queue;
    this.events = parts.events;
    this.#serverInfo = parts.serverInfo;
  }

  /** Who asks (E-03), sanitized. */
  requester(): Requester {
    return requesterFrom(this.#serverInfo());
  }

  /** A fresh id for a prompt, unique in this host. */
  nextPromptId(): string {
    this.#promptCount += 1;
    return `elicitation-${this.#promptCount}`;
  }

  /** A fresh context for one prompt, bound to the request's (or call's) abort signal. */
  promptContext(signal: AbortSignal): PromptContext {
    const requester = this.requester();
    return {
      ui: this.ui,
      requester,
      promptId: this.nextPromptId(),
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
