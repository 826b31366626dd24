/** Payment-status labels and actions (spec §4 "Payment status pStatus", product decisions #6, #7). */

export const PAYMENT_STATUSES = ['UP', 'PU', 'PD', 'PF', 'SHIPPED', 'DELIVERED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type StatusTone = 'blue' | 'green' | 'red' | 'orange' | 'gray';

export interface StatusBadge {
  label: string;
  tone: StatusTone;
}

const BADGES: Readonly<Record<PaymentStatus, StatusBadge>> = {
  UP: { label: 'Payment Pending', tone: 'blue' },
  PU: { label: 'Payment Pending', tone: 'blue' },
  PD: { label: 'Paid', tone: 'green' },
  PF: { label: 'Payment Failed', tone: 'red' },
  SHIPPED: { label: 'Shipped', tone: 'orange' },
  DELIVERED: { label: 'Delivered', tone: 'green' },
};

export function statusBadge(status: string | null | undefined): StatusBadge {
  if (!status) return { label: 'Unknown', tone: 'gray' };
  return BADGES[status as PaymentStatus] ?? { label: status, tone: 'gray' };
}

/** Pay Now is shown for UP, PF or a missing status (spec §2 "Order detail", §4). */
export function canPay(status: string | null | undefined): boolean {
  return !status || status === 'UP' || status === 'PF';
}

/** Track Package opens the tracking view once the order is paid (product decision #6). */
export function canTrack(status: string | null | undefined): boolean {
  return status === 'PD' || status === 'SHIPPED' || status === 'DELIVERED';
}
