import { argon2Sync, randomBytes } from 'node:crypto';

/** `password` as stored before decision 094: argon2id at m=47104 KiB, t=1, p=1 (decision 040). */
export function argon2idAt46MiB(password: string): string {
  const salt = randomBytes(16);
  const key = argon2Sync('argon2id', {
    message: password,
    nonce: salt,
    memory: 47104,
    passes: 1,
    parallelism: 1,
    tagLength: 32,
  });
  const base64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=47104,t=1,p=1$${base64(salt)}$${base64(key)}`;
}
