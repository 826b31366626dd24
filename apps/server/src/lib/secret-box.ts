/**
 * Secrets the server must read back (a staff member's TOTP seed), sealed at rest with
 * AES-256-GCM under a key derived from JWT_SECRET (HKDF-SHA256, its own label), so a copy of
 * the database alone reveals no second factor (ASVS 5.0 11.2, 11.3). A sealed value is
 * `v1.<iv>.<ciphertext+tag>` in base64url; anything altered fails to open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function secretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, Buffer.alloc(0), `storefront secret-box ${purpose}`, 32),
  );
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([
        cipher.update(plain, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, iv, body] = sealed.split('.');
      if (version !== VERSION || !iv || !body) throw new Error('Not a sealed secret');
      const bytes = Buffer.from(body, 'base64url');
      if (bytes.length < TAG_BYTES) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
