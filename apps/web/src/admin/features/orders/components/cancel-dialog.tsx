/**
 * Cancel an order before it ships (fulfilment, owner; decision 044): an optional reason, kept in
 * the order's history. A paid order's full refund starts with it, which the dialog says first
 * and the toast confirms with the refund's amount.
 */
import { formatRupees } from '@storefront/shared/money';
import type { DeskOrderDetail } from '@storefront/shared/order-desk';
import { OrderCancelBody } from '@storefront/shared/orders';
import { toast } from '../../../../components/ui/use-toast';
import { TextDialog } from '../../../components/text-dialog';
import { useCancelOrder } from '../api/cancel-order';

export function CancelDialog({
  order,
  open,
  onOpenChange,
}: {
  order: DeskOrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const cancel = useCancelOrder(order.mkpOrderId);
  const paid = order.paidPaise > 0;
  return (
    <TextDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel order"
      description={`The buyer of ${order.mkpOrderId} is told the order is cancelled.`}
      notice={
        paid ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3">
            This order is paid: cancelling it refunds the buyer in full,{' '}
            <strong>{formatRupees(order.refundablePaise)}</strong>.
          </p>
        ) : (
          <p>The order is not paid, so nothing is refunded.</p>
        )
      }
      label="Reason (optional)"
      field="reason"
      hint="Kept in the order's history"
      schema={OrderCancelBody}
      confirmLabel="Cancel order"
      variant="destructive"
      onSubmit={async (body) => {
        const result = await cancel.mutateAsync(body);
        toast({
          title: 'Order cancelled',
          description: result.refund
            ? `${order.mkpOrderId} is cancelled; a refund of ${formatRupees(result.refund.amountPaise)} has started.`
            : `${order.mkpOrderId} is cancelled.`,
        });
      }}
    />
  );
}
