import type * as nodeCrypto from 'node:crypto';
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { argon2idAt46MiB } from '../test/older-hashes.js';
import { hashPassword, needsRehash, upgradedHash, verifyPassword } from './password.js';

/** How many derivations run at once, at most, as the module under test calls them. */
const derivations = vi.hoisted(() => ({ running: 0, most: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof nodeCrypto>();
  const counted =
    <A extends unknown[]>(
      derive: (...args: [...A, (err: Error | null, key: Buffer) => void]) => void,
    ) =>
    (...args: [...A, (err: Error | null, key: Buffer) => void]) => {
      const done = args.pop() as (err: Error | null, key: Buffer) => void;
      derivations.most = Math.max(derivations.most, ++derivations.running);
      derive(...(args as unknown as A), (err, key) => {
        derivations.running--;
        done(err, key);
      });
    };
  return {
    ...crypto,
    scrypt: counted(crypto.scrypt as (...args: unknown[]) => void),
    argon2: counted(crypto.argon2 as (...args: unknown[]) => void),
  };
});

describe('verifyPassword', () => {
  /** The stored format at a cost of N=2^10, cheap enough to verify many at once. */
  const stored = (password: string) => {
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
    return `scrypt$10$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
  };

  it('verifies twelve older scrypt hashes asked at once, one derivation at a time, with the cost each hash states', async () => {
    const hashes = Array.from({ length: 12 }, (_, i) => stored(`Password-${i}`));
    const right = await Promise.all(hashes.map((hash, i) => verifyPassword(`Password-${i}`, hash)));
    const wrong = await Promise.all(
      hashes.map((hash, i) => verifyPassword(`Password-${i}x`, hash)),
    );
    expect(right).toEqual(Array(12).fill(true));
    expect(wrong).toEqual(Array(12).fill(false));
    expect(derivations.most).toBe(1);
  });

  it("hashes as argon2id at the OWASP cheat sheet's m=19456 KiB, t=2, p=1, one derivation at a time, verifies that, and asks no rehash of it", async () => {
    derivations.most = 0;
    const hashes = await Promise.all(
      Array.from({ length: 4 }, (_, i) => hashPassword(`Pässwörd-${i}`)),
    );
    for (const hash of hashes) {
      expect(hash).toMatch(
        /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
      );
      expect(needsRehash(hash)).toBe(false);
    }
    expect(derivations.most).toBe(1);
    expect(await verifyPassword('Pässwörd-0', hashes[0]!)).toBe(true);
    // NFKC: the composed and decomposed spellings are one password.
    expect(await verifyPassword('Pa\u0308sswo\u0308rd-0', hashes[0]!)).toBe(true);
    expect(await verifyPassword('Pässwörd-1', hashes[0]!)).toBe(false);
  });

  it('refuses what is not a stored hash, and asks a rehash of anything not at the current parameters', async () => {
    const current = await hashPassword('Ledger&Lantern-42');
    for (const value of ['', 'plain', 'scrypt$17$8$1$', current.replace('t=2', 't=x')])
      expect(await verifyPassword('Ledger&Lantern-42', value)).toBe(false);
    expect(needsRehash(stored('Ledger&Lantern-42'))).toBe(true);
    expect(needsRehash(current.replace('m=19456', 'm=9216'))).toBe(true);
    expect(needsRehash(current.replace('t=2', 't=1'))).toBe(true);
  });

  it('verifies a hash stored at the 46 MiB of before (decision 040) at its own cost, and asks its rehash', async () => {
    const before = argon2idAt46MiB('Ledger&Lantern-42');
    expect(await verifyPassword('Ledger&Lantern-42', before)).toBe(true);
    expect(await verifyPassword('Ledger&Lantern-43', before)).toBe(false);
    expect(needsRehash(before)).toBe(true);
  });

  it('upgrades an older hash to one at the current parameters, and leaves a current one', async () => {
    const upgraded = await upgradedHash('Ledger&Lantern-42', argon2idAt46MiB('Ledger&Lantern-42'));
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('Ledger&Lantern-42', upgraded!)).toBe(true);
    expect(await upgradedHash('Ledger&Lantern-42', upgraded!)).toBeUndefined();
  });
});
