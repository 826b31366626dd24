/**
 * An order's refunds, newest first (as the server lists them): amount, cause, reason (and lines), status in words, who
 * asked, the gateway's error, the retry links and a settlement by hand. A failed refund neither
 * retried nor settled offers Retry and Settle by hand to those who handle refunds (finance, owner).
 */
import { formatRupees } from '@storefront/shared/money';
import type { DeskRefund } from '@storefront/shared/order-desk';
import { Button } from '../../../../components/ui/button';
import { DataTable, Td, Th } from '../../../components/table';
import { formatDateTime } from '../../../lib/dates';

const REFUND_STATUS_WORDS: Record<DeskRefund['status'], string> = {
  REQUESTED: 'Requested',
  PENDING: 'Pending at the gateway',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
};

const CAUSE_WORDS: Record<DeskRefund['cause'], string> = {
  staff: 'Refund by staff',
  cancellation: 'Order cancelled',
  duplicate_payment: 'Paid twice',
  late_payment: 'Paid after cancelling',
};

function requester({ type, email }: DeskRefund['requestedBy']): string {
  if (type === 'buyer') return 'The buyer';
  if (type === 'system') return 'The store, automatically';
  if (type === 'operator') return email ? `Operator ${email}` : 'An operator';
  return email ?? 'A staff member';
}

export function RefundsTable({
  refunds,
  lineTitle,
  handlesRefunds,
  onRetry,
  onSettle,
}: {
  refunds: DeskRefund[];
  lineTitle: (position: number) => string;
  /** Finance or owner: may retry or settle a failed refund. */
  handlesRefunds: boolean;
  onRetry: (refund: DeskRefund) => void;
  onSettle: (refund: DeskRefund) => void;
}) {
  const actionable = (refund: DeskRefund) =>
    handlesRefunds &&
    refund.status === 'FAILED' &&
    refund.retriedBy === null &&
    refund.resolution === null;
  const showActions = refunds.some(actionable);
  return (
    <DataTable caption="Refunds of this order, newest first" captionHidden>
      <thead>
        <tr>
          <Th>Refund</Th>
          <Th className="text-right">Amount</Th>
          <Th>Cause and reason</Th>
          <Th>Status</Th>
          <Th>Requested by</Th>
          {showActions ? <Th>Actions</Th> : null}
        </tr>
      </thead>
      <tbody>
        {refunds.map((refund) => (
          <tr key={refund.id}>
            <Td className="whitespace-nowrap">
              <span className="block font-mono">#{refund.id}</span>
              <span className="block text-xs text-slate-500">
                {formatDateTime(refund.createdAt)}
              </span>
            </Td>
            <Td className="text-right whitespace-nowrap">{formatRupees(refund.amountPaise)}</Td>
            <Td className="min-w-48">
              <span className="block font-medium">{CAUSE_WORDS[refund.cause]}</span>
              {refund.reason ? <span className="block">{refund.reason}</span> : null}
              {refund.lines ? (
                <span className="block text-xs text-slate-600">
                  {refund.lines
                    .map((line) => `${lineTitle(line.position)} × ${line.quantity}`)
                    .join('; ')}
                </span>
              ) : null}
            </Td>
            <Td className="min-w-40">
              <span
                className={
                  refund.status === 'FAILED'
                    ? 'block font-semibold text-red-700'
                    : refund.status === 'COMPLETED'
                      ? 'block font-semibold text-green-800'
                      : 'block'
                }
              >
                {REFUND_STATUS_WORDS[refund.status]}
              </span>
              {refund.completedAt ? (
                <span className="block text-xs text-slate-500">
                  {formatDateTime(refund.completedAt)}
                </span>
              ) : null}
              {refund.error ? (
                <span className="block text-xs text-red-700">Error: {refund.error}</span>
              ) : null}
              {refund.retryOf !== null ? (
                <span className="block text-xs text-slate-600">Retry of #{refund.retryOf}</span>
              ) : null}
              {refund.retriedBy !== null ? (
                <span className="block text-xs text-slate-600">Retried as #{refund.retriedBy}</span>
              ) : null}
              {refund.resolution ? (
                <span className="block text-xs text-slate-600">
                  Settled by hand by {refund.resolution.email}: {refund.resolution.note}
                </span>
              ) : null}
            </Td>
            <Td className="break-all">{requester(refund.requestedBy)}</Td>
            {showActions ? (
              <Td>
                {actionable(refund) ? (
                  <span className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      onClick={() => onRetry(refund)}
                      aria-label={`Retry refund #${refund.id}`}
                    >
                      Retry
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => onSettle(refund)}
                      aria-label={`Settle refund #${refund.id} by hand`}
                    >
                      Settle by hand
                    </Button>
                  </span>
                ) : null}
              </Td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
