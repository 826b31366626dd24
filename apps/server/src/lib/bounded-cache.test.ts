import { describe, expect, it } from 'vitest';
import { BoundedCache, ENTRY_OVERHEAD_BYTES, stringBytes } from './bounded-cache.js';

const cache = (maxEntries: number, maxBytes: number) =>
  new BoundedCache<string>({ maxEntries, maxBytes }, stringBytes);

describe('BoundedCache', () => {
  it('counts an entry as its key, its value and the per-entry cost, as V8 keeps the strings', () => {
    const c = cache(10, 10_000);
    c.set('key', 'value');
    // Latin-1 throughout: a byte a character.
    c.set('café', 'naïve');
    // One character beyond Latin-1 makes every character of the string two bytes.
    c.set('ключ', `₹${'9'.repeat(9)}`);
    expect(c.bytes).toBe(3 * ENTRY_OVERHEAD_BYTES + (3 + 5) + (4 + 5) + (8 + 20));
  });

  it('filled with distinct keys, stays within its entries and its bytes', () => {
    const byEntries = cache(100, 1_000_000);
    const byBytes = cache(10_000, 50_000);
    for (let i = 0; i < 5000; i++) {
      // Long keys, tiny values: what a padded query made of the old cache.
      const key = `${' '.repeat(200)}${i}`;
      for (const c of [byEntries, byBytes]) {
        c.set(key, '{}');
        expect(c.size).toBeLessThanOrEqual(c.limits.maxEntries);
        expect(c.bytes).toBeLessThanOrEqual(c.limits.maxBytes);
      }
    }
    expect(byEntries.size).toBe(100);
    const entryBytes = ENTRY_OVERHEAD_BYTES + 204 + 2;
    expect(byBytes.size).toBe(Math.floor(50_000 / entryBytes));
    expect(byBytes.bytes).toBe(byBytes.size * entryBytes);
  });

  it('evicts the least recently used first', () => {
    const c = cache(2, 1_000_000);
    c.set('a', '1');
    c.set('b', '2');
    expect(c.get('a')).toBe('1');
    c.set('c', '3');
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBe('1');
    expect(c.get('c')).toBe('3');
  });

  it('replaces a key without counting it twice', () => {
    const c = cache(10, 1_000_000);
    c.set('a', 'x'.repeat(100));
    c.set('a', 'y');
    expect(c.size).toBe(1);
    expect(c.bytes).toBe(ENTRY_OVERHEAD_BYTES + 1 + 1);
  });

  it('does not keep a value larger than its whole byte budget, nor evict for it', () => {
    const c = cache(10, 1000);
    c.set('small', 'x');
    c.set('big', 'x'.repeat(1000));
    expect(c.get('big')).toBeUndefined();
    expect(c.get('small')).toBe('x');
  });

  it('counts a value again after it grew, evicting the oldest for it, and ignores one no longer held', () => {
    const grown = { text: 'x' };
    const c = new BoundedCache<{ text: string }>(
      { maxEntries: 10, maxBytes: 2 * ENTRY_OVERHEAD_BYTES + 90 },
      (value) => value.text.length,
    );
    c.set('a', { text: 'old' });
    c.set('b', grown);
    grown.text = 'x'.repeat(90);
    c.recount('b', grown);
    // 'a' (200 + 1 + 3) no longer fits beside 'b' (200 + 1 + 90).
    expect(c.get('a')).toBeUndefined();
    expect([c.size, c.bytes]).toEqual([1, ENTRY_OVERHEAD_BYTES + 1 + 90]);
    // A value replaced under its key is not counted again.
    c.set('b', { text: 'new' });
    c.recount('b', grown);
    expect(c.bytes).toBe(ENTRY_OVERHEAD_BYTES + 1 + 3);
  });

  it('forgets everything on clear', () => {
    const c = cache(10, 10_000);
    c.set('a', '1');
    c.clear();
    expect([c.size, c.bytes, c.get('a')]).toEqual([0, 0, undefined]);
  });
});
