/**
 * A short fingerprint of an ask (its mode, message and schema or URL parameters), stored next to its answer in the
 * sealed state: when a handler asks something else at the same position on a later round (its code changed, or it
 * is not deterministic), the old answer is not handed to the new question. Integrity comes from the sealing, so a
 * fast non-cryptographic hash is enough here (two 32-bit FNV-1a lanes).
 */
export function askDigest(...parts: unknown[]): string {
  const text = JSON.stringify(parts);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36);
}
