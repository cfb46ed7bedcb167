import { type Clock, integerOption, PeerError, systemClock, UsageError } from '@elicitkit/core';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { sendCompletionNotice } from '../../delivery/url-2025.js';
import { elicitationAbortedError } from '../../errors.js';
import { type AnyMcpServer, adaptServer } from '../../sdk/adapt.js';
import { UrlErrorCode } from '../errors.js';
import { type IdentityResolver, resolveIdentity } from '../identity/resolver.js';
import type { ElicitationKind } from '../kinds/types.js';
import { logRef, stderrLogger, type UrlElicitationLogger } from '../log.js';
import { parsePublicBaseUrl } from '../public-url.js';
import type { CompleteOutcome, ElicitationRecord, ElicitationStore } from '../store/types.js';
import {
  AttachedConnection,
  FALLBACK_CONNECTION_PREFIX,
  MRTR_CONNECTION_PREFIX,
  noticeRecipient,
} from './connections.js';
import { MAX_TTL_MS, MIN_TTL_MS } from './request.js';

/** The engine's settings; `createUrlMode` documents each (`UrlModeOptions`). */
export interface UrlElicitationServiceOptions {
  store: ElicitationStore;
  /** Origin (and optional path) the elicitation pages are served from; https unless loopback (E-48). */
  publicBaseUrl: string | URL;
  /** Who the user behind an MCP request is (E-31): `bearerIdentity()` or `localIdentity(user)`. */
  identity: IdentityResolver;
  /** The kinds of page this server offers (`secretKind(...)`, app-defined ones). */
  kinds: readonly ElicitationKind[];
  /** How long an elicitation URL stays usable. Default 15 minutes. */
  ttlMs?: number;
  /** Time source of records, expiry and completion; default the system clock. */
  clock?: Clock;
  logger?: UrlElicitationLogger;
  /**
   * 2026-07-28 (M-17): how long a retry whose URL flow is still pending is held open, watching the store for the
   * completion, before it is answered with a `requestState`-only round (the host then retries). Default 20 s;
   * keep it under your proxies' idle timeouts.
   */
  holdMs?: number;
  /**
   * How long an instance that holds only a reconnected copy of the initiating client waits before announcing a
   * completion, so that an instance still holding the initiating connection announces it instead. Default 250 ms.
   */
  reconnectGraceMs?: number;
}

/** Default `ttlMs` of `createUrlMode`: how long a URL flow's record, and so its URL, stays usable (15 minutes). */
export const DEFAULT_URL_FLOW_TTL_MS = 15 * 60 * 1000;
export const DEFAULT_HOLD_MS = 20 * 1000;
/** A wait whose store fails checks again this often, this many times (about half a minute) before it gives up. */
const STORE_RETRY_MS = 1000;
const STORE_RETRIES = 30;

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Package-internal engine of URL mode for one server process: binds elicitations to users and client connections,
 * completes them once, and routes the completion notice to the initiating client only. Its collaborators (pages,
 * connection handles, OAuth routes) get it by constructor wiring and sit above it; users see only the
 * `UrlElicitations` facade.
 */
export class UrlElicitationService {
  readonly store: ElicitationStore;
  readonly publicBaseUrl: URL;
  readonly identity: IdentityResolver;
  readonly kinds: ReadonlyMap<string, ElicitationKind>;
  readonly ttlMs: number;
  /** The clock in use (`options.clock`, default the system clock). */
  readonly clock: Clock;
  readonly logger: UrlElicitationLogger;
  readonly holdMs: number;
  readonly #reconnectGraceMs: number;
  readonly #connections = new Set<AttachedConnection>();
  readonly #waiters = new Map<string, Set<Waiter>>();
  readonly #subscription: Promise<() => void>;

  constructor(options: UrlElicitationServiceOptions) {
    this.store = options.store;
    this.publicBaseUrl = parsePublicBaseUrl(options.publicBaseUrl);
    this.identity = options.identity;
    this.kinds = new Map(options.kinds.map((k) => [k.name, k]));
    if (this.kinds.size === 0)
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        'createUrlMode: register at least one kind (kinds: [secretKind({ vault })], or oauth)',
      );
    const config = { code: UrlErrorCode.InvalidConfig, where: 'createUrlMode' };
    this.ttlMs = integerOption(
      'ttlMs',
      options.ttlMs ?? DEFAULT_URL_FLOW_TTL_MS,
      { min: MIN_TTL_MS, max: MAX_TTL_MS },
      config,
    );
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? stderrLogger;
    this.holdMs = integerOption(
      'holdMs',
      options.holdMs ?? DEFAULT_HOLD_MS,
      { min: 1, max: 5 * 60 * 1000 },
      config,
    );
    this.#reconnectGraceMs = options.reconnectGraceMs ?? 250;
    this.#subscription = this.store.subscribe(({ record }) => {
      // A store failing mid-notice (Redis gone after the event arrived) must not crash the process: the
      // client can still retry by hand (E-22), and the failure is logged.
      this.#onCompleted(record).catch((error: unknown) => {
        this.logger.warn('elicitation.notice-failed', {
          elicitation: logRef(record.id),
          error: String(error),
        });
      });
    });
  }

  /**
   * Registers one connection's MCP server, whose completion notices this instance then routes. With the `authInfo`
   * of the request that opened the connection, `learned` settles once its user is known, so a reconnected client
   * is recognized before it calls a tool; otherwise the user is learned on first use.
   */
  attach(
    server: AnyMcpServer,
    options: { authInfo?: AuthInfo } = {},
  ): { connection: AttachedConnection; learned: Promise<void> } {
    for (const c of this.#connections) if (!c.alive) this.#connections.delete(c);
    const connection = new AttachedConnection(adaptServer(server).seam, this.clock.now());
    this.#connections.add(connection);
    const learned = options.authInfo
      ? resolveIdentity(this.identity, { authInfo: options.authInfo }).then((user) => {
          connection.user ??= user;
          connection.clientId ??= options.authInfo?.clientId;
        })
      : Promise.resolve();
    return { connection, learned };
  }

  /** Resolves once the store delivers completion events to this instance. */
  async ready(): Promise<void> {
    await this.#subscription;
  }

  /** The stored record of an elicitation, or undefined. */
  get(id: string): Promise<ElicitationRecord | undefined> {
    return this.store.get(id);
  }

  /** Whether `id` completed; throws `elicitation-not-found` or `elicitation-expired` when it never will. */
  async status(id: string): Promise<'completed' | 'pending'> {
    const record = await this.store.get(id);
    if (!record) throw new PeerError(UrlErrorCode.ElicitationNotFound, 'elicitation: unknown id');
    if (record.status === 'completed') return 'completed';
    if (record.status === 'expired' || record.expiresAt <= this.clock.now()) {
      throw new PeerError(UrlErrorCode.ElicitationExpired, 'elicitation: expired before completion');
    }
    return 'pending';
  }

  /** E-17: completes once (atomically in the store); the store's event then triggers the notice. */
  async complete(id: string): Promise<CompleteOutcome> {
    const outcome = await this.store.complete(id, this.clock.now());
    if (outcome.ok)
      this.logger.info('elicitation.completed', { elicitation: logRef(id), user: outcome.record.user });
    else
      this.logger.info('elicitation.complete-refused', { elicitation: logRef(id), reason: outcome.reason });
    return outcome;
  }

  /**
   * Ends a pending elicitation without completing it (the user refused at a third party, say): it can no longer
   * complete, and this instance's waiters are rejected at once rather than at `expiresAt`. Waiters on other
   * instances learn it at their next check, at the latest at `expiresAt`.
   */
  async withdraw(id: string): Promise<boolean> {
    const changed = await this.store.expire(id);
    for (const waiter of [...(this.#waiters.get(id) ?? [])]) {
      waiter.reject(
        new PeerError(UrlErrorCode.ElicitationExpired, 'elicitation: withdrawn before completion'),
      );
    }
    return changed;
  }

  /** Resolves when `id` completes; rejects when it expires, was withdrawn, is unknown, or `signal` fires. */
  waitForCompletion(id: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settle = (error?: Error) => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        this.#waiters.get(id)?.delete(waiter);
        if (this.#waiters.get(id)?.size === 0) this.#waiters.delete(id);
        if (error) reject(error);
        else resolve();
      };
      const waiter: Waiter = { resolve: () => settle(), reject: settle };
      const onAbort = () => settle(elicitationAbortedError('signal', { cause: options.signal?.reason }));
      if (options.signal?.aborted) return onAbort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const set = this.#waiters.get(id) ?? new Set();
      set.add(waiter);
      this.#waiters.set(id, set);
      // Checked after registering, so a completion landing in between is not missed.
      let storeFailures = 0;
      const check = async () => {
        let record: ElicitationRecord | undefined;
        try {
          record = await this.store.get(id);
        } catch (error) {
          // A store that is briefly away (Redis restarting) must not fail a user who is mid-flow: the completion
          // event still arrives through the subscription once it is back; check again a little later, bounded.
          if (++storeFailures > STORE_RETRIES) throw error;
          this.logger.warn('elicitation.wait-store-retry', { elicitation: logRef(id), error: String(error) });
          timer = setTimeout(() => void check().catch(settle), STORE_RETRY_MS);
          return;
        }
        storeFailures = 0;
        if (!set.has(waiter)) return;
        if (!record)
          return settle(new PeerError(UrlErrorCode.ElicitationNotFound, 'elicitation: unknown id'));
        if (record.status === 'completed') return settle();
        if (record.status === 'expired' || record.expiresAt <= this.clock.now()) {
          return settle(
            new PeerError(UrlErrorCode.ElicitationExpired, 'elicitation: expired before completion'),
          );
        }
        timer = setTimeout(
          () => void check().catch(settle),
          Math.max(0, record.expiresAt - this.clock.now()),
        );
      };
      check().catch(settle);
    });
  }

  /** Stops listening to the store and rejects pending waits. Does not close the store. */
  async close(): Promise<void> {
    (await this.#subscription)();
    for (const set of this.#waiters.values()) {
      for (const w of set) w.reject(elicitationAbortedError('disconnected'));
    }
    this.#waiters.clear();
    this.#connections.clear();
  }

  async #onCompleted(record: ElicitationRecord): Promise<void> {
    for (const waiter of [...(this.#waiters.get(record.id) ?? [])]) waiter.resolve();
    const connectionId = record.client.connectionId;
    if (
      connectionId.startsWith(MRTR_CONNECTION_PREFIX) ||
      connectionId.startsWith(FALLBACK_CONNECTION_PREFIX)
    ) {
      // M-17: a 2026-07-28 flow learns of completion on its retry (the waiters above), never by a notice; a
      // fallback's host never asked, and its person makes the call again.
      this.logger.info('elicitation.notice-not-sent', {
        elicitation: logRef(record.id),
        reason: connectionId.startsWith(MRTR_CONNECTION_PREFIX) ? '2026-07-28 flow' : 'form fallback',
      });
      return;
    }
    const recipient = noticeRecipient(this.#connections, record);
    if (!recipient?.connection.declaresUrlMode) {
      // E-18: nobody else gets it, not another client of the user, not another user.
      this.logger.info('elicitation.notice-not-sent', {
        elicitation: logRef(record.id),
        reason: 'initiator not connected here',
      });
      return;
    }
    if (recipient.match === 'reconnected') await new Promise((r) => setTimeout(r, this.#reconnectGraceMs));
    if (!(await this.store.claimNotice(record.id))) return;
    try {
      await sendCompletionNotice(recipient.connection.server, record.id);
      this.logger.info('elicitation.notice-sent', { elicitation: logRef(record.id), to: recipient.match });
    } catch (error) {
      this.logger.warn('elicitation.notice-failed', {
        elicitation: logRef(record.id),
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
