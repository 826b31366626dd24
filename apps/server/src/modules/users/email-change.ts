/**
 * Changing the account's email (issue 22, decision 067). The request needs the current password
 * (checked under the login's failure limit, as a password change is) and mails two messages in
 * one transaction: a single-use link (an account token of purpose 'change_email', 30 minutes)
 * to the new address, and a notice to the current one. The email changes only when the link is
 * used, which proves the new address is the buyer's.
 *
 * The answer never says whether the new address has an account (docs/security.md, "Account
 * enumeration"): an address a verified or disabled account holds gets a notice in place of a
 * link, and the requester reads the same 202. An unverified account holding it is no owner
 * (decision 009): redeeming the link takes the address over, as a sign-up would.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ChangeEmailBody } from '@storefront/shared/accounts';
import type { Db } from '../../db/connect.js';
import { users } from '../../db/schema.js';
import { AppError, conflict, invalid } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import type { Limiter } from '../../lib/rate-limit.js';
import { enqueueEmail } from '../email/outbox.js';
import {
  emailChangeEmail,
  emailChangeNoticeEmail,
  emailChangeTakenEmail,
} from '../email/templates.js';
import {
  ACCOUNT_TOKEN_TTL_MINUTES,
  consumeAccountToken,
  issueAccountToken,
  refusalOf,
  tokensIssuedSince,
  useUpOpenTokens,
} from './account-tokens.js';

export const EMAIL_CHANGE_TTL_MINUTES = ACCOUNT_TOKEN_TTL_MINUTES.change_email;
/** Email-change links per account and hour, counted in the database so every replica agrees. */
export const EMAIL_CHANGES_PER_HOUR = 5;
const HOUR_MS = 3600 * 1000;

export const EMAIL_CHANGE_MESSAGES = {
  requested: (to: string) =>
    `We sent a link to ${to}. Your email changes when you open it, within ${EMAIL_CHANGE_TTL_MINUTES} minutes; until then, log in with your current email.`,
  unchanged: 'This is already your account’s email.',
  wrongPassword: 'Current password is incorrect',
  tooMany: 'Too many email changes asked for this hour. Try again later.',
  done: (to: string) => `Your email is now ${to}. Use it to log in.`,
  taken: 'An account with this email already exists, so your email was not changed.',
  tokenInvalid:
    'This email change link is not valid. Check that you opened the whole link from the email, or ask for a new one from your profile.',
  tokenUsed: 'This email change link has already been used.',
  tokenExpired: 'This email change link has expired. Ask for a new one from your profile.',
} as const;

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

const tooManyFailedAttempts = (retryAfterSeconds: number) =>
  new AppError(
    'rate_limited',
    'too_many_failed_logins',
    `Too many failed login attempts for this account. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    { 'retry-after': String(retryAfterSeconds) },
  );

/** POST /api/user/change-email: the link to the new address and the notice to the current one. */
export async function requestEmailChange(
  db: Db,
  userId: string,
  body: ChangeEmailBody,
  context: { publicUrl: string; now: Date; failures: Limiter },
): Promise<string> {
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('unauthorized', 'unauthorized', 'Not authenticated');
  const slot = await context.failures.take(user.email.toLowerCase());
  if (!slot.ok) throw tooManyFailedAttempts(slot.retryAfterSeconds);
  if (!(await verifyPassword(body.current_password, user.passwordHash)))
    throw new AppError(
      'invalid_data',
      'wrong_password',
      EMAIL_CHANGE_MESSAGES.wrongPassword,
      {},
      { current_password: EMAIL_CHANGE_MESSAGES.wrongPassword },
    );
  slot.release();
  if (body.new_email === user.email.toLowerCase())
    throw new AppError(
      'invalid_data',
      'email_unchanged',
      EMAIL_CHANGE_MESSAGES.unchanged,
      {},
      { new_email: EMAIL_CHANGE_MESSAGES.unchanged },
    );

  await db.transaction(async (tx) => {
    // The row lock serialises concurrent requests of one account, so the count below holds.
    const [account] = await tx
      .select({ id: users.id, email: users.email, fullName: users.fullName })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!account) throw new AppError('unauthorized', 'unauthorized', 'Not authenticated');
    const since = new Date(context.now.getTime() - HOUR_MS);
    if ((await tokensIssuedSince(tx, 'change_email', userId, since)) >= EMAIL_CHANGES_PER_HOUR)
      throw new AppError('rate_limited', 'too_many_email_changes', EMAIL_CHANGE_MESSAGES.tooMany, {
        'retry-after': String(HOUR_MS / 1000),
      });
    const [holder] = await tx
      .select({ verifiedAt: users.emailVerifiedAt, disabledAt: users.disabledAt })
      .from(users)
      .where(and(byEmail(body.new_email), ne(users.id, userId)));
    const mail = { publicUrl: context.publicUrl, fullName: account.fullName };
    if (holder?.verifiedAt || holder?.disabledAt) {
      // Its owner learns someone tried; the requester learns nothing from the answer.
      await enqueueEmail(tx, {
        kind: 'email_change',
        to: body.new_email,
        content: emailChangeTakenEmail(mail),
      });
    } else {
      const { token, expiresAt } = await issueAccountToken(
        tx,
        'change_email',
        { userId, email: body.new_email },
        context.now,
      );
      await enqueueEmail(tx, {
        kind: 'email_change',
        to: body.new_email,
        expiresAt,
        content: emailChangeEmail({ ...mail, token, validMinutes: EMAIL_CHANGE_TTL_MINUTES }),
      });
    }
    await enqueueEmail(tx, {
      kind: 'email_change_notice',
      to: account.email,
      content: emailChangeNoticeEmail({
        ...mail,
        newEmail: body.new_email,
        validMinutes: EMAIL_CHANGE_TTL_MINUTES,
      }),
    });
  });
  return EMAIL_CHANGE_MESSAGES.requested(body.new_email);
}

async function refusal(db: Db, token: string) {
  const reason = await refusalOf(db, 'change_email', token);
  if (reason === 'invalid')
    return invalid('email_change_token_invalid', EMAIL_CHANGE_MESSAGES.tokenInvalid);
  if (reason === 'used') return invalid('email_change_token_used', EMAIL_CHANGE_MESSAGES.tokenUsed);
  return invalid('email_change_token_expired', EMAIL_CHANGE_MESSAGES.tokenExpired);
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * POST /api/user/change-email/confirm: the link's token, consumed once within its 30 minutes.
 * In one transaction: the new email (verified by this very link), every other open link of the
 * account used up (a reset link mailed to the old address must not outlive the move), and an
 * unverified account that held the address deleted. Sessions stay: the buyer signed in is the
 * one who asked, with the password. A verified account that took the address meanwhile: 409.
 */
export async function confirmEmailChange(db: Db, token: string, now: Date): Promise<string> {
  try {
    const moved = await db.transaction(async (tx) => {
      const consumed = await consumeAccountToken(tx, 'change_email', token, now);
      if (!consumed) return undefined;
      const [holder] = await tx
        .select({ id: users.id, verifiedAt: users.emailVerifiedAt, disabledAt: users.disabledAt })
        .from(users)
        .where(and(byEmail(consumed.email), ne(users.id, consumed.userId)))
        .for('update');
      if (holder?.verifiedAt || holder?.disabledAt)
        throw conflict('email_taken', EMAIL_CHANGE_MESSAGES.taken);
      if (holder) await tx.delete(users).where(eq(users.id, holder.id));
      const [changed] = await tx
        .update(users)
        .set({ email: consumed.email, updatedAt: now })
        .where(and(eq(users.id, consumed.userId), sql`${users.disabledAt} IS NULL`))
        .returning({ id: users.id });
      // Disabled by staff since the link was mailed: nothing changes (the throw rolls back).
      if (!changed) throw invalid('email_change_token_invalid', EMAIL_CHANGE_MESSAGES.tokenInvalid);
      await useUpOpenTokens(tx, consumed.userId, now);
      return consumed.email;
    });
    if (!moved) throw await refusal(db, token);
    return EMAIL_CHANGE_MESSAGES.done(moved);
  } catch (error) {
    // A sign-up that took the address between the check and the update meets the unique index.
    if (isUniqueViolation(error)) throw conflict('email_taken', EMAIL_CHANGE_MESSAGES.taken);
    throw error;
  }
}
