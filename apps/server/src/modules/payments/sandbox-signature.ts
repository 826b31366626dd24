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

/**
 * Exactly `t=<digits>,v1=<64 lowercase hex>`: a second v1, another scheme, an uppercase key or hex
 * digit, spaces or a missing part is malformed. (Stripe accepts several v1 values while secrets
 * rotate; the sandbox has one secret, so one signature.)
 */
const HEADER_FORMAT = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

export function checkSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now = new Date(),
): SignatureProblem | null {
  if (!header) return 'missing';
  const match = HEADER_FORMAT.exec(header);
  if (!match) return 'malformed';
  const t = Number(match[1]);
  if (Math.abs(Math.floor(now.getTime() / 1000) - t) > TOLERANCE_SECONDS) return 'stale';
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex')) ? null : 'mismatch';
}
