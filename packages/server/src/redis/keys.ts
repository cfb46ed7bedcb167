import { UsageError } from '@elicitkit/core';
import { UrlErrorCode } from '../url/errors.js';

/**
 * Where everything lives in Redis, under one prefix so several apps (tenants) share a server:
 * - `{prefix}elicitation:{id}`: a hash per record, with a Redis TTL of its lifetime plus the retention window;
 * - `{prefix}expiry`: a sorted set of ids by `expiresAt`, for `purge`;
 * - `{prefix}completions`: a capped stream of completed records, read by every instance;
 * - `{prefix}vault:{user}`: a hash per user, one field per vault entry name (ciphertext only);
 * - `{prefix}vault-lease:{user}:{name}`: who may rewrite that entry now, with a Redis TTL of the claim.
 */
export interface KeyLayout {
  readonly prefix: string;
  /** The hash of one elicitation record. */
  record(id: string): string;
  readonly expiry: string;
  readonly completions: string;
  /** The hash of one user's vault entries. */
  vault(user: string): string;
  /** The claim on one vault entry (`claimVaultLease`). */
  vaultLease(user: string, name: string): string;
}

const MAX_PREFIX_LENGTH = 200;

export function keyLayout(prefix: string): KeyLayout {
  if (typeof prefix !== 'string' || prefix.length === 0 || prefix.length > MAX_PREFIX_LENGTH) {
    throw new UsageError(
      UrlErrorCode.InvalidConfig,
      `RedisElicitationStore: keyPrefix must be a string of 1 to ${MAX_PREFIX_LENGTH} characters`,
    );
  }
  return {
    prefix,
    record: (id) => `${prefix}elicitation:${id}`,
    expiry: `${prefix}expiry`,
    completions: `${prefix}completions`,
    vault: (user) => `${prefix}vault:${user}`,
    vaultLease: (user, name) => `${prefix}vault-lease:${user}:${name}`,
  };
}
