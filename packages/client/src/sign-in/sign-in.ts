import { AbortedError, PeerError, RefusedError, UsageError } from '@elicitkit/core';
import type { FetchLike, OAuthClientProvider } from '@modelcontextprotocol/client';
import { ClientErrorCode } from '../errors.js';
import { auth } from '../sdk/oauth.js';
import { type SignInClient, StoredOAuthProvider } from './provider.js';
import { memorySignInStore, type SignInStore, signInKey } from './record.js';
import { revokeTokens } from './revoke.js';

/** Where the browser comes back to: a loopback listener (native hosts) or a route of the host's own server. */
export interface SignInRedirect {
  /** The redirect URL to use, started if need be; `previous` is the one the record was registered with. */
  prepare(previous?: string): Promise<string>;
  /** The callback's query once the browser comes back carrying `state`; rejects when `signal` aborts. */
  waitForCallback(state: string, signal: AbortSignal): Promise<URLSearchParams>;
  /** Stops listening. */
  close(): Promise<void>;
}

/** A sign-in to show the person: where they sign in, and for which server. */
export interface SignInRequest {
  /** The authorization URL, exactly as it is to be opened. */
  url: URL;
  /** The MCP server the sign-in is for. */
  server: string;
}

/** What {@link createSignIn} needs: the server, where records live, how the person is reached. */
export interface SignInOptions {
  /** The MCP server's URL (the protected resource). */
  serverUrl: URL | string;
  store: SignInStore;
  /** Whose sign-in, for a host that serves several people from one store. */
  principal?: string;
  /** Where the browser comes back to. Not needed with a machine grant (`client.grant`): nobody is sent anywhere. */
  redirect?: SignInRedirect;
  client: SignInClient;
  /** Shows the person the sign-in (prints it, opens a browser, relays it). Their coming back is awaited apart. */
  announce?(request: SignInRequest): void | Promise<void>;
  /** False leaves out the RFC 8707 `resource` parameter, for authorization servers that refuse it. Default true. */
  resourceIndicator?: boolean;
  /** How long the person has to come back from the sign-in page. Default 5 minutes. */
  timeoutMs?: number;
  /** The fetch the SDK's OAuth requests use (a test's, or one with a proxy). */
  fetch?: FetchLike;
}

/** How long a person has to come back from the sign-in page, by default: 5 minutes. */
export const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;
/**
 * Sign-ins one operation may wait for: a first one, then one scope step-up. The suite's retry-limit scenario
 * counts attempts across the connection: with the connection's own sign-in, three in all.
 */
const MAX_SIGN_IN_ROUNDS = 2;

/** A host's sign-in to one server (see {@link createSignIn}). */
export interface SignIn {
  /** For the transport: `new StreamableHTTPClientTransport(url, { authProvider: signIn.provider })`. */
  readonly provider: OAuthClientProvider;
  /** Runs `operation`; where it fails for want of a sign-in, waits for the person to sign in and runs it again. */
  retrying<T>(operation: () => Promise<T>): Promise<T>;
  /** Whether tokens are stored for this server. */
  signedIn(): Promise<boolean>;
  /** Forgets the tokens and registration, revoking the tokens where the authorization server allows. */
  signOut(): Promise<{ revoked: boolean; forgotten: boolean }>;
  /** Stops listening for the browser. */
  close(): Promise<void>;
}

function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'UnauthorizedError' ||
      (error.cause instanceof Error && error.cause.name === 'UnauthorizedError'))
  );
}

/** The SDK's OAuth flow errors (v2 and v1 alike, by name): the sign-in failed, not the connection. */
const OAUTH_ERRORS = new Set([
  'OAuthError',
  'OAuthClientFlowError',
  'OAuthClientRegistrationError',
  'RegistrationRejectedError',
  'InsecureTokenEndpointError',
  'AuthorizationServerMismatchError',
  'IssuerMismatchError',
  'InvalidClientError',
  'InvalidGrantError',
  'ServerError',
]);

function oauthFailure(error: unknown, server: string): PeerError | undefined {
  if (!(error instanceof Error) || !OAUTH_ERRORS.has(error.name)) return undefined;
  return new PeerError(
    ClientErrorCode.SignInFailed,
    `Signing in to ${server} failed: ${error.message.slice(0, 600)}`,
    {
      cause: error,
      details: { server, reason: error.name },
    },
  );
}

/** Text from the authorization server, cut short and stripped of controls, for a message. */
function quoted(text: string | null): string {
  return JSON.stringify((text ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, 200));
}

/**
 * MCP authorization for a host (the spec's "Authorization" page), on the SDK's own OAuth client: discovery,
 * registration (pre-registered, Client ID Metadata Document, or dynamic), PKCE, `resource`, `iss`, refresh and
 * step-up are the SDK's; this adds where tokens live, how the person is shown the sign-in, and the wait for them.
 */
export function createSignIn(options: SignInOptions): SignIn {
  const { redirect, announce } = options;
  if (options.client.grant ? options.client.clientId === undefined : !redirect || !announce) {
    const option = options.client.grant ? 'client.clientId' : !redirect ? 'redirect' : 'announce';
    throw new UsageError(
      ClientErrorCode.InvalidOption,
      `createSignIn needs ${option} ${options.client.grant ? 'for a machine grant' : 'to send a person to sign in'}.`,
      { details: { option } },
    );
  }
  const server = new URL(String(options.serverUrl)).href;
  const key = signInKey(server, options.principal);
  const timeoutMs = options.timeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS;
  let redirectUrl: string | undefined;
  let underWay: Promise<void> | undefined;
  // DPoP-bound tokens are useless without this process's key: kept in memory, never written.
  const store = options.client.dpop ? memorySignInStore() : options.store;
  const provider = new StoredOAuthProvider(store, key, server, options.client, {
    resourceIndicator: options.resourceIndicator ?? true,
    redirectUrl: () => {
      if (redirectUrl === undefined)
        throw new UsageError(ClientErrorCode.InvalidOption, 'sign-in used before prepare', {
          details: { option: 'redirect' },
        });
      return redirectUrl;
    },
    authorize: async (url, state, codeVerifier) => {
      // Two requests refused at once start one sign-in; the later one waits on the first.
      underWay ??= signInOnce(url, state, codeVerifier).finally(() => {
        underWay = undefined;
      });
      // Not awaited here: the SDK returns to the transport, which fails the request; `retrying` awaits it.
      underWay.catch(() => {});
    },
  });

  async function prepare(): Promise<void> {
    if (redirectUrl !== undefined || !redirect) return;
    // The last sign-in's redirect first: a dynamic registration names it (loopback ports are otherwise free,
    // RFC 8252 §7.3, and an authorization server that pins one is configured with a fixed port).
    redirectUrl = await redirect.prepare((await store.read(key))?.redirectUrl);
  }

  async function signInOnce(url: URL, state: string, codeVerifier: string): Promise<void> {
    const signal = AbortSignal.timeout(timeoutMs);
    const before = (await store.read(key))?.tokensSavedAt;
    const release = await store.lock?.(key, signal).catch((error: unknown) => {
      if (!signal.aborted) throw error;
      throw new AbortedError(
        ClientErrorCode.SignInTimeout,
        `Another process was signing in to ${server} and did not finish within ${Math.round(timeoutMs / 1000)} s; run it again.`,
        { cause: error, details: { server } },
      );
    });
    try {
      // Another process signed in while this one waited for the lock: its tokens serve.
      if (release && (await store.read(key))?.tokensSavedAt !== before) return;
      await store.update(key, (record) => ({
        ...(record ?? { version: 1, server }),
        redirectUrl: provider.redirectUrl,
        pending: { state, codeVerifier, startedAt: Date.now() },
      }));
      const callback = redirect!.waitForCallback(state, signal);
      callback.catch(() => {});
      await announce!({ url, server });
      await finish(await timedOut(callback, signal), state);
    } finally {
      await release?.();
    }
  }

  async function timedOut(callback: Promise<URLSearchParams>, signal: AbortSignal): Promise<URLSearchParams> {
    try {
      return await callback;
    } catch (error) {
      if (!signal.aborted) throw error;
      throw new AbortedError(
        ClientErrorCode.SignInTimeout,
        `Nobody came back from the sign-in page for ${server} within ${Math.round(timeoutMs / 1000)} s; run it again to sign in.`,
        { cause: error, details: { server } },
      );
    }
  }

  async function finish(params: URLSearchParams, state: string): Promise<void> {
    if (params.get('state') !== state) {
      throw new PeerError(
        ClientErrorCode.SignInFailed,
        `The sign-in for ${server} came back for another sign-in (state mismatch); nothing was used.`,
        { details: { server, reason: 'state-mismatch' } },
      );
    }
    const code = params.get('code');
    if (code === null) {
      const error = params.get('error');
      if (error === 'access_denied') {
        throw new RefusedError(
          ClientErrorCode.SignInRefused,
          `The sign-in for ${server} was refused at the authorization server.`,
          { details: { server } },
        );
      }
      throw new PeerError(
        ClientErrorCode.SignInFailed,
        `The authorization server ended the sign-in for ${server} with ${quoted(error)} ${quoted(params.get('error_description'))}.`,
        { details: { server, reason: 'authorization-error' } },
      );
    }
    try {
      const iss = params.get('iss') ?? undefined;
      provider.callbackLeg = true;
      await auth(provider, {
        serverUrl: server,
        authorizationCode: code,
        ...(iss !== undefined && { iss }),
        ...(options.fetch && { fetchFn: options.fetch }),
      });
    } catch (error) {
      throw new PeerError(
        ClientErrorCode.SignInFailed,
        `Signing in to ${server} failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error, details: { server, reason: error instanceof Error ? error.name : 'unknown' } },
      );
    } finally {
      provider.callbackLeg = false;
    }
  }

  /**
   * A server that answers 401 but publishes no OAuth metadata at all (neither RFC 9728 nor RFC 8414) offers no
   * sign-in: the SDK's 2025-03-26 fallback then fails at a `/register` that is not there. Say that, not the 404.
   */
  async function noSignInOffered(error: unknown): Promise<PeerError | undefined> {
    const discovery = (await store.read(key))?.discovery;
    if (
      !oauthFailure(error, server) ||
      !discovery ||
      discovery.resourceMetadata ||
      discovery.authorizationServerMetadata
    ) {
      return undefined;
    }
    return new PeerError(
      ClientErrorCode.SignInFailed,
      `${server} wants credentials but offers no way to sign in (no OAuth metadata).`,
      { cause: error, details: { server, reason: 'no-sign-in-offered' } },
    );
  }

  return {
    provider,
    async retrying(operation) {
      await prepare();
      for (let round = 0; ; round++) {
        try {
          return await operation();
        } catch (error) {
          const wait = underWay;
          if (!isUnauthorized(error))
            throw (await noSignInOffered(error)) ?? oauthFailure(error, server) ?? error;
          if (!wait) {
            throw new PeerError(
              ClientErrorCode.SignInFailed,
              `${server} refused the credentials and no sign-in could start (${error instanceof Error ? error.message : String(error)}).`,
              { cause: error, details: { server, reason: 'unauthorized' } },
            );
          }
          if (round >= MAX_SIGN_IN_ROUNDS) {
            throw new PeerError(
              ClientErrorCode.SignInFailed,
              `${server} still refused after ${MAX_SIGN_IN_ROUNDS} sign-ins.`,
              { cause: error, details: { server, reason: 'sign-in-loop' } },
            );
          }
          await wait;
        }
      }
    },
    async signedIn() {
      return (await store.read(key))?.tokens !== undefined;
    },
    async signOut() {
      const record = await store.read(key);
      if (!record) return { revoked: false, forgotten: false };
      const revoked = await revokeTokens(record, options.client, options.fetch ?? fetch);
      await store.update(key, () => undefined);
      return { revoked, forgotten: true };
    },
    close: async () => {
      await redirect?.close();
    },
  };
}
