import { ElicitkitError } from '@elicitkit/core';

/**
 * - `store-unavailable`: Redis did not answer (down, unreachable, timed out); retry once it is back.
 * - `store-failed`: Redis answered with an error (wrong type at a key, out of memory, scripting disabled).
 * - `store-record-invalid`: a key under the prefix holds something this code did not write.
 */
export type RedisStoreErrorCode = 'store-unavailable' | 'store-failed' | 'store-record-invalid';

/** A Redis-backed store operation failed. Messages name the operation and the server, never a password. */
export class RedisStoreError extends ElicitkitError {
  declare readonly code: RedisStoreErrorCode;

  constructor(code: RedisStoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
