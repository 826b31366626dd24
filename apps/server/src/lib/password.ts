/**
 * Password hashing with argon2id at the OWASP cheat sheet's first configuration (m=19456 KiB,
 * t=2, p=1; decision 094: its equivalent of ASVS 5.0 Appendix C's m=47104 KiB, t=1, at 27 MiB
 * less per derivation), a 16-byte random salt, stored as a PHC string with its parameters
 * (decision 040). Hashes written before (argon2id at 46 MiB, or scrypt at N=2^17, 128 MiB and
 * ~550 ms each) still verify, and are rewritten at the current parameters on the next successful
 * login.
 */
import {
  argon2,
  randomBytes,
  scrypt,
  timingSafeEqual,
  type Argon2Parameters,
  type ScryptOptions,
} from 'node:crypto';
import { promisify } from 'node:util';
import { TurnQueue } from './turn-queue.js';

const KEY_LENGTH = 32;
const CURRENT = { memoryKib: 19456, passes: 2, parallelism: 1 };
const CURRENT_PARAMETERS = `m=${CURRENT.memoryKib},t=${CURRENT.passes},p=${CURRENT.parallelism}`;

/**
 * One derivation at a time (19 MiB; a stored scrypt hash 128 MiB): two at once put a login burst
 * over the server's memory budget (decisions 040, 094), for little gain, since hashing is all CPU
 * and the other core serves the catalog meanwhile. libuv's pool would otherwise run four at once,
 * with its file reads and compression queued behind them. A burst queues here, and its wait is
 * reported (lib/metrics.ts).
 */
export const hashingQueue = new TurnQueue();

const base64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

const argon2Async = promisify(argon2);
// util.promisify's types know only scrypt's three-argument form.
const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
) => Promise<Buffer>;

/** `password` NFKC-normalised, as every derivation takes it. */
function argon2id(
  password: string,
  salt: Buffer,
  memoryKib: number,
  passes: number,
  lanes: number,
) {
  const parameters: Argon2Parameters = {
    message: password,
    nonce: salt,
    memory: memoryKib,
    passes,
    parallelism: lanes,
    tagLength: KEY_LENGTH,
  };
  return hashingQueue.run(() => argon2Async('argon2id', parameters));
}

/** The scrypt hashes written before decision 040: `scrypt$logN$r$p$salt$key`. */
function legacyScrypt(password: string, salt: Buffer, logN: number, r: number, p: number) {
  const memory = 128 * 2 ** logN * r;
  // Node refuses a derivation whose memory reaches maxmem; leave headroom.
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 2 * memory };
  return hashingQueue.run(() => scryptAsync(password, salt, KEY_LENGTH, options));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { memoryKib, passes, parallelism } = CURRENT;
  const key = await argon2id(password.normalize('NFKC'), salt, memoryKib, passes, parallelism);
  return `$argon2id$v=19$${CURRENT_PARAMETERS}$${base64(salt)}$${base64(key)}`;
}

/** The stored formats: each pattern's groups are three cost parameters, the salt and the key. */
const FORMATS = [
  {
    pattern:
      /^\$argon2id\$v=19\$m=(\d{1,8}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/,
    derive: argon2id,
  },
  {
    pattern: /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/,
    derive: legacyScrypt,
  },
];

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  for (const { pattern, derive } of FORMATS) {
    const match = pattern.exec(stored);
    if (!match) continue;
    const [a, b, c] = match.slice(1, 4).map(Number) as [number, number, number];
    const expected = Buffer.from(match[5]!, 'base64');
    const salt = Buffer.from(match[4]!, 'base64');
    const actual = await derive(password.normalize('NFKC'), salt, a, b, c);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
  return false;
}

/** Whether a stored hash was written with another function or parameters than the current. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(`$argon2id$v=19$${CURRENT_PARAMETERS}$`);
}

/**
 * The password's hash at the current parameters when `stored`, just verified against it, was
 * written at others (decision 094); nothing when it is current. The caller writes it only over
 * `stored`, so a password changed meanwhile is not put back.
 */
export async function upgradedHash(password: string, stored: string): Promise<string | undefined> {
  return needsRehash(stored) ? hashPassword(password) : undefined;
}
