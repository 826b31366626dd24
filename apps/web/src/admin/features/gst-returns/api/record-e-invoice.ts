/** PUT /api/staff/tax-documents/:id/e-invoice: the IRN, acknowledgement and signed QR recorded. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EInvoiceRegistrationResponse,
  type EInvoiceRegistrationBody,
} from '@storefront/shared/gst-returns';
import { staffRequest } from '../../../lib/staff-client';
import { taxDocumentsKey } from './list-tax-documents';

export function useRecordEInvoice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EInvoiceRegistrationBody) =>
      staffRequest(`/api/staff/tax-documents/${id}/e-invoice`, EInvoiceRegistrationResponse, {
        method: 'PUT',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxDocumentsKey }),
  });
}
