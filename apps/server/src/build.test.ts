import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';

describe("the server's bundle (build.mjs)", () => {
  it('is ASCII, so V8 keeps its source one byte a character', () => {
    // One character beyond Latin-1 anywhere (a '₹' in a regular expression, a '’' in a comment)
    // makes V8 hold the whole ~0.8 MB source at two bytes a character, for the process's life.
    const source = readFileSync(inject('serverBundle'), 'utf8');
    expect(source.length).toBeGreaterThan(100_000);
    const beyondAscii = source.match(/.{0,40}[\u0080-\u{10ffff}].{0,40}/gu) ?? [];
    expect(beyondAscii).toEqual([]);
  });
});
