import { type Clock, PeerError, timerSleep } from '@elicitkit/core';
import * as oidc from 'openid-client';
import type { UrlElicitationLogger } from '../../url/log.js';
import type { Vault } from '../../url/vault/vault.js';
import { OAuthConnectionErrorCode } from '../errors.js';
import type { ProviderRegistry } from '../provider/provider-registry.js';
import {
  parseTokens,
  type StoredTokens,
  serializeTokens,
  type TokenResponseLike,
  tokensFromResponse,
} from './stored-tokens.js';

export interface ConnectionTokensOptions {
  vault: Vault;
  registry: ProviderRegistry;
  clock: Clock;
  /** Refresh this long before `expiresAt`, so a token does not expire on its way to the API. */
  refreshSkewMs: number;
  logger: () => UrlElicitationLogger;
}

/** The vault entry of a (user, provider) connection. */
export const tokenEntryName = (provider: string) => `oauth.token:${provider}`;

/**
 * How long one instance holds the right to refresh a connection's tokens: longer than a token request takes (the
 * provider timeout is 10 s by default), short enough that a crashed holder delays the others only that long.
 */
const REFRESH_LEASE_MS = 15_000;
/** How often an instance waiting for another's refresh looks at the vault. */
const REFRESH_WAIT_STEP_MS = 200;

const errorCode = (error: unknown) => (error instanceof oidc.ResponseBodyError ? error.error : undefined);

/**
 * Third-party tokens per (user, provider), in the vault (E-36): stores them after the callback, hands out a valid
 * access token (refreshing it first when it expired), forgets and revokes them.
 */
export class ConnectionTokens {
  readonly #options: ConnectionTokensOptions;
  /**
   * One refresh at a time per (user, provider) in this process: concurrent callers share its outcome (across
   * instances, the vault's claim does the same).
   */
  readonly #refreshing = new Map<string, Promise<string | undefined>>();

  constructor(options: ConnectionTokensOptions) {
    this.#options = options;
  }

  async save(user: string, provider: string, tokens: StoredTokens): Promise<void> {
    await this.#options.vault.put(user, tokenEntryName(provider), serializeTokens(tokens));
  }

  async read(user: string, provider: string): Promise<StoredTokens | undefined> {
    let text: string | undefined;
    try {
      text = await this.#options.vault.get(user, tokenEntryName(provider));
    } catch (error) {
      // A record that fails authentication (tampered, or written with a retired key) is as good as none.
      this.#options
        .logger()
        .warn('oauth.tokens-unreadable', { user, provider, error: (error as Error).message });
      return undefined;
    }
    return text === undefined ? undefined : parseTokens(text);
  }

  remove(user: string, provider: string): Promise<boolean> {
    return this.#options.vault.delete(user, tokenEntryName(provider));
  }

  /** A usable access token, refreshed when needed; undefined when the user must connect (again). */
  async accessToken(user: string, provider: string): Promise<string | undefined> {
    const tokens = await this.read(user, provider);
    if (!tokens) return undefined;
    if (!this.#expired(tokens)) return tokens.accessToken;
    const key = JSON.stringify([user, provider]);
    let refreshing = this.#refreshing.get(key);
    if (!refreshing) {
      refreshing = this.#refresh(user, provider, tokens).finally(() => this.#refreshing.delete(key));
      this.#refreshing.set(key, refreshing);
    }
    return refreshing;
  }

  #expired(tokens: StoredTokens): boolean {
    return (
      tokens.expiresAt !== undefined &&
      tokens.expiresAt - this.#options.refreshSkewMs <= this.#options.clock.now()
    );
  }

  /**
   * One refresh per connection across every instance sharing the vault's store: refresh tokens are often single-use
   * (rotated), and a provider that sees one used twice may end the whole grant. The instance that claims the entry
   * refreshes; the others wait for its new tokens in the vault.
   */
  async #refresh(user: string, provider: string, tokens: StoredTokens): Promise<string | undefined> {
    const entry = tokenEntryName(provider);
    const deadline = this.#options.clock.now() + REFRESH_LEASE_MS;
    for (;;) {
      const release = await this.#options.vault.claim(user, entry, REFRESH_LEASE_MS);
      if (release) {
        try {
          // What another holder may have written since this caller read the entry.
          const current = (await this.read(user, provider)) ?? tokens;
          if (!this.#expired(current)) return current.accessToken;
          return await this.#refreshNow(user, provider, current);
        } finally {
          await release().catch(() => {}); // a lapsed claim ends by itself
        }
      }
      // Another instance refreshes: its tokens land in the vault.
      await (this.#options.clock.sleep ?? timerSleep)(REFRESH_WAIT_STEP_MS, new AbortController().signal);
      const latest = await this.read(user, provider);
      if (!latest) return undefined; // its refresh was refused: the user connects again
      if (!this.#expired(latest)) return latest.accessToken;
      if (this.#options.clock.now() > deadline) {
        throw new PeerError(
          OAuthConnectionErrorCode.ProviderUnavailable,
          `${this.#options.registry.require(provider).displayName}: another instance has been refreshing the ` +
            'access token for too long; try again',
          { details: { provider } },
        );
      }
    }
  }

  async #refreshNow(user: string, provider: string, tokens: StoredTokens): Promise<string | undefined> {
    const log = this.#options.logger();
    const options = this.#options.registry.require(provider);
    if (!tokens.refreshToken) {
      await this.remove(user, provider);
      log.info('oauth.token-expired', { user, provider, refreshable: false });
      return undefined;
    }
    const config = await this.#options.registry.configuration(provider);
    let response: TokenResponseLike;
    try {
      // RFC 6749 §6, with the same resource as the original request (RFC 8707 §2.2).
      response = await oidc.refreshTokenGrant(
        config,
        tokens.refreshToken,
        options.resource ? { resource: options.resource } : undefined,
      );
    } catch (error) {
      if (errorCode(error) === 'invalid_grant') {
        // A store without leases: another instance may have refreshed (and rotated) first.
        const latest = await this.read(user, provider);
        if (latest && latest.refreshToken !== tokens.refreshToken && !this.#expired(latest))
          return latest.accessToken;
        // Only the entry this refresh was about: never one another instance wrote meanwhile.
        if (latest?.refreshToken === tokens.refreshToken) await this.remove(user, provider);
        log.info('oauth.refresh-rejected', { user, provider });
        return undefined;
      }
      throw new PeerError(
        OAuthConnectionErrorCode.ProviderUnavailable,
        `${options.displayName}: refreshing the access token failed (${errorCode(error) ?? (error as Error).message})`,
        { cause: error, details: { provider } },
      );
    }
    const refreshed = tokensFromResponse(response, this.#options.clock.now(), tokens);
    await this.save(user, provider, refreshed);
    log.info('oauth.token-refreshed', { user, provider });
    return refreshed.accessToken;
  }

  /**
   * Revokes at the provider when it offers RFC 7009 revocation (the refresh token first, which ends the grant at
   * most providers, then the access token), then forgets the tokens. A failed revocation still forgets them.
   */
  async revokeAndRemove(user: string, provider: string): Promise<{ revoked: boolean; removed: boolean }> {
    const tokens = await this.read(user, provider);
    let revoked = false;
    if (tokens) {
      try {
        const config = await this.#options.registry.configuration(provider);
        if (config.serverMetadata().revocation_endpoint) {
          if (tokens.refreshToken) {
            await oidc.tokenRevocation(config, tokens.refreshToken, { token_type_hint: 'refresh_token' });
          }
          await oidc.tokenRevocation(config, tokens.accessToken, { token_type_hint: 'access_token' });
          revoked = true;
        }
      } catch (error) {
        this.#options.logger().warn('oauth.revocation-failed', {
          user,
          provider,
          error: errorCode(error) ?? (error as Error).message,
        });
      }
    }
    const removed = await this.remove(user, provider);
    this.#options.logger().info('oauth.disconnected', { user, provider, revoked, removed });
    return { revoked, removed };
  }
}
