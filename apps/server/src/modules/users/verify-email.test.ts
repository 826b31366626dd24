import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, accountTokens, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { MESSAGES } from './service.js';
import { createUser, login, mailedTokens, signupPayload, linksOf } from './test-support.js';

const HOUR = 3600 * 1000;
let offsetMs = 0;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(Date.now() + offsetMs) });
});
beforeEach(() => {
  offsetMs = 0;
});
afterAll(() => t.close());

function verify(token: string) {
  return t.app.inject({ method: 'GET', url: `/api/user/verify-email/${token}` });
}

let nextAddress = 1;
function resend(email: string, remoteAddress = `10.2.0.${nextAddress++}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/resend-verification',
    payload: { email },
    remoteAddress,
  });
}

/** An unverified account with one mailed link, made through the real sign-up. */
async function signedUp() {
  const payload = signupPayload();
  const response = await t.app.inject({ method: 'POST', url: '/api/user/signup', payload });
  expect(response.statusCode, response.body).toBe(201);
  const [token] = await mailedTokens(t.database.db, payload.email);
  return { email: payload.email, password: payload.password, token: token! };
}

async function verifiedAt(email: string) {
  const [user] = await t.database.db
    .select({ at: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email));
  return user?.at ?? null;
}

const tokenOf = (email: string) => mailedTokens(t.database.db, email).then((all) => all[0]!);

describe('GET /api/user/verify-email/{token}', () => {
  it('verifies once with msg, then refuses the same link; login works after (G23)', async () => {
    const account = await signedUp();
    expect((await login(t.app, account.email, account.password)).statusCode).toBe(403);

    const first = await verify(account.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ msg: MESSAGES.verified });
    expect(await verifiedAt(account.email)).not.toBeNull();

    const second = await verify(account.token);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ detail: MESSAGES.tokenUsed, code: 'verification_token_used' });

    expect((await login(t.app, account.email, account.password)).statusCode).toBe(200);
  });

  it('refuses a link with one character changed, and verifies nothing (G23)', async () => {
    const user = await createUser(t.database.db, { verified: false });
    expect((await resend(user.email)).statusCode).toBe(202);
    const token = await tokenOf(user.email);
    const changed = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    const response = await verify(changed);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: MESSAGES.tokenInvalid,
      code: 'verification_token_invalid',
    });
    expect(await verifiedAt(user.email)).toBeNull();
  });

  it('refuses a link after 24 hours (G23)', async () => {
    const user = await createUser(t.database.db, { verified: false });
    await resend(user.email);
    const token = await tokenOf(user.email);
    offsetMs = 24 * HOUR + 1000;
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: MESSAGES.tokenExpired,
      code: 'verification_token_expired',
    });
    expect(await verifiedAt(user.email)).toBeNull();
  });

  it('accepts a link just inside its 24 hours', async () => {
    const user = await createUser(t.database.db, { verified: false });
    await resend(user.email);
    const token = await tokenOf(user.email);
    offsetMs = 24 * HOUR - 60_000;
    expect((await verify(token)).statusCode).toBe(200);
  });

  it("strips the spec's 'token=' prefix", async () => {
    const user = await createUser(t.database.db, { verified: false });
    await resend(user.email);
    const response = await verify(`token=${await tokenOf(user.email)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ msg: MESSAGES.verified });
  });

  it("answers 'No verification token provided.' for an empty token", async () => {
    const response = await verify('token=');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: MESSAGES.tokenMissing,
      code: 'verification_token_missing',
    });
  });

  it('keeps only the SHA-256 of each link’s token (G23)', async () => {
    const user = await createUser(t.database.db, { verified: false });
    await resend(user.email);
    const token = await tokenOf(user.email);
    const rows = await t.database.db
      .select()
      .from(accountTokens)
      .where(linksOf('verify_email', user.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([
      createHash('sha256').update(token).digest('hex'),
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('POST /api/user/resend-verification', () => {
  async function outboxCount(email: string) {
    const rows = await t.database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email));
    return rows.length;
  }

  it('answers the same to an unknown, a verified and an unverified account (no enumeration)', async () => {
    const verified = await createUser(t.database.db);
    const unverified = await createUser(t.database.db, { verified: false });
    const answers = await Promise.all(
      ['nobody@example.in', verified.email, unverified.email].map((email) => resend(email)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ msg: MESSAGES.resent });
    }
    expect(await outboxCount('nobody@example.in')).toBe(0);
    expect(await outboxCount(verified.email)).toBe(0);
    expect(await outboxCount(unverified.email)).toBe(1);
  });

  it('sends a working new link; the earlier link stays usable until one of them verifies', async () => {
    const account = await signedUp();
    expect((await resend(account.email)).statusCode).toBe(202);
    const [newest, first] = await mailedTokens(t.database.db, account.email);
    expect(newest).not.toBe(first);
    expect((await verify(newest!)).statusCode).toBe(200);
  });

  it('mails at most 5 verification emails per account and hour, sign-up included (G23)', async () => {
    const account = await signedUp();
    for (let i = 0; i < 5; i++) expect((await resend(account.email)).statusCode).toBe(202);
    expect(await outboxCount(account.email)).toBe(5);
    offsetMs = HOUR + 1000;
    expect((await resend(account.email)).statusCode).toBe(202);
    expect(await outboxCount(account.email)).toBe(6);
  });

  it('answers 429 with Retry-After after 5 requests for one email, known or not', async () => {
    for (const email of ['ghost@example.in', (await createUser(t.database.db)).email]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await resend(email)).statusCode);
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    }
    const limited = await resend('ghost@example.in');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('answers 429 after 10 requests from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await resend(`person${i}@example.in`, '10.3.3.3')).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
  });
});
