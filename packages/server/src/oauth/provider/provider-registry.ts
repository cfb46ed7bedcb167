import { PeerError, UsageError } from '@elicitkit/core';
import * as oidc from 'openid-client';
import { OAuthConnectionErrorCode } from '../errors.js';
import { checkEndpointUrl, checkProviderOptions, type OAuthProviderOptions } from './provider-options.js';

/** What the module uses to reach providers: `fetch`-compatible, so tests can watch every outgoing request. */
export type ProviderFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface ProviderRegistryOptions {
  fetch?: ProviderFetch;
  /** Per-request timeout towards providers. */
  timeoutMs: number;
}

/**
 * E-34: every request to a provider authenticates as this server's own OAuth client. The MCP client's bearer
 * token is never read here (no token passthrough): the third party sees only credentials issued to this server.
 */
function clientAuthentication(options: OAuthProviderOptions): oidc.ClientAuth {
  if (options.clientSecret === undefined) return oidc.None();
  return options.clientAuthMethod === 'client_secret_post'
    ? oidc.ClientSecretPost(options.clientSecret)
    : oidc.ClientSecretBasic(options.clientSecret);
}

/** The registered providers and, per provider, its openid-client configuration, discovered once and cached. */
export class ProviderRegistry {
  readonly #providers = new Map<string, OAuthProviderOptions>();
  readonly #configurations = new Map<string, Promise<oidc.Configuration>>();
  readonly #options: ProviderRegistryOptions;

  constructor(providers: readonly OAuthProviderOptions[], options: ProviderRegistryOptions) {
    if (!Array.isArray(providers) || providers.length === 0) {
      throw new UsageError(
        OAuthConnectionErrorCode.InvalidConfig,
        'providers: register at least one provider',
      );
    }
    for (const provider of providers) {
      checkProviderOptions(provider);
      if (this.#providers.has(provider.name)) {
        throw new UsageError(
          OAuthConnectionErrorCode.InvalidConfig,
          `providers.${provider.name}: registered twice`,
        );
      }
      this.#providers.set(provider.name, { ...provider, scopes: [...provider.scopes] });
    }
    this.#options = options;
  }

  get(name: string): OAuthProviderOptions | undefined {
    return this.#providers.get(name);
  }

  require(name: string): OAuthProviderOptions {
    const provider = typeof name === 'string' ? this.#providers.get(name) : undefined;
    if (!provider) {
      const shown = String(name).slice(0, 64);
      throw new UsageError(
        OAuthConnectionErrorCode.UnknownProvider,
        `provider: "${shown}" is not registered (known: ${[...this.#providers.keys()].join(', ')})`,
        { details: { provider: shown } },
      );
    }
    return provider;
  }

  /** The provider's configuration; a failed discovery is not cached, so the next use tries again. */
  configuration(name: string): Promise<oidc.Configuration> {
    let pending = this.#configurations.get(name);
    if (!pending) {
      pending = this.#resolve(this.require(name));
      this.#configurations.set(name, pending);
      pending.catch(() => this.#configurations.delete(name));
    }
    return pending;
  }

  async #resolve(provider: OAuthProviderOptions): Promise<oidc.Configuration> {
    const auth = clientAuthentication(provider);
    const execute: ((config: oidc.Configuration) => void)[] = [];
    const source = provider.issuer ?? provider.endpoints?.issuer ?? '';
    // Plain http passed `checkEndpointUrl` only for loopback hosts (development and tests).
    if (checkEndpointUrl(source, `providers.${provider.name}`).insecure)
      execute.push(oidc.allowInsecureRequests);
    const fetch = this.#options.fetch;
    const customFetch: oidc.CustomFetch | undefined =
      fetch && ((url, init) => fetch(url, init as RequestInit));
    // openid-client counts in seconds: rounded up, so a timeout is never shorter than asked.
    const timeout = Math.ceil(this.#options.timeoutMs / 1000);
    execute.push((config) => {
      config.timeout = timeout;
    });
    if (provider.issuer !== undefined) {
      try {
        return await oidc.discovery(new URL(provider.issuer), provider.clientId, undefined, auth, {
          algorithm: provider.discovery ?? 'oidc',
          execute,
          timeout,
          ...(customFetch ? { [oidc.customFetch]: customFetch } : {}),
        });
      } catch (error) {
        throw new PeerError(
          OAuthConnectionErrorCode.ProviderUnavailable,
          `providers.${provider.name}: discovery at ${provider.issuer} failed (${error instanceof Error ? error.message : String(error)})`,
          { cause: error, details: { provider: provider.name } },
        );
      }
    }
    const endpoints = provider.endpoints as NonNullable<OAuthProviderOptions['endpoints']>;
    const config = new oidc.Configuration(
      {
        issuer: endpoints.issuer,
        authorization_endpoint: endpoints.authorization,
        token_endpoint: endpoints.token,
        ...(endpoints.revocation ? { revocation_endpoint: endpoints.revocation } : {}),
      },
      provider.clientId,
      undefined,
      auth,
    );
    for (const step of execute) step(config);
    if (customFetch) config[oidc.customFetch] = customFetch;
    return config;
  }
}
