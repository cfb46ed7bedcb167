import type { Clock } from '@elicitkit/core';
import { Hono } from 'hono';
import * as oidc from 'openid-client';
import { CLOSE_CONNECTION } from '../../http/body-limit.js';
import type { UrlElicitationService } from '../../url/flow/service.js';
import type { BrowserIdentity } from '../../url/identity/resolver.js';
import { logRef } from '../../url/log.js';
import { html } from '../../url/pages/html.js';
import { pageSecurityHeaders } from '../../url/pages/security-headers.js';
import { elicitationUrl } from '../../url/public-url.js';
import { isOpenIdConnect, type OAuthProviderOptions } from '../provider/provider-options.js';
import type { ProviderRegistry } from '../provider/provider-registry.js';
import type { ConnectionTokens } from '../tokens/connection-tokens.js';
import { tokensFromResponse } from '../tokens/stored-tokens.js';
import type { AuthorizationAttempt, AuthorizationAttempts } from './attempts.js';
import { noticePage, oauthPage } from './pages.js';

export const CALLBACK_PATH = 'oauth/callback';

/** Where a provider sends the browser back: `<publicBaseUrl>/oauth/callback/<provider>`; register it there. */
export function oauthRedirectUri(publicBaseUrl: URL, provider: string): string {
  return new URL(`${CALLBACK_PATH}/${provider}`, publicBaseUrl).href;
}

export interface CallbackRoutesOptions {
  registry: ProviderRegistry;
  attempts: AuthorizationAttempts;
  tokens: ConnectionTokens;
  elicitations: UrlElicitationService;
  browserIdentity: BrowserIdentity;
  clock: Clock;
}

const invalidResponse = () =>
  noticePage(
    'This sign-in response is not valid',
    'It does not belong to a connection started in this browser, or it was already used. Nothing was connected.',
    400,
  );

/**
 * `GET /oauth/callback/:provider`: the end of the authorization code flow. Checks, in order: the browser's user,
 * the `state` (single-use, found only under that user), the elicitation (same user, still pending), then lets
 * openid-client check `iss` (RFC 9207) and `state` again, redeem the code with the PKCE verifier and check the ID
 * token and its nonce. Only then are the tokens stored and the elicitation completed. Any failure leaves nothing bound.
 */
export function callbackRoutes(options: CallbackRoutesOptions): Hono {
  const { registry, attempts, tokens, elicitations } = options;
  const log = elicitations.logger;
  const app = new Hono();
  app.use(`/${CALLBACK_PATH}/:provider`, pageSecurityHeaders());

  app.get(`/${CALLBACK_PATH}/:provider`, async (c) => {
    const providerName = c.req.param('provider');
    const provider = registry.get(providerName);
    if (!provider) return noticePage('Link not found', 'This link is not valid.', 404);
    const user = await options.browserIdentity(c.req.raw);
    if (!user) {
      return noticePage(
        'Please log in',
        `Your session here ended while you were at ${provider.displayName}. Nothing was connected. Log in, then start again from your app.`,
        401,
      );
    }
    const responseUrl = new URL(c.req.url);
    const attempt = await attempts.take(user, responseUrl.searchParams.get('state') ?? undefined);
    // RFC 9700 §4.4.2: a response for another provider (mix-up) is refused like an unknown state.
    if (!attempt || attempt.provider !== providerName) {
      log.warn('oauth.callback-state-refused', {
        provider: providerName,
        browserUser: user,
        found: !!attempt,
      });
      return invalidResponse();
    }
    const record = await elicitations.get(attempt.elicitationId);
    // E-62: the user who completes the flow is the user the elicitation was started for.
    if (!record || record.user !== user) {
      log.warn('oauth.callback-wrong-user', {
        elicitation: logRef(attempt.elicitationId),
        browserUser: user,
      });
      return noticePage(
        'Not your request',
        'This sign-in belongs to another account. Nothing was connected.',
        403,
      );
    }
    if (record.status === 'completed') {
      return noticePage('Already done', 'This step is already complete. You can close this tab.', 410);
    }
    const now = options.clock.now();
    const retryUrl = elicitationUrl(elicitations.publicBaseUrl, record.id);
    if (record.status === 'expired' || record.expiresAt <= now) {
      return noticePage(
        'Link expired',
        'The request from your app expired before you came back. Nothing was connected. Go back to your app and try again.',
        410,
      );
    }
    if (attempt.expiresAt <= now) {
      return noticePage(
        'Sign-in took too long',
        `Coming back from ${provider.displayName} took too long. Nothing was connected.`,
        410,
        retryUrl,
      );
    }
    return finish({ user, provider, attempt, responseUrl, retryUrl });
  });

  async function finish(flow: {
    user: string;
    provider: OAuthProviderOptions;
    attempt: AuthorizationAttempt;
    responseUrl: URL;
    retryUrl: string;
  }): Promise<Response> {
    const { user, provider, attempt, retryUrl } = flow;
    const name = provider.displayName;
    const ref = { elicitation: logRef(attempt.elicitationId), user, provider: provider.name };
    // The response as received at the registered redirect URI, whatever Host header the request came with.
    const current = new URL(oauthRedirectUri(elicitations.publicBaseUrl, provider.name));
    current.search = flow.responseUrl.search;
    let response: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      const config = await registry.configuration(provider.name);
      response = await oidc.authorizationCodeGrant(
        config,
        current,
        {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: current.searchParams.get('state') ?? '',
          ...(isOpenIdConnect(provider) ? { expectedNonce: attempt.nonce ?? '' } : {}),
        },
        provider.resource ? { resource: provider.resource } : undefined,
      );
    } catch (error) {
      if (error instanceof oidc.AuthorizationResponseError) {
        if (error.error === 'access_denied') {
          // Denied consent ends this elicitation like a decline; the tool can ask again later with a new one.
          await elicitations.withdraw(attempt.elicitationId);
          log.info('oauth.access-denied', ref);
          return noticePage(
            'Access not allowed',
            `You did not allow access to your ${name} account. Nothing was connected. Your app may ask again later.`,
            403,
          );
        }
        log.warn('oauth.provider-error', { ...ref, error: error.error });
        return noticePage(
          `${name} reported a problem`,
          `${name} answered "${error.error.slice(0, 64)}". Nothing was connected.`,
          502,
          retryUrl,
        );
      }
      // RFC 9207 `iss` mismatch, a bad ID token or nonce, or the token endpoint refused the code.
      const code = error instanceof oidc.ResponseBodyError ? error.error : (error as { code?: string }).code;
      log.warn('oauth.callback-failed', { ...ref, error: code ?? (error as Error).message });
      return noticePage(
        'Connection failed',
        `The answer from ${name} could not be verified. Nothing was connected.`,
        400,
        retryUrl,
      );
    }
    const account = response.claims()?.sub;
    // E-36: the tokens are this server's to keep, encrypted in the vault and bound to (user, provider).
    await tokens.save(
      user,
      provider.name,
      tokensFromResponse(response, options.clock.now(), undefined, account),
    );
    const outcome = await elicitations.complete(attempt.elicitationId);
    log.info('oauth.connected', { ...ref, completed: outcome.ok });
    return oauthPage(
      `${name} connected`,
      html`<h1>${name} connected</h1><p>This server can now use your ${name} account for you. You can close this tab
and go back to your app.</p>`,
    );
  }

  // Providers come back with GET (response_mode=query). Any other method is refused unread, and the connection
  // closed, so a hostile upload here is never received (nor drained).
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], `/${CALLBACK_PATH}/:provider`, () => {
    return new Response('Method Not Allowed', {
      status: 405,
      headers: { Allow: 'GET', ...CLOSE_CONNECTION },
    });
  });

  return app;
}
