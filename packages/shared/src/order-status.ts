/**
 * Payment-status labels and actions (spec §4 "Payment status pStatus", product decisions #6, #7;
 * Cancelled and Refunded added by issue 19, decision 044).
 */

export const PAYMENT_STATUSES = [
  'UP',
  'PU',
  'PD',
  'PF',
  'SHIPPED',
  'DELIVERED',
  'CANCELLED',
  'REFUNDED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type StatusTone = 'blue' | 'green' | 'red' | 'orange' | 'gray' | 'purple';

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
  CANCELLED: { label: 'Cancelled', tone: 'gray' },
  REFUNDED: { label: 'Refunded', tone: 'purple' },
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

/** The statuses an order can be cancelled from: before it ships (the returns policy). */
export const CANCELLABLE_STATUSES = ['UP', 'PU', 'PF', 'PD'] as const;

/** Cancel Order is offered until the order ships (issue 19). */
export function canCancel(status: string | null | undefined): boolean {
  return (CANCELLABLE_STATUSES as readonly string[]).includes(status ?? '');
}

/**
 * The statuses of an order still waiting for its money: it lapses from them once its payment
 * window has passed, and until then its ship-to may still change (issue 22).
 */
export const UNPAID_STATUSES = ['UP', 'PU', 'PF'] as const;

/** Statuses of an order whose payment was taken: the ones a refund can start from. */
export const PAID_STATUSES = ['PD', 'SHIPPED', 'DELIVERED'] as const;
