/**
 * A map that forgets, least recently used first, to stay within a number of entries and of bytes.
 * Bytes count the key and the value (by `sizeOf`) plus a fixed cost per entry, so many small
 * entries under long keys are bounded as surely as a few large ones (issue 17: an empty answer
 * under a 16,000-character key once cost more than the answer).
 */

export interface CacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** The Map slot and the objects around one entry, rounded up: what a one-byte entry still costs. */
export const ENTRY_OVERHEAD_BYTES = 200;

/**
 * What V8 keeps a string in: one byte a character when every character is Latin-1, otherwise
 * two bytes for every character (a Hindi name makes a whole description two-byte).
 */
const BEYOND_LATIN1 = /[\u0100-\uffff]/;
export const stringBytes = (text: string): number =>
  BEYOND_LATIN1.test(text) ? text.length * 2 : text.length;

export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private totalBytes = 0;

  constructor(
    readonly limits: CacheLimits,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The bytes counted for every entry held (keys, values and the per-entry cost). */
  get bytes(): number {
    return this.totalBytes;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Refresh its place in the LRU order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` unless it alone is over the byte budget; evicts the oldest to make room. */
  set(key: string, value: V): void {
    this.delete(key);
    const bytes = ENTRY_OVERHEAD_BYTES + stringBytes(key) + this.sizeOf(value);
    if (bytes > this.limits.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.totalBytes += bytes;
    this.evictToLimits();
  }

  /**
   * Counts `value` again after it grew (a cached answer's compressed copy), if it is still the
   * one held under `key`, and evicts the oldest to make room; its place in the order is kept.
   */
  recount(key: string, value: V): void {
    const entry = this.entries.get(key);
    if (entry?.value !== value) return;
    const bytes = ENTRY_OVERHEAD_BYTES + stringBytes(key) + this.sizeOf(value);
    this.totalBytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.evictToLimits();
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  private evictToLimits(): void {
    for (const oldKey of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.totalBytes <= this.limits.maxBytes)
        break;
      this.delete(oldKey);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }
}
