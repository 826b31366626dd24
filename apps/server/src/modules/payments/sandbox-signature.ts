/**
 * The sandbox gateway's callback signature, modelled on Stripe's: header
 * `x-sandbox-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with a shared
 * secret; a timestamp older than the tolerance is refused, comparison is constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const TOLERANCE_SECONDS = 300;

export function signCallback(secret: string, rawBody: string, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type SignatureProblem = 'missing' | 'malformed' | 'stale' | 'mismatch';

export function checkSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now = new Date(),
): SignatureProblem | null {
  if (!header) return 'missing';
  const parts = Object.fromEntries(
    header.split(',').map((part) => part.trim().split('=', 2) as [string, string]),
  );
  const t = Number(parts.t);
  const v1 = parts.v1;
  if (!Number.isInteger(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return 'malformed';
  if (Math.abs(Math.floor(now.getTime() / 1000) - t) > TOLERANCE_SECONDS) return 'stale';
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex')) ? null : 'mismatch';
}
