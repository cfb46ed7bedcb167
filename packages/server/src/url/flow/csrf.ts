import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Stateless CSRF tokens for elicitation forms: an HMAC over (elicitation, user). A page of another site can
 * neither read nor compute it, and a token is useless for another elicitation or another user.
 */
export class CsrfTokens {
  readonly #key: Buffer;

  /** `secret`: 32 bytes or more, shared by every instance serving the pages; random per process by default. */
  constructor(secret?: string | Uint8Array) {
    const material = secret === undefined ? randomBytes(32) : Buffer.from(secret);
    if (material.length < 32) throw new RangeError('CSRF secret: 32 bytes or more');
    this.#key = createHmac('sha256', material).update('elicitkit.csrf.v1').digest();
  }

  issue(elicitationId: string, user: string): string {
    return createHmac('sha256', this.#key)
      .update(JSON.stringify([elicitationId, user]))
      .digest('base64url');
  }

  verify(token: string | undefined, elicitationId: string, user: string): boolean {
    if (typeof token !== 'string') return false;
    const expected = Buffer.from(this.issue(elicitationId, user));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
