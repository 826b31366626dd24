/**
 * The reconciliation worker's backlogs, for /metrics (lib/metrics.ts): payment attempts and
 * refunds whose next look at the gateway is due, and unpaid orders past their payment window
 * that expiry has not yet cancelled (the same conditions the worker claims them by).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { backlogOf, type BacklogProbe } from '../../lib/metrics.js';
import { UNPAID_STATUSES } from '@storefront/shared/order-status';

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
      const window = sql`make_interval(secs => ${paymentWindowMs / 1000})`;
      return backlogOf(
        db,
        sql`FROM orders o
           WHERE o.p_status IN (${sql.join(
             UNPAID_STATUSES.map((status) => sql`${status}`),
             sql`, `,
           )})
             AND o.created_at + ${window} <= ${now.toISOString()}::timestamptz
             AND NOT EXISTS (SELECT 1 FROM payments p
                              WHERE p.order_id = o.id AND p.next_check_at IS NOT NULL)`,
        sql`o.created_at + ${window}`,
        now,
      );
    },
  };
}
