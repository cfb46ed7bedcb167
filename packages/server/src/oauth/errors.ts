import { ElicitkitError } from '@elicitkit/core';

/**
 * Errors of third-party OAuth connections. Branch on `code`; messages say what was wrong and where, and never
 * carry a token, a code, a client secret or a PKCE verifier.
 */
export type OAuthConnectionErrorCode =
  /** Bad provider or module configuration, found at construction. */
  | 'oauth-config'
  /** A provider name that is not registered. */
  | 'unknown-provider'
  /** The provider could not be reached, or answered something that is not OAuth (discovery, token endpoint). */
  | 'provider-unavailable';

/** A third-party OAuth connection failed for a reason the server's operator must fix or retry; `code` says which. */
export class OAuthConnectionError extends ElicitkitError {
  declare readonly code: OAuthConnectionErrorCode;

  constructor(code: OAuthConnectionErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
