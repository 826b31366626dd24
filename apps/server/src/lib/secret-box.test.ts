import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box.js';

describe('secret box', () => {
  const box = secretBox('a server secret of enough length', 'totp');

  it('opens what it sealed, and seals the same secret differently each time', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it('refuses what was altered, sealed under another key or for another purpose', () => {
    const sealed = box.seal('secret');
    const [version, iv, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => box.open(`${version}.${iv}.${flipped.toString('base64url')}`)).toThrow();
    expect(() => secretBox('another server secret entirely', 'totp').open(sealed)).toThrow();
    expect(() => secretBox('a server secret of enough length', 'other').open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow();
  });
});
