import { systemClock } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { AuthorizationAttempts } from '../../src/oauth/flow/attempts.js';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { createVaultKeyring, generateVaultKey, parseVaultKey, Vault } from '../../src/url/vault/index.js';

const setup = () => {
  const store = new MemoryElicitationStore();
  const vault = new Vault({ store, keys: createVaultKeyring(parseVaultKey(generateVaultKey())) });
  return { store, vault, attempts: new AuthorizationAttempts(vault, systemClock) };
};
const expiresAt = Date.now() + 60_000;
const attempt = (n = 0) => ({
  provider: 'calendar',
  elicitationId: `e${n}`.padEnd(43, 'x'),
  codeVerifier: 'v'.repeat(43),
  nonce: 'n'.repeat(43),
  expiresAt,
});

describe('third-party OAuth: authorization attempts (state)', () => {
  it('[E-63] a state is 256 random bits that name a server-side attempt, usable once', async () => {
    const { attempts } = setup();
    const state = await attempts.begin('alice', attempt());
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await attempts.take('alice', state)).toMatchObject(attempt());
    expect(await attempts.take('alice', state)).toBeUndefined();
  });

  it('[E-63] concurrent callbacks with one state: exactly one gets the attempt', async () => {
    const { attempts } = setup();
    const state = await attempts.begin('alice', attempt());
    const taken = await Promise.all(Array.from({ length: 6 }, () => attempts.take('alice', state)));
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it("[E-62] another user's browser cannot find the attempt, and leaves it in place", async () => {
    const { attempts } = setup();
    const state = await attempts.begin('alice', attempt());
    expect(await attempts.take('bob', state)).toBeUndefined();
    expect(await attempts.take('alice', state)).toBeDefined();
  });

  it('ignores malformed states without a lookup, and keeps at most 8 attempts per user', async () => {
    const { attempts, vault } = setup();
    for (const bad of [undefined, '', 'x', 'A'.repeat(44), `${'A'.repeat(42)}!`]) {
      expect(await attempts.take('alice', bad)).toBeUndefined();
    }
    const states = [];
    for (let n = 0; n < 10; n++) states.push(await attempts.begin('alice', attempt(n)));
    expect(await attempts.take('alice', states[0])).toBeUndefined();
    expect(await attempts.take('alice', states[1])).toBeUndefined();
    expect(await attempts.take('alice', states[2])).toMatchObject({
      elicitationId: attempt(2).elicitationId,
    });
    const index = JSON.parse((await vault.get('alice', 'oauth.attempts')) ?? '[]');
    expect(index).toHaveLength(8);
  });
});
