/**
 * Track Package opens this dialog over the page it was pressed on (product decision #6), so the
 * route table stays the spec's; Escape or Close returns to the button.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { Order } from '@storefront/shared/orders';
import { OrderStatusBadge } from '../../../components/order/order-status-badge';
import { TrackingTimeline } from './tracking-timeline';

export function TrackingDialog({
  order,
  open,
  onOpenChange,
}: {
  order: Order;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <div className="mb-1 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold">Track Package</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mb-5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            Order {order.mkpOrderId} <OrderStatusBadge status={order.pStatus} />
          </Dialog.Description>
          <TrackingTimeline order={order} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
