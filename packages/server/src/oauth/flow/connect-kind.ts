import type { Clock } from '@elicitkit/core';
import * as oidc from 'openid-client';
import type { ElicitationKind, KindPage } from '../../url/kinds/types.js';
import { logRef } from '../../url/log.js';
import { html } from '../../url/pages/html.js';
import { isOpenIdConnect } from '../provider/provider-options.js';
import type { ProviderRegistry } from '../provider/provider-registry.js';
import type { AuthorizationAttempts } from './attempts.js';
import { noticePage, oauthPage, policyAllowingFormsTo } from './pages.js';

export interface ConnectKindOptions {
  name: string;
  registry: ProviderRegistry;
  attempts: AuthorizationAttempts;
  /** The callback URL registered at the provider. */
  redirectUri(provider: string): string;
  /** Longest time between leaving for the provider and coming back. */
  attemptTtlMs: number;
  clock: Clock;
}

/**
 * Kind `oauth`: the connect page behind `/elicit/:id`, reached only after the pages app checked that the browser's
 * user is the user the elicitation is bound to (E-61, E-62). `GET` says what is about to happen; its button
 * (`POST`, CSRF-checked) starts an authorization request and redirects to the provider.
 */
export function connectKind(options: ConnectKindOptions): ElicitationKind {
  const { registry } = options;

  async function connectPage(page: KindPage, providerName: string): Promise<Response> {
    const provider = registry.require(providerName);
    let authorizationOrigin: string;
    try {
      const config = await registry.configuration(providerName);
      authorizationOrigin = new URL(String(config.serverMetadata().authorization_endpoint)).origin;
    } catch (error) {
      page.log.warn('oauth.provider-unavailable', {
        provider: providerName,
        error: (error as Error).message,
      });
      return noticePage(
        `${provider.displayName} is not reachable`,
        `This server cannot reach ${provider.displayName} right now. Nothing was changed; reload this page in a moment.`,
        502,
      );
    }
    return oauthPage(
      `Connect ${provider.displayName}`,
      html`<h1>Connect ${provider.displayName}</h1>
<p class="message">${page.record.message}</p>
<p class="muted">Signed in here as ${page.user}. Continuing takes you to ${provider.displayName}
(${authorizationOrigin}), where you sign in and choose whether to allow this server access. Your app never sees
your ${provider.displayName} password or tokens.</p>
<form method="post">
<input type="hidden" name="csrf" value="${page.csrfToken}">
<button type="submit">Continue to ${provider.displayName}</button>
</form>`,
      200,
      { 'Content-Security-Policy': policyAllowingFormsTo(authorizationOrigin) },
    );
  }

  async function startAuthorization(page: KindPage, providerName: string): Promise<Response> {
    const provider = registry.require(providerName);
    const config = await registry.configuration(providerName);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = isOpenIdConnect(provider) ? oidc.randomNonce() : undefined;
    const state = await options.attempts.begin(page.user, {
      provider: providerName,
      elicitationId: page.record.id,
      codeVerifier,
      ...(nonce ? { nonce } : {}),
      expiresAt: Math.min(page.record.expiresAt, options.clock.now() + options.attemptTtlMs),
    });
    const url = oidc.buildAuthorizationUrl(config, {
      ...provider.authorizationParams,
      // E-33: the code comes back to this server's own callback through the user's browser, never through the
      // MCP client, and only this server can redeem it (PKCE below, its own client credentials).
      redirect_uri: options.redirectUri(providerName),
      response_type: 'code',
      scope: provider.scopes.join(' '),
      state,
      // RFC 7636 §4.2, S256 only (RFC 9700 §2.1.1).
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ...(nonce ? { nonce } : {}),
      ...(provider.resource ? { resource: provider.resource } : {}),
    });
    page.log.info('oauth.authorization-started', {
      elicitation: logRef(page.record.id),
      user: page.user,
      provider: providerName,
    });
    // E-35: the user authorizes this server directly at the provider, in their own browser, out of band.
    return new Response(null, { status: 303, headers: { Location: url.href, 'Cache-Control': 'no-store' } });
  }

  return {
    name: options.name,
    checkParams(params) {
      if (!registry.get(params.provider ?? ''))
        return `provider: "${String(params.provider).slice(0, 64)}" is not registered`;
      return undefined;
    },
    async handle(page) {
      const providerName = page.record.params.provider as string;
      if (page.method === 'GET') return connectPage(page, providerName);
      try {
        return await startAuthorization(page, providerName);
      } catch (error) {
        page.log.warn('oauth.authorization-not-started', {
          provider: providerName,
          error: (error as Error).message,
        });
        return noticePage(
          'Could not continue',
          'This server could not start the connection right now. Nothing was changed; go back and try again.',
          502,
        );
      }
    },
  };
}
