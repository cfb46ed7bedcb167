/**
 * T-11: a client that polls `tasks/get` much faster than the task's `pollIntervalMs` is refused for a while. Each
 * (principal, task) has a bucket of `burst` polls, refilled at `pollsPerInterval` per `pollIntervalMs`: a host that
 * polls as asked, or even several times faster, never meets it; a loop without a pause does, after its burst. Kept
 * per instance, bounded in entries (the oldest is forgotten first), so a stranger cannot make it grow.
 */
export class PollGate {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly pollsPerInterval: number,
    private readonly maxEntries: number,
  ) {}

  /** 0 when this poll may go ahead (and is counted), else how many ms until the next one may. */
  take(key: string, pollIntervalMs: number, now: number): number {
    const msPerPoll = pollIntervalMs / this.pollsPerInterval;
    const seen = this.#buckets.get(key);
    const tokens = seen ? Math.min(this.burst, seen.tokens + (now - seen.at) / msPerPoll) : this.burst;
    this.#buckets.delete(key); // re-inserted last: the map's order is least recently polled first
    if (tokens < 1) {
      this.#buckets.set(key, { tokens, at: now });
      return Math.ceil((1 - tokens) * msPerPoll);
    }
    this.#buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.#buckets.size > this.maxEntries) this.#buckets.delete(this.#buckets.keys().next().value!);
    return 0;
  }

  get size(): number {
    return this.#buckets.size;
  }
}
