/**
 * A tax document's number as the link to its PDF (issue 21, decision 056), saved under the
 * number. The console's session is a cookie, so a plain link downloads it; the server checks
 * the member's role again.
 */
import { Download } from 'lucide-react';
import { taxDocumentFilename, type TaxDocumentKind } from '@storefront/shared/tax-document';

export const TAX_DOCUMENT_KIND_LABELS: Record<TaxDocumentKind, string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
};

export function TaxDocumentLink({
  document,
}: {
  document: { href: string; number: string; kind: TaxDocumentKind };
}) {
  return (
    <a
      href={document.href}
      download={taxDocumentFilename(document.number)}
      aria-label={`Download ${TAX_DOCUMENT_KIND_LABELS[document.kind].toLowerCase()} ${document.number} (PDF)`}
      className="inline-flex items-center gap-1 font-mono text-blue-700 hover:underline"
    >
      <Download aria-hidden="true" className="size-4" />
      {document.number}
    </a>
  );
}
