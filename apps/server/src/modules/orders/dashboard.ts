/**
 * The console's dashboard (issue 19): orders and revenue per India day over the last
 * DASHBOARD_DAYS, and the queues that need someone. One statement: at 100,000 orders the 30
 * days' ~17,000 rows are read through `orders_created_idx` and summed in 10 ms on PostgreSQL and
 * 25–40 ms on PGlite; the paid orders awaiting shipment are counted from
 * `orders_status_created_idx` alone, and the payments needing attention from their own partial
 * index (migration 0013). Measurements: docs/decisions/046-buyers-desk-dashboard-export.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDays, indiaDate, indiaMidnight, STORE_TIME_ZONE } from '@storefront/shared/india-date';
import { DASHBOARD_DAYS, type DashboardResponse } from '@storefront/shared/staff-dashboard';
import type { DbOrTx } from '../../db/connect.js';
import { needsAttention, settled } from '../payments/refunds.js';

/** The statuses whose orders are revenue: paid, and neither cancelled nor refunded. */
export const REVENUE_STATUSES = ['PD', 'SHIPPED', 'DELIVERED'] as const;

/**
 * The revenue of one order `o`, in paise: the store's one rule of what counts. Its total, less
 * the part refunds gave back (`r.refunded`, from refundedByOrder), when it is paid and not
 * cancelled or refunded in full; else nothing.
 */
export function revenuePaise(): SQL {
  return sql`CASE WHEN o.p_status IN (${sql.join(
    REVENUE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )}) THEN o.total_paise - coalesce(r.refunded, 0) ELSE 0 END`;
}

/**
 * What refunds gave back of each order's own payment (a second payment aside), by the store's
 * rule of money back (payments/refunds.ts `settled`: completed, or paid back by hand), for the
 * orders placed in the window only.
 */
const refundedByOrder = (from: Date, until: Date) =>
  sql`(SELECT order_id, sum(amount_paise) AS refunded FROM refunds f
        WHERE ${settled(sql`f`)} AND cause IN ('staff', 'cancellation')
          AND order_id IN (SELECT id FROM orders
                            WHERE created_at >= ${from.toISOString()}::timestamptz
                              AND created_at < ${until.toISOString()}::timestamptz)
        GROUP BY order_id)`;

/**
 * Payments a person must look at (the attention queue's own rule, payments/refunds.ts): flagged
 * and not settled, and refunds that failed and were neither retried nor settled by hand.
 */
function paymentsNeedingAttention(): SQL {
  return sql`((SELECT count(*)::int FROM payments p WHERE ${needsAttention.flaggedPayment(sql`p`)})
            + (SELECT count(*)::int FROM refunds f WHERE ${needsAttention.failedRefund(sql`f`)}))`;
}

interface DayRow {
  day: string;
  orders: number;
  revenue: number | string;
}

export async function dashboard(db: DbOrTx, now: Date): Promise<DashboardResponse> {
  const today = indiaDate(now);
  const first = addDays(today, -(DASHBOARD_DAYS - 1));
  const from = indiaMidnight(first);
  const until = indiaMidnight(addDays(today, 1));
  const result = await db.execute(sql`
    SELECT
      (SELECT coalesce(json_agg(d), '[]') FROM (
         SELECT (o.created_at AT TIME ZONE ${STORE_TIME_ZONE})::date::text AS day,
                count(*)::int AS orders, sum(${revenuePaise()})::bigint AS revenue
           FROM orders o LEFT JOIN ${refundedByOrder(from, until)} r ON r.order_id = o.id
          WHERE o.created_at >= ${from.toISOString()}::timestamptz
            AND o.created_at < ${until.toISOString()}::timestamptz
          GROUP BY 1) d) AS days,
      (SELECT count(*)::int FROM orders o WHERE o.p_status = 'PD') AS awaiting_shipment,
      ${paymentsNeedingAttention()} AS payments_needing_attention`);
  const row = result.rows[0] as {
    days: DayRow[];
    awaiting_shipment: number;
    payments_needing_attention: number;
  };
  const byDay = new Map(row.days.map((d) => [d.day, d]));
  const daily = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const date = addDays(first, i);
    const found = byDay.get(date);
    return {
      date,
      orders: found ? Number(found.orders) : 0,
      revenuePaise: found ? Number(found.revenue) : 0,
    };
  });
  const last = (days: number) => daily.slice(-days);
  const sum = (days: typeof daily, key: 'orders' | 'revenuePaise') =>
    days.reduce((total, day) => total + day[key], 0);
  return {
    ordersToday: sum(last(1), 'orders'),
    revenueTodayPaise: sum(last(1), 'revenuePaise'),
    orders7d: sum(last(7), 'orders'),
    revenue7dPaise: sum(last(7), 'revenuePaise'),
    orders30d: sum(daily, 'orders'),
    revenue30dPaise: sum(daily, 'revenuePaise'),
    awaitingShipment: Number(row.awaiting_shipment),
    paymentsNeedingAttention: Number(row.payments_needing_attention),
    daily,
  };
}
