import type { HandlerContext } from '../sdk/seam.js';
import type { UrlElicitationConnection } from '../url/flow/connection-handle.js';
import type { AccessTokenOptions, OAuthConnectionHandle } from '../url/flow/oauth-handle.js';
import type { ProviderRegistry } from './provider/provider-registry.js';
import type { ConnectionTokens } from './tokens/connection-tokens.js';

interface HandleDependencies {
  connection: UrlElicitationConnection;
  registry: ProviderRegistry;
  tokens: ConnectionTokens;
  kindName: string;
}

/** `url.oauth` of one attached connection: third-party connections of its users, for its tools. */
export class ConnectionOAuth implements OAuthConnectionHandle {
  readonly #deps: HandleDependencies;

  constructor(deps: HandleDependencies) {
    this.#deps = deps;
  }

  async accessToken(
    ctx: HandlerContext,
    provider: string,
    options: AccessTokenOptions = {},
  ): Promise<string> {
    const { registry, tokens } = this.#deps;
    const registered = registry.require(provider);
    const user = await this.#user(ctx);
    const token = await tokens.accessToken(user, provider);
    if (token !== undefined) return token;
    const name = registered.displayName;
    return this.#deps.connection.require(
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

  async isConnected(ctx: HandlerContext, provider: string): Promise<boolean> {
    this.#deps.registry.require(provider);
    return (await this.#deps.tokens.read(await this.#user(ctx), provider)) !== undefined;
  }

  async disconnect(ctx: HandlerContext, provider: string): Promise<{ revoked: boolean; removed: boolean }> {
    this.#deps.registry.require(provider);
    return this.#deps.tokens.revokeAndRemove(await this.#user(ctx), provider);
  }

  #user(ctx: HandlerContext): Promise<string> {
    // E-28, E-31: the verified MCP identity, checked against the connection's, exactly as URL elicitation binds it.
    return this.#deps.connection.user(ctx);
  }
}
