/**
 * Anti-automation limits of the account routes (ASVS 4.0.3 2.2.1, 5.0 6.3.1): per client
 * address (request.ip: the socket's, or what a proxy named in TRUST_PROXY forwarded) and per
 * account (the normalised email, whether or not such an account exists, so a 429 reveals
 * nothing about which emails are registered).
 */
import type { Limiter, LimitRule } from './rate-limit.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export const ACCOUNT_LIMITS = {
  loginPerAddress: { limit: 50, windowMs: 10 * MINUTE },
  /** "No more than 100 failed attempts per hour on a single account" (ASVS 4.0.3 2.2.1). */
  failedLoginsPerAccount: { limit: 100, windowMs: HOUR },
  signupPerAddress: { limit: 10, windowMs: HOUR },
  signupPerAccount: { limit: 5, windowMs: HOUR },
  resendPerAddress: { limit: 10, windowMs: HOUR },
  resendPerAccount: { limit: 5, windowMs: HOUR },
} as const satisfies Record<string, LimitRule>;

export type AccountLimiters = Record<keyof typeof ACCOUNT_LIMITS, Limiter>;
