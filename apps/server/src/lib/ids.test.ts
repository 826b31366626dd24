import { describe, expect, it } from 'vitest';
import { newObjectId } from './ids.js';

describe('new ids', () => {
  it('are 24 hex digits, every one different, across several draws of random bytes', () => {
    const ids = Array.from({ length: 1000 }, newObjectId);
    expect(ids.every((id) => /^[0-9a-f]{24}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(1000);
  });
});
