/**
 * The reconciliation worker's backlogs, for /metrics (lib/metrics.ts): payment attempts and
 * refunds whose next look at the gateway is due, and unpaid orders past their payment window
 * that expiry has not yet cancelled (the same conditions the worker claims them by).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { backlogOf, type BacklogProbe } from '../../lib/metrics.js';
import { lapsedUnpaidOrders } from './refunds.js';

export function paymentBacklogs(
  db: Db,
  clock: () => Date,
  paymentWindowMs: number,
  provider: string,
): Record<string, BacklogProbe> {
  const due = (table: 'payments' | 'refunds') => () => {
    const now = clock();
    return backlogOf(
      db,
      sql`FROM ${sql.identifier(table)}
         WHERE provider = ${provider} AND next_check_at <= ${now.toISOString()}::timestamptz`,
      sql`next_check_at`,
      now,
    );
  };
  return {
    payment_checks: due('payments'),
    refund_checks: due('refunds'),
    order_expiry: () => {
      const now = clock();
      const cutoff = new Date(now.getTime() - paymentWindowMs);
      // Each fell due when its window ended.
      return backlogOf(
        db,
        sql`FROM orders WHERE ${lapsedUnpaidOrders(cutoff)}`,
        sql`orders.created_at + make_interval(secs => ${paymentWindowMs / 1000})`,
        now,
      );
    },
  };
}
