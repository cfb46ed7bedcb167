/**
 * A fixed-capacity map with second-chance ("clock") eviction: a hit only sets a flag, so lookups never
 * reorder anything, and memory stays bounded however many distinct keys pass through.
 */
export class BoundedCache<Value> {
  private readonly entries = new Map<string, { value: Value; used: boolean }>();

  constructor(private readonly capacity: number) {}

  get(key: string): Value | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
  }

  set(key: string, value: Value): void {
    if (this.entries.size >= this.capacity) this.evictOne();
    this.entries.set(key, { value, used: false });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops the oldest entry not used since it was last passed over; used ones get a second chance. */
  private evictOne(): void {
    for (const [key, entry] of this.entries) {
      this.entries.delete(key);
      if (!entry.used) return;
      entry.used = false;
      this.entries.set(key, entry);
    }
  }
}
