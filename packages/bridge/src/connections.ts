import type { ElicitationUI } from '@elicitkit/client';
import type { Client, LoggingMessageNotification } from '@modelcontextprotocol/client';
import type { HeldCall } from './held-call.js';
import { HttpSessions } from './http-sessions.js';
import {
  completionOf,
  connectUpstream,
  type ListKind,
  outsideACall,
  type RelayedCapabilities,
  type RelayedRequest,
  UNANSWERED_BY_THE_BRIDGE,
  type Upstream,
} from './upstream.js';

/** A connection to upstream lent to one call; `release` when the call is over (`reuse`: it ended as calls do). */
export interface Lease {
  client: Client;
  release(reuse: boolean): Promise<void>;
}

/**
 * The bridge's connections upstream, by transport. Over HTTP a call gets a connection to itself (`HttpSessions`: kept
 * between calls of the same principal). A stdio upstream is one process, started once and kept (its state lives
 * there, as for any host that spawns it); it serves one call at a time, because a 2025 server's `elicitation/create`
 * on stdio names no call it belongs to. The others wait their turn.
 */
export class UpstreamConnections {
  readonly #upstream: Upstream;
  readonly #http: HttpSessions | undefined;
  #control: Promise<Client> | undefined;
  /** The shared connection once connected (a stdio URL prompt asks it when upstream completed the flow). */
  #connected: Client | undefined;
  /** stdio: the call now holding the one process, whose asks its UI takes. */
  #holder: HeldCall | undefined;
  #turn: Promise<void> = Promise.resolve();
  readonly #onListChanged: (kind: ListKind) => void;

  /** `onListChanged` hears upstream's list changes, through the shared connection (`control`). */
  constructor(upstream: Upstream, onListChanged: (kind: ListKind) => void) {
    this.#upstream = upstream;
    this.#onListChanged = onListChanged;
    this.#http = upstream.kind === 'http' ? new HttpSessions(upstream) : undefined;
  }

  /**
   * For lists, and to hear upstream's list changes: over HTTP a shared connection that answers no forms; on stdio the
   * one process. Connected on first use, and again after it closed.
   */
  control(): Promise<Client> {
    const stdio = this.#upstream.kind === 'stdio';
    // On stdio the one process's log messages go to the call holding it (over HTTP each call's own connection's do).
    const onLog = stdio
      ? (params: LoggingMessageNotification['params']) => this.#holder?.notify({ kind: 'log', params })
      : undefined;
    this.#control ??= connectUpstream(this.#upstream, {
      ui: stdio ? this.#routedUI : refusingUI,
      ...(onLog && { onLog }),
      onListChanged: this.#onListChanged,
      // stdio: the one process serves every call, so it declares forms, URLs, sampling and roots whatever a host can do (what
      // a host cannot be asked is declined or fails upstream); over HTTP each call's own connection declares its host's.
      ...(stdio && {
        onRequest: this.#routedRequest,
        capabilities: { form: true, url: true, sampling: true, roots: true, tasks: true },
      }),
    })
      .then((client) => {
        this.#connected = client;
        // The process or session gone: the next use starts again.
        client.onclose = () => {
          this.#control = undefined;
          this.#connected = undefined;
        };
        return client;
      })
      .catch((error) => {
        this.#control = undefined;
        throw error;
      });
    return this.#control;
  }

  /**
   * Runs a list on a connection that is nobody's call's: over HTTP the shared one; on stdio the one process, at once
   * (a list never waits behind a call that waits on a person).
   */
  async pass<T>(use: (client: Client) => Promise<T>): Promise<T> {
    return use(await this.control());
  }

  /**
   * A connection for `call`; `owner` names whose connections it may reuse (a principal and its credential),
   * `capabilities` what its host can be sent besides forms.
   */
  async lease(
    call: HeldCall,
    owner: string,
    headers: Readonly<Record<string, string>>,
    capabilities: RelayedCapabilities,
  ): Promise<Lease> {
    if (this.#http) return this.#http.lease(call, owner, headers, capabilities);
    // stdio: the process's turn (or the call given up meanwhile).
    const release = await this.#takeTurn(call);
    try {
      const client = await this.control();
      this.#holder = call;
      return {
        client,
        release: async () => {
          if (this.#holder === call) this.#holder = undefined;
          release();
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }

  /** stdio: waits for the turn of `call`; returns what ends it. */
  async #takeTurn(call: HeldCall): Promise<() => void> {
    let done!: () => void;
    const previous = this.#turn;
    this.#turn = new Promise<void>((resolve) => (done = resolve));
    await Promise.race([previous, aborted(call.signal)]);
    if (call.signal.aborted) {
      void previous.then(done);
      throw call.signal.reason;
    }
    return done;
  }

  async close(): Promise<void> {
    await this.#http?.close();
    const client = this.#control && (await this.#control.catch(() => undefined));
    this.#control = undefined;
    await client?.close().catch(() => {});
  }

  /** stdio: each ask goes to the call holding the process; with none (an ask outside any call), upstream hears why. */
  readonly #routedUI: ElicitationUI = {
    concurrent: true,
    form: (prompt) => this.#holder?.ask(prompt) ?? UNANSWERED_BY_THE_BRIDGE.outsideACall(),
    url: (prompt) =>
      this.#holder?.askUrl(prompt, this.#connected && completionOf(this.#connected, prompt.flowId)) ??
      UNANSWERED_BY_THE_BRIDGE.outsideACall(),
    waitForCompletion: (wait) => this.#holder?.waitForCompletion(wait) ?? Promise.resolve('cancel'),
    rateLimited: UNANSWERED_BY_THE_BRIDGE.rateLimited,
  };

  /** stdio: a sampling or roots request goes to the call holding the process; with none, upstream hears an error. */
  readonly #routedRequest = (request: RelayedRequest, signal: AbortSignal) =>
    this.#holder?.request({ kind: 'request', ...request }, signal) ?? outsideACall(request);
}

/** The shared HTTP connection lists; it holds no call, so it has nobody to ask anything. */
const refusingUI: ElicitationUI = {
  form: UNANSWERED_BY_THE_BRIDGE.outsideACall,
  url: UNANSWERED_BY_THE_BRIDGE.outsideACall,
  rateLimited: UNANSWERED_BY_THE_BRIDGE.rateLimited,
};

function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
