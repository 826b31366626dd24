/**
 * Accounts staff disable (issue 19, the buyers desk): a disabled account cannot sign in (login
 * answers 403 `account_disabled` once the password is right), cannot refresh, and every token it
 * holds stops working at once — its refresh-token families are revoked and tokens_valid_after
 * moves to now, as a password change does, and the per-request check (authenticate.ts) refuses
 * it too. Enabling lets it sign in again; the sessions ended stay ended. The staff's audit entry
 * is the caller's, written in the same transaction (`tx`).
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/connect.js';
import { users } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { revokeAllSessions } from './sessions.js';

export type AccountRow = typeof users.$inferSelect;

export interface AccountChange {
  /** The account as it was, and as it is now. */
  before: AccountRow;
  account: AccountRow;
  /** False when the account already was so: nothing was written. */
  changed: boolean;
  sessionsRevoked: number;
}

export const ACCOUNT_DISABLED_MESSAGE =
  'This account has been disabled by the store. Contact the store to have it restored.';

/** The refusal of a disabled account's sign-in and requests. */
export const accountDisabled = () =>
  new AppError('forbidden', 'account_disabled', ACCOUNT_DISABLED_MESSAGE);

const accountNotFound = () => notFound('buyer_not_found', 'No buyer account with this id');

/** The account's row, locked for the change (404 for an unknown id). */
async function lockAccount(tx: Tx, userId: string): Promise<AccountRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw accountNotFound();
  return row;
}

/** Disables the account and ends every session of it; a disabled one is left as it is. */
export async function disableAccount(tx: Tx, userId: string, now: Date): Promise<AccountChange> {
  const before = await lockAccount(tx, userId);
  if (before.disabledAt) return { before, account: before, changed: false, sessionsRevoked: 0 };
  const [account] = await tx
    .update(users)
    .set({ disabledAt: now, tokensValidAfter: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  const sessionsRevoked = await revokeAllSessions(tx, userId, now);
  return { before, account: account!, changed: true, sessionsRevoked };
}

/** Lets a disabled account sign in again; an enabled one is left as it is. */
export async function enableAccount(tx: Tx, userId: string, now: Date): Promise<AccountChange> {
  const before = await lockAccount(tx, userId);
  if (!before.disabledAt) return { before, account: before, changed: false, sessionsRevoked: 0 };
  // Every session was ended by the disable; one begun while it was being written (a sign-in
  // that read the account just before) must not come back with the account.
  const [account] = await tx
    .update(users)
    .set({ disabledAt: null, tokensValidAfter: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return { before, account: account!, changed: true, sessionsRevoked: 0 };
}
