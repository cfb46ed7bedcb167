/**
 * The codes of URL-mode elicitation (`@elicitkit/server/url`, and the stores in `/sqlite` and `/redis`). The
 * capability, back-channel, timeout and abort errors are the root entry's `ServerErrorCode`s. Each code is thrown as
 * one class, by who is at fault (see `ElicitkitError` in `@elicitkit/core`). Messages say what was wrong and where,
 * and never carry a secret, a token or a session id.
 */
export const UrlErrorCode = {
  /** UsageError. Bad configuration, found at construction (e.g. a non-https public base URL, E-48). */
  InvalidConfig: 'invalid-config',
  /** UsageError. Bad input to start or require an elicitation (message, parameters, ttl, -32042 data). */
  InvalidElicitation: 'invalid-elicitation',
  /** UsageError. The requested `kind` is not registered; `details.kind`. */
  UnknownKind: 'unknown-kind',
  /** UsageError. Bad input to the vault (user id, secret name, value size). */
  VaultInputInvalid: 'vault-input-invalid',
  /** UsageError. The vault key is missing or malformed, or a record's key is no longer configured. */
  VaultKeyInvalid: 'vault-key-invalid',
  /** PeerError. No verified user behind the request: URL elicitations refuse to start (E-28, E-31). */
  IdentityRequired: 'identity-required',
  /** PeerError. The request's user differs from the one this connection was first bound to (E-29, E-57). */
  IdentityMismatch: 'identity-mismatch',
  /** PeerError. The elicitation id is unknown to the store. */
  ElicitationNotFound: 'elicitation-not-found',
  /** PeerError. The elicitation expired or was withdrawn before it completed. */
  ElicitationExpired: 'elicitation-expired',
  /** PeerError. The store already holds an elicitation with this id. */
  StoreConflict: 'store-conflict',
  /** PeerError. A vault record fails authentication or is malformed (tampered, or another app's). */
  VaultRecordInvalid: 'vault-record-invalid',
  /** RefusedError. The user declined or cancelled the URL elicitation; `details.action`. */
  ElicitationDeclined: 'elicitation-declined',
  /** PeerError. One person has as many form-fallback links open as allowed (issue 37); they answer one or wait. */
  TooManyFallbacks: 'too-many-fallbacks',
} as const;
export type UrlErrorCode = (typeof UrlErrorCode)[keyof typeof UrlErrorCode];

/** `details` of each {@link UrlErrorCode}. */
export interface UrlErrorDetails {
  'invalid-config': Record<never, never>;
  'invalid-elicitation': Record<never, never>;
  'unknown-kind': { kind: string };
  'vault-input-invalid': Record<never, never>;
  'vault-key-invalid': Record<never, never>;
  'identity-required': Record<never, never>;
  'identity-mismatch': Record<never, never>;
  'elicitation-not-found': Record<never, never>;
  'elicitation-expired': Record<never, never>;
  'store-conflict': Record<never, never>;
  'vault-record-invalid': Record<never, never>;
  'elicitation-declined': { action: 'decline' | 'cancel' };
  'too-many-fallbacks': Record<never, never>;
}

declare module '@elicitkit/core' {
  interface ElicitkitErrorDetailsMap extends UrlErrorDetails {}
}
