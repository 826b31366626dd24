/**
 * The order's tax invoice and credit notes in the console (issue 21, decision 056): number,
 * date, amount, and the PDF to download. The console's session is a cookie, so a plain link
 * downloads it; the server checks the member's role again (fulfilment, finance, owner).
 */
import { Download } from 'lucide-react';
import { PAID_STATUSES } from '@storefront/shared/order-status';
import type { DeskOrderDetail } from '@storefront/shared/order-desk';
import type { TaxDocumentRef } from '@storefront/shared/tax-summary';
import { formatRupeeAmount } from '../../../../lib/format';
import { DataTable, Td, Th } from '../../../components/table';
import { formatDay, startOfDay } from '../../../lib/dates';

const KINDS: Record<TaxDocumentRef['kind'], string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
};

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
            <Td>{KINDS[document.kind]}</Td>
            <Td className="whitespace-nowrap">
              {/* The number is the PDF's link: first on a narrow screen, where the table scrolls. */}
              <a
                href={document.href}
                download={`${document.number.replaceAll('/', '-')}.pdf`}
                aria-label={`Download ${KINDS[document.kind].toLowerCase()} ${document.number} (PDF)`}
                className="inline-flex items-center gap-1 font-mono text-blue-700 hover:underline"
              >
                <Download aria-hidden="true" className="size-4" />
                {document.number}
              </a>
            </Td>
            <Td className="whitespace-nowrap">{formatDay(startOfDay(document.issueDate))}</Td>
            <Td className="text-right whitespace-nowrap">{formatRupeeAmount(document.total)}</Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
