import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES } from './bounded-cache.js';
import { ResponseCache } from './response-cache.js';

describe('ResponseCache', () => {
  it('keeps each answer as UTF-8 in a buffer of its own, counted at its bytes', async () => {
    const cache = new ResponseCache();
    // Mostly ASCII with one rupee sign: V8 would keep the string at two bytes a character.
    const text = `{"price":"₹${'9'.repeat(40)}"}`;
    const entry = await cache.entry('key', async () => text);
    expect(entry.body.toString('utf8')).toBe(text);
    expect(entry.body.length).toBe(Buffer.byteLength(text));
    // Not a slice of Node's shared 8 KB pool, which the entry would keep alive whole.
    expect(entry.body.buffer.byteLength).toBe(entry.body.length);
    expect(entry.body.byteOffset).toBe(0);
    expect(cache.bytes).toBe(
      ENTRY_OVERHEAD_BYTES + 'key'.length + entry.body.length + entry.etag.length,
    );
  });

  it('serves one computation to concurrent misses and the stored entry after', async () => {
    const cache = new ResponseCache();
    let computations = 0;
    const compute = async () => `{"n":${++computations}}`;
    const [a, b] = await Promise.all([cache.entry('k', compute), cache.entry('k', compute)]);
    expect(a).toBe(b);
    expect(await cache.entry('k', compute)).toBe(a);
    expect(computations).toBe(1);
    // Counted for /metrics: the two concurrent lookups missed, the third was a hit.
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });
});
