import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../db/schema.js';
import { buildReplica, buildTestApp, type TestApp } from '../../test/app.js';
import { mailedTokens, signupPayload, linksOf } from './test-support.js';
import {
  deleteExpiredUnverifiedAccounts,
  startUnverifiedAccountSweep,
  UNVERIFIED_ACCOUNT_DAYS,
} from './unverified-accounts.js';

const DAY = 24 * 3600 * 1000;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: now });
});
beforeEach(() => {
  offsetMs = 0;
});
afterAll(() => t.close());

const silent = { info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

let nextAddress = 1;
async function signUp(email?: string) {
  const payload = signupPayload(email ? { email } : {});
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/signup',
    payload,
    remoteAddress: `10.5.0.${nextAddress++}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return payload.email;
}

async function account(email: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return user;
}

const sweep = () => deleteExpiredUnverifiedAccounts(t.database.db, now());

describe('unverified accounts expire', () => {
  it(`deletes an account left unverified for ${UNVERIFIED_ACCOUNT_DAYS} days, with its links; its email is free again`, async () => {
    const email = await signUp();
    const { id } = (await account(email))!;
    offsetMs = UNVERIFIED_ACCOUNT_DAYS * DAY - 60_000;
    await sweep();
    expect(await account(email)).toBeDefined();

    offsetMs = UNVERIFIED_ACCOUNT_DAYS * DAY + 60_000;
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await account(email)).toBeUndefined();
    const links = await t.database.db
      .select()
      .from(accountTokens)
      .where(linksOf('verify_email', id));
    expect(links).toEqual([]);

    await signUp(email);
    expect((await account(email))!.id).not.toBe(id);
  });

  it('keeps a verified account of any age', async () => {
    const email = await signUp();
    const [token] = await mailedTokens(t.database.db, email);
    const verified = await t.app.inject({ method: 'GET', url: `/api/user/verify-email/${token}` });
    expect(verified.statusCode).toBe(200);
    offsetMs = 365 * DAY;
    await sweep();
    expect(await account(email)).toBeDefined();
  });

  it('keeps an expired account while a link mailed for it is still valid, then deletes it', async () => {
    const email = await signUp();
    offsetMs = UNVERIFIED_ACCOUNT_DAYS * DAY - 3600_000;
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/user/resend-verification',
      payload: { email },
      remoteAddress: `10.5.1.${nextAddress++}`,
    });
    expect(resent.statusCode).toBe(202);

    offsetMs = UNVERIFIED_ACCOUNT_DAYS * DAY + 3600_000;
    await sweep();
    expect(await account(email)).toBeDefined();
    // The link still opens and verifies within its 24 hours.
    const [token] = await mailedTokens(t.database.db, email);
    offsetMs = (UNVERIFIED_ACCOUNT_DAYS + 1) * DAY - 2 * 3600_000;
    await sweep();
    expect(await account(email)).toBeDefined();
    offsetMs = (UNVERIFIED_ACCOUNT_DAYS + 1) * DAY;
    await sweep();
    expect(await account(email)).toBeUndefined();
    const late = await t.app.inject({ method: 'GET', url: `/api/user/verify-email/${token}` });
    expect(late.statusCode).toBe(400);
  });

  it('sweeps at once when started and again each interval, and its stop waits for the round', async () => {
    const first = await signUp();
    offsetMs = UNVERIFIED_ACCOUNT_DAYS * DAY + 60_000;
    const stop = startUnverifiedAccountSweep(t.database.db, now, silent, 50);
    await expect.poll(async () => account(first)).toBeUndefined();

    // Signed up "now" on the moved clock, then the clock moves on: the next round takes it.
    const second = await signUp();
    offsetMs += UNVERIFIED_ACCOUNT_DAYS * DAY + 60_000;
    await expect.poll(async () => account(second)).toBeUndefined();
    await stop();

    const third = await signUp();
    offsetMs += UNVERIFIED_ACCOUNT_DAYS * DAY + 60_000;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await account(third)).toBeDefined();
  });

  it('runs in an app with WORKERS on, from ready to close', async () => {
    const email = await signUp();
    offsetMs = UNVERIFIED_ACCOUNT_DAYS * DAY + 60_000;
    const worker = await buildReplica(t, { config: { workers: true }, clock: now });
    await expect.poll(async () => account(email)).toBeUndefined();
    await worker.close();
  });
});
