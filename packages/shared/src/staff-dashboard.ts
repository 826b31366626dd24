import { z } from 'zod';

/**
 * The console's dashboard (issue 19): orders and revenue today, over 7 and over 30 India days,
 * the day by day figures of the 30, and the two queues that need someone: paid orders awaiting
 * shipment, and payments needing attention. Days are India days (india-date.ts). Revenue is the
 * server's one rule (orders/dashboard.ts `revenuePaise`): totals of orders placed in the window
 * that are paid and not cancelled or refunded.
 */

export const DASHBOARD_DAYS = 30;

export const DashboardDay = z.object({
  /** The India date, `YYYY-MM-DD`. */
  date: z.iso.date(),
  orders: z.number().int(),
  revenuePaise: z.number().int(),
});
export type DashboardDay = z.infer<typeof DashboardDay>;

export const DashboardResponse = z.object({
  ordersToday: z.number().int(),
  revenueTodayPaise: z.number().int(),
  /** Today and the 6 India days before it. */
  orders7d: z.number().int(),
  revenue7dPaise: z.number().int(),
  /** Today and the 29 India days before it. */
  orders30d: z.number().int(),
  revenue30dPaise: z.number().int(),
  /** Paid orders not yet shipped. */
  awaitingShipment: z.number().int(),
  /** Payments flagged for a person (amount mismatch, paid twice) and not yet resolved. */
  paymentsNeedingAttention: z.number().int(),
  /** DASHBOARD_DAYS entries, oldest first, today last; a day without orders is zero. */
  daily: z.array(DashboardDay),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;
