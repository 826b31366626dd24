import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser, loginTokens } from './test-support.js';

const DAY = 24 * 3600 * 1000;
let offsetMs = 0;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(Date.now() + offsetMs) });
});
beforeEach(() => {
  offsetMs = 0;
});
afterAll(() => t.close());

function refresh(token: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/refresh',
    headers: token === undefined ? {} : { 'refresh-token': token },
  });
}

function me(accessToken: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/user/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

async function session() {
  const user = await createUser(t.database.db);
  const { access_token, refresh_token } = await loginTokens(t.app, user.email, user.password);
  return { user, access_token, refresh_token };
}

describe('POST /api/refresh', () => {
  it('rotates: a new access token that works and a new refresh token', async () => {
    const { refresh_token } = await session();
    const response = await refresh(refresh_token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as { access_token: string; refresh_token: string };
    expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token']);
    expect(body.refresh_token).not.toBe(refresh_token);
    expect((await me(body.access_token)).statusCode).toBe(200);
  });

  it('answers 401 without the header and for an unknown token', async () => {
    expect((await refresh(undefined)).statusCode).toBe(401);
    expect((await refresh('')).statusCode).toBe(401);
    const unknown = await refresh(randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: 'Invalid refresh token', code: 'session_ended' });
  });

  it('stores only SHA-256 hashes of refresh tokens', async () => {
    const { user, refresh_token } = await session();
    const rows = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(refresh_token);
  });

  it('after 100 rotations rejects each of the 100 old tokens, and the first reuse ends the family (G14)', async () => {
    const first = await session();
    const used = [first.refresh_token];
    let latest = first;
    for (let i = 0; i < 100; i++) {
      const response = await refresh(used[used.length - 1]);
      expect(response.statusCode).toBe(200);
      latest = { ...latest, ...(response.json() as typeof latest) };
      used.push(latest.refresh_token);
    }
    const current = used.pop()!;
    expect(used).toHaveLength(100);
    const statuses = [];
    for (const old of used) statuses.push((await refresh(old)).statusCode);
    expect(statuses).toEqual(Array(100).fill(401));
    // The reuse revoked the whole family: the newest token and its access token are dead too.
    expect((await refresh(current)).statusCode).toBe(401);
    expect((await me(latest.access_token)).statusCode).toBe(401);
  });

  it('revokes the whole family when a rotated token comes back (G14)', async () => {
    const stolen = await session();
    const owner = (await refresh(stolen.refresh_token)).json() as { refresh_token: string };
    const reuse = await refresh(stolen.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({
      detail: 'Refresh token was already used; the session has been ended',
      code: 'session_ended',
    });
    expect((await refresh(owner.refresh_token)).statusCode).toBe(401);
    const rows = await t.database.db
      .select({ revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, stolen.user.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('lets at most 1 of 20 concurrent redemptions of one token succeed (G14)', async () => {
    const { refresh_token } = await session();
    const responses = await Promise.all(Array.from({ length: 20 }, () => refresh(refresh_token)));
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(20 - ok.length);
  });

  it('ends every family 30 days after its login, however often it was refreshed (G14)', async () => {
    let { refresh_token } = await session();
    for (const day of [10, 20, 29.9]) {
      offsetMs = day * DAY;
      const response = await refresh(refresh_token);
      expect(response.statusCode, `day ${day}`).toBe(200);
      refresh_token = (response.json() as { refresh_token: string }).refresh_token;
    }
    offsetMs = 30 * DAY + 1000;
    const expired = await refresh(refresh_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: 'Session expired', code: 'session_ended' });
  });

  it('expires a refresh token left unused for 14 days', async () => {
    const { refresh_token } = await session();
    offsetMs = 14 * DAY + 1000;
    expect((await refresh(refresh_token)).statusCode).toBe(401);
  });
});

describe('POST /api/user/logout (G16)', () => {
  it('revokes the session of the refresh-token header: no refresh afterwards, the access token is dead', async () => {
    const s = await session();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'refresh-token': s.refresh_token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ msg: 'You have been successfully logged out' });
    expect(response.headers['clear-site-data']).toBe('"storage"');
    expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    expect((await me(s.access_token)).statusCode).toBe(401);
  });

  it('revokes the session of the bearer token alone, and leaves the user’s other sessions alone', async () => {
    const s = await session();
    const other = await loginTokens(t.app, s.user.email, s.user.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { authorization: `Bearer ${s.access_token}` },
    });
    expect(response.statusCode).toBe(200);
    expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    expect((await me(other.access_token)).statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('is idempotent: logging out twice, or with nothing, answers 200', async () => {
    const s = await session();
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        headers: { 'refresh-token': s.refresh_token },
      });
      expect(response.statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/user/logout' })).statusCode).toBe(200);
  });
});

describe('forged access tokens (G15)', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const hmac = (secret: string | Buffer, data: string, algorithm = 'sha256') =>
    createHmac(algorithm, secret).update(data).digest('base64url');

  it('answers 401 to each of 16 forged or misused tokens', async () => {
    const s = await session();
    const secret = t.config.jwtSecret;
    const key = new TextEncoder().encode(secret);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: s.user.id,
      iss: 'b2b-storefront',
      aud: 'storefront-api',
      iat: now,
      nbf: now,
      exp: now + 900,
    };
    const handMade = (header: object, payload: object, sign: (data: string) => string) => {
      const data = `${b64(header)}.${b64(payload)}`;
      return `${data}.${sign(data)}`;
    };
    const jose = (header: Record<string, unknown>, payload: Record<string, unknown>, k = key) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', ...header } as never)
        .sign(k);
    const [headerPart, payloadPart, signaturePart] = s.access_token.split('.');
    const tampered = JSON.parse(Buffer.from(payloadPart!, 'base64url').toString()) as {
      sub: string;
    };
    tampered.sub = '65a000000000000000000001';
    const attackerKey = randomBytes(32);

    const forged: Record<string, string> = {
      'alg none': handMade({ alg: 'none', typ: 'at+jwt' }, claims, () => ''),
      'alg none, signature kept': handMade({ alg: 'none', typ: 'at+jwt' }, claims, (d) =>
        hmac(secret, d),
      ),
      'RS256 header over an HMAC of the secret (HS/RS confusion)': handMade(
        { alg: 'RS256', typ: 'at+jwt' },
        claims,
        (d) => hmac(secret, d),
      ),
      'HS512, outside the allowlist': await jose({ alg: 'HS512' }, claims),
      expired: await jose({}, { ...claims, iat: now - 3600, nbf: now - 3600, exp: now - 60 }),
      'nbf in the future': await jose({}, { ...claims, nbf: now + 600 }),
      'wrong audience': await jose({}, { ...claims, aud: 'another-api' }),
      'wrong issuer': await jose({}, { ...claims, iss: 'evil-issuer' }),
      'typ JWT instead of at+jwt': await jose({ typ: 'JWT' }, claims),
      'no exp': await jose({}, { ...claims, exp: undefined }),
      'malformed subject': await jose({}, { ...claims, sub: '../../admin' }),
      'signed with another key, key embedded as jwk': await jose(
        { jwk: { kty: 'oct', k: attackerKey.toString('base64url') } },
        claims,
        attackerKey,
      ),
      'tampered payload, original signature': `${headerPart}.${b64(tampered)}.${signaturePart}`,
      'truncated signature': s.access_token.slice(0, -4),
      'refresh token used as access token': s.refresh_token,
      'empty bearer': '',
    };
    expect(Object.keys(forged).length).toBeGreaterThanOrEqual(12);
    // The genuine token works, so each 401 below is the forgery's doing.
    expect((await me(s.access_token)).statusCode).toBe(200);
    const results = Object.fromEntries(
      await Promise.all(
        Object.entries(forged).map(async ([name, token]) => [name, (await me(token)).statusCode]),
      ),
    );
    expect(results).toEqual(Object.fromEntries(Object.keys(forged).map((name) => [name, 401])));
  });
});
