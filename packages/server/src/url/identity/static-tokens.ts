import { createHash } from 'node:crypto';
import { type Clock, integerOption, systemClock, UsageError } from '@elicitkit/core';
import type { AuthInfo, OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { OAuthError, OAuthErrorCode } from '../../sdk/auth.js';
import { UrlErrorCode } from '../errors.js';
import { SUBJECT_EXTRA_KEY } from './resolver.js';
import { isValidUserId } from './user-id.js';

/** What one static bearer token stands for: a user (`sub`) and its client. */
export interface StaticTokenEntry {
  sub: string;
  /** The OAuth client id this token stands for; default `static:<sub>`. */
  clientId?: string;
  scopes?: string[];
}

/** Options of {@link staticTokenVerifier}. */
export interface StaticTokenVerifierOptions {
  /** How long a verified token is said to stay valid (the SDK refuses AuthInfo without `expiresAt`). Default 1 h. */
  ttlMs?: number;
  /** Time source of `expiresAt`, for tests. Default the system clock. */
  clock?: Clock;
}

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A development `OAuthTokenVerifier`: fixed bearer tokens mapped to users, e.g. `{ 'demo-alice': 'alice' }`.
 * Lookups go by SHA-256 of the token, so the map itself holds no usable token and timing reveals no prefix.
 */
export function staticTokenVerifier(
  tokens: Record<string, string | StaticTokenEntry>,
  options: StaticTokenVerifierOptions = {},
): OAuthTokenVerifier {
  const ttlMs = integerOption(
    'ttlMs',
    options.ttlMs ?? 60 * 60 * 1000,
    { min: 1000 },
    { code: UrlErrorCode.InvalidConfig, where: 'staticTokenVerifier' },
  );
  const clock = options.clock ?? systemClock;
  const byDigest = new Map<string, StaticTokenEntry>();
  for (const [token, value] of Object.entries(tokens)) {
    const entry = typeof value === 'string' ? { sub: value } : value;
    if (token.length < 8)
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        'staticTokenVerifier: tokens must be 8 characters or more',
      );
    if (!isValidUserId(entry.sub))
      throw new UsageError(UrlErrorCode.InvalidConfig, 'staticTokenVerifier: every token needs a valid sub');
    byDigest.set(digest(token), entry);
  }
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const entry = byDigest.get(digest(token));
      if (!entry) throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown access token');
      return {
        token,
        clientId: entry.clientId ?? `static:${entry.sub}`,
        scopes: entry.scopes ?? [],
        // AuthInfo.expiresAt counts in seconds since the epoch.
        expiresAt: Math.floor((clock.now() + ttlMs) / 1000),
        extra: { [SUBJECT_EXTRA_KEY]: entry.sub },
      };
    },
  };
}
