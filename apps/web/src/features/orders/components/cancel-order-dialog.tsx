/**
 * Cancel Order (issue 19): offered until the order ships. The dialog says what happens to the
 * money (a paid order is refunded in full to the original payment method) before the buyer
 * confirms; the server decides, and its refusal (shipped meanwhile) is shown as it says it.
 * Opened by the page's Cancel Order button and loaded with it (lazy-cancel-order-dialog.tsx).
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { Order } from '@storefront/shared/orders';
import { Button } from '../../../components/ui/button';
import { describeError } from '../../../lib/api/error-message';
import { useCancelOrder } from '../../../lib/api/cancel-order';
import { formatRupeeAmount } from '../../../lib/format';

export function CancelOrderDialog({
  order,
  open,
  onOpenChange,
  returnFocus,
}: {
  order: Order;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gives the focus back to what opened the dialog, once it has closed. */
  returnFocus: () => void;
}) {
  const cancel = useCancelOrder(order._id.$oid);
  const paid = order.pStatus === 'PD';
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) cancel.reset();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-bold">
            Cancel order {order.mkpOrderId}?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">
            {paid
              ? `You paid ${formatRupeeAmount(order.total_amount)}. It will be refunded in full to your original payment method, usually within 7 days.`
              : 'No payment has been taken for this order.'}{' '}
            A cancelled order cannot be reopened.
          </Dialog.Description>
          {cancel.isError ? (
            <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
              {describeError(cancel.error) ?? 'The order could not be cancelled.'}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm">
                Keep Order
              </Button>
            </Dialog.Close>
            <Button
              variant="destructive"
              size="sm"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSuccess: () => onOpenChange(false) })}
            >
              {cancel.isPending ? 'Cancelling…' : 'Cancel Order'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
