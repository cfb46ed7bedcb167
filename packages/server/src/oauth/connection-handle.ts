import type { ServerContext } from '@modelcontextprotocol/server';
import type { UrlElicitationConnection } from '../url/flow/connection-handle.js';
import type { ProviderRegistry } from './provider/provider-registry.js';
import type { ConnectionTokens } from './tokens/connection-tokens.js';

/** Options of `requireConnection`: what the user reads before consenting. */
export interface RequireConnectionOptions {
  /** What the user reads before consenting; default names the provider and says what happens. */
  message?: string;
  /** The -32042 error's message. */
  errorMessage?: string;
}

interface HandleDependencies {
  connection: UrlElicitationConnection;
  registry: ProviderRegistry;
  tokens: ConnectionTokens;
  kindName: string;
}

/** Third-party connections of the users of one MCP connection, for its tools. */
export class OAuthConnectionHandle {
  readonly #deps: HandleDependencies;

  constructor(deps: HandleDependencies) {
    this.#deps = deps;
  }

  /**
   * The calling user's access token at `provider`, refreshed transparently when it expired. When there is none
   * (never connected, refresh refused, revoked), throws `-32042` with a URL elicitation of kind `oauth`: the client
   * opens it, the user connects in the browser, and the client retries the tool call, which then gets a token.
   *
   * E-37: the token is for this server's requests to the provider; never put it in a tool result or any message.
   */
  async requireConnection(
    ctx: ServerContext,
    provider: string,
    options: RequireConnectionOptions = {},
  ): Promise<string> {
    const { registry, tokens } = this.#deps;
    const registered = registry.require(provider);
    const user = await this.#user(ctx);
    const token = await tokens.accessToken(user, provider);
    if (token !== undefined) return token;
    const name = registered.displayName;
    return this.#deps.connection.requireUrlElicitation(
      ctx,
      {
        kind: this.#deps.kindName,
        message:
          options.message ??
          `Connect your ${name} account so this server can use it for you. You will sign in at ${name} itself; ` +
            'this app never sees your password or tokens.',
        params: { provider },
      },
      options.errorMessage ?? `This needs your ${name} account: connect it in your browser, then try again.`,
    );
  }

  /** Whether the calling user has tokens for `provider` (it does not check they still work). */
  async isConnected(ctx: ServerContext, provider: string): Promise<boolean> {
    this.#deps.registry.require(provider);
    return (await this.#deps.tokens.read(await this.#user(ctx), provider)) !== undefined;
  }

  /** Revokes the calling user's connection to `provider` (RFC 7009 when offered) and forgets its tokens. */
  async disconnect(ctx: ServerContext, provider: string): Promise<{ revoked: boolean; removed: boolean }> {
    this.#deps.registry.require(provider);
    return this.#deps.tokens.revokeAndRemove(await this.#user(ctx), provider);
  }

  #user(ctx: ServerContext): Promise<string> {
    // E-28, E-31: the verified MCP identity, checked against the connection's, exactly as URL elicitation binds it.
    return this.#deps.connection.user(ctx);
  }
}
