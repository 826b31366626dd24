/**
 * GET /api/orders/{id}/tax-documents/{documentId}.pdf (issue 21, decision 056): one of the
 * buyer's tax documents as a PDF. The buyer's session is a bearer token, which a plain link does
 * not carry, so the file is fetched with it and handed to the browser as a download named after
 * the document's number, as the server names it ('INV-2627-00042.pdf').
 */
import { useMutation } from '@tanstack/react-query';
import { taxDocumentFilename } from '@storefront/shared/tax-document';
import type { TaxDocumentRef } from '@storefront/shared/tax-summary';
import { authRequest } from '../../../lib/api/auth-client';

export function fetchTaxDocument(document: TaxDocumentRef): Promise<Blob> {
  return authRequest<Blob>(document.href, {
    as: 'blob',
    errorPrefix: `${document.number} could not be downloaded`,
  });
}

/** Saves `file` as `filename` through a temporary link (the browser's own download). */
function save(file: Blob, filename: string) {
  const url = URL.createObjectURL(file);
  const link = Object.assign(window.document.createElement('a'), { href: url, download: filename });
  window.document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadTaxDocument() {
  return useMutation({
    mutationFn: async (document: TaxDocumentRef) => {
      save(await fetchTaxDocument(document), taxDocumentFilename(document.number));
    },
  });
}
