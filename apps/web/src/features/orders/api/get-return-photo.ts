/**
 * GET /api/returns/{returnId}/photos/{photoId} (decision 061): a photo of the buyer's own return
 * request. The session is a bearer token, which an <img> does not send, so the photo is fetched
 * with it and shown from a blob URL (decision 064).
 */
import { useQuery } from '@tanstack/react-query';
import { authRequest } from '../../../lib/api/auth-client';
import { ORDERS_KEY } from '../../../lib/api/get-orders';

export function getReturnPhoto(
  returnId: number,
  photoId: number,
  signal?: AbortSignal,
): Promise<Blob> {
  return authRequest<Blob>(`/api/returns/${returnId}/photos/${photoId}`, {
    as: 'blob',
    signal,
    errorPrefix: 'The photo could not be loaded',
  });
}

/** The photo's bytes; a photo never changes once added. */
export function useReturnPhoto(returnId: number, photoId: number) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'return-photo', returnId, photoId],
    queryFn: ({ signal }) => getReturnPhoto(returnId, photoId, signal),
    staleTime: Infinity,
  });
}
