import { createRequire } from 'node:module';
import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { NewPassword } from '@storefront/shared/accounts';
import { COMMON_LIST_SIZE, commonPasswords, isCommonPassword } from './password-policy.js';

describe('the common-password list (G18, ASVS 5.0 6.2.4)', () => {
  it('holds the published list’s top 10,000, so at least the top 3,000', () => {
    const published = dictionary['passwords-common'];
    expect(COMMON_LIST_SIZE).toBe(10_000);
    const missing = published.slice(0, COMMON_LIST_SIZE).filter((p) => !commonPasswords().has(p));
    expect(missing).toEqual([]);
  });

  it.each([
    // Ranks 1, 2, ~2,990 (none of these was in the hand-picked list it replaced) and ~9,940.
    ['123456', '123456'],
    ['password', 'password'],
    ['scottie', 'Scottie@2026'],
    ['orioles', 'Orioles#1'],
    ['charlton', 'CHARLTON-2026!'],
    ['warlord', 'W@rl0rd!'],
    ['greedisgood', 'Greedisgood2026!'],
    ['jurassic', 'Jur@ss1c!'],
  ])('refuses %j and a dressed-up form that passes the composition rules', (entry, dressed) => {
    expect(isCommonPassword(entry)).toBe(true);
    expect(isCommonPassword(dressed)).toBe(true);
  });

  it.each([
    'Scottie@2026',
    'Orioles#1',
    'Greedisgood2026!',
    'Jur@ss1c!',
    'Paytm@2026',
    'Mumb@i123',
  ])('%j passes the composition rules, so only the list stops it', (dressed) => {
    expect(NewPassword.safeParse(dressed).success).toBe(true);
    expect(isCommonPassword(dressed)).toBe(true);
  });

  it('refuses the context words of an Indian B2B storefront (ASVS 5.0 6.2.11)', () => {
    expect(
      ['Paytm@2026', 'Mumb@i123', 'Storefront#1', 'Jaishriram@108'].filter(isCommonPassword),
    ).toHaveLength(4);
  });

  it('accepts passphrases that are not on it', () => {
    for (const password of ['Ledger&Lantern-42', 'Monsoon^Kettle-77', 'नमस्ते दुनिया Ab1!']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});

describe('the list in memory', () => {
  it('is let go once the set is made: the package is not left in require’s cache', () => {
    expect(isCommonPassword('password')).toBe(true);
    const cached = Object.keys(createRequire(import.meta.url).cache);
    expect(cached.filter((file) => file.includes('/@zxcvbn-ts/'))).toEqual([]);
  });
});
