import { describe, expect, it } from 'vitest';
import { aesGcm, webAesGcm } from '../src/state/aes-gcm.js';

const key = () => crypto.getRandomValues(new Uint8Array(32));
const iv = () => crypto.getRandomValues(new Uint8Array(12));
const aad = new TextEncoder().encode('elicitkit.requestState.ek1:test');
const bytes = (text: string) => new TextEncoder().encode(text);

describe('requestState cipher: Node fast path and Web Crypto are one format', () => {
  it('[M-05] what either seals, the other opens, byte for byte', async () => {
    const raw = key();
    const fast = await aesGcm(raw);
    const web = await webAesGcm(raw);
    for (const text of ['', 'x', '{"a":[["d",{"action":"accept"}]]}', 'é'.repeat(5000)]) {
      const nonce = iv();
      const byFast = await fast.encrypt(nonce, bytes(text), aad);
      const byWeb = await web.encrypt(nonce, bytes(text), aad);
      expect(byFast).toEqual(byWeb);
      expect(new TextDecoder().decode(await web.decrypt(nonce, byFast, aad))).toBe(text);
      expect(new TextDecoder().decode(await fast.decrypt(nonce, byWeb, aad))).toBe(text);
    }
  });

  it('[M-05] a flipped bit, a truncated tag, other additional data or another key do not open', async () => {
    const raw = key();
    const fast = await aesGcm(raw);
    const nonce = iv();
    const sealed = await fast.encrypt(nonce, bytes('{"secret":"answer"}'), aad);
    const flipped = sealed.slice();
    flipped[3]! ^= 1;
    await expect(fast.decrypt(nonce, flipped, aad)).rejects.toThrow();
    const tagFlipped = sealed.slice();
    tagFlipped[tagFlipped.length - 1]! ^= 0x80;
    await expect(fast.decrypt(nonce, tagFlipped, aad)).rejects.toThrow();
    await expect(fast.decrypt(nonce, sealed.subarray(0, sealed.length - 4), aad)).rejects.toThrow();
    await expect(fast.decrypt(nonce, sealed, bytes('other'))).rejects.toThrow();
    await expect((await aesGcm(key())).decrypt(nonce, sealed, aad)).rejects.toThrow();
    await expect(fast.decrypt(nonce, new Uint8Array(5), aad)).rejects.toThrow();
  });
});
