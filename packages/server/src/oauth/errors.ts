/**
 * The codes of third-party OAuth connections (`@elicitkit/server/oauth`). Each code is thrown as one class, by who
 * is at fault (see `ElicitkitError` in `@elicitkit/core`). Messages say what was wrong and where, and never carry a
 * token, a code, a client secret or a PKCE verifier. (Not `OAuthErrorCode`: the MCP SDK exports that name for the
 * authorization server's error codes.)
 */
export const OAuthConnectionErrorCode = {
  /** UsageError. Bad provider or module configuration, found at construction. */
  InvalidConfig: 'invalid-config',
  /** UsageError. A provider name that is not registered; `details.provider`. */
  UnknownProvider: 'unknown-provider',
  /**
   * PeerError. The provider could not be reached, or answered something that is not OAuth (discovery, token
   * endpoint); `details.provider`, `cause` holds the underlying error.
   */
  ProviderUnavailable: 'provider-unavailable',
} as const;
export type OAuthConnectionErrorCode =
  (typeof OAuthConnectionErrorCode)[keyof typeof OAuthConnectionErrorCode];

/** `details` of each {@link OAuthConnectionErrorCode}. */
export interface OAuthConnectionErrorDetails {
  'invalid-config': Record<never, never>;
  'unknown-provider': { provider: string };
  'provider-unavailable': { provider: string };
}

declare module '@elicitkit/core' {
  interface ElicitkitErrorDetailsMap extends OAuthConnectionErrorDetails {}
}
