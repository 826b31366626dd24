import { describe, expect, it } from 'vitest';
import { TOLERANCE_SECONDS, checkSignature, signCallback } from './sandbox-signature.js';

// The tolerance's edge with a clock the test holds: a request's own time cannot move it.
describe('the sandbox signature’s timestamp tolerance', () => {
  const secret = 'sandbox-secret';
  const body = '{"state":"COMPLETED"}';
  const receivedAt = new Date('2026-11-29T12:00:00.500Z');
  const signedAt = (offsetSeconds: number) =>
    signCallback(secret, body, new Date(receivedAt.getTime() + offsetSeconds * 1000));

  it.each([-TOLERANCE_SECONDS, 0, TOLERANCE_SECONDS])('accepts a timestamp %i s off', (offset) => {
    expect(checkSignature(secret, body, signedAt(offset), receivedAt)).toBeNull();
  });

  it.each([-TOLERANCE_SECONDS - 1, TOLERANCE_SECONDS + 1])(
    'refuses a timestamp %i s off as stale',
    (offset) => {
      expect(checkSignature(secret, body, signedAt(offset), receivedAt)).toBe('stale');
    },
  );

  it('refuses a genuine signature under a changed body', () => {
    expect(checkSignature(secret, `${body} `, signedAt(0), receivedAt)).toBe('mismatch');
  });
});
