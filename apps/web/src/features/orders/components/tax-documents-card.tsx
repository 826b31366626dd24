/**
 * The order's GST documents (issue 21, decision 056): its tax invoice once paid and any credit
 * notes after it, each with its number, date and amount and a PDF to download. Before payment
 * it says where the invoice will be; an order from before GST invoicing shows nothing.
 */
import { Download, FileText } from 'lucide-react';
import { canPay } from '@storefront/shared/order-status';
import type { Order } from '@storefront/shared/orders';
import type { TaxDocumentRef } from '@storefront/shared/tax-summary';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { describeError } from '../../../lib/api/error-message';
import { formatRupeeAmount } from '../../../lib/format';
import { useDownloadTaxDocument } from '../api/download-tax-document';
import { formatCalendarDate } from '../lib/dates';

const TITLES: Record<TaxDocumentRef['kind'], string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
};

export function TaxDocumentsCard({ order }: { order: Order }) {
  const download = useDownloadTaxDocument();
  const { documents } = order;
  if (documents.length === 0 && !canPay(order.pStatus)) return null;
  return (
    <Card as="section" aria-labelledby="tax-documents" className="p-5">
      <h2 id="tax-documents" className="mb-3 flex items-center gap-2 text-lg font-bold">
        <FileText aria-hidden="true" className="size-5" />
        GST Documents
      </h2>
      {documents.length === 0 ? (
        <p className="text-sm text-slate-600">
          Your GST tax invoice will be ready to download here once the order is paid.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {documents.map((document) => {
            const title = TITLES[document.kind];
            const pending = download.isPending && download.variables?.href === document.href;
            return (
              <li
                key={document.href}
                data-testid="tax-document"
                className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-slate-900">
                    {title} <span className="font-mono font-normal">{document.number}</span>
                  </p>
                  <p className="text-slate-600">
                    {formatCalendarDate(document.issueDate)} ·{' '}
                    {document.kind === 'credit_note' ? 'Credit of ' : ''}
                    {formatRupeeAmount(document.total)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Download ${title.toLowerCase()} ${document.number} (PDF)`}
                  disabled={pending}
                  onClick={() =>
                    download.mutate(document, {
                      onError: (error) =>
                        toast({
                          variant: 'destructive',
                          title: `${title} not downloaded`,
                          description: describeError(error),
                        }),
                    })
                  }
                >
                  <Download aria-hidden="true" className="size-4" />
                  {pending ? 'Downloading…' : 'Download PDF'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
