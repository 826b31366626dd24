/** GET /api/quotes/ (issue 22): the buyer's quotes, newest first, each with its latest total. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteSummary } from '@storefront/shared/quotes';
import { authRequest } from '../../../lib/api/auth-client';
import { QUOTES_KEY } from '../../../lib/api/get-quote';
import { useSession } from '../../../lib/contexts/session';

export function getQuotes(signal?: AbortSignal): Promise<QuoteSummary[]> {
  return authRequest<{ payload: QuoteSummary[] }>('/api/quotes/', {
    signal,
    errorPrefix: 'Failed to fetch quotes',
  }).then((body) => body.payload);
}

export const quotesQueryOptions = () =>
  queryOptions({ queryKey: [...QUOTES_KEY, 'list'], queryFn: ({ signal }) => getQuotes(signal) });

export function useQuotes() {
  const { user } = useSession();
  return useQuery({ ...quotesQueryOptions(), enabled: user !== null });
}
