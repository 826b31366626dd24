/**
 * The buyer's emails about their order after payment (issue 19): shipped (with the carrier,
 * tracking number and tracking page), delivered, cancelled (with the refund it started, or why
 * an unpaid order lapsed) and refunded. Each is queued in the transaction of the change it
 * reports (the outbox), so it is sent exactly when the change committed.
 */
import { eq } from 'drizzle-orm';
import { formatRupees } from '@storefront/shared/money';
import type { DbOrTx } from '../../db/connect.js';
import { orders, users } from '../../db/schema.js';
import { enqueueEmail, type EmailKind } from '../email/outbox.js';
import { orderEmail, type EmailContent } from '../email/templates.js';

export type OrderUpdate =
  | { kind: 'shipped'; carrier: string; trackingNumber: string; trackingUrl: string | null }
  | { kind: 'delivered' }
  | {
      kind: 'cancelled';
      /** Who cancelled: the buyer, the store, or the payment window that lapsed. */
      by: 'buyer' | 'store' | 'expiry';
      /** The refund the cancellation started; 0 when none was due. */
      refundPaise: number;
      /** Whether the order had been paid (its money already refunded, if refundPaise is 0). */
      paid: boolean;
    }
  | {
      kind: 'refunded';
      /** Whose money: the order's payment, a second payment of it, or one after cancelling. */
      payment: 'order' | 'duplicate_payment' | 'late_payment';
      amountPaise: number;
      refundedPaise: number;
      paidPaise: number;
    };

const KINDS: Record<OrderUpdate['kind'], EmailKind> = {
  shipped: 'order_shipped',
  delivered: 'order_delivered',
  cancelled: 'order_cancelled',
  refunded: 'order_refunded',
};

/** What the email says, in paragraphs of plain text, and its subject. */
function wording(mkpOrderId: string, update: OrderUpdate): { subject: string; lines: string[] } {
  switch (update.kind) {
    case 'shipped':
      return {
        subject: `Your order ${mkpOrderId} has shipped`,
        lines: [
          `Your order ${mkpOrderId} is on its way with ${update.carrier}.`,
          `Tracking number: ${update.trackingNumber}`,
          ...(update.trackingUrl ? [`Follow the parcel: ${update.trackingUrl}`] : []),
        ],
      };
    case 'delivered':
      return {
        subject: `Your order ${mkpOrderId} has been delivered`,
        lines: [
          `Your order ${mkpOrderId} has been delivered.`,
          'Wrong or damaged items can be reported within 7 days of delivery (see our returns policy).',
        ],
      };
    case 'cancelled':
      return {
        subject: `Your order ${mkpOrderId} has been cancelled`,
        lines: [
          update.by === 'expiry'
            ? `Your order ${mkpOrderId} was cancelled because its payment was not completed in time.`
            : update.by === 'buyer'
              ? `Your order ${mkpOrderId} has been cancelled, as you asked.`
              : `Your order ${mkpOrderId} has been cancelled by the store.`,
          update.refundPaise > 0
            ? `A refund of ${formatRupees(update.refundPaise)} to your original payment method has been started; it usually reaches you within 7 days.`
            : update.paid
              ? 'Your payment for it has already been refunded, or its refund is on its way.'
              : 'No payment was taken for it.',
        ],
      };
    case 'refunded': {
      const whole = update.refundedPaise >= update.paidPaise;
      const subject = `Refund of ${formatRupees(update.amountPaise)} for order ${mkpOrderId}`;
      if (update.payment !== 'order')
        return {
          subject,
          lines: [
            update.payment === 'duplicate_payment'
              ? `Order ${mkpOrderId} was paid twice. We have refunded the second payment, ${formatRupees(update.amountPaise)}, to your original payment method.`
              : `A payment of ${formatRupees(update.amountPaise)} for order ${mkpOrderId} arrived after the order was cancelled. We have refunded it to your original payment method.`,
            'Your bank may take a few days to show it.',
          ],
        };
      return {
        subject,
        lines: [
          `We have refunded ${formatRupees(update.amountPaise)} for order ${mkpOrderId} to your original payment method.`,
          whole
            ? `The whole amount you paid, ${formatRupees(update.paidPaise)}, has now been refunded.`
            : `In all, ${formatRupees(update.refundedPaise)} of the ${formatRupees(update.paidPaise)} you paid has been refunded.`,
          'Your bank may take a few days to show it.',
        ],
      };
    }
  }
}

export function orderUpdateEmail(input: {
  publicUrl: string;
  fullName: string;
  orderId: string;
  mkpOrderId: string;
  update: OrderUpdate;
}): EmailContent {
  const { subject, lines } = wording(input.mkpOrderId, input.update);
  return orderEmail({ ...input, subject, lines });
}

/** Whom the order's emails go to: its number, its buyer's address and name; null if unknown. */
export async function orderAddressee(
  db: DbOrTx,
  orderId: string,
): Promise<{ mkpOrderId: string; email: string; fullName: string } | null> {
  const [row] = await db
    .select({ mkpOrderId: orders.mkpOrderId, email: users.email, fullName: users.fullName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** Queues the email about `update` to the order's buyer, in the caller's transaction. */
export async function queueOrderUpdate(
  tx: DbOrTx,
  publicUrl: string,
  orderId: string,
  update: OrderUpdate,
): Promise<void> {
  const row = await orderAddressee(tx, orderId);
  if (!row) return;
  await enqueueEmail(tx, {
    kind: KINDS[update.kind],
    to: row.email,
    orderId,
    content: orderUpdateEmail({
      publicUrl,
      fullName: row.fullName,
      orderId,
      mkpOrderId: row.mkpOrderId,
      update,
    }),
  });
}
