/**
 * The staff's second factor (ASVS 5.0 6.5, 6.6): TOTP (RFC 6238: SHA-1, 6 digits, 30 s, what
 * every authenticator app reads from a QR code) through `otpauth`, and single-use recovery
 * codes. A code is accepted one step either side of now (clock drift) and only once: the step
 * it belongs to must be later than the last one accepted, so a code seen over a shoulder or
 * replayed from a log signs in nobody.
 */
import { createHmac, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';

const PERIOD_SECONDS = 30;
/** Steps either side of now a code may come from (RFC 6238 §5.2 recommends at most one). */
const WINDOW = 1;
const ISSUER = 'B2B Storefront';
export const RECOVERY_CODE_COUNT = 10;
/** Base32 characters of a recovery code: 60 random bits. */
const RECOVERY_CODE_LENGTH = 12;

function totp(secretBase32: string, email: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** A new TOTP secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** What an authenticator app needs: the otpauth URI, and it as a QR code (an SVG data URL). */
export async function totpEnrolment(
  secretBase32: string,
  email: string,
): Promise<{ otpauthUri: string; qrCode: string }> {
  const otpauthUri = totp(secretBase32, email).toString();
  // Imported here, not at start: a staff member enrols once (invoices/pdf.ts loads it likewise).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return {
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The code an authenticator shows at `at` (tests and the demo owner's documentation). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totp(secretBase32, 'code').generate({ timestamp: at.getTime() });
}

/**
 * The time step `code` belongs to if it is valid at `now` and later than `lastStep`; undefined
 * otherwise.
 */
export function acceptedTotpStep(
  secretBase32: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | undefined {
  const delta = totp(secretBase32, 'code').validate({
    token: code,
    timestamp: now.getTime(),
    window: WINDOW,
  });
  if (delta === null) return undefined;
  const step = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? undefined : step;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Fresh recovery codes, printed in groups of four (`ABCD-EFGH-IJKL`). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(RECOVERY_CODE_LENGTH);
    const code = Array.from(bytes, (byte) => BASE32[byte & 31]).join('');
    return code.match(/.{4}/g)!.join('-');
  });
}

/**
 * A recovery code as stored: HMAC-SHA256 under the server's secret. 60 random bits are too few
 * for a bare hash to resist a search through a stolen table (ASVS 5.0 6.5.2 asks for a keyed
 * or slow hash below 112 bits); keyed, the table alone is useless.
 */
export function recoveryCodeHash(serverSecret: string, code: string): string {
  const normalised = code.replace(/[\s-]+/g, '').toUpperCase();
  return createHmac('sha256', serverSecret)
    .update(`staff-recovery-code:${normalised}`)
    .digest('hex');
}
