import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { COMMON_PASSWORD_MESSAGE } from './password-policy.js';
import { MESSAGES } from './service.js';
import { createUser, login, loginTokens } from './test-support.js';

const NEW_PASSWORD = 'Monsoon^Kettle-77';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function changePassword(accessToken: string, payload: Record<string, unknown>, address?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/change-password',
    headers: { authorization: `Bearer ${accessToken}` },
    payload,
    ...(address ? { remoteAddress: address } : {}),
  });
}

const me = (accessToken: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/user/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });

const refresh = (refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/refresh',
    headers: { 'refresh-token': refreshToken },
  });

describe('POST /api/user/change-password (G16)', () => {
  it('ends every other session: their access and refresh tokens get 401; the old password stops working', async () => {
    const user = await createUser(t.database.db);
    const mine = await loginTokens(t.app, user.email, user.password);
    const other = await loginTokens(t.app, user.email, user.password);
    expect((await me(other.access_token)).statusCode).toBe(200);

    const response = await changePassword(mine.access_token, {
      current_password: user.password,
      new_password: NEW_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as { msg: string; access_token: string; refresh_token: string };
    expect(body.msg).toBe(MESSAGES.passwordChanged);

    // The other session is over, both of its tokens.
    const otherMe = await me(other.access_token);
    expect(otherMe.statusCode).toBe(401);
    expect(otherMe.json()).toEqual({ detail: 'Session ended', code: 'unauthorized' });
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    // So are the caller's old tokens; the caller goes on with the new pair.
    expect((await me(mine.access_token)).statusCode).toBe(401);
    expect((await refresh(mine.refresh_token)).statusCode).toBe(401);
    expect((await me(body.access_token)).statusCode).toBe(200);
    const rotated = await refresh(body.refresh_token);
    expect(rotated.statusCode, rotated.body).toBe(200);

    // Old password refused with the one login message; the new one works.
    const old = await login(t.app, user.email, user.password);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ detail: MESSAGES.badCredentials, code: 'invalid_credentials' });
    expect((await login(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const [row] = await t.database.db
      .select({ tokensValidAfter: users.tokensValidAfter, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.tokensValidAfter).not.toBeNull();
    // Stored at the production cost, whatever the test user's hash was.
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refreshes no token issued before tokens_valid_after, even in a family left unrevoked', async () => {
    const user = await createUser(t.database.db);
    const session = await loginTokens(t.app, user.email, user.password);
    await t.database.db
      .update(users)
      .set({ tokensValidAfter: new Date(Date.now() + 1000) })
      .where(eq(users.id, user.id));
    const [family] = await t.database.db
      .select({ revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id));
    expect(family?.revokedAt).toBeNull();
    const response = await refresh(session.refresh_token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Session expired', code: 'session_ended' });
  });

  it('refuses a wrong current password with 400 on its field and changes nothing', async () => {
    const user = await createUser(t.database.db);
    const session = await loginTokens(t.app, user.email, user.password);
    const response = await changePassword(session.access_token, {
      current_password: 'Wrong&Guess-1',
      new_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Current password is incorrect',
      code: 'wrong_password',
      fields: { current_password: 'Current password is incorrect' },
    });
    expect((await me(session.access_token)).statusCode).toBe(200);
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(200);
  });

  it.each([
    [
      'a new password breaking a composition rule',
      { new_password: 'lowercase-only-1' },
      'new_password',
      'Password must contain at least one uppercase letter',
    ],
    [
      'a common password dressed up',
      { new_password: 'Password@123' },
      'new_password',
      COMMON_PASSWORD_MESSAGE,
    ],
    [
      'the current password again',
      { new_password: 'Ledger&Lantern-42' },
      'new_password',
      'New password must be different from the current password',
    ],
    [
      'no current password',
      { current_password: '' },
      'current_password',
      'Current password is required',
    ],
  ])('answers 400 to %s', async (_name, change, field, message) => {
    const user = await createUser(t.database.db);
    const session = await loginTokens(t.app, user.email, user.password);
    const response = await changePassword(session.access_token, {
      current_password: user.password,
      new_password: NEW_PASSWORD,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { fields: Record<string, string> }).fields).toEqual({
      [field]: message,
    });
  });

  it('answers 401 without a valid access token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      payload: { current_password: 'Ledger&Lantern-42', new_password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });

  it('counts wrong current passwords in the account’s failed-login window: the 101st guess in an hour is 429 (G17)', async () => {
    const user = await createUser(t.database.db);
    const session = await loginTokens(t.app, user.email, user.password);
    // 60 wrong logins and 40 wrong current passwords fill the one window of 100.
    for (let i = 0; i < 60; i++) {
      const wrong = await login(t.app, user.email, `Wrong&Guess-${i}`, `10.9.${i}.1`);
      expect(wrong.statusCode).toBe(401);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      const wrong = await changePassword(
        session.access_token,
        { current_password: `Wrong&Guess-${i}`, new_password: NEW_PASSWORD },
        `10.8.${i}.1`,
      );
      statuses.push(wrong.statusCode);
    }
    expect(statuses.slice(0, 40)).toEqual(Array(40).fill(400));
    expect(statuses[40]).toBe(429);
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(429);
  });
});
