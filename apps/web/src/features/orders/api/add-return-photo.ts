/**
 * POST /api/returns/{returnId}/photos (issue 22, decision 061): one photo (JPEG or PNG, at most
 * 5 MB, 5 a request) added to the buyer's request while it waits for a decision; the server
 * re-encodes it without its metadata.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnPhoto } from '@storefront/shared/return-requests';
import { authRequest } from '../../../lib/api/auth-client';
import { orderReturnsQuery } from './get-order-returns';

export function addReturnPhoto(returnId: number, file: File): Promise<ReturnPhoto> {
  const form = new FormData();
  form.append('file', file, file.name);
  return authRequest<ReturnPhoto>(`/api/returns/${returnId}/photos`, {
    method: 'POST',
    body: form,
    errorPrefix: `${file.name} could not be added`,
  });
}

export function useAddReturnPhoto(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ returnId, file }: { returnId: number; file: File }) =>
      addReturnPhoto(returnId, file),
    onSettled: () => queryClient.invalidateQueries(orderReturnsQuery(orderId)),
  });
}
