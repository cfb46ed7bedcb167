// The subset of oidc-provider 9 that Example Calendar uses; the package ships no types of its own.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionDetails {
    uid: string;
    prompt: { name: 'login' | 'consent' | string; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string; scope?: string };
    session?: { accountId?: string };
    grantId?: string;
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface AccessTokenInstance {
    accountId: string;
    clientId: string;
    aud?: string | string[];
    scope?: string;
    isExpired: boolean;
    /** Expiry, epoch seconds. */
    exp: number;
  }

  export interface ClientInstance {
    clientId: string;
    clientName?: string;
    grantTypeAllowed(grantType: string): boolean;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    readonly Grant: {
      new (init: { accountId: string; clientId: string }): GrantInstance;
      find(id: string): Promise<GrantInstance | undefined>;
    };
    readonly AccessToken: { find(value: string): Promise<AccessTokenInstance | undefined> };
    readonly Client: {
      find(id: string): Promise<ClientInstance | undefined>;
      adapter: { upsert(id: string, payload: Record<string, unknown>, expiresIn?: number): Promise<void> };
    };
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
  };
}
