import type { Client } from '@modelcontextprotocol/client';
import type { HeldCall } from './held-call.js';
import {
  completionOf,
  connectUpstream,
  outsideACall,
  type RelayedCapabilities,
  UNANSWERED_BY_THE_BRIDGE,
  type Upstream,
  type UpstreamEra,
} from './upstream.js';

/** Idle connections kept per owner (a principal and its credential), and in all; how long one stays idle before it is ended. */
const MAX_IDLE_PER_OWNER = 4;
const MAX_IDLE = 64;
const IDLE_MS = 30_000;

/** One connection upstream over HTTP, lent to one call at a time; its UI takes the asks of the call it serves. */
interface Session {
  client: Client;
  serving: HeldCall | undefined;
  idleTimer?: ReturnType<typeof setTimeout>;
}

/**
 * Connections to an HTTP upstream, one call at a time each (a 2025 push names no call, so two calls on one session
 * could not be told apart), kept between calls for the same principal only (a connection carries its credentials and
 * the upstream's session state: nothing of one principal reaches another), so a call mostly skips the handshake.
 * Bounded: a few idle per principal, a cap in all, ended after a while idle.
 */
export class HttpSessions {
  readonly #upstream: Extract<Upstream, { kind: 'http' }>;
  readonly #idle = new Map<string, Session[]>();
  #idleCount = 0;
  /** The revision the upstream spoke on the first connection: later ones skip the negotiation. */
  #era: UpstreamEra | undefined;

  constructor(upstream: Extract<Upstream, { kind: 'http' }>) {
    this.#upstream = upstream;
  }

  /**
   * A connection for `call`: an idle one of `owner`'s, or a new one. `owner` names whose connections it may reuse (a
   * principal, its credential, and what its host can be sent: a connection declares that to upstream once).
   */
  async lease(
    call: HeldCall,
    owner: string,
    headers: Readonly<Record<string, string>>,
    capabilities: RelayedCapabilities,
  ) {
    const session = this.#takeIdle(owner) ?? (await this.#connect(headers, capabilities));
    session.serving = call;
    return {
      client: session.client,
      /** `reuse`: the call ended as calls do (not given up); else the session is ended, stopping what runs there. */
      release: async (reuse: boolean) => {
        session.serving = undefined;
        if (reuse && session.client.transport !== undefined && this.#keep(owner, session)) return;
        await endSession(session.client);
      },
    };
  }

  async close(): Promise<void> {
    const sessions = [...this.#idle.values()].flat();
    this.#idle.clear();
    this.#idleCount = 0;
    for (const session of sessions) {
      clearTimeout(session.idleTimer);
      await endSession(session.client);
    }
  }

  async #connect(
    headers: Readonly<Record<string, string>>,
    capabilities: RelayedCapabilities,
  ): Promise<Session> {
    // The hooks read which call the connection serves now: set at each lease, cleared at each release.
    const route: { serving: HeldCall | undefined; client?: Client } = { serving: undefined };
    const client = await connectUpstream(this.#upstream, {
      ui: {
        // The held call passes every prompt on at once: the host meets a round's asks together.
        concurrent: true,
        form: (prompt) => route.serving?.ask(prompt) ?? UNANSWERED_BY_THE_BRIDGE.outsideACall(),
        url: (prompt) =>
          route.serving?.askUrl(prompt, route.client && completionOf(route.client, prompt.flowId)) ??
          UNANSWERED_BY_THE_BRIDGE.outsideACall(),
        waitForCompletion: (wait) => route.serving?.waitForCompletion(wait) ?? Promise.resolve('cancel'),
        rateLimited: UNANSWERED_BY_THE_BRIDGE.rateLimited,
      },
      headers,
      era: this.#era,
      onLog: (params) => route.serving?.notify({ kind: 'log', params }),
      onRequest: (request, signal) =>
        route.serving?.request({ kind: 'request', ...request }, signal) ?? outsideACall(request),
      capabilities,
    });
    this.#era ??= eraOf(client);
    // The same object the hooks read: a lease sets `serving` on it.
    return Object.assign(route, { client });
  }

  #takeIdle(owner: string): Session | undefined {
    const sessions = this.#idle.get(owner);
    const session = sessions?.pop();
    if (!session) return undefined;
    if (sessions!.length === 0) this.#idle.delete(owner);
    this.#idleCount--;
    clearTimeout(session.idleTimer);
    // Gone while idle (the upstream ended the session): a new one instead.
    return session.client.transport !== undefined ? session : this.#takeIdle(owner);
  }

  #keep(owner: string, session: Session): boolean {
    const sessions = this.#idle.get(owner) ?? [];
    if (sessions.length >= MAX_IDLE_PER_OWNER || this.#idleCount >= MAX_IDLE) return false;
    sessions.push(session);
    this.#idle.set(owner, sessions);
    this.#idleCount++;
    session.idleTimer = setTimeout(() => {
      const at = sessions.indexOf(session);
      if (at < 0) return;
      sessions.splice(at, 1);
      if (sessions.length === 0) this.#idle.delete(owner);
      this.#idleCount--;
      void endSession(session.client);
    }, IDLE_MS);
    session.idleTimer.unref();
    return true;
  }
}

function eraOf(client: Client): UpstreamEra {
  const version = client.getNegotiatedProtocolVersion() ?? '';
  return version >= '2026-07-28' ? '2026-07-28' : '2025';
}

/**
 * Ends a connection: its session is terminated (DELETE), so the upstream forgets it at once rather than when it idles
 * out, and a call still running there is stopped (a cancellation notice sent just before could be cut off by a bare
 * close).
 */
export async function endSession(client: Client): Promise<void> {
  const transport = client.transport as { terminateSession?: () => Promise<void> } | undefined;
  await transport?.terminateSession?.().catch(() => {});
  await client.close().catch(() => {});
}
