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
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { CONTEXT_WORDS } from './context-words.js';

/** The published list's most common passwords refused (ASVS asks for at least the top 3,000). */
export const COMMON_LIST_SIZE = 10_000;

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a different one.';

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  [...dictionary['passwords-common'].slice(0, COMMON_LIST_SIZE), ...CONTEXT_WORDS].map((word) =>
    word.toLowerCase(),
  ),
);

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
  return [lower, stem, unleet(lower), unleet(stem)].some(
    (candidate) => candidate.length > 0 && COMMON_PASSWORDS.has(candidate),
  );
}
