/**
 * What the vault keeps per (user, provider) (E-36). Only this server's code reads it back; no part of it is ever
 * put in an MCP message (E-37).
 */
export interface StoredTokens {
  accessToken: string;
  /** Lower-cased `token_type`, `bearer` for the providers this module talks to. */
  tokenType: string;
  refreshToken?: string;
  /** Epoch milliseconds; absent when the provider did not say (`expires_in` is optional, RFC 6749 §5.1). */
  expiresAt?: number;
  /** Granted scope, when the provider said. */
  scope?: string;
  /**
   * The provider's subject (ID token `sub`), for display only. E-32: it never identifies or authorizes the MCP
   * user; that is always the verified MCP identity the connection was started for.
   */
  account?: string;
  obtainedAt: number;
}

const FORMAT = 'elicitkit.oauth.tokens.v1';

export function serializeTokens(tokens: StoredTokens): string {
  return JSON.stringify({ format: FORMAT, ...tokens });
}

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';
const optionalNumber = (value: unknown) =>
  value === undefined || (typeof value === 'number' && Number.isFinite(value));

/** The stored record, or undefined when it is not one this module wrote. */
export function parseTokens(text: string): StoredTokens | undefined {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (
    value?.format !== FORMAT ||
    typeof value.accessToken !== 'string' ||
    typeof value.tokenType !== 'string' ||
    typeof value.obtainedAt !== 'number' ||
    !optionalString(value.refreshToken) ||
    !optionalString(value.scope) ||
    !optionalString(value.account) ||
    !optionalNumber(value.expiresAt)
  ) {
    return undefined;
  }
  const { format: _format, ...tokens } = value;
  return tokens as unknown as StoredTokens;
}

/** The fields of a token endpoint response this module keeps (RFC 6749 §5.1). */
export interface TokenResponseLike {
  access_token: string;
  token_type: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
}

/**
 * Tokens from a token endpoint response. On refresh, a response without a new refresh token keeps the old one
 * (RFC 6749 §6: the server MAY issue a new one), and without a scope keeps the old scope.
 */
export function tokensFromResponse(
  response: TokenResponseLike,
  now: number,
  previous?: StoredTokens,
  account?: string,
): StoredTokens {
  const refreshToken = response.refresh_token ?? previous?.refreshToken;
  const scope = response.scope ?? previous?.scope;
  const owner = account ?? previous?.account;
  return {
    accessToken: response.access_token,
    tokenType: response.token_type.toLowerCase(),
    ...(refreshToken ? { refreshToken } : {}),
    ...(typeof response.expires_in === 'number' ? { expiresAt: now + response.expires_in * 1000 } : {}),
    ...(scope ? { scope } : {}),
    ...(owner ? { account: owner } : {}),
    obtainedAt: now,
  };
}
