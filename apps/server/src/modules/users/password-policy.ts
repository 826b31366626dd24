/**
 * The server's half of the password policy (ASVS 5.0 6.2.4): refuse passwords from the
 * bundled common list, including the dressed-up forms people use to pass composition rules:
 * any case ('PASSWORD'), a trailing run of digits and symbols ('Password@123', 'Dragon2026!'),
 * and the usual letter-for-symbol swaps ('P@ssw0rd').
 */
import { COMMON_PASSWORDS } from './common-passwords.js';

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a different one.';

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
