/**
 * How long a transaction's statements wait for a lock before failing with 55P03. On PGlite the
 * call costs nothing: its one connection runs one transaction at a time (decision 042), so no
 * other transaction can hold a lock to wait for, and a SET would be a statement and a round
 * trip of the thread's only connection for nothing.
 */
import { sql } from 'drizzle-orm';
import { PgliteTransaction } from 'drizzle-orm/pglite';
import type { Tx } from './connect.js';

export async function setLockTimeout(tx: Tx, ms: number): Promise<void> {
  if (!Number.isSafeInteger(ms) || ms < 1)
    throw new RangeError(`a lock timeout is a positive whole number of ms, not ${ms}`);
  if ((tx as unknown) instanceof PgliteTransaction) return;
  await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${ms}`));
}
