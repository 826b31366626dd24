/**
 * The tracking timeline (product decision #6): Placed → Paid → Shipped → Delivered, each dated by
 * the first status change that reached it in the order's history (product decision #7). A step
 * without a date has not happened yet.
 */
import type { Order, OrderStatusChange } from '@storefront/shared/orders';

export type TrackingLabel = 'Placed' | 'Paid' | 'Shipped' | 'Delivered';

export interface TrackingStep {
  label: TrackingLabel;
  /** ISO time the step was reached, or null. */
  at: string | null;
}

export function trackingSteps(order: Pick<Order, 'createdAt' | 'statusHistory'>): TrackingStep[] {
  const reached = (test: (change: OrderStatusChange) => boolean) =>
    order.statusHistory.find(test)?.at.$date ?? null;
  return [
    {
      label: 'Placed',
      at: reached((change) => change.cause === 'order_created') ?? order.createdAt.$date,
    },
    { label: 'Paid', at: reached((change) => change.status === 'PD') },
    { label: 'Shipped', at: reached((change) => change.status === 'SHIPPED') },
    { label: 'Delivered', at: reached((change) => change.status === 'DELIVERED') },
  ];
}
