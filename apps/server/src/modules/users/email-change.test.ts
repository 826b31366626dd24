import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountTokens, emailOutbox, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { hashOpaqueToken } from './opaque-token.js';
import { EMAIL_CHANGE_MESSAGES } from './email-change.js';
import { createUser, linksOf, login, loginTokens } from './test-support.js';

const MINUTE = 60 * 1000;
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
const fresh = (name = 'new') => `${name}.${Math.random().toString(36).slice(2, 10)}@example.in`;

async function signedIn() {
  const user = await createUser(t.database.db);
  const tokens = await loginTokens(t.app, user.email, user.password);
  return { ...user, ...tokens, headers: { authorization: `Bearer ${tokens.access_token}` } };
}

function change(
  user: { headers: Record<string, string>; password: string },
  newEmail: string,
  password = user.password,
  remoteAddress = `10.11.0.${nextAddress++}`,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/change-email',
    headers: user.headers,
    payload: { new_email: newEmail, current_password: password },
    remoteAddress,
  });
}

function confirm(token: string, remoteAddress = `10.12.0.${nextAddress++}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/change-email/confirm',
    payload: { token },
    remoteAddress,
  });
}

/** The messages to `address`, newest first. */
async function mailTo(address: string) {
  return t.database.db
    .select({ kind: emailOutbox.kind, subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(desc(emailOutbox.id));
}

async function linkTo(address: string): Promise<string> {
  const [mail] = (await mailTo(address)).filter((m) => m.kind === 'email_change');
  return /\/change-email\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')![1]!;
}

async function emailOf(id: string) {
  const [row] = await t.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row?.email;
}

describe('POST /api/user/change-email (decision 067)', () => {
  it('mails a 30-minute single-use link to the new address and a notice to the old one; nothing changes yet', async () => {
    const user = await signedIn();
    const next = fresh();
    const response = await change(user, next.toUpperCase());
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ msg: EMAIL_CHANGE_MESSAGES.requested(next) });
    expect(await emailOf(user.id)).toBe(user.email);

    const token = await linkTo(next);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db
      .select()
      .from(accountTokens)
      .where(linksOf('change_email', user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: next, tokenHash: hashOpaqueToken(token), usedAt: null });
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(30 * MINUTE);

    const notice = await mailTo(user.email);
    expect(notice.map((m) => m.kind)).toEqual(['email_change_notice']);
    expect(notice[0]!.text).toContain(next);
    expect(notice[0]!.text).not.toContain('/change-email/');
  });

  it('changes the email once the link is used; the old one stops logging in, the new one does', async () => {
    const user = await signedIn();
    const next = fresh();
    await change(user, next);
    const token = await linkTo(next);
    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ msg: EMAIL_CHANGE_MESSAGES.done(next) });
    expect(await emailOf(user.id)).toBe(next);
    expect((await login(t.app, user.email, user.password)).statusCode).toBe(401);
    expect((await login(t.app, next, user.password)).statusCode).toBe(200);
    // The session that asked goes on.
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers });
    expect(me.json().email).toBe(next);
  });

  it('refuses the link a second time', async () => {
    const user = await signedIn();
    const next = fresh();
    await change(user, next);
    const token = await linkTo(next);
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      detail: EMAIL_CHANGE_MESSAGES.tokenUsed,
      code: 'email_change_token_used',
    });
  });

  it('refuses an expired link after 30 minutes and changes nothing', async () => {
    const user = await signedIn();
    const next = fresh();
    await change(user, next);
    const token = await linkTo(next);
    offsetMs = 30 * MINUTE + 1000;
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: EMAIL_CHANGE_MESSAGES.tokenExpired,
      code: 'email_change_token_expired',
    });
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('refuses a wrong token, and a password reset link used as one', async () => {
    const user = await signedIn();
    await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email: user.email },
    });
    const [reset] = await mailTo(user.email);
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(reset!.text!)![1]!;
    for (const wrong of ['x', resetToken, hashOpaqueToken(resetToken)]) {
      const response = await confirm(wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('email_change_token_invalid');
    }
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('refuses a wrong current password with 400 under its field, and mails nothing', async () => {
    const user = await signedIn();
    const next = fresh();
    const response = await change(user, next, 'Wrong&Guess-11');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: EMAIL_CHANGE_MESSAGES.wrongPassword,
      code: 'wrong_password',
      fields: { current_password: EMAIL_CHANGE_MESSAGES.wrongPassword },
    });
    expect(await mailTo(next)).toEqual([]);
    expect(await mailTo(user.email)).toEqual([]);
  });

  it('refuses the current email and a malformed one with 400', async () => {
    const user = await signedIn();
    const same = await change(user, user.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('email_unchanged');
    const bad = await change(user, 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.new_email).toBe('Valid email address is required');
  });

  it('answers a taken address as any other, mails its owner a notice and no link', async () => {
    const user = await signedIn();
    const owner = await createUser(t.database.db);
    const free = fresh();
    const taken = await change(user, owner.email);
    const open = await change(user, free);
    expect(taken.statusCode).toBe(202);
    expect(open.statusCode).toBe(202);
    // The same answer but for the address it names back.
    expect(taken.json().msg.replace(owner.email, '?')).toBe(open.json().msg.replace(free, '?'));
    const toOwner = await mailTo(owner.email);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.text).toContain('already has an account');
    expect(toOwner[0]!.text).not.toContain('/change-email/');
    const links = await t.database.db
      .select({ email: accountTokens.email })
      .from(accountTokens)
      .where(linksOf('change_email', user.id));
    expect(links).toEqual([{ email: free }]);
  });

  it('answers 409 when a verified account took the address before the link was used', async () => {
    const user = await signedIn();
    const next = fresh();
    await change(user, next);
    const token = await linkTo(next);
    await createUser(t.database.db, { email: next });
    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('email_taken');
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('takes the address over from an unverified account, as a sign-up would', async () => {
    const user = await signedIn();
    const squatter = await createUser(t.database.db, { verified: false });
    await change(user, squatter.email);
    const token = await linkTo(squatter.email);
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe(squatter.email);
    expect(await emailOf(squatter.id)).toBeUndefined();
  });

  it('uses up the open reset links mailed to the old address, and the other change links', async () => {
    const user = await signedIn();
    await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email: user.email },
    });
    const first = fresh('first');
    const second = fresh('second');
    await change(user, first);
    await change(user, second);
    expect((await confirm(await linkTo(second))).statusCode).toBe(200);
    expect((await confirm(await linkTo(first))).json().code).toBe('email_change_token_used');
    const open = await t.database.db
      .select({ purpose: accountTokens.purpose, usedAt: accountTokens.usedAt })
      .from(accountTokens)
      .where(eq(accountTokens.userId, user.id));
    expect(open.filter((row) => row.usedAt === null)).toEqual([]);
  });

  it('dies with a password reset: a change asked for before it cannot be completed', async () => {
    const user = await signedIn();
    const next = fresh();
    await change(user, next);
    const token = await linkTo(next);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email: user.email },
    });
    const reset = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(
      (await mailTo(user.email)).find((m) => m.kind === 'password_reset')!.text!,
    )![1]!;
    const resetAnswer = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token: reset, new_password: 'Monsoon&Mango-77' },
    });
    expect(resetAnswer.statusCode).toBe(200);
    expect((await confirm(token)).json().code).toBe('email_change_token_used');
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('refuses the link of an account disabled since it was mailed', async () => {
    const user = await signedIn();
    const next = fresh();
    await change(user, next);
    const token = await linkTo(next);
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('email_change_token_invalid');
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('of two concurrent redemptions of one link, exactly one succeeds', async () => {
    const user = await signedIn();
    const next = fresh();
    await change(user, next);
    const token = await linkTo(next);
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('answers 429 after 5 requests of one account in an hour, whatever the addresses', async () => {
    const user = await signedIn();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await change(user, fresh())).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('answers 429 after 10 requests from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await signedIn();
      for (let j = 0; j < 3; j++)
        statuses.push((await change(user, fresh(), user.password, '10.13.13.13')).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('answers 429 after 20 redemptions from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await confirm(`wrong${i}`, '10.14.14.14')).statusCode);
    expect(statuses).toEqual([...Array(20).fill(400), 429]);
  });

  it('needs a session: 401 without a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-email',
      payload: { new_email: fresh(), current_password: 'Ledger&Lantern-42' },
    });
    expect(response.statusCode).toBe(401);
  });
});
