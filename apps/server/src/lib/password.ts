/**
 * Password hashing with scrypt at OWASP's recommended cost (ASVS 5.0 App. C: N=2^17, r=8, p=1),
 * a 16-byte random salt, stored with its parameters so they can be raised later.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/**
 * Runs at most `limit` of the given jobs at once, the others waiting in order of arrival.
 */
export function concurrencyGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (running < limit) running++;
    // A finishing job hands its slot straight to the next in line, so `running` stays.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * One derivation per core at a time. Each holds 128·N·r bytes (128 MiB at N=2^17) while it
 * runs; libuv's pool would otherwise run four at once whatever the cores (a burst of logins
 * took the server's RSS up by 512 MB, bench/README.md "Soak"), for no more logins a second,
 * since scrypt is all CPU, and with the pool's file reads and compression queued behind them.
 */
const oneDerivationPerCore = concurrencyGate(availableParallelism());

function derive(
  password: string,
  salt: Buffer,
  logN: number,
  r: number,
  p: number,
): Promise<Buffer> {
  const N = 2 ** logN;
  // Node refuses N=2^17 unless maxmem exceeds 128·N·r (128 MiB); leave headroom.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return oneDerivationPerCore(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, LOG_N, R, P);
  return `scrypt$${LOG_N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64'),
    Number(logN),
    Number(r),
    Number(p),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
