import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { staticImportOf } from './test/server-bundle.js';

const main = () => readFileSync(inject('serverBundle'), 'utf8');

describe("the server's bundle (build.mjs)", () => {
  it('is ASCII, so V8 keeps its source one byte a character', () => {
    // One character beyond Latin-1 anywhere (a '₹' in a regular expression literal, which esbuild
    // writes as it is) makes V8 hold the whole source at two bytes a character, for the life of
    // the process; PGlite's thread holds its own bundle's.
    const thread = join(dirname(inject('serverBundle')), 'pglite-thread.mjs');
    for (const source of [main(), readFileSync(thread, 'utf8')]) {
      expect(source.length).toBeGreaterThan(1_000);
      const beyondAscii = source.match(/.{0,40}[\u0080-\u{10ffff}].{0,40}/gu) ?? [];
      expect(beyondAscii).toEqual([]);
    }
  });

  it('loads nodemailer and the common-password list when first used, not at start', () => {
    // Decision 095: 2.3 and 3.4 MB of heap that a server holds only once it mails or sets a
    // password.
    const bundle = main();
    expect(bundle).toMatch(staticImportOf('fastify'));
    for (const name of ['nodemailer', '@zxcvbn-ts/language-common']) {
      expect(bundle).not.toMatch(staticImportOf(name));
      expect(bundle).toContain(`("${name}")`);
    }
  });
});
