import type {
  AddClientAuthentication,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { createPrivateKeyJwtAuth, DpopSession } from '../sdk/oauth.js';
import type { SignInRecord, SignInStore } from './record.js';

/**
 * A sign-in with no person: the host signs in as itself. `client_credentials` with the client's secret, or with
 * `privateKey` (RFC 7523 `private_key_jwt`); `jwt-bearer` (RFC 7523 grant) with an assertion the host obtains
 * (a workload identity token; an enterprise IdP's ID-JAG, SEP-990).
 */
export type MachineGrant =
  | { kind: 'client_credentials'; privateKey?: string | Record<string, unknown>; algorithm?: string }
  | {
      kind: 'jwt-bearer';
      /** The assertion to present, for the authorization server and resource `context` names. */
      assertion(context: AssertionContext): Promise<string>;
    };

/** What a `jwt-bearer` assertion is for: the authorization server (its issuer) and the resource. */
export interface AssertionContext {
  issuer?: string;
  resource?: string;
  scope?: string;
}

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** Who the host is to the authorization server, and how it is registered there. */
export interface SignInClient {
  /** `client_name` in a dynamic registration: what the consent screen calls the host. */
  name: string;
  /** A pre-registered client id (else: a Client ID Metadata Document, else dynamic registration). */
  clientId?: string;
  /** The pre-registered client's secret, for a confidential client. */
  clientSecret?: string;
  /** An https URL of this host's Client ID Metadata Document, used where the authorization server supports them. */
  clientMetadataUrl?: string;
  /** The scope to ask for; by default the server's challenge or its metadata decides (the spec's strategy). */
  scope?: string;
  /** `native` (default: loopback redirects) or `web` (a callback route on a server). */
  applicationType?: 'native' | 'web';
  /** Sign in with no person (machine to machine); needs `clientId`. */
  grant?: MachineGrant;
  /** RFC 9449 sender-constrained tokens, where the authorization server offers them (SEP-1932). */
  dpop?: boolean;
}

/** What the provider tells the sign-in that drives it. */
export interface ProviderEvents {
  /** The SDK wants the person sent to `url`; `state` is what the callback must carry back, `codeVerifier` its PKCE secret. */
  authorize(url: URL, state: string, codeVerifier: string): Promise<void>;
  redirectUrl(): string;
  /** False: leave out the RFC 8707 `resource` parameter (for authorization servers that refuse it). */
  resourceIndicator: boolean;
}

const now = () => Date.now();

/**
 * The SDK's `OAuthClientProvider`, backed by a {@link SignInStore} record: the SDK runs discovery,
 * registration, PKCE, the `resource` parameter, `iss` checks, refresh and step-up; this class only keeps
 * what it is handed and hands the authorization URL on. Works with the v1 SDK's transports too (same shape).
 */
export class StoredOAuthProvider implements OAuthClientProvider {
  constructor(
    private readonly store: SignInStore,
    private readonly key: string,
    private readonly server: string,
    private readonly client: SignInClient,
    private readonly events: ProviderEvents,
  ) {
    if (client.clientMetadataUrl) this.clientMetadataUrl = client.clientMetadataUrl;
    // Defined only to leave the parameter out: when present the SDK sends what it returns, not the metadata's
    // `resource` verbatim.
    if (!events.resourceIndicator) this.validateResourceURL = async () => undefined;
    const { grant } = client;
    if (
      grant?.kind === 'client_credentials' &&
      grant.privateKey !== undefined &&
      client.clientId !== undefined
    ) {
      this.addClientAuthentication = createPrivateKeyJwtAuth({
        issuer: client.clientId,
        subject: client.clientId,
        privateKey: grant.privateKey,
        alg: grant.algorithm ?? 'ES256',
      });
    }
    // One key for the life of this sign-in: tokens bound to it are kept in memory only (see createSignIn).
    if (client.dpop) {
      const session = DpopSession.create();
      this.dpop = () => session;
    }
  }

  readonly addClientAuthentication?: AddClientAuthentication;
  readonly dpop?: () => Promise<DpopSession>;

  readonly clientMetadataUrl?: string;
  readonly validateResourceURL?: (serverUrl: string | URL, resource?: string) => Promise<URL | undefined>;

  get redirectUrl(): string | undefined {
    // No redirect: the SDK takes the non-interactive path and asks `prepareTokenRequest` for the grant.
    return this.client.grant ? undefined : this.events.redirectUrl();
  }

  get clientMetadata(): OAuthClientMetadata {
    const { grant } = this.client;
    const method =
      grant?.kind === 'client_credentials' && grant.privateKey !== undefined
        ? 'private_key_jwt'
        : this.client.clientSecret !== undefined
          ? 'client_secret_basic'
          : 'none';
    const grantTypes = !grant
      ? ['authorization_code', 'refresh_token']
      : grant.kind === 'jwt-bearer'
        ? [JWT_BEARER]
        : ['client_credentials'];
    return {
      client_name: this.client.name,
      redirect_uris: grant ? [] : [this.events.redirectUrl()],
      grant_types: grantTypes,
      ...(!grant && { response_types: ['code'], application_type: this.client.applicationType ?? 'native' }),
      token_endpoint_auth_method: method,
      ...(this.client.scope !== undefined && { scope: this.client.scope }),
    } as OAuthClientMetadata;
  }

  /** With a machine grant: its parameters (the SDK adds the client's authentication). */
  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    const { grant } = this.client;
    if (!grant) return undefined;
    let params: URLSearchParams;
    if (grant.kind === 'jwt-bearer') {
      // The SDK saved what it discovered just before asking: the assertion names that server and resource.
      const discovery = (await this.store.read(this.key))?.discovery;
      const issuer = discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl;
      const resource = discovery?.resourceMetadata?.resource;
      const assertion = await grant.assertion({
        ...(issuer !== undefined && { issuer }),
        ...(resource !== undefined && { resource }),
        ...(scope && { scope }),
      });
      params = new URLSearchParams({ grant_type: JWT_BEARER, assertion });
    } else {
      params = new URLSearchParams({ grant_type: 'client_credentials' });
    }
    if (scope) params.set('scope', scope);
    return params;
  }

  private async change(edit: (record: SignInRecord) => SignInRecord): Promise<void> {
    await this.store.update(this.key, (record) => edit(record ?? { version: 1, server: this.server }));
  }

  async state(): Promise<string> {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  }

  async clientInformation(): Promise<StoredOAuthClientInformation | undefined> {
    if (this.client.clientId !== undefined) {
      return {
        client_id: this.client.clientId,
        ...(this.client.clientSecret !== undefined && { client_secret: this.client.clientSecret }),
      };
    }
    return (await this.store.read(this.key))?.clientInformation;
  }

  async saveClientInformation(clientInformation: StoredOAuthClientInformation): Promise<void> {
    // A pre-registered client's secret stays in the host's configuration, never in the store.
    if (this.client.clientId !== undefined) return;
    await this.change((record) => ({ ...record, clientInformation }));
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    return (await this.store.read(this.key))?.tokens;
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.change(({ pending: _done, ...record }) => ({ ...record, tokens, tokensSavedAt: now() }));
  }

  /** The verifier of the authorization URL about to be handed on: kept once that sign-in is the one under way. */
  private nextVerifier = '';

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const state = authorizationUrl.searchParams.get('state') ?? '';
    await this.events.authorize(authorizationUrl, state, this.nextVerifier);
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    this.nextVerifier = codeVerifier;
  }

  async codeVerifier(): Promise<string> {
    const pending = (await this.store.read(this.key))?.pending;
    if (!pending) throw new Error('no sign-in is under way: nothing to finish');
    return pending.codeVerifier;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.change((record) => ({ ...record, discovery }));
  }

  /** Set while a code is redeemed: that leg must check the issuer against the discovery it started with. */
  callbackLeg = false;

  /**
   * SEP-2352: outside the callback leg, discovery is done afresh each time the SDK authorizes, so a server that
   * moved to another authorization server is followed (credentials bound to the old one are then dropped).
   * Two small reads per sign-in or refresh; none per request.
   */
  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return this.callbackLeg ? (await this.store.read(this.key))?.discovery : undefined;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    await this.change((record) => {
      const next = { ...record };
      if (scope === 'all' || scope === 'client') delete next.clientInformation;
      if (scope === 'all' || scope === 'tokens') {
        delete next.tokens;
        delete next.tokensSavedAt;
      }
      if (scope === 'all' || scope === 'verifier') delete next.pending;
      if (scope === 'all' || scope === 'discovery') delete next.discovery;
      return next;
    });
  }
}
