/**
 * The authenticated API client (spec §4 "Session", §6, §7 "General behaviour", §8; docs/api-accounts.md
 * "Client rules"). Cart, order, payment and profile calls go through `authRequest`:
 *
 * - the stored access token rides as a bearer header; without one the request goes without
 *   authorization, and its failure is an ordinary ApiError (a visitor has no session to end);
 * - a 401, 403 or 422 answer triggers one refresh (POST /api/refresh with the `refresh-token`
 *   header), both rotated tokens are stored, and the original request is repeated once;
 * - refreshes are shared: concurrent failures wait for the one refresh in flight (and other tabs
 *   wait through a Web Lock), because a refresh token presented twice ends the whole session
 *   on the server (decisions 008);
 * - a missing refresh token, a refused refresh or an unreadable answer ends the session: both
 *   tokens removed and every `onSessionExpired` listener told (the app's session provider
 *   empties the cached user, invalidates all data and goes to /auth?sessionExpired=true);
 * - a request that still fails ("unrefreshable", spec §8) throws an ApiError whose message is
 *   '{status} {statusText} {response body}', unless the caller named the fetch (errorPrefix);
 *   its `detail` and `code` stay, so toasts show the server's detail (`describeError`).
 *
 * Login, signup, resend-verification and verify-email use plain `apiRequest`: their 401/403 are
 * answers about the credentials, not an expired session.
 */
import type { RefreshResponse } from '@storefront/shared/accounts';
import { ApiError, apiRequest, type ApiRequestOptions } from './api-client';
import { clearTokens, readAccessToken, readRefreshToken, storeTokens } from './auth-tokens';

export const SESSION_EXPIRED_MESSAGES = {
  noRefreshToken: 'Session expired. No refresh token.',
  refreshFailed: (status: number) => `Session expired. Refresh failed (${status}).`,
  invalidResponse: 'Session expired. Invalid refresh response.',
} as const;

export class SessionExpiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionExpiredError';
  }
}

/** Statuses after which the access token may merely have expired (spec §4). */
const REFRESHABLE_STATUSES: ReadonlySet<number> = new Set([401, 403, 422]);
const REFRESH_LOCK = 'storefront-session-refresh';

type ExpiryListener = (error: SessionExpiredError) => void;
const expiryListeners = new Set<ExpiryListener>();

/** Called once per forced logout, after both tokens are removed. */
export function onSessionExpired(listener: ExpiryListener): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

function expireSession(message: string): SessionExpiredError {
  clearTokens();
  const error = new SessionExpiredError(message);
  expiryListeners.forEach((listener) => listener(error));
  return error;
}

/** Serialises refreshes between tabs; where Web Locks are missing, the tab's own sharing remains. */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  return 'locks' in navigator
    ? (navigator.locks.request(REFRESH_LOCK, task) as Promise<T>)
    : task();
}

async function redeemRefreshToken(staleAccessToken: string): Promise<string> {
  const current = readAccessToken();
  // Another request or tab already refreshed: the new access token is the answer.
  if (current !== null && current !== staleAccessToken) return current;
  // The session was ended meanwhile (logout or a forced logout already announced).
  if (current === null) throw new SessionExpiredError(SESSION_EXPIRED_MESSAGES.noRefreshToken);

  const refreshToken = readRefreshToken();
  if (!refreshToken) throw expireSession(SESSION_EXPIRED_MESSAGES.noRefreshToken);

  // A network failure propagates as it is: being offline does not end a session.
  const response = await fetch('/api/refresh', {
    method: 'POST',
    headers: { accept: 'application/json', 'refresh-token': refreshToken },
  });
  if (!response.ok) throw expireSession(SESSION_EXPIRED_MESSAGES.refreshFailed(response.status));
  const answer: unknown = await response.json().catch(() => undefined);
  if (!isRefreshResponse(answer)) throw expireSession(SESSION_EXPIRED_MESSAGES.invalidResponse);
  storeTokens(answer);
  return answer.access_token;
}

/**
 * The shape of RefreshResponse, checked by hand: this module is in the first load, and the
 * zod schema would bring zod into it.
 */
function isRefreshResponse(value: unknown): value is RefreshResponse {
  if (typeof value !== 'object' || value === null) return false;
  const { access_token: access, refresh_token: refresh } = value as Record<string, unknown>;
  return (
    typeof access === 'string' && access !== '' && typeof refresh === 'string' && refresh !== ''
  );
}

let refreshInFlight: Promise<string> | undefined;

/**
 * Exchanges the refresh token for a new pair once, however many requests ask at the same
 * time, and resolves to the access token to retry with.
 */
export function refreshAccessToken(staleAccessToken: string): Promise<string> {
  refreshInFlight ??= withRefreshLock(() => redeemRefreshToken(staleAccessToken)).finally(() => {
    refreshInFlight = undefined;
  });
  return refreshInFlight;
}

function withBearer(options: ApiRequestOptions, token: string | null): ApiRequestOptions {
  return token
    ? { ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } }
    : options;
}

/** The spec's text for a request that failed for good (§8): status code, status text, body. */
function givenUp(error: unknown, options: ApiRequestOptions): unknown {
  if (!(error instanceof ApiError) || options.errorPrefix) return error;
  return error.withMessage(`${error.status} ${error.statusText} ${error.bodyText}`);
}

/** `apiRequest` with the session: bearer header, one refresh and one repeat (see above). */
export async function authRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const sentWith = readAccessToken();
  try {
    return await apiRequest<T>(path, withBearer(options, sentWith));
  } catch (error) {
    if (
      sentWith === null ||
      !(error instanceof ApiError) ||
      !REFRESHABLE_STATUSES.has(error.status)
    ) {
      throw givenUp(error, options);
    }
    const fresh = await refreshAccessToken(sentWith);
    try {
      return await apiRequest<T>(path, withBearer(options, fresh));
    } catch (repeated) {
      throw givenUp(repeated, options);
    }
  }
}

/** An authentication failure in the spec's sense: 401, 422, or an ended session (§7). */
export function isAuthFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401 || error.status === 422;
  if (!(error instanceof Error)) return false;
  return /^(401|422)/.test(error.message) || error.message.includes('Session expired');
}

/** For reads configured to return empty on auth failure (spec §7): `empty` instead of the error. */
export async function orEmptyOnAuthFailure<T, E>(request: Promise<T>, empty: E): Promise<T | E> {
  try {
    return await request;
  } catch (error) {
    if (isAuthFailure(error)) return empty;
    throw error;
  }
}
