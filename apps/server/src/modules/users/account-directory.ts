/**
 * The accounts as the staff's buyers desk finds them (modules/buyers): searched by part of the
 * email, company name or GSTIN in any case, newest first, paged by keyset (the last row's
 * created_at as PostgreSQL writes it, microseconds kept, and its id), so a page costs the same
 * wherever it is. No index: a search scans the accounts, a few milliseconds for a few thousand
 * (measured in docs/decisions/046-buyers-desk-dashboard-export.md, with when one would pay).
 */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connect.js';
import { users } from '../../db/schema.js';
import { decodeCreatedCursor, encodeCreatedCursor } from '../../lib/timestamp-text.js';
import type { AccountRow } from './account-status.js';

/** `text` anywhere, its LIKE wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AccountSearch {
  q?: string;
  after?: string;
  limit: number;
}

export async function searchAccounts(
  db: DbOrTx,
  search: AccountSearch,
): Promise<{ accounts: AccountRow[]; next: string | null }> {
  const conditions: SQL[] = [];
  if (search.q) {
    const pattern = containing(search.q);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.companyName, pattern),
        ilike(users.gstNumber, pattern),
      )!,
    );
  }
  if (search.after) {
    const [createdAt, id] = decodeCreatedCursor(search.after);
    conditions.push(sql`(${users.createdAt}, ${users.id}) < (${createdAt}::timestamptz, ${id})`);
  }
  const rows = await db
    .select({ account: users, sortKey: sql<string>`${users.createdAt}::text` })
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(search.limit + 1);
  const page = rows.slice(0, search.limit);
  const last = page.at(-1);
  return {
    accounts: page.map((row) => row.account),
    next:
      rows.length > search.limit && last
        ? encodeCreatedCursor(last.sortKey, last.account.id)
        : null,
  };
}

/** One account by id, or undefined. */
export async function accountById(db: DbOrTx, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}
