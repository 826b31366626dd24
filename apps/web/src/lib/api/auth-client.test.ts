import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import {
  authRequest,
  isAuthFailure,
  onSessionExpired,
  orEmptyOnAuthFailure,
  SessionExpiredError,
} from './auth-client';
import { readAccessToken, readRefreshToken, storeTokens } from './auth-tokens';

interface Call {
  path: string;
  method: string;
  authorization: string | undefined;
  refreshToken: string | undefined;
}

type Answer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** A fake server: `handle` answers each call; every call is recorded. */
function server(handle: (call: Call) => Answer) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const call: Call = {
      path: String(input),
      method: init.method ?? 'GET',
      authorization: headers.get('authorization') ?? undefined,
      refreshToken: headers.get('refresh-token') ?? undefined,
    };
    calls.push(call);
    const { status, body } = await handle(call);
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      statusText: status === 200 ? 'OK' : status === 401 ? 'Unauthorized' : 'Error',
    });
  });
  return calls;
}

/** The server's view: access token 'A2' is valid, 'A1' has expired; 'R1' redeems for A2/R2. */
function rotatingServer(
  refreshAnswer: Answer = { status: 200, body: { access_token: 'A2', refresh_token: 'R2' } },
) {
  return server((call) => {
    if (call.path === '/api/refresh') return refreshAnswer;
    return call.authorization === 'Bearer A2'
      ? { status: 200, body: { ok: call.path } }
      : { status: 401, body: { detail: 'Token expired', code: 'unauthorized' } };
  });
}

let expired: string[] = [];
let stopListening: () => void;

beforeEach(() => {
  localStorage.clear();
  expired = [];
  stopListening = onSessionExpired((error) => expired.push(error.message));
});
afterEach(() => stopListening());

describe('authRequest, when the request fails for good (spec §8 "unrefreshable")', () => {
  const body = { detail: 'Quantity must be at least 1', code: 'invalid_data' };

  it("throws '{status} {statusText} {body}', keeping detail and code for the toast", async () => {
    storeTokens({ access_token: 'A2', refresh_token: 'R1' });
    server(() => ({ status: 400, body }));
    const error = await authRequest('/api/cart/items/p1', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: `400 Error ${JSON.stringify(body)}`,
      status: 400,
      detail: 'Quantity must be at least 1',
      code: 'invalid_data',
    });
  });

  it('says the same after the one refresh and repeat did not help', async () => {
    storeTokens({ access_token: 'A1', refresh_token: 'R1' });
    const denied = { detail: 'Not your order', code: 'forbidden' };
    server((call) =>
      call.path === '/api/refresh'
        ? { status: 200, body: { access_token: 'A2', refresh_token: 'R2' } }
        : { status: 401, body: denied },
    );
    const error = await authRequest('/api/orders/').catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: `401 Unauthorized ${JSON.stringify(denied)}`,
      detail: 'Not your order',
    });
    expect(isAuthFailure(error)).toBe(true);
  });

  it('says it for a visitor without a session too, with an empty body as nothing', async () => {
    server(() => ({ status: 401 }));
    const error = await authRequest('/api/user/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ message: '401 Unauthorized ', detail: undefined });
  });

  it("keeps the caller's own wording when it names the fetch", async () => {
    storeTokens({ access_token: 'A2', refresh_token: 'R1' });
    server(() => ({ status: 400, body }));
    const error = await authRequest('/api/orders/order/x', {
      errorPrefix: 'Failed to fetch order details',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Failed to fetch order details: 400 Error' });
  });
});

describe('authRequest', () => {
  it('sends the stored access token as a bearer header', async () => {
    storeTokens({ access_token: 'A2', refresh_token: 'R1' });
    const calls = rotatingServer();
    await expect(authRequest('/api/cart/')).resolves.toEqual({ ok: '/api/cart/' });
    expect(calls).toEqual([
      { path: '/api/cart/', method: 'GET', authorization: 'Bearer A2', refreshToken: undefined },
    ]);
  });

  it('sends no authorization without a stored token, and a 401 is then an ordinary error', async () => {
    const calls = rotatingServer();
    const error = await authRequest('/api/cart/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
    expect(calls.map((c) => c.path)).toEqual(['/api/cart/']);
    expect(calls[0]?.authorization).toBeUndefined();
    expect(expired).toEqual([]);
  });

  it.each([401, 403, 422])(
    'after a %i it refreshes once, stores both rotated tokens and repeats the request once',
    async (status) => {
      storeTokens({ access_token: 'A1', refresh_token: 'R1' });
      const calls = server((call) => {
        if (call.path === '/api/refresh') {
          return { status: 200, body: { access_token: 'A2', refresh_token: 'R2' } };
        }
        return call.authorization === 'Bearer A2' ? { status: 200, body: 'fine' } : { status };
      });
      await expect(authRequest('/api/orders/')).resolves.toBe('fine');
      expect(calls).toEqual([
        {
          path: '/api/orders/',
          method: 'GET',
          authorization: 'Bearer A1',
          refreshToken: undefined,
        },
        { path: '/api/refresh', method: 'POST', authorization: undefined, refreshToken: 'R1' },
        {
          path: '/api/orders/',
          method: 'GET',
          authorization: 'Bearer A2',
          refreshToken: undefined,
        },
      ]);
      expect(readAccessToken()).toBe('A2');
      expect(readRefreshToken()).toBe('R2');
    },
  );

  it('repeats the request only once: a second 401 is the answer', async () => {
    storeTokens({ access_token: 'A1', refresh_token: 'R1' });
    const calls = server((call) =>
      call.path === '/api/refresh'
        ? { status: 200, body: { access_token: 'A2', refresh_token: 'R2' } }
        : { status: 401, body: { detail: 'Not allowed', code: 'unauthorized' } },
    );
    await expect(authRequest('/api/orders/')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.path)).toEqual(['/api/orders/', '/api/refresh', '/api/orders/']);
    expect(expired).toEqual([]);
  });

  it('does not refresh after other failures', async () => {
    storeTokens({ access_token: 'A1', refresh_token: 'R1' });
    const calls = server(() => ({
      status: 404,
      body: { detail: 'Order not found', code: 'order_not_found' },
    }));
    await expect(authRequest('/api/orders/order/x')).rejects.toMatchObject({
      status: 404,
      message: '404 Error {"detail":"Order not found","code":"order_not_found"}',
      detail: 'Order not found',
    });
    expect(calls).toHaveLength(1);
  });

  it('shares one refresh between concurrent requests', async () => {
    storeTokens({ access_token: 'A1', refresh_token: 'R1' });
    let releaseRefresh: () => void = () => undefined;
    const refreshAnswer = new Promise<{ status: number; body: unknown }>((resolve) => {
      releaseRefresh = () =>
        resolve({ status: 200, body: { access_token: 'A2', refresh_token: 'R2' } });
    });
    const calls = rotatingServer(refreshAnswer);
    const requests = Promise.all([
      authRequest('/api/cart/'),
      authRequest('/api/orders/'),
      authRequest('/api/user/me'),
    ]);
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/api/refresh')).toHaveLength(1));
    releaseRefresh();
    await expect(requests).resolves.toEqual([
      { ok: '/api/cart/' },
      { ok: '/api/orders/' },
      { ok: '/api/user/me' },
    ]);
    expect(calls.filter((c) => c.path === '/api/refresh')).toHaveLength(1);
    expect(calls.filter((c) => c.authorization === 'Bearer A2')).toHaveLength(3);
  });

  it('retries with the new token, without refreshing again, when a refresh finished meanwhile', async () => {
    storeTokens({ access_token: 'A1', refresh_token: 'R1' });
    const calls = server((call) => {
      if (call.authorization === 'Bearer A1') {
        // Another request's refresh completes while this one is on the wire.
        storeTokens({ access_token: 'A2', refresh_token: 'R2' });
        return { status: 401 };
      }
      return { status: 200, body: call.authorization };
    });
    await expect(authRequest('/api/orders/')).resolves.toBe('Bearer A2');
    expect(calls.map((c) => c.path)).toEqual(['/api/orders/', '/api/orders/']);
  });
});

describe('the forced logout', () => {
  async function expectForcedLogout(message: string) {
    const error = await authRequest('/api/cart/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error).toHaveProperty('message', message);
    expect(readAccessToken()).toBeNull();
    expect(readRefreshToken()).toBeNull();
    expect(expired).toEqual([message]);
  }

  it("ends the session with 'Session expired. No refresh token.' when none is stored", async () => {
    localStorage.setItem('access_token', 'A1');
    const calls = rotatingServer();
    await expectForcedLogout('Session expired. No refresh token.');
    expect(calls.map((c) => c.path)).toEqual(['/api/cart/']);
  });

  it("ends the session with 'Session expired. Refresh failed (401).' when the refresh is refused", async () => {
    storeTokens({ access_token: 'A1', refresh_token: 'R1' });
    const calls = rotatingServer({
      status: 401,
      body: { detail: 'Session ended', code: 'session_ended' },
    });
    await expectForcedLogout('Session expired. Refresh failed (401).');
    expect(calls.map((c) => c.path)).toEqual(['/api/cart/', '/api/refresh']);
  });

  it("ends the session with 'Session expired. Invalid refresh response.' on an unreadable answer", async () => {
    storeTokens({ access_token: 'A1', refresh_token: 'R1' });
    rotatingServer({ status: 200, body: { access_token: 'A2' } });
    await expectForcedLogout('Session expired. Invalid refresh response.');
  });

  it('announces one forced logout for concurrent requests', async () => {
    storeTokens({ access_token: 'A1', refresh_token: 'R1' });
    rotatingServer({ status: 401 });
    const results = await Promise.allSettled([
      authRequest('/api/cart/'),
      authRequest('/api/orders/'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(expired).toEqual(['Session expired. Refresh failed (401).']);
  });
});

describe('reads that return empty on auth failure', () => {
  it('turn a 401, a 422 or an ended session into the empty value', async () => {
    const fail = (error: Error) => orEmptyOnAuthFailure(Promise.reject(error), null);
    await expect(
      fail(new ApiError('x', { status: 401, statusText: 'Unauthorized' })),
    ).resolves.toBeNull();
    await expect(
      fail(new ApiError('x', { status: 422, statusText: 'Unprocessable' })),
    ).resolves.toBeNull();
    await expect(
      fail(new SessionExpiredError('Session expired. No refresh token.')),
    ).resolves.toBeNull();
    await expect(fail(new Error('401: Unauthorized'))).resolves.toBeNull();
  });

  it('keep every other error', async () => {
    const error = new ApiError('Failed to fetch orders: 500', { status: 500, statusText: 'Error' });
    await expect(orEmptyOnAuthFailure(Promise.reject(error), [])).rejects.toBe(error);
    expect(isAuthFailure(new ApiError('x', { status: 403, statusText: 'Forbidden' }))).toBe(false);
  });
});
