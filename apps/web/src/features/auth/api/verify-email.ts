/**
 * GET /api/user/verify-email/{token} (spec §7, §8): no authorization. A refusal reads the
 * server's detail, or its msg, else 'An error occurred during verification.'; a network
 * failure shows its own message, else 'An unexpected network error occurred.'
 *
 * A query rather than an effect, so the single-use token is spent once even when React mounts
 * the page twice (StrictMode) or the buyer comes back to the tab.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageResponse } from '@storefront/shared/accounts';
import { ApiError, apiRequest } from '../../../lib/api/api-client';

/** The `msg` of an answer body, when it has a non-empty one. */
function messageOf(body: unknown): string | undefined {
  const msg =
    typeof body === 'object' && body !== null ? (body as { msg?: unknown }).msg : undefined;
  return typeof msg === 'string' && msg !== '' ? msg : undefined;
}

export async function verifyEmail(token: string): Promise<string> {
  try {
    const answer = await apiRequest<MessageResponse>(
      `/api/user/verify-email/${encodeURIComponent(token)}`,
      { headers: { 'content-type': 'application/json' } },
    );
    return answer.msg;
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Error(
        error.detail ?? messageOf(error.body) ?? 'An error occurred during verification.',
        { cause: error },
      );
    }
    const message = error instanceof Error && error.message ? error.message : '';
    throw new Error(message || 'An unexpected network error occurred.', { cause: error });
  }
}

export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/user/verify-email', token],
    // No abort signal: a cancelled and repeated call would find its token already spent.
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    gcTime: Infinity,
  });

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQueryOptions(token));
}
