/**
 * A buyer's orders as the staff's buyers desk shows them (modules/buyers): how many each buyer
 * has placed, and their latest orders. Both read `orders_user_created_idx` (user, date).
 */
import { sql } from 'drizzle-orm';
import type { BuyerOrder } from '@storefront/shared/buyer-desk';
import { statusBadge } from '@storefront/shared/order-status';
import type { DbOrTx } from '../../db/connect.js';

/** The number of orders of each of `userIds` (0 for a buyer with none). */
export async function orderCountsOf(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (!userIds.length) return counts;
  const result = await db.execute(sql`
    SELECT o.user_id, count(*)::int AS n FROM orders o
     WHERE o.user_id IN (${sql.join(
       userIds.map((id) => sql`${id}`),
       sql`, `,
     )})
     GROUP BY o.user_id`);
  for (const row of result.rows as { user_id: string; n: number }[])
    counts.set(row.user_id, Number(row.n));
  return counts;
}

/** The buyer's latest `limit` orders, newest first. */
export async function latestOrdersOf(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<BuyerOrder[]> {
  const result = await db.execute(sql`
    SELECT o.mkp_order_id, o.created_at, o.p_status, o.total_paise FROM orders o
     WHERE o.user_id = ${userId}
     ORDER BY o.created_at DESC, o.id DESC
     LIMIT ${limit}`);
  return (
    result.rows as {
      mkp_order_id: string;
      created_at: string | Date;
      p_status: string;
      total_paise: string | number;
    }[]
  ).map((row) => ({
    mkpOrderId: row.mkp_order_id,
    createdAt: new Date(row.created_at).toISOString(),
    status: row.p_status,
    statusLabel: statusBadge(row.p_status).label,
    totalPaise: Number(row.total_paise),
  }));
}
