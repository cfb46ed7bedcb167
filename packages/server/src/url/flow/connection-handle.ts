import { PeerError, RefusedError, UsageError } from '@elicitkit/core';
import {
  type ElicitRequestURLParams,
  type ElicitResult,
  SdkError,
  SdkErrorCode,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { assertAvailableIn } from '../../delivery/capabilities.js';
import type { Round } from '../../delivery/round.js';
import { type RequestScope, scopeOf } from '../../delivery/scope.js';
import { elicitationAbortedError, elicitationFailedError, elicitationTimeoutError } from '../../errors.js';
import { UrlErrorCode } from '../errors.js';
import { resolveIdentity } from '../identity/resolver.js';
import { mintElicitationId } from '../ids.js';
import { logRef } from '../log.js';
import { elicitationUrl } from '../public-url.js';
import type { ElicitationRecord } from '../store/types.js';
import type { AttachedConnection } from './connections.js';
import type { OAuthConnectionHandle } from './oauth-extension.js';
import { checkRequest, type UrlElicitationRequest } from './request.js';
import { urlElicitationRequired } from './required-error.js';
import type { UrlElicitationService } from './service.js';
import { holdForCompletion, queueUrlAsk, urlAskState, urlDigest } from './url-rounds.js';

/** The user's answer to the consent prompt; `accept` is consent, not completion (E-16). */
export interface StartedUrlElicitation {
  action: 'accept' | 'decline' | 'cancel';
  elicitationId: string;
  url: string;
  /**
   * Resolves when the out-of-band part is done (the page completed it). Rejects when the elicitation expires,
   * was declined or cancelled, or the tool call (or `signal`) is cancelled.
   */
  completion(options?: { signal?: AbortSignal }): Promise<void>;
}

function withoutCredentials(record: ElicitationRecord, url: string): ElicitRequestURLParams {
  // E-14: mode, message, url, elicitationId; E-45/E-46: the URL carries the id only.
  return { mode: 'url', message: record.message, url, elicitationId: record.id };
}

/** Records of 2026-07-28 flows carry this before their flow id instead of a connection id. */
export const MRTR_CONNECTION_PREFIX = 'mrtr:';

function declined(action: 'decline' | 'cancel'): Promise<never> {
  return Promise.reject(
    new RefusedError(
      UrlErrorCode.ElicitationDeclined,
      `elicitation: the user chose ${action}, so there is no completion to wait for`,
      { details: { action } },
    ),
  );
}

/**
 * URL elicitation from the tools of one attached connection. Every call checks the client's capability, the
 * verified user, and that the connection still belongs to that user, before anything is stored or sent.
 */
export class UrlElicitationConnection {
  readonly #service: UrlElicitationService;
  readonly #connection: AttachedConnection;
  readonly #learned: Promise<void>;
  readonly #makeOAuth: ((connection: UrlElicitationConnection) => OAuthConnectionHandle) | undefined;
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
  start(ctx: ServerContext, request: UrlElicitationRequest): Promise<StartedUrlElicitation> {
    // Not `async`: on 2026-07-28 the ask's position is claimed during the call, like elicitForm's.
    const scope = scopeOf(ctx);
    return scope.round ? this.#startInRound(ctx, scope.round, request) : this.#startOnSession(ctx, request);
  }

  async #startOnSession(ctx: ServerContext, request: UrlElicitationRequest): Promise<StartedUrlElicitation> {
    const { record, url } = await this.#create(ctx, request);
    const store = this.#service.store;
    let result: ElicitResult;
    try {
      result = await ctx.mcpReq.send(
        { method: 'elicitation/create', params: { ...withoutCredentials(record, url) } },
        { timeout: record.expiresAt - record.createdAt, signal: ctx.mcpReq.signal },
      );
    } catch (error) {
      await store.expire(record.id);
      if (ctx.mcpReq.signal.aborted) throw elicitationAbortedError('tool-call-cancelled', { cause: error });
      if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
        throw elicitationTimeoutError(record.expiresAt - record.createdAt, { cause: error });
      }
      throw elicitationFailedError(error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    }
    const action = result.action;
    if (action !== 'accept') {
      // Declined or dismissed: the URL stops working at once.
      await store.expire(record.id);
      this.#service.logger.info('elicitation.not-consented', { elicitation: logRef(record.id), action });
    }
    return {
      action,
      elicitationId: record.id,
      url,
      completion: (options = {}) =>
        action === 'accept'
          ? this.#service.waitForCompletion(record.id, { signal: options.signal ?? ctx.mcpReq.signal })
          : declined(action),
    };
  }

  /** 2026-07-28: consent in one round; completion read from the store on the retry (M-17). */
  async #startInRound(
    ctx: ServerContext,
    round: Round,
    request: UrlElicitationRequest,
  ): Promise<StartedUrlElicitation> {
    const position = round.claimAsk();
    try {
      checkRequest(request, this.#service.kinds);
      const ask = urlAskState(round, position, urlDigest(request));
      if (!ask.recordId || !ask.answer) {
        await queueUrlAsk(this.#service, this.#createRecord, ctx, round, ask, request);
        return round.end();
      }
      const id = ask.recordId;
      const url = elicitationUrl(this.#service.publicBaseUrl, id);
      const action = ask.answer.action;
      if (action !== 'accept') {
        await this.#service.store.expire(id);
        return { action, elicitationId: id, url, completion: () => declined(action) };
      }
      return {
        action,
        elicitationId: id,
        url,
        completion: async (options = {}) => {
          await holdForCompletion(this.#service, ctx, round, [id], options.signal);
        },
      };
    } finally {
      round.settle();
    }
  }

  /**
   * Creates the elicitations a request needs and throws `-32042` listing them (E-23, E-38). The client opens
   * them, then retries the request, which should find what it needed (e.g. in the vault) and succeed.
   *
   * On 2026-07-28 (M-17) the same call sends the URLs in an input-required round instead, and on the retry holds
   * it while the flows are pending; once they complete the handler runs again at once, and finds what it needed.
   */
  require(
    ctx: ServerContext,
    requests: UrlElicitationRequest | readonly UrlElicitationRequest[],
    message?: string,
  ): Promise<never> {
    const list = Array.isArray(requests) ? requests : [requests as UrlElicitationRequest];
    // E-25: the error lists every elicitation needed; an empty list is a bug in the caller.
    if (list.length === 0)
      return Promise.reject(
        new UsageError(UrlErrorCode.InvalidElicitation, 'url.require: list at least one elicitation'),
      );
    const scope = scopeOf(ctx);
    return scope.round
      ? this.#requireInRound(ctx, scope.round, list)
      : this.#requireOnSession(ctx, list, message);
  }

  async #requireInRound(
    ctx: ServerContext,
    round: Round,
    list: readonly UrlElicitationRequest[],
  ): Promise<never> {
    const positions = list.map(() => round.claimAsk());
    try {
      const asks = list.map((request, i) => {
        checkRequest(request, this.#service.kinds);
        return urlAskState(round, positions[i] as number, urlDigest(request));
      });
      for (const [i, ask] of asks.entries()) {
        if (ask.answer && ask.answer.action !== 'accept' && ask.recordId) {
          await this.#service.store.expire(ask.recordId);
          return await declined(ask.answer.action);
        }
        if (!ask.recordId || !ask.answer)
          await queueUrlAsk(
            this.#service,
            this.#createRecord,
            ctx,
            round,
            ask,
            list[i] as UrlElicitationRequest,
          );
      }
      if (round.interrupted) return round.end();
      const ids = asks.map((a) => a.recordId as string);
      const held = await holdForCompletion(this.#service, ctx, round, ids, undefined);
      if (held === 'completed-while-held') return round.requestRerun();
      // Completed before, yet still required: those flows are spent; ask for new ones.
      for (const [i, ask] of asks.entries()) {
        round.forgetUrlRecord(ask.position);
        await queueUrlAsk(
          this.#service,
          this.#createRecord,
          ctx,
          round,
          { ...ask, recordId: undefined, answer: undefined },
          list[i] as UrlElicitationRequest,
        );
      }
      return round.end();
    } finally {
      for (const _ of positions) round.settle();
    }
  }

  async #requireOnSession(
    ctx: ServerContext,
    list: readonly UrlElicitationRequest[],
    message: string | undefined,
  ): Promise<never> {
    const created = [];
    for (const request of list) created.push(await this.#create(ctx, request));
    throw urlElicitationRequired(
      created.map(({ record, url }) => withoutCredentials(record, url)),
      message,
    );
  }

  /**
   * The verified user behind this request, for tool code (`vault.get(await url.user(ctx), name)`). Throws
   * `identity-required` without one, and `identity-mismatch` when the connection belongs to someone else.
   */
  async user(ctx: ServerContext): Promise<string> {
    const service = this.#service;
    const connection = this.#connection;
    await this.#learned;
    const authInfo = ctx.http?.authInfo;
    // E-28, E-31, E-57: the user comes from verified credentials only; without one nothing starts.
    const user = await resolveIdentity(service.identity, { authInfo, request: ctx.http?.req });
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

  readonly #createRecord = async (ctx: ServerContext, request: UrlElicitationRequest, flowId: string) =>
    (await this.#create(ctx, request, flowId)).record.id;

  async #create(
    ctx: ServerContext,
    request: UrlElicitationRequest,
    flowId?: string,
  ): Promise<{ record: ElicitationRecord; url: string }> {
    const service = this.#service;
    const connection = this.#connection;
    // The package's one capability gate (E-09, M-04): url mode only to clients that declared it, nothing sent
    // otherwise.
    assertAvailableIn(ctx, scopeOf(ctx) as RequestScope, 'url');
    await service.ready();
    const { kind, params } = checkRequest(request, service.kinds);
    const user = await this.user(ctx);
    const createdAt = service.now();
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
      expiresAt: createdAt + (request.ttlMs ?? service.ttlMs),
    };
    await service.store.create(record);
    service.logger.info('elicitation.created', { elicitation: logRef(record.id), kind: kind.name, user });
    return { record, url: elicitationUrl(service.publicBaseUrl, record.id) };
  }
}
