/**
 * Opaque secrets handed to a client (refresh tokens, email-verification tokens): 256 random
 * bits (ASVS 5.0 7.2.3 asks for at least 128), stored only as their SHA-256 hash, which is
 * enough for a secret of this entropy (ASVS 5.0 6.5.2), so a database leak yields no usable
 * token.
 */
import { createHash, randomBytes } from 'node:crypto';

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
