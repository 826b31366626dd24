/**
 * "Forgot password?" (issue 22, decision 058). A request mails a single-use link to a verified,
 * enabled account: a 256-bit opaque token stored only as its SHA-256 hash, valid 30 minutes,
 * enqueued in the same transaction as the token (the email outbox). The answer is the same
 * for every email (routes.ts answers 202 with one message), and the work is the same few
 * queries whether or not the account exists, so neither body, status nor time tells them
 * apart. Redeeming the token sets the new password, consumes every open link of the account
 * (an email change asked for before the reset too, decision 067) and ends every session
 * (tokens_valid_after and each refresh-token family revoked). The links are account tokens
 * (account-tokens.ts) of purpose 'reset_password'.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ResetPasswordBody } from '@storefront/shared/accounts';
import type { Db } from '../../db/connect.js';
import { users } from '../../db/schema.js';
import { invalid } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { enqueueEmail } from '../email/outbox.js';
import { passwordResetEmail } from '../email/templates.js';
import {
  ACCOUNT_TOKEN_TTL_MINUTES,
  consumeAccountToken,
  findRedeemableToken,
  issueAccountToken,
  refusalOf,
  tokensIssuedSince,
  useUpOpenTokens,
} from './account-tokens.js';
import { revokeAllSessions } from './sessions.js';

export const RESET_TTL_MINUTES = ACCOUNT_TOKEN_TTL_MINUTES.reset_password;
/** Reset emails per account per hour, counted in the database so every replica agrees. */
export const RESET_EMAILS_PER_HOUR = 5;
const MINUTE_MS = 60 * 1000;

export const RESET_MESSAGES = {
  requested:
    'If an account with this email exists, a link to choose a new password is on its way. It works for 30 minutes.',
  done: 'Your password has been changed and every session has been signed out. Log in with the new password.',
  tokenInvalid:
    'This password reset link is not valid. Check that you opened the whole link from the email, or ask for a new one.',
  tokenUsed: 'This password reset link has already been used. Ask for a new one if you need it.',
  tokenExpired: 'This password reset link has expired. Ask for a new one from the login page.',
} as const;

/** POST /api/user/forgot-password: mails a reset link if the email names a verified, enabled account. */
export async function requestPasswordReset(
  db: Db,
  email: string,
  context: { publicUrl: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    // The row lock serialises concurrent requests for one account, so the count below holds.
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        verifiedAt: users.emailVerifiedAt,
        disabledAt: users.disabledAt,
      })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .for('update');
    // An unverified account is not reset (its owner verifies it first: a sign-up may yet take
    // it over); a disabled one gets no mail from the store. The answer is the same.
    if (!user || !user.verifiedAt || user.disabledAt) return;
    const since = new Date(context.now.getTime() - 60 * MINUTE_MS);
    if ((await tokensIssuedSince(tx, 'reset_password', user.id, since)) >= RESET_EMAILS_PER_HOUR)
      return;
    const { token, expiresAt } = await issueAccountToken(
      tx,
      'reset_password',
      { userId: user.id, email: user.email },
      context.now,
    );
    await enqueueEmail(tx, {
      kind: 'password_reset',
      to: user.email,
      expiresAt,
      content: passwordResetEmail({
        publicUrl: context.publicUrl,
        fullName: user.fullName,
        token,
        validMinutes: RESET_TTL_MINUTES,
      }),
    });
  });
}

/** Why a token cannot be redeemed, read after the guarded UPDATE found nothing to consume. */
async function refusal(db: Db, token: string) {
  const reason = await refusalOf(db, 'reset_password', token);
  if (reason === 'invalid') return invalid('reset_token_invalid', RESET_MESSAGES.tokenInvalid);
  if (reason === 'used') return invalid('reset_token_used', RESET_MESSAGES.tokenUsed);
  return invalid('reset_token_expired', RESET_MESSAGES.tokenExpired);
}

/**
 * POST /api/user/reset-password. The token is looked up before the new password is hashed (a
 * wrong token costs no scrypt), then consumed by one guarded UPDATE, so of two concurrent
 * redemptions only one sets a password.
 */
export async function resetPassword(db: Db, body: ResetPasswordBody, now: Date): Promise<string> {
  const open = await findRedeemableToken(db, 'reset_password', body.token, now);
  if (!open) throw await refusal(db, body.token);
  const passwordHash = await hashPassword(body.new_password);
  const done = await db.transaction(async (tx) => {
    const consumed = await consumeAccountToken(tx, 'reset_password', body.token, now);
    if (!consumed) return false;
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, tokensValidAfter: now, updatedAt: now })
      .where(and(eq(users.id, consumed.userId), isNull(users.disabledAt)))
      .returning({ id: users.id });
    // Disabled by staff since the link was mailed: nothing changes (the throw rolls back).
    if (!changed) throw invalid('reset_token_invalid', RESET_MESSAGES.tokenInvalid);
    // Every other link mailed to the account dies with this one, an email change's too.
    await useUpOpenTokens(tx, consumed.userId, now, ['reset_password', 'change_email']);
    await revokeAllSessions(tx, consumed.userId, now);
    return true;
  });
  if (!done) throw await refusal(db, body.token);
  return RESET_MESSAGES.done;
}
