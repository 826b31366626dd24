import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, accountTokens, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { hashOpaqueToken } from './opaque-token.js';
import { RESET_MESSAGES } from './password-reset.js';
import { COMMON_PASSWORD_MESSAGE } from './password-policy.js';
import { createUser, login, loginTokens, linksOf } from './test-support.js';

const MINUTE = 60 * 1000;
const NEW_PASSWORD = 'Monsoon&Mango-77';
let offsetMs = 0;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(Date.now() + offsetMs) });
});
beforeEach(() => {
  offsetMs = 0;
});
afterAll(() => t.close());

let nextAddress = 1;
function forgot(email: string, remoteAddress = `10.7.0.${nextAddress++}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/forgot-password',
    payload: { email },
    remoteAddress,
  });
}

function reset(
  token: string,
  newPassword = NEW_PASSWORD,
  remoteAddress = `10.8.0.${nextAddress++}`,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/reset-password',
    payload: { token, new_password: newPassword },
    remoteAddress,
  });
}

/** The reset links mailed to `email`, newest first, read from the outbox. */
async function mailedResetTokens(email: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ text: emailOutbox.textBody, kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.id));
  return rows
    .filter((row) => row.kind === 'password_reset')
    .map((row) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(row.text ?? '')![1]!);
}

async function requested(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(202);
  const [token] = await mailedResetTokens(email);
  return token!;
}

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/refresh', headers: { 'refresh-token': refreshToken } });
const me = (accessToken: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/user/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });

describe('POST /api/user/forgot-password', () => {
  it('mails a single-use link valid 30 minutes, stored only as its hash', async () => {
    const user = await createUser(t.database.db);
    const response = await forgot(user.email.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ msg: RESET_MESSAGES.requested });
    const [token] = await mailedResetTokens(user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db
      .select()
      .from(accountTokens)
      .where(linksOf('reset_password', user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashOpaqueToken(token!));
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(30 * MINUTE);
    const [mail] = await t.database.db
      .select({ subject: emailOutbox.subject, expiresAt: emailOutbox.expiresAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, user.email));
    expect(mail!.subject).toMatch(/reset/i);
    expect(mail!.expiresAt.getTime()).toBe(rows[0]!.expiresAt.getTime());
  });

  it('answers the same status and body for an unknown, unverified, disabled or real account', async () => {
    const real = await createUser(t.database.db);
    const unverified = await createUser(t.database.db, { verified: false });
    const disabled = await createUser(t.database.db);
    await t.database.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.id, disabled.id));
    const answers = [];
    for (const email of ['nobody.here@example.in', unverified.email, disabled.email, real.email]) {
      const response = await forgot(email);
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await mailedResetTokens(real.email)).toHaveLength(1);
    for (const email of ['nobody.here@example.in', unverified.email, disabled.email]) {
      expect(await mailedResetTokens(email)).toHaveLength(0);
    }
  });

  it('takes about the same time whether or not the account exists', async () => {
    const real = await createUser(t.database.db);
    const time = async (email: string) => {
      const started = performance.now();
      await forgot(email);
      return performance.now() - started;
    };
    // Warm both paths, then compare medians of a few runs (no password is hashed on either).
    await time('warm.up@example.in');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(real.email));
      unknown.push(await time(`ghost${i}@example.in`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(250);
  });

  it('mails at most 5 links per account and hour, whatever the addresses', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).statusCode).toBe(202);
    expect(await mailedResetTokens(user.email)).toHaveLength(5);
    offsetMs = 61 * MINUTE;
    expect((await forgot(user.email)).statusCode).toBe(202);
    expect(await mailedResetTokens(user.email)).toHaveLength(6);
  });

  it('answers 429 with Retry-After after 5 requests for one email, known or not', async () => {
    for (const email of ['ghost.limit@example.in', (await createUser(t.database.db)).email]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await forgot(email)).statusCode);
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    }
    const limited = await forgot('ghost.limit@example.in');
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('answers 429 after 10 requests from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await forgot(`someone${i}@example.in`, '10.9.9.9')).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
  });

  it('refuses a malformed email with 400 and mails nothing', async () => {
    const response = await forgot('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBeTruthy();
  });
});

describe('POST /api/user/reset-password', () => {
  it('sets the new password, ends every session, and the link works once', async () => {
    const user = await createUser(t.database.db);
    const first = await loginTokens(t.app, user.email, user.password);
    const second = await loginTokens(t.app, user.email, user.password);
    const token = await requested(user.email);

    const response = await reset(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ msg: RESET_MESSAGES.done });

    for (const session of [first, second]) {
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
      expect((await me(session.access_token)).statusCode).toBe(401);
    }
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(401);
    expect((await login(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'Another&Pass-99');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: RESET_MESSAGES.tokenUsed, code: 'reset_token_used' });
    expect((await login(t.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('consumes every other open link of the account', async () => {
    const user = await createUser(t.database.db);
    const older = await requested(user.email);
    const newer = await requested(user.email);
    expect((await reset(newer)).statusCode).toBe(200);
    const response = await reset(older, 'Another&Pass-99');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('reset_token_used');
  });

  it('refuses an expired link after 30 minutes and changes nothing', async () => {
    const user = await createUser(t.database.db);
    const token = await requested(user.email);
    offsetMs = 30 * MINUTE + 1000;
    const response = await reset(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: RESET_MESSAGES.tokenExpired,
      code: 'reset_token_expired',
    });
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(200);
  });

  it('still works at 29 minutes', async () => {
    const user = await createUser(t.database.db);
    const token = await requested(user.email);
    offsetMs = 29 * MINUTE;
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses a wrong or altered token and changes nothing', async () => {
    const user = await createUser(t.database.db);
    const token = await requested(user.email);
    const changed = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    for (const wrong of [changed, 'x', hashOpaqueToken(token)]) {
      const response = await reset(wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: RESET_MESSAGES.tokenInvalid,
        code: 'reset_token_invalid',
      });
    }
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('holds the new password to the sign-up rules and the common-password list', async () => {
    const user = await createUser(t.database.db);
    const token = await requested(user.email);
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    const common = await reset(token, 'Password@123');
    expect(common.statusCode).toBe(400);
    expect(common.json().detail).toContain(COMMON_PASSWORD_MESSAGE);
    // Refused input does not spend the link.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses the link of an account disabled since it was mailed', async () => {
    const user = await createUser(t.database.db);
    const token = await requested(user.email);
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const response = await reset(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('reset_token_invalid');
    const [row] = await t.database.db
      .select({ usedAt: accountTokens.usedAt })
      .from(accountTokens)
      .where(linksOf('reset_password', user.id));
    expect(row!.usedAt).toBeNull();
  });

  it('of two concurrent redemptions of one link, exactly one succeeds', async () => {
    const user = await createUser(t.database.db);
    const token = await requested(user.email);
    const answers = await Promise.all([reset(token), reset(token, 'Another&Pass-99')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('answers 429 after 20 attempts from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await reset(`wrong${i}`, NEW_PASSWORD, '10.6.6.6')).statusCode);
    expect(statuses).toEqual([...Array(20).fill(400), 429]);
  });
});
