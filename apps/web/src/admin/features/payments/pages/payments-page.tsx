/**
 * Payments needing attention (finance, owner): money taken that must go back (a refund due, a
 * refund that failed) or that does not match its order, each with the gateway's evidence.
 */
import { Link } from 'react-router';
import { formatRupees } from '@storefront/shared/money';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { RawJson } from '../../../components/panel';
import { QueryError } from '../../../components/query-error';
import { DataTable, Td, Th } from '../../../components/table';
import { formatDateTime } from '../../../lib/dates';
import { consoleHref } from '../../../paths';
import type { ATTENTION_REASONS } from '../../../planned-contracts';
import { usePaymentsNeedingAttention } from '../api/get-attention';

const REASONS: Record<(typeof ATTENTION_REASONS)[number], string> = {
  refund_due: 'Refund due',
  amount_mismatch: 'Amount differs from the order',
  refund_failed: 'Refund failed',
};

export function PaymentsPage() {
  const attention = usePaymentsNeedingAttention();
  return (
    <>
      <PageHeader
        title="Payments needing attention"
        description="Payments the store must refund, or that do not match their order."
      />
      {attention.isPending ? (
        <Loading what="payments" />
      ) : attention.isError ? (
        <QueryError error={attention.error} what="payments needing attention" />
      ) : attention.data.items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
          Nothing needs attention. Every payment matches its order.
        </p>
      ) : (
        <DataTable caption="Payments needing attention, oldest first" captionHidden>
          <thead>
            <tr>
              <Th>Reason</Th>
              <Th>Order</Th>
              <Th className="text-right">Paid</Th>
              <Th className="text-right">Order total</Th>
              <Th>Gateway</Th>
              <Th>Started</Th>
              <Th>Evidence</Th>
            </tr>
          </thead>
          <tbody>
            {attention.data.items.map((item) => (
              <tr key={item.paymentId}>
                <Td className="font-medium whitespace-nowrap">{REASONS[item.reason]}</Td>
                <Td className="font-mono whitespace-nowrap">
                  <Link
                    to={consoleHref.order(item.mkpOrderId)}
                    className="text-blue-700 hover:underline"
                  >
                    {item.mkpOrderId}
                  </Link>
                </Td>
                <Td className="text-right whitespace-nowrap">{formatRupees(item.amountPaise)}</Td>
                <Td className="text-right whitespace-nowrap">
                  {formatRupees(item.orderTotalPaise)}
                </Td>
                <Td>
                  <span className="block">{item.provider}</span>
                  <span className="block font-mono text-xs text-slate-500">
                    {item.merchantTransactionId}
                  </span>
                </Td>
                <Td className="whitespace-nowrap">{formatDateTime(item.createdAt)}</Td>
                <Td className="min-w-48">
                  <details>
                    <summary className="cursor-pointer text-blue-700">Show</summary>
                    <RawJson value={item.evidence} />
                  </details>
                </Td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}
