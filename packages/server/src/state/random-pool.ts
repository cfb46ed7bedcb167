/**
 * Random bytes drawn from a pool refilled 4 KiB at a time: each call into the platform's random source costs
 * tens of µs under load whatever its size, and a 2026 round needs a fresh IV (and a first round a flow id).
 * Each byte is handed out once, so what callers get is exactly as random and as unique as bytes drawn one call
 * at a time. Web-standard (`crypto.getRandomValues`), so it runs on edge runtimes.
 */
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let next = 0;

/** `count` fresh random bytes: a view of the pool, never rewritten (a refill allocates a new one). */
export function randomBytes(count: number): Uint8Array {
  if (count > POOL_BYTES) return crypto.getRandomValues(new Uint8Array(count));
  if (next + count > pool.byteLength) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    next = 0;
  }
  const bytes = pool.subarray(next, next + count);
  next += count;
  return bytes;
}
