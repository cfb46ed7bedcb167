import { type Clock, integerOption, systemClock, UsageError } from '@elicitkit/core';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import type { FallbackPolicy, FormFallback } from '../delivery/fallback-types.js';
import type { AnyMcpServer } from '../sdk/adapt.js';
import { UrlErrorCode } from './errors.js';
import { UrlFormFallback } from './fallback/form-fallback.js';
import { fallbackFormKind } from './fallback/form-kind.js';
import { UrlElicitationConnection } from './flow/connection-handle.js';
import { type BoundOAuth, bindOAuth, type OAuthProviders } from './flow/oauth-binding.js';
import type { OAuthConnectionHandle } from './flow/oauth-handle.js';
import { createElicitationPages } from './flow/pages.js';
import { UrlElicitationService } from './flow/service.js';
import type { BrowserIdentity, IdentityResolver } from './identity/resolver.js';
import type { ElicitationKind } from './kinds/types.js';
import { stderrLogger, type UrlElicitationLogger } from './log.js';
import { parsePublicBaseUrl } from './public-url.js';
import type { CompleteOutcome, ElicitationRecord, ElicitationStore } from './store/types.js';
import type { Vault } from './vault/vault.js';

/** Options of {@link createUrlMode}: where state lives, who users are, and what the pages offer. */
export interface UrlModeOptions {
  store: ElicitationStore;
  /** Origin (and optional path) the pages are served from; https unless loopback (E-48). */
  publicBaseUrl: string | URL;
  /** Who the user behind an MCP request is (E-31): `bearerIdentity()` or `localIdentity(user)`. */
  identity: IdentityResolver;
  /**
   * E-61: who the browser's user is, from the app's own web session (never from the URL), e.g.
   * `sessions.browserIdentity` of `SessionCookies`. The elicitation pages and the OAuth callback both ask it.
   */
  browserIdentity: BrowserIdentity;
  /** Secret for the pages' CSRF tokens (32+ bytes), the same on every instance; random per process by default. */
  csrfSecret?: string | Uint8Array;
  /** The kinds of page this server offers (`secretKind({ vault })`, app-defined ones); OAuth adds its own. */
  kinds?: readonly ElicitationKind[];
  /** Third-party OAuth: `oauthProviders([...])` from `@elicitkit/server/oauth`. Needs `vault`. */
  oauth?: OAuthProviders;
  /** Where OAuth keeps tokens and in-flight authorizations, and the form fallback answers, encrypted (E-30, E-36). */
  vault?: Vault;
  /**
   * Issue 37: answer forms in the browser when the host cannot show them. Adds the page (kind `elicitkit-form`) and
   * `urlMode.formFallback`, to pass to `enableElicitation({ fallback })`. Needs `vault`. `maxOpenPerUser`: open links
   * one person may have at once in this process (default 20); `declinedWithinMs` and `hosts`: when else to fall back,
   * for hosts that declare forms and show none (`FallbackPolicy`, opt-in).
   */
  formFallback?: boolean | ({ maxOpenPerUser?: number } & FallbackPolicy);
  /** Security events (wrong user at a page, refused callbacks); default: warnings on stderr. */
  logger?: UrlElicitationLogger;
  /** How long an elicitation URL stays usable. Default 15 minutes. */
  ttlMs?: number;
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
  /** Where the pages send a browser that is not logged in; gets the path to come back to. Default `/login?next=…`. */
  loginUrl?: (next: string) => string;
  /** Largest accepted POST body of the pages, chunked or not, in bytes; more answers 413. Default 64 KiB. */
  maxBodyBytes?: number;
  /** Time source of records, expiry and OAuth tokens, for tests. Default the system clock. */
  clock?: Clock;
}

/**
 * URL-mode elicitation for one server process, made by `createUrlMode`: binds elicitations to users and client
 * connections, completes them once, and sends the completion notice to the initiating client only. Attach every
 * MCP server instance (one per connection) with `attach` and call the returned handle from tools; mount `routes`
 * (or serve `fetch`) at the root of `publicBaseUrl`.
 */
export class UrlElicitations {
  readonly #service: UrlElicitationService;
  readonly #oauth: BoundOAuth | undefined;
  readonly #makeOAuth: ((connection: UrlElicitationConnection) => OAuthConnectionHandle) | undefined;
  readonly #routes: Hono;
  readonly #formFallback: UrlFormFallback | undefined;

  /** Use `createUrlMode(options)`. */
  constructor(options: UrlModeOptions) {
    if (typeof options?.browserIdentity !== 'function') {
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        'createUrlMode: browserIdentity is required (who the browser is, e.g. sessions.browserIdentity)',
      );
    }
    const publicBaseUrl = parsePublicBaseUrl(options.publicBaseUrl);
    const logger = options.logger ?? stderrLogger;
    const clock = options.clock ?? systemClock;
    if (options.oauth && !options.vault) {
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        'createUrlMode: oauth needs vault (its tokens are kept there, encrypted)',
      );
    }
    this.#oauth =
      options.oauth && options.vault
        ? options.oauth[bindOAuth]({
            vault: options.vault,
            publicBaseUrl,
            browserIdentity: options.browserIdentity,
            logger,
            clock,
          })
        : undefined;
    const fallback = options.formFallback;
    if (fallback && !options.vault) {
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        'createUrlMode: formFallback needs vault (the answers given in the browser are kept there, encrypted)',
      );
    }
    const fallbackKinds = fallback && options.vault ? [fallbackFormKind(options.vault)] : [];
    const kinds = [...(options.kinds ?? []), ...(this.#oauth ? [this.#oauth.kind] : []), ...fallbackKinds];
    const names = kinds.map((k) => k.name);
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice !== undefined)
      throw new UsageError(UrlErrorCode.InvalidConfig, `createUrlMode: kind "${twice}" registered twice`);
    const oauth = this.#oauth;
    this.#service = new UrlElicitationService({
      store: options.store,
      publicBaseUrl,
      identity: options.identity,
      kinds,
      logger,
      clock,
      ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
      ...(options.holdMs === undefined ? {} : { holdMs: options.holdMs }),
      ...(options.reconnectGraceMs === undefined ? {} : { reconnectGraceMs: options.reconnectGraceMs }),
    });
    this.#makeOAuth = oauth ? (connection) => oauth.handleFor(connection) : undefined;
    this.#formFallback =
      fallback && options.vault
        ? new UrlFormFallback(this.#service, options.vault, checkedFallback(fallback))
        : undefined;
    this.#routes = new Hono().route(
      '/',
      createElicitationPages({
        elicitations: this.#service,
        browserIdentity: options.browserIdentity,
        ...(options.csrfSecret === undefined ? {} : { csrfSecret: options.csrfSecret }),
        ...(options.loginUrl ? { loginUrl: options.loginUrl } : {}),
        ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
      }),
    );
    if (oauth) this.#routes.route('/', oauth.routes(this.#service));
  }

  /**
   * Registers one connection's MCP server and returns the handle its tools call (`start`, `require`, `user`,
   * `oauth`). Pass the session (or `{ authInfo }` of the request that opened the connection) so a reconnected
   * client can be recognized before it calls a tool; otherwise the user is learned on first use.
   */
  attach(server: AnyMcpServer, session: { authInfo?: AuthInfo } = {}): UrlElicitationConnection {
    const { connection, learned } = this.#service.attach(
      server,
      session.authInfo ? { authInfo: session.authInfo } : {},
    );
    return new UrlElicitationConnection(this.#service, connection, learned, this.#makeOAuth);
  }

  /**
   * Issue 37, for `enableElicitation(server, { fallback: urlMode.formFallback })`: forms the host cannot show are
   * answered on this server's pages, and the tool call made again finds the answer. Throws unless `createUrlMode`
   * got `formFallback: true`.
   */
  get formFallback(): FormFallback {
    if (!this.#formFallback) {
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        'urlMode.formFallback: pass formFallback: true (and a vault) to createUrlMode',
      );
    }
    return this.#formFallback;
  }

  /**
   * The browser side, as a Hono app to mount at the root of `publicBaseUrl` (`app.route('/', urlMode.routes)`):
   * `GET`/`POST /elicit/:id`, and with OAuth `GET /oauth/callback/:provider`.
   */
  get routes(): Hono {
    return this.#routes;
  }

  /** The same routes as a fetch handler, to serve alone (`listen(urlMode.fetch, …)`). */
  readonly fetch = (request: Request, env?: unknown): Response | Promise<Response> =>
    this.#routes.fetch(request, env);

  /** The redirect URI to register at an OAuth `provider`: `<publicBaseUrl>/oauth/callback/<provider>`. */
  redirectUri(provider: string): string {
    return this.#requireOAuth('redirectUri').redirectUri(provider);
  }

  /**
   * A valid access token of `user` at an OAuth `provider` (refreshed if it expired), or undefined when not
   * connected: for this server's own code outside a tool call. Never return it to an MCP client (E-37).
   */
  accessTokenFor(user: string, provider: string): Promise<string | undefined> {
    return this.#requireOAuth('accessTokenFor').accessTokenFor(user, provider);
  }

  /** Resolves once the store delivers completion events to this instance. */
  ready(): Promise<void> {
    return this.#service.ready();
  }

  /** The stored elicitation `id`, or undefined when unknown or gone from the store. */
  get(id: string): Promise<ElicitationRecord | undefined> {
    return this.#service.get(id);
  }

  /** E-17: completes once (atomically in the store); the store's event then triggers the notice. */
  complete(id: string): Promise<CompleteOutcome> {
    return this.#service.complete(id);
  }

  /**
   * Ends a pending elicitation without completing it (the user refused at a third party, say): it can no longer
   * complete, and this instance's waiters are rejected at once rather than at `expiresAt`.
   */
  withdraw(id: string): Promise<boolean> {
    return this.#service.withdraw(id);
  }

  /** Resolves when `id` completes; rejects when it expires, was withdrawn, is unknown, or `signal` fires. */
  waitForCompletion(id: string, options: { signal?: AbortSignal } = {}): Promise<void> {
    return this.#service.waitForCompletion(id, options);
  }

  /** Stops listening to the store and rejects pending waits. Does not close the store. */
  close(): Promise<void> {
    return this.#service.close();
  }

  #requireOAuth(method: string): BoundOAuth {
    if (!this.#oauth) {
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        `${method}: OAuth is not configured; pass oauth: oauthProviders([...]) (@elicitkit/server/oauth) to createUrlMode`,
      );
    }
    return this.#oauth;
  }
}

/**
 * URL mode in one call: identity-bound elicitations, the pages behind their URLs and, with `oauth`, third-party
 * connections and their callback, wired together. Everything it returns works at once, in any order.
 *
 * ```ts
 * const urlMode = createUrlMode({ store, publicBaseUrl, identity: bearerIdentity(),
 *   browserIdentity: sessions.browserIdentity, csrfSecret, vault, kinds: [secretKind({ vault })] });
 * web.route('/', urlMode.routes);
 * // per MCP connection:
 * const url = urlMode.attach(server, session);
 * ```
 */
export function createUrlMode(options: UrlModeOptions): UrlElicitations {
  return new UrlElicitations(options);
}

/** `formFallback`'s settings, checked: each bad one refused by name. */
function checkedFallback(fallback: true | ({ maxOpenPerUser?: number } & FallbackPolicy)) {
  if (fallback === true) return {};
  const { maxOpenPerUser, declinedWithinMs, hosts } = fallback;
  if (maxOpenPerUser !== undefined) integerOption('formFallback.maxOpenPerUser', maxOpenPerUser, { min: 1 });
  if (declinedWithinMs !== undefined)
    integerOption('formFallback.declinedWithinMs', declinedWithinMs, { min: 1 });
  for (const [i, host] of (hosts ?? []).entries()) {
    const versions = host?.versions;
    if (
      typeof host?.name !== 'string' ||
      (versions !== undefined && !versions.every((v) => typeof v === 'string'))
    )
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        `createUrlMode: formFallback.hosts[${i}] must be { name: string, versions?: string[] }`,
      );
  }
  return {
    ...(maxOpenPerUser !== undefined && { maxOpen: maxOpenPerUser }),
    policy: {
      ...(declinedWithinMs !== undefined && { declinedWithinMs }),
      ...(hosts && { hosts: hosts.map((h) => ({ ...h })) }),
    },
  };
}
