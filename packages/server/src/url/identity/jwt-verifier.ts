import { UsageError } from '@elicitkit/core';
import type { AuthInfo, OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { createRemoteJWKSet, type JWTPayload, type JWTVerifyGetKey, jwtVerify, type KeyObject } from 'jose';
import { OAuthError, OAuthErrorCode } from '../../sdk/auth.js';
import { UrlErrorCode } from '../errors.js';
import { SUBJECT_EXTRA_KEY } from './resolver.js';
import { isValidUserId } from './user-id.js';

/** Options of {@link jwtVerifier}: the issuer, audience and keys that access tokens must match. */
export interface JwtVerifierOptions {
  /** Expected `iss`. */
  issuer: string;
  /** Expected `aud` (usually this MCP server's resource URL, RFC 8707). */
  audience: string;
  /** Where the keys come from: a JWKS URL, a key resolver (e.g. `createLocalJWKSet`), or one key. */
  jwks?: URL | JWTVerifyGetKey;
  key?: CryptoKey | KeyObject | Uint8Array;
  /** Allowed `alg` values; default asymmetric ones only. */
  algorithms?: string[];
  /** Leeway for `exp`/`nbf`/`iat` against this server's clock. Default 30 s. */
  clockToleranceMs?: number;
}

const DEFAULT_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA'];

function clientIdOf(payload: JWTPayload): string {
  // RFC 9068 §2.2 names `client_id`; many servers put it in `azp` (OIDC).
  const value = payload.client_id ?? payload.azp;
  return typeof value === 'string' && value.length > 0 ? value : 'unknown-client';
}

function scopesOf(payload: JWTPayload): string[] {
  if (typeof payload.scope === 'string') return payload.scope.split(' ').filter(Boolean);
  if (Array.isArray(payload.scp)) return payload.scp.filter((s): s is string => typeof s === 'string');
  return [];
}

function resourceOf(audience: string): URL | undefined {
  try {
    return new URL(audience);
  } catch {
    return undefined;
  }
}

/**
 * An `OAuthTokenVerifier` for JWT access tokens (RFC 9068) checked with `jose`: signature, `iss`, `aud`, `exp`.
 * The verified `sub` goes into `authInfo.extra.sub`, where `bearerIdentity()` reads it (E-31).
 */
export function jwtVerifier(options: JwtVerifierOptions): OAuthTokenVerifier {
  const { issuer, audience } = options;
  if (!issuer || !audience)
    throw new UsageError(UrlErrorCode.InvalidConfig, 'jwtVerifier: issuer and audience are required');
  const key: JWTVerifyGetKey | CryptoKey | KeyObject | Uint8Array | undefined =
    options.jwks instanceof URL ? createRemoteJWKSet(options.jwks) : (options.jwks ?? options.key);
  if (!key)
    throw new UsageError(UrlErrorCode.InvalidConfig, 'jwtVerifier: give jwks (URL or resolver) or key');
  const verifyOptions = {
    issuer,
    // E-58: the security best practices' audience check: a token issued for another resource is refused
    audience,
    algorithms: options.algorithms ?? DEFAULT_ALGORITHMS,
    // jose counts in seconds.
    clockTolerance: (options.clockToleranceMs ?? 30_000) / 1000,
    requiredClaims: ['sub', 'exp'],
  };
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, key as JWTVerifyGetKey, verifyOptions));
      } catch (error) {
        const reason = error instanceof Error && 'code' in error ? String(error.code) : 'invalid';
        throw new OAuthError(OAuthErrorCode.InvalidToken, `access token rejected (${reason})`);
      }
      if (!isValidUserId(payload.sub)) {
        throw new OAuthError(
          OAuthErrorCode.InvalidToken,
          'access token rejected (sub is not a usable user id)',
        );
      }
      const resource = resourceOf(audience);
      return {
        token,
        clientId: clientIdOf(payload),
        scopes: scopesOf(payload),
        expiresAt: payload.exp,
        ...(resource ? { resource } : {}),
        extra: { [SUBJECT_EXTRA_KEY]: payload.sub },
      };
    },
  };
}
