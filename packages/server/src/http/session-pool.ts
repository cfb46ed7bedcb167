import { type Clock, systemClock } from '@elicitkit/core';
import { ANONYMOUS } from '../principal.js';

/**
 * The open sessions of a sessionful (2025-11-25) MCP endpoint, bounded three ways so that clients which never
 * send DELETE, or one principal opening sessions in a loop, cannot grow the server without end:
 * - a cap per principal: at the cap, the principal's own longest-idle session is closed to make room if it has
 *   been idle for a minute (a client that crashed and reconnects is not locked out until the idle timeout);
 *   otherwise the initialize is refused (429), cheaply, before any server instance is made;
 * - a cap in total: at the cap, an initialize is refused (503); nobody's session is closed for somebody else;
 * - an idle timeout: a session with no exchange in flight (no open POST or GET stream) for that long is closed,
 *   and its id answers 404 from then on, which tells the client to initialize again (transports spec).
 */

export interface McpSessionLimits {
  /** Open sessions in total; an initialize beyond it is refused with HTTP 503. Default 1,000. */
  maxSessions?: number;
  /**
   * Open sessions per principal (the verified client and user; applies with `authenticate`). At the cap the
   * principal's longest-idle session is closed if it has been idle for a minute (or the idle timeout, if
   * shorter); otherwise the initialize is refused with HTTP 429. Default 16.
   */
  maxSessionsPerPrincipal?: number;
  /**
   * A session with nothing in flight for this long is closed (a tool call waiting for an answer, or an open
   * GET stream, keeps it open). Default 30 minutes; `Infinity` keeps idle sessions until DELETE.
   */
  sessionIdleTimeoutMs?: number;
  /** Time for the idle timeout; injectable for tests. Default the system clock. */
  clock?: Clock;
}

/** Default `maxSessions`: open 2025-11-25 sessions per handler. */
export const DEFAULT_MAX_SESSIONS = 1_000;
/** Default `maxSessionsPerPrincipal`: open sessions per verified client and user. */
export const DEFAULT_MAX_SESSIONS_PER_PRINCIPAL = 16;
/** Default `sessionIdleTimeoutMs`: 30 minutes with nothing in flight. */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** How long a session must have been idle before a new session of the same principal may replace it. */
export const SESSION_REPLACEABLE_AFTER_MS = 60 * 1000;

/** Why an initialize was refused. */
export interface SessionRefusal {
  scope: 'principal' | 'total';
  limit: number;
}

/** A place taken for a session being initialized: filled once the transport names it, released otherwise. */
export interface SessionSlot<S> {
  fill(id: string, session: S): void;
  release(): void;
}

interface Entry<S> {
  session: S;
  principal: string;
  /** Exchanges in flight: requests being handled, and response streams still open. */
  busy: number;
  idleSince: number;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(value > 0)) throw new RangeError(`${name} must be a positive number, got ${String(value)}`);
  return value;
}

export class SessionPool<S> {
  readonly #entries = new Map<string, Entry<S>>();
  /** Sessions and pending slots per principal, and in total. */
  readonly #held = new Map<string, number>();
  #total = 0;
  readonly #maxTotal: number;
  readonly #maxPerPrincipal: number;
  readonly #idleMs: number;
  readonly #clock: Clock;
  readonly #close: (session: S) => void;
  #timer: ReturnType<typeof setInterval> | undefined;

  /** `close` ends a session (its transport); the pool forgets it right away, whatever `close` does later. */
  constructor(limits: McpSessionLimits, close: (session: S) => void) {
    this.#maxTotal = positive('maxSessions', limits.maxSessions, DEFAULT_MAX_SESSIONS);
    this.#maxPerPrincipal = positive(
      'maxSessionsPerPrincipal',
      limits.maxSessionsPerPrincipal,
      DEFAULT_MAX_SESSIONS_PER_PRINCIPAL,
    );
    this.#idleMs = positive(
      'sessionIdleTimeoutMs',
      limits.sessionIdleTimeoutMs,
      DEFAULT_SESSION_IDLE_TIMEOUT_MS,
    );
    this.#clock = limits.clock ?? systemClock;
    this.#close = close;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Takes a place for a new session of `principal`, or says why there is none. */
  reserve(principal: string): SessionSlot<S> | SessionRefusal {
    this.sweep();
    // Anonymous sessions are all one principal: only the total cap bounds them (see principal.ts).
    if (principal !== ANONYMOUS && this.#count(principal) >= this.#maxPerPrincipal) {
      const idle = this.#longestIdle(principal);
      if (!idle) return { scope: 'principal', limit: this.#maxPerPrincipal };
      this.#expire(idle);
    }
    if (this.#total >= this.#maxTotal) return { scope: 'total', limit: this.#maxTotal };
    this.#hold(principal, 1);
    let open = true;
    return {
      fill: (id, session) => {
        if (!open) return;
        open = false;
        this.#entries.set(id, { session, principal, busy: 0, idleSince: this.#clock.now() });
        this.#startSweeping();
      },
      release: () => {
        if (!open) return;
        open = false;
        this.#hold(principal, -1);
      },
    };
  }

  /** The session named `id`, unless it is unknown or has been idle too long (then it is closed now). */
  get(id: string): S | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (this.#isExpired(entry)) {
      this.#expire(id);
      return undefined;
    }
    return entry.session;
  }

  /** Runs one exchange of session `id`; the session counts as busy until the response body has ended. */
  async track(id: string, exchange: () => Promise<Response>): Promise<Response> {
    const entry = this.#entries.get(id);
    if (!entry) return exchange();
    entry.busy++;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      entry.busy--;
      entry.idleSince = this.#clock.now();
    };
    try {
      return whenBodyEnds(await exchange(), end);
    } catch (error) {
      end();
      throw error;
    }
  }

  /** Forgets session `id` (its transport closed). */
  delete(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    this.#hold(entry.principal, -1);
    if (this.#entries.size === 0) this.#stopSweeping();
  }

  /** Closes every session that has been idle for the timeout. */
  sweep(): void {
    for (const [id, entry] of this.#entries) if (this.#isExpired(entry)) this.#expire(id);
  }

  /** Forgets every session and returns them, for the caller to close. */
  drain(): S[] {
    const sessions = [...this.#entries.values()].map((entry) => entry.session);
    for (const id of [...this.#entries.keys()]) this.delete(id);
    this.#stopSweeping();
    return sessions;
  }

  #isExpired(entry: Entry<S>): boolean {
    return entry.busy === 0 && this.#clock.now() - entry.idleSince >= this.#idleMs;
  }

  #expire(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.delete(id);
    this.#close(entry.session);
  }

  #longestIdle(principal: string): string | undefined {
    let found: [string, number] | undefined;
    for (const [id, entry] of this.#entries) {
      if (entry.principal !== principal || entry.busy > 0) continue;
      if (this.#clock.now() - entry.idleSince < Math.min(SESSION_REPLACEABLE_AFTER_MS, this.#idleMs))
        continue;
      if (!found || entry.idleSince < found[1]) found = [id, entry.idleSince];
    }
    return found?.[0];
  }

  #count(principal: string): number {
    return this.#held.get(principal) ?? 0;
  }

  #hold(principal: string, delta: number): void {
    this.#total += delta;
    const count = this.#count(principal) + delta;
    if (count > 0) this.#held.set(principal, count);
    else this.#held.delete(principal);
  }

  /** Sweeps on a timer while sessions are open, so abandoned ones close without anyone asking. */
  #startSweeping(): void {
    if (this.#timer || !Number.isFinite(this.#idleMs)) return;
    const period = Math.min(Math.max(this.#idleMs / 4, 1_000), 60_000);
    this.#timer = setInterval(() => this.sweep(), period);
    this.#timer.unref?.();
  }

  #stopSweeping(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

/** The same response, calling `end` once its body is fully read, cancelled or failed (or now, with no body). */
function whenBodyEnds(response: Response, end: () => void): Response {
  if (response.body === null) {
    end();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          end();
          controller.close();
        } else controller.enqueue(chunk.value);
      } catch (error) {
        end();
        controller.error(error);
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** The JSON-RPC error for a refused initialize: which cap, how large, and what the client can do. */
export function sessionRefusedResponse(refusal: SessionRefusal, requestId: unknown): Response {
  const id = typeof requestId === 'string' || typeof requestId === 'number' ? requestId : null;
  const message =
    refusal.scope === 'principal'
      ? `Too many open sessions for these credentials (limit ${refusal.limit}): close one with DELETE, or retry in a minute`
      : `Too many open sessions on this server (limit ${refusal.limit}): retry later`;
  return Response.json(
    { jsonrpc: '2.0', error: { code: -32000, message, data: { reason: 'session-limit', ...refusal } }, id },
    { status: refusal.scope === 'principal' ? 429 : 503, headers: { 'Retry-After': '60' } },
  );
}
