/**
 * Access tokens (ASVS 5.0 9.1–9.2, RFC 8725): HS256 JWTs signed with JWT_SECRET, 15 minutes,
 * verified against an algorithm allowlist, issuer, audience and the `at+jwt` type, so a
 * refresh token, a tampered, expired or `alg:none` token is refused.
 */
import { randomUUID, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/errors.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'b2b-storefront';
const AUDIENCE = 'storefront-api';
const TYPE = 'at+jwt';

/** What a valid access token says: whose it is, when it was issued, of which session. */
export interface AccessClaims {
  userId: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  sessionId: string | undefined;
}

export interface TokenService {
  /**
   * `sessionId` is the refresh-token family the token was issued for (claim `sid`): revoking
   * the family (logout, reuse detection) ends its access tokens at once, not 15 minutes later.
   */
  signAccessToken(userId: string, now?: Date, sessionId?: string): Promise<string>;
  /** The user id of a valid access token; throws a 401 AppError otherwise. */
  verifyAccessToken(token: string): Promise<AccessClaims>;
}

export const unauthorized = (detail = 'Not authenticated') =>
  new AppError('unauthorized', 'unauthorized', detail);

export function createTokenService(secret: string): TokenService {
  // Imported once: given raw bytes, jose would import the key again on every sign and verify.
  let imported: Promise<webcrypto.CryptoKey> | undefined;
  const cryptoKey = () =>
    (imported ??= webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  return {
    async signAccessToken(userId, now = new Date(), sessionId) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT(sessionId ? { sid: sessionId } : {})
        .setProtectedHeader({ alg: 'HS256', typ: TYPE })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setNotBefore(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .setJti(randomUUID())
        .sign(await cryptoKey());
    },
    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, await cryptoKey(), {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TYPE,
          requiredClaims: ['sub', 'exp', 'iat', 'nbf'],
        });
        if (typeof payload.sub !== 'string' || !/^[0-9a-f]{24}$/.test(payload.sub))
          throw unauthorized();
        if (payload.sid !== undefined && typeof payload.sid !== 'string') throw unauthorized();
        return { userId: payload.sub, issuedAt: payload.iat!, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw unauthorized('Access token expired');
        throw unauthorized('Invalid access token');
      }
    },
  };
}
