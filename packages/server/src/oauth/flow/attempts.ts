import { createHash } from 'node:crypto';
import type { Clock } from '@elicitkit/core';
import * as oidc from 'openid-client';
import type { Vault } from '../../url/vault/vault.js';

/** One authorization request in flight: what the callback needs to check and finish it. */
export interface AuthorizationAttempt {
  provider: string;
  elicitationId: string;
  /** RFC 7636: sent only to the token endpoint, never to the browser. */
  codeVerifier: string;
  /** OpenID Connect only. */
  nonce?: string;
  expiresAt: number;
}

const STATE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const INDEX_NAME = 'oauth.attempts';
const FORMAT = 'elicitkit.oauth.attempt.v1';
/** Enough for a user with several tabs; older attempts are dropped. */
const MAX_ATTEMPTS_PER_USER = 8;

const entryName = (state: string) =>
  `oauth.attempt:${createHash('sha256').update(state).digest('base64url')}`;

interface IndexEntry {
  name: string;
  expiresAt: number;
}

/**
 * Authorization attempts, kept server-side in the vault under the user who started them. The `state` sent to the
 * provider is 256 random bits and names the attempt (by hash): it carries nothing, cannot be forged, and is found
 * only under the same browser user (E-62, E-63). Taking an attempt deletes it; the store's delete answers true for
 * exactly one caller, so each state is used once even across instances.
 */
export class AuthorizationAttempts {
  readonly #vault: Vault;
  readonly #clock: Clock;

  /** The clock only decides which index entries are stale; `take` leaves expiry to the caller. */
  constructor(vault: Vault, clock: Clock) {
    this.#vault = vault;
    this.#clock = clock;
  }

  /** Stores the attempt and returns its `state`. */
  async begin(user: string, attempt: AuthorizationAttempt): Promise<string> {
    const state = oidc.randomState();
    const name = entryName(state);
    await this.#vault.put(user, name, JSON.stringify({ format: FORMAT, ...attempt }));
    await this.#index(user, { name, expiresAt: attempt.expiresAt });
    return state;
  }

  /** The attempt named by `state`, at most once (expired or not: the caller says which); undefined otherwise. */
  async take(user: string, state: string | undefined): Promise<AuthorizationAttempt | undefined> {
    if (typeof state !== 'string' || !STATE_PATTERN.test(state)) return undefined;
    const name = entryName(state);
    let text: string | undefined;
    try {
      text = await this.#vault.get(user, name);
    } catch {
      return undefined;
    }
    if (text === undefined || !(await this.#vault.delete(user, name))) return undefined;
    return parseAttempt(text);
  }

  /**
   * Keeps a short per-user list of attempts so that abandoned ones (the user closed the provider's tab) are
   * deleted later instead of piling up. Losing a race here only delays a cleanup; it never affects a check.
   */
  async #index(user: string, added: IndexEntry): Promise<void> {
    let entries: IndexEntry[] = [];
    try {
      entries = parseIndex((await this.#vault.get(user, INDEX_NAME)) ?? '[]');
    } catch {}
    const now = this.#clock.now();
    const live = entries.filter((e) => e.expiresAt > now);
    const keep = [...live, added].slice(-MAX_ATTEMPTS_PER_USER);
    const drop = entries.filter((e) => !keep.includes(e));
    await Promise.all(drop.map((e) => this.#vault.delete(user, e.name)));
    await this.#vault.put(user, INDEX_NAME, JSON.stringify(keep));
  }
}

function parseAttempt(text: string): AuthorizationAttempt | undefined {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (
      value.format === FORMAT &&
      typeof value.provider === 'string' &&
      typeof value.elicitationId === 'string' &&
      typeof value.codeVerifier === 'string' &&
      (value.nonce === undefined || typeof value.nonce === 'string') &&
      typeof value.expiresAt === 'number'
    ) {
      const { format: _format, ...attempt } = value;
      return attempt as unknown as AuthorizationAttempt;
    }
  } catch {}
  return undefined;
}

function parseIndex(text: string): IndexEntry[] {
  const value = JSON.parse(text) as unknown;
  if (!Array.isArray(value)) return [];
  return value.filter(
    (e): e is IndexEntry =>
      typeof e?.name === 'string' && e.name.startsWith('oauth.attempt:') && typeof e.expiresAt === 'number',
  );
}
