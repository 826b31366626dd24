/**
 * Unverified accounts expire (issue 17, "Account pre-claim"). An account whose email was never
 * confirmed is deleted UNVERIFIED_ACCOUNT_DAYS after its sign-up, once no link mailed for it is
 * still valid, and its links with it (the foreign keys cascade): the email is free again, and
 * the details of someone who never showed they own that address are not kept. Such an account
 * never held a session, a cart or an order, since login refuses it (service.ts).
 *
 * Seven days rather than the link's 24 hours: a buyer who finds the email late (a spam folder, a
 * long weekend) asks for a new link from the login page and finishes. Meanwhile a stranger's
 * sign-up cannot keep the owner out, since the owner's own sign-up takes the account over.
 */
import { and, isNull, lt, notExists } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import { users } from '../../db/schema.js';
import { openTokensOf } from './account-tokens.js';

export const UNVERIFIED_ACCOUNT_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;
const SWEEP_INTERVAL_MS = 3600 * 1000;

/** Deletes the unverified accounts expired at `now`; answers how many. */
export async function deleteExpiredUnverifiedAccounts(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(users)
    .where(
      and(
        isNull(users.emailVerifiedAt),
        // An account staff disabled is kept, so its email stays refused (service.ts signup).
        isNull(users.disabledAt),
        lt(users.createdAt, new Date(now.getTime() - UNVERIFIED_ACCOUNT_DAYS * DAY_MS)),
        notExists(openTokensOf(db, 'verify_email', users.id, now)),
      ),
    )
    .returning({ id: users.id });
  return deleted.length;
}

/**
 * Sweeps at once, then every `intervalMs` (an hour: expiry is measured in days). Answers a stop
 * that waits for a sweep in flight. Replicas may sweep together: a deleted row is deleted once.
 */
export function startUnverifiedAccountSweep(
  db: Db,
  now: () => Date,
  log: FastifyBaseLogger,
  intervalMs = SWEEP_INTERVAL_MS,
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const sweep = () => {
    round = deleteExpiredUnverifiedAccounts(db, now())
      .then((deleted) => {
        if (deleted > 0) log.info({ deleted }, 'expired unverified accounts deleted');
      })
      .catch((error: unknown) => log.error({ err: error }, 'unverified account sweep failed'))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(sweep, intervalMs);
        timer.unref();
      });
  };
  sweep();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await round;
  };
}
