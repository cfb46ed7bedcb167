import type { HandlerContext } from '../../sdk/seam.js';

/**
 * What `url.oauth` offers the tools of one attached connection. URL mode declares it (the handle's `oauth`
 * returns one); `@elicitkit/server/oauth` implements it and exports these types, so `/url` never loads openid-client.
 */

/** Options of `url.oauth.accessToken`: what the user reads when a connection is needed. */
export interface AccessTokenOptions {
  /** What the user reads before consenting; default names the provider and says what happens. */
  message?: string;
  /** The -32042 error's message. */
  errorMessage?: string;
}

/** The calling user's third-party connections, for the tools of one attached MCP connection (`url.oauth`). */
export interface OAuthConnectionHandle {
  /**
   * The calling user's access token at `provider`, refreshed transparently when it expired. When there is none
   * (never connected, refresh refused, revoked), throws `-32042` with a URL elicitation of kind `oauth`: the client
   * opens it, the user connects in the browser, and the client retries the tool call, which then gets a token.
   *
   * E-37: the token is for this server's requests to the provider; never put it in a tool result or any message.
   */
  accessToken(ctx: HandlerContext, provider: string, options?: AccessTokenOptions): Promise<string>;
  /** Whether the calling user has tokens for `provider` (it does not check they still work). */
  isConnected(ctx: HandlerContext, provider: string): Promise<boolean>;
  /** Revokes the calling user's connection to `provider` (RFC 7009 when offered) and forgets its tokens. */
  disconnect(ctx: HandlerContext, provider: string): Promise<{ revoked: boolean; removed: boolean }>;
}
