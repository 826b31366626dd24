/**
 * The single-use links mailed to a buyer, one mechanism for every purpose (decision 067):
 * verifying the email of a sign-up (24 hours), resetting a forgotten password (30 minutes) and
 * moving the account to a new email (30 minutes). A token is 256 random bits stored only as its
 * SHA-256 (opaque-token.ts), found by its hash *and* its purpose (a reset link opened as a
 * verification link is simply not valid), consumed once by a guarded UPDATE (of two concurrent
 * redemptions one wins), and refused as invalid, used or expired. Each flow keeps its own rules
 * and messages (service.ts, password-reset.ts, email-change.ts) and calls these functions.
 */
import { and, count, eq, gt, inArray, isNull, sql, type Column } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connect.js';
import {
  ACCOUNT_TOKEN_PURPOSES,
  accountTokens,
  type AccountTokenPurpose,
} from '../../db/schema.js';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token.js';

export type { AccountTokenPurpose };

const MINUTE_MS = 60 * 1000;

/** How long each purpose's link works. */
export const ACCOUNT_TOKEN_TTL_MINUTES: Readonly<Record<AccountTokenPurpose, number>> = {
  verify_email: 24 * 60,
  reset_password: 30,
  change_email: 30,
};

/** What an open token gives its redeemer: the account, and the address the link was mailed to. */
export interface RedeemableToken {
  userId: string;
  email: string;
}

/** Why a token cannot be redeemed. */
export type TokenRefusal = 'invalid' | 'used' | 'expired';

/** A new token of `purpose` for the account, stored hashed; answers the token and its expiry. */
export async function issueAccountToken(
  tx: DbOrTx,
  purpose: AccountTokenPurpose,
  link: { userId: string; email: string },
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + ACCOUNT_TOKEN_TTL_MINUTES[purpose] * MINUTE_MS);
  await tx.insert(accountTokens).values({
    userId: link.userId,
    purpose,
    tokenHash: hashOpaqueToken(token),
    email: link.email,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** How many tokens of `purpose` the account was sent since `since` (the per-account limits). */
export async function tokensIssuedSince(
  tx: DbOrTx,
  purpose: AccountTokenPurpose,
  userId: string,
  since: Date,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

const redeemable = (purpose: AccountTokenPurpose, tokenHash: string, now: Date) =>
  and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );

const redeemed = { userId: accountTokens.userId, email: accountTokens.email };

/** The open token, read without consuming it (to refuse a wrong link before costly work). */
export async function findRedeemableToken(
  db: DbOrTx,
  purpose: AccountTokenPurpose,
  token: string,
  now: Date,
): Promise<RedeemableToken | undefined> {
  const [row] = await db
    .select(redeemed)
    .from(accountTokens)
    .where(redeemable(purpose, hashOpaqueToken(token), now));
  return row;
}

/** Consumes the token if it is open: one guarded UPDATE, so only one redemption succeeds. */
export async function consumeAccountToken(
  tx: DbOrTx,
  purpose: AccountTokenPurpose,
  token: string,
  now: Date,
): Promise<RedeemableToken | undefined> {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(redeemable(purpose, hashOpaqueToken(token), now))
    .returning(redeemed);
  return row;
}

/** Why a token that could not be consumed is refused. */
export async function refusalOf(
  db: DbOrTx,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<TokenRefusal> {
  const [known] = await db
    .select({ usedAt: accountTokens.usedAt })
    .from(accountTokens)
    .where(
      and(eq(accountTokens.tokenHash, hashOpaqueToken(token)), eq(accountTokens.purpose, purpose)),
    );
  if (!known) return 'invalid';
  return known.usedAt ? 'used' : 'expired';
}

/**
 * Uses up every open token of the account of the given purposes (all by default): a reset, a
 * password change or a new email makes the links mailed before it worthless (decision 067).
 */
export async function useUpOpenTokens(
  tx: DbOrTx,
  userId: string,
  now: Date,
  purposes: readonly AccountTokenPurpose[] = ACCOUNT_TOKEN_PURPOSES,
): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.userId, userId),
        inArray(accountTokens.purpose, [...purposes]),
        isNull(accountTokens.usedAt),
      ),
    );
}

/** The open tokens of `purpose` of the account in `userId` (a column, for a correlated subquery). */
export function openTokensOf(db: DbOrTx, purpose: AccountTokenPurpose, userId: Column, now: Date) {
  return db
    .select({ one: sql`1` })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    );
}
