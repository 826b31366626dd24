/**
 * The server's half of the password policy (ASVS 5.0 6.2.4, 6.2.11): refuse the passwords
 * attackers try first, including the dressed-up forms people use to pass composition rules:
 * any case ('PASSWORD'), a trailing run of digits and symbols ('Password@123', 'Dragon2026!'),
 * and the usual letter-for-symbol swaps ('P@ssw0rd').
 *
 * The list is the top of zxcvbn-ts's published password dictionary
 * (@zxcvbn-ts/language-common, MIT): 49,233 passwords ranked by frequency in leaked password
 * sets (the xato/SecLists corpus). It ships inside the npm package, so no network is needed at
 * run time, and it is server-only: the web form checks the composition rules alone and shows
 * this 400's message. Context words (context-words.ts) cover what that corpus ranks low.
 *
 * The package is read when a password is first set, not with the server, and let go once the
 * set is made: its 49,233 passwords, decompressed, take ~3.4 MB of heap.
 */
import { createRequire } from 'node:module';
import type { dictionary as Dictionary } from '@zxcvbn-ts/language-common';
import { CONTEXT_WORDS } from './context-words.js';

/** The published list's most common passwords refused (ASVS asks for at least the top 3,000). */
export const COMMON_LIST_SIZE = 10_000;

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a different one.';

let common: ReadonlySet<string> | undefined;

/** The refused passwords, lower-case: the published list's top and the context words. */
export function commonPasswords(): ReadonlySet<string> {
  if (!common) {
    const require = createRequire(import.meta.url);
    const { dictionary } = require('@zxcvbn-ts/language-common') as {
      dictionary: typeof Dictionary;
    };
    common = new Set(
      [...dictionary['passwords-common'].slice(0, COMMON_LIST_SIZE), ...CONTEXT_WORDS].map((word) =>
        word.toLowerCase(),
      ),
    );
    // Out of require's cache, so the whole list goes once the set is made (~0.6 MB). Its
    // decompressor too: a module's `parent`, the first to require it, is the list's.
    for (const file of Object.keys(require.cache))
      if (file.includes('/node_modules/@zxcvbn-ts/')) delete require.cache[file];
  }
  return common;
}

const LEET: Readonly<Record<string, string>> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};

const unleet = (text: string) => text.replace(/[@4310!$57]/g, (c) => LEET[c] ?? c);

export function isCommonPassword(password: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  const stem = lower.replace(/[^\p{L}]+$/u, '');
  const refused = commonPasswords();
  return [lower, stem, unleet(lower), unleet(stem)].some(
    (candidate) => candidate.length > 0 && refused.has(candidate),
  );
}
