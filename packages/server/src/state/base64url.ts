/** base64url without padding over raw bytes, with Web-standard APIs only (browsers, workerd, Node). */

export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // Chunked so a large payload never builds an argument list past the engine's limit.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Bits of the last character that carry no data, by `length % 4` (they must be zero in canonical form). */
const UNUSED_LAST_BITS: Record<number, number> = { 2: 0b1111, 3: 0b11 };

/** Undefined for anything that is not canonical unpadded base64url. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  // atob ignores the unused low bits of the last character, so without this several strings would decode to
  // the same bytes (a sealed state would have look-alikes that still open).
  const unused = UNUSED_LAST_BITS[text.length % 4] ?? 0;
  if ((ALPHABET.indexOf(text.at(-1) ?? 'A') & unused) !== 0) return undefined;
  let binary: string;
  try {
    binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
