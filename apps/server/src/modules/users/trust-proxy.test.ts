/**
 * TRUST_PROXY (decision 030): behind a load balancer every request comes from the balancer's
 * address, so per-address limits would be site-wide unless X-Forwarded-For is believed, and
 * only from the proxies named. The per-account limit (G17) holds whatever the header says.
 * Unset, the header is ignored: login.test.ts's per-address test sends a different one each time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser, login } from './test-support.js';

const PROXY = '10.0.0.2';

let behindProxy: TestApp;
beforeAll(async () => {
  behindProxy = await buildTestApp({ config: { trustProxy: [PROXY] } });
});
afterAll(() => behindProxy.close());

let nextEmail = 0;
/** A resend (10 per client address and hour, no hashing) from `remoteAddress`. */
function resend(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/resend-verification',
    payload: { email: `proxy.${nextEmail++}@example.in` },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

async function statuses(requests: (() => Promise<{ statusCode: number }>)[]) {
  const result: number[] = [];
  for (const request of requests) result.push((await request()).statusCode);
  return result;
}

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For from a trusted proxy: each client has its own per-address limit', async () => {
    const first = await statuses(
      Array.from({ length: 11 }, () => () => resend(behindProxy, PROXY, '203.0.113.7')),
    );
    expect(first).toEqual([...Array(10).fill(202), 429]);
    // Another client behind the same proxy is not affected.
    expect((await resend(behindProxy, PROXY, '203.0.113.8')).statusCode).toBe(202);
  });

  it('takes the address the trusted proxy saw, not what the client wrote before it', async () => {
    // The client claims 198.51.100.1; the proxy appends the address it really saw.
    const spoofed = await statuses(
      Array.from(
        { length: 11 },
        (_, i) => () => resend(behindProxy, PROXY, `198.51.100.${i + 1}, 203.0.113.20`),
      ),
    );
    expect(spoofed).toEqual([...Array(10).fill(202), 429]);
  });

  it('ignores X-Forwarded-For from an address it does not trust', async () => {
    const forged = await statuses(
      Array.from({ length: 11 }, (_, i) => () => resend(behindProxy, '10.0.0.99', `192.0.2.${i}`)),
    );
    expect(forged).toEqual([...Array(10).fill(202), 429]);
  });

  it('still verifies at most 100 wrong passwords per account and hour, one client address each (G17)', async () => {
    const user = await createUser(behindProxy.database.db);
    const results = await statuses(
      Array.from(
        { length: 110 },
        (_, i) => () =>
          behindProxy.app.inject({
            method: 'POST',
            url: '/api/user/login',
            payload: { email: user.email, password: `Wrong&Guess-${i}` },
            remoteAddress: PROXY,
            headers: { 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}` },
          }),
      ),
    );
    expect(results).toEqual([...Array(100).fill(401), ...Array(10).fill(429)]);
    expect((await login(behindProxy.app, user.email, user.password, PROXY)).statusCode).toBe(429);
  });
});
