/** GET /api/staff/tax-documents/:id/e-invoice.json: a document as INV-01 e-invoice JSON. */
import { useMutation } from '@tanstack/react-query';
import { staffDownload } from '../../../lib/staff-download';

export function useDownloadEInvoice() {
  return useMutation({
    mutationFn: ({ id, number }: { id: number; number: string }) =>
      staffDownload(
        `/api/staff/tax-documents/${id}/e-invoice.json`,
        `e-invoice_${number.replace(/[^A-Za-z0-9-]/g, '-')}.json`,
      ),
  });
}
