/**
 * The order's tax invoice and credit notes in the console (issue 21, decision 056): number,
 * date, amount, and the PDF to download (fulfilment, finance, owner).
 */
import { PAID_STATUSES } from '@storefront/shared/order-status';
import type { DeskOrderDetail } from '@storefront/shared/order-desk';
import { formatRupeeAmount } from '../../../../lib/format';
import { DataTable, Td, Th } from '../../../components/table';
import { TAX_DOCUMENT_KIND_LABELS, TaxDocumentLink } from '../../../components/tax-document-link';
import { formatDay, startOfDay } from '../../../lib/dates';

export function TaxDocumentsTable({ order }: { order: DeskOrderDetail }) {
  if (order.documents.length === 0)
    return (
      <p className="text-sm text-slate-600">
        {(PAID_STATUSES as readonly string[]).includes(order.pStatus) ||
        order.pStatus === 'CANCELLED'
          ? 'No tax invoice was issued for this order (see its history).'
          : 'The tax invoice is issued when the order is paid.'}
      </p>
    );
  return (
    <DataTable caption="Tax invoice and credit notes" captionHidden>
      <thead>
        <tr>
          <Th>Document</Th>
          <Th>Number</Th>
          <Th>Date</Th>
          <Th className="text-right">Amount</Th>
        </tr>
      </thead>
      <tbody>
        {order.documents.map((document) => (
          <tr key={document.href}>
            <Td>{TAX_DOCUMENT_KIND_LABELS[document.kind]}</Td>
            <Td className="whitespace-nowrap">
              {/* The number is the PDF's link: first on a narrow screen, where the table scrolls. */}
              <TaxDocumentLink document={document} />
            </Td>
            <Td className="whitespace-nowrap">{formatDay(startOfDay(document.issueDate))}</Td>
            <Td className="text-right whitespace-nowrap">{formatRupeeAmount(document.total)}</Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
