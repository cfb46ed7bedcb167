import { ElicitkitError } from '@elicitkit/core';

/**
 * Errors of URL-mode elicitation (the capability and protocol-era errors are the package's shared
 * `ElicitationUnsupportedError` and `UnsupportedProtocolEraError`). Branch on `code`; messages say what was wrong and where, and never carry
 * a secret, a token or a session id.
 */
export type UrlElicitationErrorCode =
  | 'identity-required'
  | 'identity-mismatch'
  | 'invalid-config'
  | 'invalid-elicitation'
  | 'unknown-kind'
  | 'elicitation-not-found'
  | 'elicitation-expired'
  | 'elicitation-declined'
  | 'store-conflict'
  | 'vault-key-invalid'
  | 'vault-record-invalid';

/** The base of URL-mode errors; `code` says what went wrong. */
export class UrlElicitationError extends ElicitkitError {
  declare readonly code: UrlElicitationErrorCode;

  constructor(code: UrlElicitationErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/** No verified user behind the request: URL elicitations refuse to start (E-28, E-31). */
export class IdentityRequiredError extends UrlElicitationError {
  constructor(message: string) {
    super('identity-required', message);
  }
}

/** The request's verified user differs from the user this connection was first bound to (E-29, E-57). */
export class IdentityMismatchError extends UrlElicitationError {
  constructor(message: string) {
    super('identity-mismatch', message);
  }
}

/** Bad configuration, found at construction (e.g. a non-https public base URL, E-48). */
export class UrlElicitationConfigError extends UrlElicitationError {
  constructor(message: string) {
    super('invalid-config', message);
  }
}

/** Bad input to start/require an elicitation (kind, message, parameters). */
export class InvalidUrlElicitationError extends UrlElicitationError {
  constructor(message: string) {
    super('invalid-elicitation', message);
  }
}

/** The vault could not be used: a bad key, or a record that fails authentication. */
export class VaultError extends UrlElicitationError {
  constructor(
    code: 'vault-key-invalid' | 'vault-record-invalid',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}
