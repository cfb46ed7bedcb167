import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, bytesToBase64Url } from '../../src/state/base64url.js';

describe('base64url decoding is canonical', () => {
  it('[M-05] refuses a last character whose unused low bits are set, so a sealed state has no look-alikes', () => {
    // 'A' is "QQ" (4 unused bits in the last character) and "AB" is "QUI" (2 unused bits).
    expect(base64UrlToBytes('QQ')).toEqual(new Uint8Array([0x41]));
    for (const lookAlike of ['QR', 'QX', 'Qf']) expect(base64UrlToBytes(lookAlike)).toBeUndefined();
    expect(base64UrlToBytes('QUI')).toEqual(new Uint8Array([0x41, 0x42]));
    for (const lookAlike of ['QUJ', 'QUK', 'QUL']) expect(base64UrlToBytes(lookAlike)).toBeUndefined();
  });

  it('round-trips every length', () => {
    for (let n = 0; n < 64; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff);
      expect(base64UrlToBytes(bytesToBase64Url(bytes))).toEqual(bytes);
    }
  });
});
