import type * as nodeCrypto from 'node:crypto';
import { randomBytes, scryptSync } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { concurrencyGate, verifyPassword } from './password.js';

/** How many scrypt derivations run at once, at most, as the module under test calls them. */
const derivations = vi.hoisted(() => ({ running: 0, most: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof nodeCrypto>();
  // password.ts always passes options and a callback.
  const scrypt = (
    password: nodeCrypto.BinaryLike,
    salt: nodeCrypto.BinaryLike,
    keylen: number,
    options: nodeCrypto.ScryptOptions,
    done: (err: Error | null, key: Buffer) => void,
  ) => {
    derivations.most = Math.max(derivations.most, ++derivations.running);
    crypto.scrypt(password, salt, keylen, options, (err, key) => {
      derivations.running--;
      done(err, key);
    });
  };
  return { ...crypto, scrypt };
});

/** A job that runs until `finish(i)` is called, recording when it starts. */
function controlledJobs() {
  const started: number[] = [];
  const finishers = new Map<number, (outcome: 'ok' | 'fail') => void>();
  const job = (i: number) => () =>
    new Promise<number>((resolve, reject) => {
      started.push(i);
      finishers.set(i, (outcome) => (outcome === 'ok' ? resolve(i) : reject(new Error(`${i}`))));
    });
  const finish = async (i: number, outcome: 'ok' | 'fail' = 'ok') => {
    finishers.get(i)!(outcome);
    // Let the gate hand the slot on.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, job, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('concurrencyGate', () => {
  it('runs at most `limit` jobs at once and starts the others in order of arrival', async () => {
    const gate = concurrencyGate(2);
    const { started, job, finish } = controlledJobs();
    const results = [1, 2, 3, 4, 5].map((i) => gate(job(i)));
    await settle();
    expect(started).toEqual([1, 2]);
    await finish(2);
    expect(started).toEqual([1, 2, 3]);
    await finish(1);
    expect(started).toEqual([1, 2, 3, 4]);
    await finish(3);
    await finish(4);
    await finish(5);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    await expect(Promise.all(results)).resolves.toEqual([1, 2, 3, 4, 5]);
  });

  it('gives the slot of a job that failed to the next one', async () => {
    const gate = concurrencyGate(1);
    const { started, job, finish } = controlledJobs();
    const first = gate(job(1));
    const second = gate(job(2));
    const firstFails = expect(first).rejects.toThrow('1');
    await settle();
    expect(started).toEqual([1]);
    await finish(1, 'fail');
    await firstFails;
    expect(started).toEqual([1, 2]);
    await finish(2);
    await expect(second).resolves.toBe(2);
  });

  it('starts at once again when everything has finished', async () => {
    const gate = concurrencyGate(1);
    const { started, job, finish } = controlledJobs();
    const first = gate(job(1));
    await settle();
    await finish(1);
    await first;
    void gate(job(2));
    await settle();
    expect(started).toEqual([1, 2]);
  });
});

describe('verifyPassword', () => {
  /** The stored format at a cost of N=2^10, cheap enough to verify many at once. */
  const stored = (password: string) => {
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
    return `scrypt$10$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
  };

  it('verifies twelve passwords at once, one derivation per core at a time, with the cost each hash states', async () => {
    const hashes = Array.from({ length: 12 }, (_, i) => stored(`Password-${i}`));
    const right = await Promise.all(hashes.map((hash, i) => verifyPassword(`Password-${i}`, hash)));
    const wrong = await Promise.all(
      hashes.map((hash, i) => verifyPassword(`Password-${i}x`, hash)),
    );
    expect(right).toEqual(Array(12).fill(true));
    expect(wrong).toEqual(Array(12).fill(false));
    expect(derivations.most).toBe(Math.min(12, availableParallelism()));
  });
});
