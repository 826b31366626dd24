import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { MESSAGES } from './service.js';
import { createUser, login, loginTokens } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const USER_FIELDS = [
  'business_city',
  'business_country',
  'business_state',
  'business_street',
  'business_type',
  'company_name',
  'created_at',
  'email',
  'full_name',
  'gst_number',
  'phone_number',
  'pincode',
  'role',
];

const randomAddress = () => [10, ...randomBytes(3)].join('.');

describe('POST /api/user/login', () => {
  it('answers access_token, refresh_token and the spec’s user fields, and no password hash', async () => {
    const user = await createUser(t.database.db);
    const response = await login(t.app, user.email, user.password);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token', 'user']);
    expect(Object.keys(body.user as object).sort()).toEqual(USER_FIELDS);
    expect(body.user).toMatchObject({
      email: user.email,
      full_name: 'Meera Iyer',
      company_name: 'Iyer Distributors',
      gst_number: '27AAPFU0939F1ZV',
      business_city: 'Chennai',
      role: 'buyer',
    });
    expect(response.body).not.toMatch(/argon2|scrypt|password/i);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('rewrites a hash stored at older parameters as argon2id once the password matches, and only then', async () => {
    const user = await createUser(t.database.db);
    const storedHash = async () =>
      (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.passwordHash;
    const scrypt = await storedHash();
    expect(scrypt).toMatch(/^scrypt\$10\$8\$1\$/);

    expect((await login(t.app, user.email, `${user.password}x`)).statusCode).toBe(401);
    expect(await storedHash()).toBe(scrypt);

    expect((await login(t.app, user.email, user.password)).statusCode).toBe(200);
    const rewritten = await storedHash();
    expect(rewritten).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(200);
    expect(await storedHash()).toBe(rewritten);
    expect((await login(t.app, user.email, `${user.password}x`)).statusCode).toBe(401);
  });

  it('finds the account whatever the letter case of the email', async () => {
    const user = await createUser(t.database.db);
    expect((await login(t.app, user.email.toUpperCase(), user.password)).statusCode).toBe(200);
  });

  it('answers one 401 message for a wrong password and for an unknown email', async () => {
    const user = await createUser(t.database.db);
    const wrongPassword = await login(t.app, user.email, `${user.password}x`);
    const unknownEmail = await login(t.app, 'nobody@example.in', user.password);
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: MESSAGES.badCredentials,
        code: 'invalid_credentials',
      });
    }
  });

  it('answers 403 to an unverified account with the right password, asking to verify and how to resend', async () => {
    const user = await createUser(t.database.db, { verified: false });
    const response = await login(t.app, user.email, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.notVerified, code: 'email_not_verified' });
    expect(MESSAGES.notVerified).toMatch(/verify your email/);
    expect(MESSAGES.notVerified).toMatch(/request a new verification email/);
    // A wrong password says nothing about the account's state.
    expect((await login(t.app, user.email, 'Wrong&Password-1')).statusCode).toBe(401);
  });

  it.each([
    [{ email: 'not-an-email', password: 'x' }, 'email', 'Valid email is required'],
    [{ email: 'a@example.in', password: '' }, 'password', 'Password is required'],
  ])('answers 400 with the spec’s login message', async (payload, field, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [field]: message } });
  });
});

describe('GET /api/user/me', () => {
  it('answers the signed-in buyer’s own profile, never another’s', async () => {
    const a = await createUser(t.database.db);
    const b = await createUser(t.database.db);
    const tokenA = (await loginTokens(t.app, a.email, a.password)).access_token;
    const tokenB = (await loginTokens(t.app, b.email, b.password)).access_token;
    for (const [token, user] of [
      [tokenA, a],
      [tokenB, b],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/user/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const profile = response.json() as Record<string, unknown>;
      expect(profile.email).toBe(user.email);
      expect(Object.keys(profile).sort()).toEqual(USER_FIELDS);
      expect(response.body).not.toMatch(/argon2|scrypt|password|token/i);
    }
  });

  it('gives the business address’s PIN code, or an empty one when none was registered', async () => {
    const user = await createUser(t.database.db);
    const token = (await loginTokens(t.app, user.email, user.password)).access_token;
    const pincode = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/user/me',
            headers: { authorization: `Bearer ${token}` },
          })
        ).json() as { pincode: string }
      ).pincode;
    expect(await pincode()).toBe('');
    await t.database.db.update(users).set({ pincode: '600002' }).where(eq(users.id, user.id));
    expect(await pincode()).toBe('600002');
  });

  it('answers 401 without a bearer token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/me' });
    expect(response.statusCode).toBe(401);
  });
});

describe('login rate limits', () => {
  it('verifies at most 100 wrong passwords per account and hour, whatever X-Forwarded-For says (G17)', async () => {
    const user = await createUser(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: user.email, password: `Wrong&Guess-${i}` },
        headers: { 'x-forwarded-for': randomAddress() },
        remoteAddress: randomAddress(),
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        const retryAfter = Number(response.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(3500);
        expect(retryAfter).toBeLessThanOrEqual(3600);
        expect(response.json()).toMatchObject({ code: 'too_many_failed_logins' });
      }
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.slice(100)).toEqual(Array(50).fill(429));
    // The right password is not checked either until the hour has passed.
    const owner = await login(t.app, user.email, user.password, randomAddress());
    expect(owner.statusCode).toBe(429);
  });

  it('holds the limit under a burst of 150 concurrent wrong passwords', async () => {
    const user = await createUser(t.database.db);
    const responses = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        login(t.app, user.email, `Wrong&Guess-${i}`, randomAddress()),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
  });

  it('does not count successful logins as failures', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, user.email, user.password, randomAddress())).statusCode).toBe(200);
    }
  });

  it('allows 50 login attempts per client address in 10 minutes, whatever X-Forwarded-For says, then 429 with Retry-After', async () => {
    const user = await createUser(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      // Without TRUST_PROXY a claimed X-Forwarded-For changes nothing.
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: user.email, password: 'Wrong&Guess-1' },
        remoteAddress: '10.200.0.1',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(50).fill(401), 429]);
    const limited = await login(t.app, user.email, user.password, '10.200.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    // Another address is not affected.
    expect((await login(t.app, user.email, user.password, '10.200.0.2')).statusCode).toBe(200);
  });
});
