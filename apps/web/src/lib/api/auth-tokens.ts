/**
 * Where the session lives (spec §3 "Session storage", §4 "Session"): access_token and
 * refresh_token in localStorage, signed in while an access token is stored. The trade-off of
 * browser storage and its mitigations (strict CSP, short access tokens, rotation) are in
 * ../shared/reference/reliability-and-security.md §4.
 *
 * A small external store, so React reads the token with useSyncExternalStore and another tab's
 * login or logout (the `storage` event) reaches this one too.
 */
import { useSyncExternalStore } from 'react';

export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

export interface StoredTokens {
  access_token: string;
  refresh_token: string;
}

const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

export function readAccessToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_KEY);
}

export function readRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_TOKEN_KEY);
}

/** Stores both tokens: the refresh token rotates on every use, so the old one is worthless. */
export function storeTokens(tokens: StoredTokens) {
  localStorage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
  localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
  emit();
}

export function clearTokens() {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS_TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored access token, re-rendering when it is stored, rotated or removed. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribe, readAccessToken, () => null);
}
