import { PeerError, UsageError } from '@elicitkit/core';
import { requireUrlElicitations, startUrlElicitation } from '../../delivery/deliver-url.js';
import type {
  CreatedUrlFlow,
  StartedUrlElicitation,
  UrlElicitationRequest,
  UrlFlows,
} from '../../delivery/url-flows.js';
import { requestAuth } from '../../sdk/context.js';
import type { HandlerContext } from '../../sdk/seam.js';
import { UrlErrorCode } from '../errors.js';
import { resolveIdentity } from '../identity/resolver.js';
import { mintElicitationId } from '../ids.js';
import { logRef } from '../log.js';
import { elicitationUrl } from '../public-url.js';
import type { ElicitationRecord } from '../store/types.js';
import { type AttachedConnection, MRTR_CONNECTION_PREFIX } from './connections.js';
import type { OAuthConnectionHandle } from './oauth-handle.js';
import { checkRequest } from './request.js';
import type { UrlElicitationService } from './service.js';

/**
 * URL elicitation from the tools of one attached connection. Every call checks the client's capability, the
 * verified user, and that the connection still belongs to that user, before anything is stored or sent.
 */
export class UrlElicitationConnection {
  readonly #service: UrlElicitationService;
  readonly #connection: AttachedConnection;
  readonly #learned: Promise<void>;
  readonly #makeOAuth: ((connection: UrlElicitationConnection) => OAuthConnectionHandle) | undefined;
  readonly #flows: UrlFlows;
  #oauth: OAuthConnectionHandle | undefined;

  /** Made by `UrlElicitations.attach`. */
  constructor(
    service: UrlElicitationService,
    connection: AttachedConnection,
    learned: Promise<void>,
    makeOAuth?: (connection: UrlElicitationConnection) => OAuthConnectionHandle,
  ) {
    this.#service = service;
    this.#connection = connection;
    this.#learned = learned;
    this.#makeOAuth = makeOAuth;
    // What the era deliveries (delivery/url-2025.ts, url-2026.ts) may do with this connection's flows.
    this.#flows = {
      logger: service.logger,
      holdMs: service.holdMs,
      check: (request) => {
        checkRequest(request, service.kinds);
      },
      create: (ctx, request, flowId) => this.#create(ctx, request, flowId),
      urlOf: (id) => elicitationUrl(service.publicBaseUrl, id),
      expire: (id) => service.store.expire(id),
      waitForCompletion: (id, options) => service.waitForCompletion(id, options),
      status: (id) => service.status(id),
    };
  }

  /**
   * Third-party connections of this connection's users (`await url.oauth.accessToken(ctx, 'calendar')`), bound to
   * the same verified user as URL elicitation (E-28, E-31). Throws when `createUrlMode` got no `oauth`.
   */
  get oauth(): OAuthConnectionHandle {
    if (!this.#makeOAuth) {
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        'url.oauth: OAuth is not configured; pass oauth: oauthProviders([...]) (@elicitkit/server/oauth) to createUrlMode',
      );
    }
    this.#oauth ??= this.#makeOAuth(this);
    return this.#oauth;
  }

  /**
   * Sends `elicitation/create` in URL mode on the tool call's own stream and resolves with the user's consent
   * decision. Await `completion()` on the result to continue once the page is done.
   */
  start(ctx: HandlerContext, request: UrlElicitationRequest): Promise<StartedUrlElicitation> {
    return startUrlElicitation(ctx, this.#flows, request);
  }

  /**
   * Creates the elicitations a request needs and throws `-32042` listing them (E-23, E-38). The client opens
   * them, then retries the request, which should find what it needed (e.g. in the vault) and succeed.
   *
   * On 2026-07-28 (M-17) the same call sends the URLs in an input-required round instead, and on the retry holds
   * it while the flows are pending; once they complete the handler runs again at once, and finds what it needed.
   */
  require(
    ctx: HandlerContext,
    requests: UrlElicitationRequest | readonly UrlElicitationRequest[],
    message?: string,
  ): Promise<never> {
    const list = Array.isArray(requests) ? requests : [requests as UrlElicitationRequest];
    // E-25: the error lists every elicitation needed; an empty list is a bug in the caller.
    if (list.length === 0)
      return Promise.reject(
        new UsageError(UrlErrorCode.InvalidElicitation, 'url.require: list at least one elicitation'),
      );
    return requireUrlElicitations(ctx, this.#flows, list, message);
  }

  /**
   * The verified user behind this request, for tool code (`vault.get(await url.user(ctx), name)`). Throws
   * `identity-required` without one, and `identity-mismatch` when the connection belongs to someone else.
   */
  async user(ctx: HandlerContext): Promise<string> {
    const service = this.#service;
    const connection = this.#connection;
    await this.#learned;
    const { authInfo, request } = requestAuth(ctx);
    // E-28, E-31, E-57: the user comes from verified credentials only; without one nothing starts.
    const user = await resolveIdentity(service.identity, { authInfo, request });
    if (!user) {
      throw new PeerError(
        UrlErrorCode.IdentityRequired,
        'URL elicitation needs a verified user: serve the MCP endpoint behind bearer authorization whose verifier ' +
          'sets authInfo.extra.sub (jwtVerifier, staticTokenVerifier), or use localIdentity() for stdio',
      );
    }
    const clientId = authInfo?.clientId ?? 'local';
    // E-29: a connection is bound to the first verified user and client seen on it; a request of another user
    // on the same session id is refused rather than trusted.
    if ((connection.user ?? user) !== user || (connection.clientId ?? clientId) !== clientId) {
      service.logger.warn('elicitation.connection-identity-mismatch', {
        connection: logRef(connection.connectionId),
      });
      throw new PeerError(
        UrlErrorCode.IdentityMismatch,
        'this MCP connection belongs to another user or client; reconnect',
      );
    }
    connection.user = user;
    connection.clientId = clientId;
    return user;
  }

  /** The record of a new flow, bound to the verified user and this connection; the delivery gated the mode. */
  async #create(
    ctx: HandlerContext,
    request: UrlElicitationRequest,
    flowId?: string,
  ): Promise<CreatedUrlFlow> {
    const service = this.#service;
    const connection = this.#connection;
    await service.ready();
    const { kind, params } = checkRequest(request, service.kinds);
    const user = await this.user(ctx);
    const createdAt = service.clock.now();
    const ttlMs = request.ttlMs ?? service.ttlMs;
    const record: ElicitationRecord = {
      id: mintElicitationId(),
      kind: kind.name,
      message: request.message,
      params,
      user,
      // E-40: bound to the client connection and the user. A 2026-07-28 flow has no connection to notify
      // (M-17): it is named by its flow id, which marks it for the notice router.
      client:
        flowId === undefined
          ? connection.binding()
          : { ...connection.binding(), connectionId: `${MRTR_CONNECTION_PREFIX}${flowId}` },
      status: 'pending',
      createdAt,
      expiresAt: createdAt + ttlMs,
    };
    await service.store.create(record);
    service.logger.info('elicitation.created', { elicitation: logRef(record.id), kind: kind.name, user });
    return {
      id: record.id,
      message: record.message,
      url: elicitationUrl(service.publicBaseUrl, record.id),
      ttlMs,
    };
  }
}
