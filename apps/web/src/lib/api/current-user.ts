/**
 * The signed-in user (spec §3 "Session storage", §4 "Auth", §6): GET /api/user/me, cached under
 * the query key ['/api/user'] and fetched only while an access token is stored. An auth failure
 * reads as "nobody" (spec §7's return-empty reads); an ended session also sends the browser to
 * /auth?sessionExpired=true through the API client.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { LoginResponse, UserProfile } from '@storefront/shared/accounts';
import { SIGNUP_PLACEHOLDER } from '@storefront/shared/constants';
import { apiRequest } from './api-client';
import { authRequest, orEmptyOnAuthFailure } from './auth-client';
import { clearTokens, readAccessToken, readRefreshToken, storeTokens } from './auth-tokens';
import type { SessionUser } from '../contexts/session';

export const CURRENT_USER_KEY = ['/api/user'] as const;

export function getCurrentUser(signal?: AbortSignal): Promise<UserProfile | null> {
  return orEmptyOnAuthFailure(authRequest<UserProfile>('/api/user/me', { signal }), null);
}

export const currentUserQueryOptions = (hasToken: boolean) =>
  queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => getCurrentUser(signal),
    enabled: hasToken,
  });

/** A signup field left out is stored as the spec's placeholder 'string' (§9): nothing known. */
const known = (value: string) => (value === SIGNUP_PLACEHOLDER ? '' : value);

/** The session's view of the user (spec §3 "Session user view", plus the business address). */
export function toSessionUser(user: UserProfile): SessionUser {
  return {
    name: user.full_name,
    email: user.email,
    phone: user.phone_number,
    companyName: user.company_name,
    city: user.business_city,
    gstNumber: user.gst_number,
    businessStreet: known(user.business_street),
    businessState: known(user.business_state),
    pincode: user.pincode,
  };
}

/** After a successful login: both tokens stored and the user cached (spec §4 "Auth"). */
export function startSession(client: QueryClient, login: LoginResponse) {
  storeTokens(login);
  client.setQueryData(CURRENT_USER_KEY, login.user);
}

/**
 * Forgets the session in this browser: tokens removed, the cached user emptied and every other
 * cached answer invalidated (the user itself is known to be nobody, so it is not fetched again).
 */
export async function forgetSession(client: QueryClient) {
  clearTokens();
  client.setQueryData(CURRENT_USER_KEY, null);
  await client.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0],
  });
}

/**
 * POST /api/user/logout with both tokens, so the server revokes the refresh token's family.
 * Plain `apiRequest`: logging out must not spend the refresh token on a refresh first.
 */
export async function logOut(): Promise<void> {
  const access = readAccessToken();
  const refresh = readRefreshToken();
  await apiRequest<unknown>('/api/user/logout', {
    method: 'POST',
    headers: {
      ...(access ? { authorization: `Bearer ${access}` } : {}),
      ...(refresh ? { 'refresh-token': refresh } : {}),
    },
  });
}
