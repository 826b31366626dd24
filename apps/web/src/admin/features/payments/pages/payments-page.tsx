/**
 * Payments needing attention (finance, owner; decision 044): money taken that must go back (paid
 * twice or after cancelling), a payment whose amount differs from its order, and refunds that
 * failed — each with the gateway's evidence and the actions that settle it: refund the payment,
 * retry the refund, or settle it by hand with a note of how.
 */
import { Link } from 'react-router';
import { useState } from 'react';
import { formatRupees } from '@storefront/shared/money';
import {
  RefundPaymentBody,
  ResolvePaymentBody,
  type AttentionItem,
} from '@storefront/shared/order-desk';
import { Button } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/use-toast';
import { OrderStatusBadge } from '../../../../components/order/order-status-badge';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Facts, RawJson } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { TextDialog } from '../../../components/text-dialog';
import { formatDateTime } from '../../../lib/dates';
import { useDialogKey } from '../../../lib/idempotency-key';
import { useRetryRefund, useSettleByHand } from '../../../lib/money-actions';
import { consoleHref } from '../../../paths';
import { usePaymentsNeedingAttention } from '../../../lib/get-attention';
import { useRefundPayment } from '../api/refund-payment';

const ATTENTION_WORDS: Record<AttentionItem['reason'], { title: string; detail: string }> = {
  refund_due: {
    title: 'Refund due',
    detail: 'The buyer paid twice, or paid after the order was cancelled: this payment goes back.',
  },
  amount_mismatch: {
    title: 'Amount differs from the order',
    detail: 'The gateway took another amount than the order’s total. Check it at the gateway.',
  },
  refund_failed: {
    title: 'Refund failed',
    detail: 'The gateway refused or lost this refund. Retry it, or pay it back another way.',
  },
};

type Action = { kind: 'refund' | 'settle' | 'retry'; item: AttentionItem };

export function PaymentsPage() {
  const attention = usePaymentsNeedingAttention();
  const [action, setAction] = useState<Action | null>(null);
  return (
    <>
      <PageHeader
        title="Payments needing attention"
        description="Payments the store must refund or settle, and refunds that failed."
      />
      {attention.isPending ? (
        <Loading what="payments" />
      ) : attention.isError ? (
        <QueryError error={attention.error} what="payments needing attention" />
      ) : attention.data.items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          Nothing needs attention. Every payment matches its order and every refund went through.
        </p>
      ) : (
        <ul className="grid gap-4" aria-label="Payments needing attention">
          {attention.data.items.map((item) => (
            <AttentionCard
              key={`${item.reason}-${item.paymentId}-${item.refundId ?? ''}`}
              item={item}
              onAction={(kind) => setAction({ kind, item })}
            />
          ))}
        </ul>
      )}
      <AttentionDialogs action={action} onClose={() => setAction(null)} />
    </>
  );
}

function AttentionCard({
  item,
  onAction,
}: {
  item: AttentionItem;
  onAction: (kind: Action['kind']) => void;
}) {
  const words = ATTENTION_WORDS[item.reason];
  const headingId = `attention-${item.reason}-${item.paymentId}-${item.refundId ?? 'p'}`;
  return (
    <li
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {words.title} ·{' '}
            <Link
              to={consoleHref.order(item.mkpOrderId)}
              className="font-mono text-blue-700 hover:underline"
            >
              {item.mkpOrderId}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">{words.detail}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {item.reason === 'refund_due' ? (
            <Button onClick={() => onAction('refund')}>Refund this payment</Button>
          ) : null}
          {item.reason === 'refund_failed' && item.refundId !== null ? (
            <Button onClick={() => onAction('retry')}>Retry</Button>
          ) : null}
          <Button variant="outline" onClick={() => onAction('settle')}>
            Settle by hand
          </Button>
        </div>
      </div>
      <Facts
        items={[
          [item.reason === 'refund_failed' ? 'Refund' : 'Paid', formatRupees(item.amountPaise)],
          ['Order total', formatRupees(item.orderTotalPaise)],
          ['Order status', <OrderStatusBadge status={item.orderStatus} />],
          [
            'Gateway',
            <>
              {item.provider}{' '}
              <span className="font-mono text-xs">{item.merchantTransactionId}</span>
            </>,
          ],
          ['Since', formatDateTime(item.createdAt)],
        ]}
      />
      <details>
        <summary className="cursor-pointer text-sm text-blue-700">Evidence, as received</summary>
        {item.evidence === null || item.evidence === undefined ? (
          <p className="mt-1 text-sm text-slate-600">Not shown to your role.</p>
        ) : (
          <RawJson value={item.evidence} />
        )}
      </details>
    </li>
  );
}

function AttentionDialogs({ action, onClose }: { action: Action | null; onClose: () => void }) {
  const refund = useRefundPayment();
  const retry = useRetryRefund();
  const settle = useSettleByHand();
  const refunding = action?.kind === 'refund';
  const key = useDialogKey(refunding);
  const item = action?.item;
  const close = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <>
      <TextDialog
        open={refunding}
        onOpenChange={close}
        title="Refund this payment"
        description={
          item
            ? `The whole payment, ${formatRupees(item.amountPaise)}, goes back to the buyer of ${item.mkpOrderId}.`
            : undefined
        }
        label="Reason"
        field="reason"
        schema={RefundPaymentBody}
        confirmLabel="Refund"
        onSubmit={async (body) => {
          if (!item) return;
          const result = await refund.mutateAsync({ paymentId: item.paymentId, body, key });
          toast({
            title: 'Refund started',
            description: `${formatRupees(result.refund.amountPaise)} to the buyer of ${item.mkpOrderId}.`,
          });
        }}
      />
      <TextDialog
        open={action?.kind === 'settle'}
        onOpenChange={close}
        title="Settle by hand"
        description="Say how it was settled (checked at the gateway, paid back outside it). It leaves the queue; the note is kept in the audit log."
        label="Note"
        field="note"
        schema={ResolvePaymentBody}
        confirmLabel="Settle"
        onSubmit={async (body) => {
          if (!item) return;
          await settle.mutateAsync(
            item.reason === 'refund_failed' && item.refundId !== null
              ? { what: 'refund', id: item.refundId, note: body.note }
              : { what: 'payment', id: item.paymentId, note: body.note },
          );
          toast({ title: 'Settled', description: `${item.mkpOrderId} left the queue.` });
        }}
      />
      <ConfirmDialog
        open={action?.kind === 'retry'}
        onOpenChange={close}
        title="Retry the refund"
        description={
          item
            ? `Ask the gateway again to refund ${formatRupees(item.amountPaise)} to the buyer of ${item.mkpOrderId}, as a new refund.`
            : ''
        }
        confirmLabel="Retry"
        onConfirm={async () => {
          if (!item?.refundId) return;
          await retry.mutateAsync(item.refundId);
          toast({
            title: 'Refund retried',
            description: `${item.mkpOrderId}: a new refund started.`,
          });
        }}
      />
    </>
  );
}
