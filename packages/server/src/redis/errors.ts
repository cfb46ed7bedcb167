import { isElicitkitError, type PeerError } from '@elicitkit/core';

/**
 * The codes `@elicitkit/server/redis` adds (its configuration errors are `UrlErrorCode.InvalidConfig`). All are
 * `PeerError`s: Redis, not the calling code, failed. Messages name the operation and the server, never a password.
 */
export const RedisErrorCode = {
  /** Redis did not answer (down, unreachable, timed out); retry once it is back. */
  StoreUnavailable: 'store-unavailable',
  /** Redis answered with an error (wrong type at a key, out of memory, scripting disabled). */
  StoreFailed: 'store-failed',
  /** A key under the prefix holds something this store did not write (another app under the same prefix?). */
  StoreRecordInvalid: 'store-record-invalid',
} as const;
export type RedisErrorCode = (typeof RedisErrorCode)[keyof typeof RedisErrorCode];

/** `details` of each {@link RedisErrorCode}. */
export interface RedisErrorDetails {
  'store-unavailable': Record<never, never>;
  'store-failed': Record<never, never>;
  'store-record-invalid': Record<never, never>;
}

declare module '@elicitkit/core' {
  interface ElicitkitErrorDetailsMap extends RedisErrorDetails {}
}

const redisCodes: ReadonlySet<string> = new Set(Object.values(RedisErrorCode));

/** Whether `error` is one this store raised about Redis itself (as opposed to a store-conflict or a bug). */
export function isRedisStoreError(error: unknown): error is PeerError<RedisErrorCode> {
  return isElicitkitError(error) && redisCodes.has(error.code);
}
