/**
 * GET /api/quotes/{id} (issue 22, decision 060): one of the buyer's quotes with its lines,
 * versions and messages; read by the quote page and by the checkout that accepts it. Every
 * quote query sits under the 'quotes' key, so a new message or an acceptance refreshes them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote } from '@storefront/shared/quotes';
import { authRequest } from './auth-client';
import { useSession } from '../contexts/session';

export const QUOTES_KEY = ['quotes'] as const;

export function getQuote(id: string, signal?: AbortSignal): Promise<Quote> {
  return authRequest<{ payload: Quote }>(`/api/quotes/${encodeURIComponent(id)}`, {
    signal,
    errorPrefix: 'Failed to fetch quote',
  }).then((body) => body.payload);
}

export const quoteQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...QUOTES_KEY, 'quote', id],
    queryFn: ({ signal }) => getQuote(id, signal),
  });

/** One of the signed-in buyer's quotes; nothing is fetched for a visitor. */
export function useQuote(id: string, enabled = true) {
  const { user } = useSession();
  return useQuery({ ...quoteQueryOptions(id), enabled: enabled && user !== null });
}
