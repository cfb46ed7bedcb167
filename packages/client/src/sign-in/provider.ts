import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { SignInRecord, SignInStore } from './record.js';

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
  }

  readonly clientMetadataUrl?: string;
  readonly validateResourceURL?: (serverUrl: string | URL, resource?: string) => Promise<URL | undefined>;

  get redirectUrl(): string {
    return this.events.redirectUrl();
  }

  get clientMetadata(): OAuthClientMetadata {
    const secret = this.client.clientSecret !== undefined;
    return {
      client_name: this.client.name,
      redirect_uris: [this.events.redirectUrl()],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: secret ? 'client_secret_basic' : 'none',
      application_type: this.client.applicationType ?? 'native',
      ...(this.client.scope !== undefined && { scope: this.client.scope }),
    } as OAuthClientMetadata;
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
