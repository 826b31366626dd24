/**
 * Accounts (spec §2 Auth, §3 user, §4 Auth, §7 user calls): sign-up with email verification
 * through the email outbox, login, profile. Sessions and refresh tokens live in sessions.ts.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type {
  ChangePasswordBody,
  ChangePasswordResponse,
  LoginResponse,
  ProfileUpdateBody,
  SignupBody,
  UserProfile,
} from '@storefront/shared/accounts';
import { gstinStateMessage, gstinStateMismatch } from '@storefront/shared/gst';
import { verificationTokenFromPath } from '@storefront/shared/routes';
import type { Db, DbOrTx } from '../../db/connect.js';
import { users } from '../../db/schema.js';
import type { TokenService } from './access-tokens.js';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js';
import { newObjectId } from '../../lib/ids.js';
import { hashPassword, upgradedHash, verifyPassword } from '../../lib/password.js';
import { enqueueEmail } from '../email/outbox.js';
import { verificationEmail } from '../email/templates.js';
import { accountDisabled } from './account-status.js';
import {
  ACCOUNT_TOKEN_TTL_MINUTES,
  consumeAccountToken,
  issueAccountToken,
  refusalOf,
  tokensIssuedSince,
  useUpOpenTokens,
} from './account-tokens.js';
import { newOpaqueToken } from './opaque-token.js';
import type { Limiter } from '../../lib/rate-limit.js';
import { revokeAllSessions, startSession } from './sessions.js';

export const VERIFICATION_TTL_HOURS = ACCOUNT_TOKEN_TTL_MINUTES.verify_email / 60;
/** Verification emails per account per hour, the sign-up's own included (G23). */
export const VERIFICATION_EMAILS_PER_HOUR = 5;
const HOUR_MS = 3600 * 1000;

export const MESSAGES = {
  signedUp: 'Registration successful. Please verify your email to continue.',
  emailTaken: 'An account with this email already exists. Log in, or use a different email.',
  verified: 'Email verified successfully. You can now log in.',
  tokenMissing: 'No verification token provided.',
  tokenInvalid:
    'This verification link is not valid. Check that you opened the whole link from the email, or request a new one.',
  tokenUsed: 'This verification link has already been used. If your email is verified, log in.',
  tokenExpired:
    'This verification link has expired. Request a new verification email from the login page.',
  resent:
    'If an account with this email is waiting for verification, a new verification link is on its way.',
  badCredentials: 'Invalid email or password',
  notVerified:
    'Please verify your email address before logging in. Open the link in the email we sent you when you registered, or request a new verification email from the login page.',
  wrongCurrentPassword: 'Current password is incorrect',
  passwordChanged: 'Password changed. You have been logged out of every other session.',
  passwordChangedMeanwhile:
    'Your password was changed by another request meanwhile. Log in with the new password.',
} as const;

export interface AccountContext {
  publicUrl: string;
  now: Date;
}

type UserRow = typeof users.$inferSelect;

function toProfile(user: UserRow): UserProfile {
  return {
    email: user.email,
    full_name: user.fullName,
    company_name: user.companyName,
    phone_number: user.phoneNumber,
    gst_number: user.gstNumber,
    business_street: user.businessStreet,
    business_city: user.businessCity,
    business_state: user.businessState,
    business_type: user.businessType,
    business_country: user.businessCountry,
    pincode: user.pincode ?? '',
    created_at: user.createdAt.toISOString(),
    role: user.role,
  };
}

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

function isUniqueViolation(error: unknown): boolean {
  // Drivers wrap the database error (drizzle's DrizzleQueryError has it as `cause`).
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A fresh single-use verification token, stored hashed, mailed in the same transaction. */
async function sendVerification(
  tx: DbOrTx,
  user: { id: string; email: string; fullName: string },
  context: AccountContext,
): Promise<void> {
  const { token, expiresAt } = await issueAccountToken(
    tx,
    'verify_email',
    { userId: user.id, email: user.email },
    context.now,
  );
  // Retried until the link in it expires: after that the email could only disappoint.
  await enqueueEmail(tx, {
    kind: 'email_verification',
    to: user.email,
    expiresAt,
    content: verificationEmail({
      publicUrl: context.publicUrl,
      fullName: user.fullName,
      token,
      validHours: VERIFICATION_TTL_HOURS,
    }),
  });
}

/**
 * POST /api/user/signup. The account exists unverified until its email link is opened.
 *
 * A sign-up for an email whose account is still unverified takes that account over (issue 17,
 * "Account pre-claim"): until someone opens a link mailed there, nobody has shown they own the
 * address, so whoever signed up first must not keep its owner out. The old account is deleted,
 * and with it (the foreign keys cascade) every link mailed for it, every session and cart; a
 * new one takes its place. Such an account never held a session, a cart or an order (login
 * refuses it until it is verified), so nothing passes between the two people. The answer is a
 * first sign-up's, after the same password hashing; a verified email still answers 409, and so
 * does the email of an account staff disabled.
 */
export async function signup(db: Db, body: SignupBody, context: AccountContext): Promise<void> {
  // Checked before hashing so a verified owner's email costs no hashing.
  const [current] = await db
    .select({ verifiedAt: users.emailVerifiedAt, disabledAt: users.disabledAt })
    .from(users)
    .where(byEmail(body.email));
  if (current?.verifiedAt || current?.disabledAt)
    throw conflict('email_taken', MESSAGES.emailTaken);
  const passwordHash = await hashPassword(body.password);
  const user = {
    id: newObjectId(),
    email: body.email,
    passwordHash,
    fullName: body.full_name,
    companyName: body.company_name,
    phoneNumber: body.phone_number,
    gstNumber: body.gst_number,
    businessStreet: body.business_street,
    businessCity: body.business_city,
    businessState: body.business_state,
    businessCountry: body.business_country,
    businessType: body.business_type,
    pincode: body.pincode ?? null,
    createdAt: context.now,
    updatedAt: context.now,
  };
  // Of two sign-ups racing for a new email, the second meets the first's row in the unique
  // index; tried again, it takes that (unverified) account over like any later sign-up.
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        const [held] = await tx
          .select({ id: users.id, verifiedAt: users.emailVerifiedAt, disabledAt: users.disabledAt })
          .from(users)
          .where(byEmail(body.email))
          .for('update');
        // A disabled account is not taken over either: a sign-up must not undo the staff's disable.
        if (held?.verifiedAt || held?.disabledAt)
          throw conflict('email_taken', MESSAGES.emailTaken);
        if (held) await tx.delete(users).where(eq(users.id, held.id));
        await tx.insert(users).values(user);
        await sendVerification(tx, user, context);
      });
      return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt === 3) throw conflict('email_taken', MESSAGES.emailTaken);
    }
  }
}

/** GET /api/user/verify-email/{token}: consumes the token once, within its 24 hours. */
export async function verifyEmail(db: Db, rawToken: string, now: Date): Promise<string> {
  const token = verificationTokenFromPath(rawToken).trim();
  if (!token) throw invalid('verification_token_missing', MESSAGES.tokenMissing);
  return db.transaction(async (tx) => {
    const consumed = await consumeAccountToken(tx, 'verify_email', token, now);
    if (consumed) {
      await tx
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, consumed.userId), isNull(users.emailVerifiedAt)));
      return MESSAGES.verified;
    }
    const refusal = await refusalOf(tx, 'verify_email', token);
    if (refusal === 'invalid') throw invalid('verification_token_invalid', MESSAGES.tokenInvalid);
    if (refusal === 'used') throw invalid('verification_token_used', MESSAGES.tokenUsed);
    throw invalid('verification_token_expired', MESSAGES.tokenExpired);
  });
}

/**
 * POST /api/user/resend-verification. The answer is the same whether or not the account
 * exists or is already verified (no account enumeration); at most VERIFICATION_EMAILS_PER_HOUR
 * emails per account, counted in the database so every replica agrees.
 */
export async function resendVerification(
  db: Db,
  email: string,
  context: AccountContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The row lock serialises concurrent resends of one account, so the count below holds.
    const [user] = await tx
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        emailVerifiedAt: users.emailVerifiedAt,
        disabledAt: users.disabledAt,
      })
      .from(users)
      .where(byEmail(email))
      .for('update');
    // A disabled account gets no mail from the store (the answer is the same, as ever).
    if (!user || user.emailVerifiedAt || user.disabledAt) return;
    const since = new Date(context.now.getTime() - HOUR_MS);
    if (
      (await tokensIssuedSince(tx, 'verify_email', user.id, since)) >= VERIFICATION_EMAILS_PER_HOUR
    )
      return;
    await sendVerification(tx, user, context);
  });
}

const tooManyFailedAttempts = (retryAfterSeconds: number) =>
  new AppError(
    'rate_limited',
    'too_many_failed_logins',
    `Too many failed login attempts for this account. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    { 'retry-after': String(retryAfterSeconds) },
  );

/** Verified against when the email is unknown, so both cases cost one derivation (no timing oracle). */
let decoyHash: Promise<string> | undefined;

/**
 * POST /api/user/login. A failed-login slot of the account is taken before the password is
 * verified and handed back on success, so at most `failures`' limit of wrong passwords are
 * ever checked per account and hour, whatever address the requests claim to come from (G17).
 * An account staff disabled answers 403 `account_disabled`, and only once the password matched.
 * A hash stored at older parameters is rewritten at the current ones once the password matches.
 */
export async function login(
  db: Db,
  tokens: TokenService,
  credentials: { email: string; password: string },
  context: { now: Date; failures: Limiter },
): Promise<LoginResponse> {
  const slot = await context.failures.take(credentials.email);
  if (!slot.ok) throw tooManyFailedAttempts(slot.retryAfterSeconds);
  const [user] = await db.select().from(users).where(byEmail(credentials.email));
  const matches = await verifyPassword(
    credentials.password,
    user?.passwordHash ?? (await (decoyHash ??= hashPassword(newOpaqueToken()))),
  );
  if (!user || !matches)
    throw new AppError('unauthorized', 'invalid_credentials', MESSAGES.badCredentials);
  slot.release();
  // Told only to whoever knows the password: a guesser learns nothing of the account's state.
  if (user.disabledAt) throw accountDisabled();
  const passwordHash = await upgradedHash(credentials.password, user.passwordHash);
  if (passwordHash)
    await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  if (!user.emailVerifiedAt)
    throw new AppError('forbidden', 'email_not_verified', MESSAGES.notVerified);
  const session = await startSession(db, tokens, user.id, context.now);
  return { ...session, user: toProfile(user) };
}

/**
 * POST /api/user/change-password (G16, ASVS 5.0 6.2.3, 7.4.3). The current password is checked
 * under the same per-account failure limit as login (one window for both, keyed by the email),
 * so a stolen access token cannot guess passwords faster than the login form allows. Then, in
 * one transaction: the new hash, tokens_valid_after = now, every refresh-token family of the
 * user revoked (the caller's too), every open reset or email-change link used up, and a new
 * session for the caller (decisions 029, 067).
 */
export async function changePassword(
  db: Db,
  tokens: TokenService,
  userId: string,
  body: ChangePasswordBody,
  context: { now: Date; failures: Limiter },
): Promise<ChangePasswordResponse> {
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('unauthorized', 'unauthorized', 'Not authenticated');
  const slot = await context.failures.take(user.email.toLowerCase());
  if (!slot.ok) throw tooManyFailedAttempts(slot.retryAfterSeconds);
  if (!(await verifyPassword(body.current_password, user.passwordHash))) {
    throw new AppError(
      'invalid_data',
      'wrong_password',
      MESSAGES.wrongCurrentPassword,
      {},
      {
        current_password: MESSAGES.wrongCurrentPassword,
      },
    );
  }
  slot.release();
  const passwordHash = await hashPassword(body.new_password);
  const session = await db.transaction(async (tx) => {
    // Guarded by the hash just verified: of two concurrent changes only the first applies.
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, tokensValidAfter: context.now, updatedAt: context.now })
      // …and not disabled meanwhile (its new session would outlive the disable).
      .where(
        and(
          eq(users.id, userId),
          eq(users.passwordHash, user.passwordHash),
          isNull(users.disabledAt),
        ),
      )
      .returning({ id: users.id });
    if (!changed) throw conflict('password_changed', MESSAGES.passwordChangedMeanwhile);
    await revokeAllSessions(tx, userId, context.now);
    // A reset link or an email change asked for before it dies with the old password (decision 067).
    await useUpOpenTokens(tx, userId, context.now, ['reset_password', 'change_email']);
    return startSession(tx, tokens, userId, context.now);
  });
  return { msg: MESSAGES.passwordChanged, ...session };
}

/** GET /api/user/me. */
export async function profile(db: DbOrTx, userId: string): Promise<UserProfile> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('user_not_found', 'Account not found');
  return toProfile(user);
}

/**
 * PATCH /api/user/me (decisions 058, 067): the fields named change, the others stay. Orders keep
 * the billing details they were placed with (their own columns), so only later orders see a
 * change. When the GSTIN or the state changes, the GSTIN's state must be the business state as
 * they stand after the change (400 `gstin_state_mismatch`, under the state field); the row is
 * locked meanwhile, so two edits cannot pass the check each with the other's half.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  body: ProfileUpdateBody,
  now: Date,
): Promise<UserProfile> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
  if (body.full_name !== undefined) set.fullName = body.full_name;
  if (body.phone_number !== undefined) set.phoneNumber = body.phone_number;
  if (body.company_name !== undefined) set.companyName = body.company_name;
  if (body.business_type !== undefined) set.businessType = body.business_type;
  if (body.business_street !== undefined) set.businessStreet = body.business_street;
  if (body.business_city !== undefined) set.businessCity = body.business_city;
  if (body.business_state !== undefined) set.businessState = body.business_state;
  if (body.pincode !== undefined) set.pincode = body.pincode === '' ? null : body.pincode;
  if (body.gst_number !== undefined) set.gstNumber = body.gst_number;
  return db.transaction(async (tx) => {
    if (body.gst_number !== undefined || body.business_state !== undefined) {
      const [stored] = await tx
        .select({ gstNumber: users.gstNumber, businessState: users.businessState })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!stored) throw notFound('user_not_found', 'Account not found');
      const registered = gstinStateMismatch(
        body.gst_number ?? stored.gstNumber,
        body.business_state ?? stored.businessState,
      );
      if (registered) {
        const message = gstinStateMessage(registered);
        throw new AppError(
          'invalid_data',
          'gstin_state_mismatch',
          message,
          {},
          { business_state: message },
        );
      }
    }
    const [user] = await tx.update(users).set(set).where(eq(users.id, userId)).returning();
    if (!user) throw notFound('user_not_found', 'Account not found');
    return toProfile(user);
  });
}
