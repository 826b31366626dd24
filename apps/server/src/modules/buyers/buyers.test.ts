/**
 * The buyers desk (issue 19): buyer accounts searched and paged newest first, a buyer's page
 * with orders and sessions, and the owner's disable and enable — a disabled buyer cannot sign
 * in (told so only after the right password), cannot refresh, and the tokens they hold stop
 * working at once; each change is audited once, and a repeat changes nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuyerDeskList, BuyerDetail } from '@storefront/shared/buyer-desk';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createStaff, signIn } from '../../test/staff.js';
import { createTokenService } from '../users/access-tokens.js';
import { ACCOUNT_DISABLED_MESSAGE } from '../users/account-status.js';
import {
  createUser,
  GOOD_PASSWORD,
  login,
  loginTokens,
  signupPayload,
} from '../users/test-support.js';
import { deleteExpiredUnverifiedAccounts } from '../users/unverified-accounts.js';

let t: TestApp;
let owner: string;
let finance: string;
let fulfilment: string;
let catalog: string;
/** The listed buyers, oldest first: created a minute apart from 2026-10-01. */
const listed: { id: string; email: string }[] = [];

const COMPANIES = ['Kaveri Distributors', 'Ganga Traders', 'Narmada Wholesale 100%'];
const GSTINS = ['29AAGCK1234M1Z5', '27AAPFU0939F1ZV', '33AABCT3518Q1ZW'];

beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimitScale: 10 } });
  owner = (await signIn(t, await createStaff(t, 'owner'))).cookie;
  finance = (await signIn(t, await createStaff(t, 'finance'))).cookie;
  fulfilment = (await signIn(t, await createStaff(t, 'fulfilment'))).cookie;
  catalog = (await signIn(t, await createStaff(t, 'catalog'))).cookie;
  for (let i = 0; i < 12; i++) {
    const user = await createUser(t.database.db, {
      email: `Buyer${String(i).padStart(2, '0')}@Desk.example.in`,
      verified: i !== 5,
    });
    await t.database.db.execute(sql`
      UPDATE users SET company_name = ${COMPANIES[i % 3]!}, gst_number = ${GSTINS[i % 3]!},
             full_name = ${`Contact ${i}`},
             created_at = ${new Date(Date.UTC(2026, 9, 1, 10, i)).toISOString()}::timestamptz
       WHERE id = ${user.id}`);
    listed.push(user);
  }
  // Orders of the newest buyer: three of them.
  for (let i = 0; i < 3; i++) await insertOrder(listed.at(-1)!.id, i, ['PD', 'UP', 'SHIPPED'][i]!);
});
afterAll(async () => t.close());

async function insertOrder(userId: string, i: number, status: string, totalPaise = 1234_50) {
  const mkpOrderId = `MKP-${userId.slice(-8).toUpperCase()}-${String(i).padStart(4, '0')}`;
  await t.database.db.execute(sql`
    INSERT INTO orders (id, mkp_order_id, user_id, p_status, recipient_name, shipping_address1,
        shipping_city, shipping_state, shipping_postal_code, shipping_country,
        shipping_phone_number, total_paise, created_at)
    VALUES (${`${userId.slice(0, 18)}${String(i).padStart(6, '0')}`}, ${mkpOrderId}, ${userId},
        ${status}, 'Asha', '1 Road', 'Pune', 'Maharashtra', '411001', 'India', '9876543210',
        ${totalPaise}, ${new Date(Date.UTC(2026, 10, 1, 10, i)).toISOString()}::timestamptz)`);
  return mkpOrderId;
}

async function get<T>(url: string, cookie = owner): Promise<T> {
  const response = await t.app.inject({ url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const post = (url: string, payload?: object, cookie = owner) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Every page of a search, following `next`, as emails. */
async function allPages(query: string): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  do {
    const page: BuyerDeskList = await get(
      `/api/staff/buyers?${query}&limit=5${after ? `&after=${encodeURIComponent(after)}` : ''}`,
    );
    seen.push(...page.items.map((b) => b.email));
    after = page.next;
  } while (after);
  return seen;
}

/** The test's own buyers among `emails` (other tests add buyers of their own). */
const ours = (emails: string[]) => emails.filter((e) => e.endsWith('@Desk.example.in'));
const emailsOf = (indexes: number[]) => indexes.map((i) => listed[i]!.email).reverse();
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('the buyers list', () => {
  it('pages newest first by keyset, every buyer once, with their state and orders', async () => {
    expect(ours(await allPages(''))).toEqual(emailsOf(range(12)));
    const { items } = await get<BuyerDeskList>('/api/staff/buyers?q=desk.example&limit=2');
    expect(items[0]).toEqual({
      id: listed[11]!.id,
      email: 'Buyer11@Desk.example.in',
      companyName: 'Narmada Wholesale 100%',
      gstin: '33AABCT3518Q1ZW',
      contactName: 'Contact 11',
      verified: true,
      disabled: false,
      createdAt: '2026-10-01T10:11:00.000Z',
      orderCount: 3,
    });
    expect(items[1]).toMatchObject({ email: 'Buyer10@Desk.example.in', orderCount: 0 });
    const unverified = await get<BuyerDeskList>('/api/staff/buyers?q=buyer05');
    expect(unverified.items.map((b) => [b.email, b.verified])).toEqual([
      ['Buyer05@Desk.example.in', false],
    ]);
  });

  it('searches email, company and GSTIN, any case, anywhere in them', async () => {
    const only = (keep: (i: number) => boolean) => emailsOf(range(12).filter(keep));
    expect(ours(await allPages('q=KAVERI'))).toEqual(only((i) => i % 3 === 0));
    expect(ours(await allPages('q=traders'))).toEqual(only((i) => i % 3 === 1));
    expect(ours(await allPages('q=aabct3518'))).toEqual(only((i) => i % 3 === 2));
    expect(ours(await allPages('q=buyer1'))).toEqual(only((i) => i >= 10));
    // LIKE's wildcards are plain characters: % matches only a percent sign.
    expect(ours(await allPages('q=100%25'))).toEqual(only((i) => i % 3 === 2));
    expect(ours(await allPages('q=__'))).toEqual([]);
  });

  it('refuses a forged page link, a one-character search and too large a page with 400', async () => {
    for (const query of [
      'after=bm90LWEtY3Vyc29y',
      `after=${Buffer.from(JSON.stringify(['2026-10-01', 'x'])).toString('base64url')}`,
      `after=${Buffer.from(JSON.stringify(['2026-13-45 10:00:00+00', 'a'.repeat(24)])).toString('base64url')}`,
      'q=a',
      'limit=101',
      'limit=0',
    ]) {
      const response = await t.app.inject({
        url: `/api/staff/buyers?${query}`,
        headers: { cookie: owner },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({
        code: expect.any(String),
        detail: expect.any(String),
      });
    }
  });

  it('is for owners, fulfilment and finance; catalog staff are refused', async () => {
    for (const cookie of [finance, fulfilment]) await get('/api/staff/buyers?limit=1', cookie);
    const refused = await t.app.inject({
      url: '/api/staff/buyers',
      headers: { cookie: catalog },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_forbidden');
  });
});

describe("a buyer's page", () => {
  it('shows the profile, the latest orders with their labels, and the sessions', async () => {
    const user = await createUser(t.database.db);
    const numbers = [];
    for (let i = 0; i < 52; i++)
      numbers.push(await insertOrder(user.id, i, i % 2 ? 'DELIVERED' : 'PF', 100_00 + i));
    // Three sign-ins: one refreshed, one signed out, one left as it is.
    const first = await loginTokens(t.app, user.email, user.password);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { 'refresh-token': first.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    const second = await loginTokens(t.app, user.email, user.password);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { 'refresh-token': second.refresh_token },
    });
    await loginTokens(t.app, user.email, user.password);

    const detail = await get<BuyerDetail>(`/api/staff/buyers/${user.id}`, finance);
    expect(detail.buyer).toMatchObject({
      id: user.id,
      email: user.email,
      contactName: 'Meera Iyer',
      companyName: 'Iyer Distributors',
      gstin: '27AAPFU0939F1ZV',
      phoneNumber: '9840012345',
      businessType: 'Distributor',
      businessStreet: '4 Anna Salai',
      businessCity: 'Chennai',
      businessState: 'Tamil Nadu',
      pincode: null,
      businessCountry: 'India',
      verified: true,
      disabled: false,
      disabledAt: null,
    });
    expect(detail.orderCount).toBe(52);
    expect(detail.orders).toHaveLength(50);
    expect(detail.orders[0]).toEqual({
      mkpOrderId: numbers[51],
      createdAt: new Date(Date.UTC(2026, 10, 1, 10, 51)).toISOString(),
      status: 'DELIVERED',
      statusLabel: 'Delivered',
      totalPaise: 100_51,
    });
    expect(detail.orders[1]).toMatchObject({ status: 'PF', statusLabel: 'Payment Failed' });
    expect(detail.orders.at(-1)!.mkpOrderId).toBe(numbers[2]);
    expect(detail.sessions.map((s) => s.state)).toEqual(['active', 'revoked', 'active']);
    const [, ended, oldest] = detail.sessions;
    expect(ended!.revokedAt).not.toBeNull();
    expect(oldest!.lastUsedAt).not.toBeNull();
    expect(detail.sessions[0]!.lastUsedAt).toBeNull();
    expect(Date.parse(oldest!.expiresAt)).toBeGreaterThan(Date.now() + 13 * 24 * 3600 * 1000);
  });

  it('answers 404 for an unknown buyer and 400 for what is not an id', async () => {
    const unknown = await t.app.inject({
      url: '/api/staff/buyers/ffffffffffffffffffffffff',
      headers: { cookie: owner },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      detail: 'No buyer account with this id',
      code: 'buyer_not_found',
    });
    const malformed = await t.app.inject({
      url: '/api/staff/buyers/not-an-id',
      headers: { cookie: owner },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

async function auditOf(id: string) {
  const result = await t.database.db.execute(
    sql`SELECT action, before, after, actor FROM staff_audit_log
         WHERE target_type = 'buyer' AND target_id = ${id} ORDER BY id`,
  );
  return result.rows as { action: string; before: unknown; after: unknown; actor: string }[];
}

describe('disabling and enabling an account (owner)', () => {
  it('ends every session at once, refuses sign-in after the password, and is audited once', async () => {
    const user = await createUser(t.database.db);
    const sessions = [
      await loginTokens(t.app, user.email, user.password),
      await loginTokens(t.app, user.email, user.password),
    ];
    // A token that names no session is refused too (the account's own state, every request).
    const bare = await createTokenService(t.config.jwtSecret).signAccessToken(user.id);
    const me = (token: string) =>
      t.app.inject({ url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(sessions[0]!.access_token)).statusCode).toBe(200);
    expect((await me(bare)).statusCode).toBe(200);

    const disabled = await post(`/api/staff/buyers/${user.id}/disable`, {
      reason: '  Chargeback fraud  ',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({
      buyer: { id: user.id, disabled: true, disabledAt: expect.any(String) },
      changed: true,
      sessionsRevoked: 2,
    });

    for (const token of [...sessions.map((s) => s.access_token), bare]) {
      const refused = await me(token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        detail: ACCOUNT_DISABLED_MESSAGE,
        code: 'account_disabled',
      });
    }
    for (const { refresh_token } of sessions) {
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/refresh',
        headers: { 'refresh-token': refresh_token },
      });
      expect(refresh.statusCode).toBe(401);
    }
    const wrongPassword = await login(t.app, user.email, 'Not-the-password-1');
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().code).toBe('invalid_credentials');
    const rightPassword = await login(t.app, user.email, user.password);
    expect(rightPassword.statusCode).toBe(403);
    expect(rightPassword.json()).toEqual({
      detail: ACCOUNT_DISABLED_MESSAGE,
      code: 'account_disabled',
    });

    const detail = await get<BuyerDetail>(`/api/staff/buyers/${user.id}`);
    expect(detail.sessions.map((s) => s.state)).toEqual(['revoked', 'revoked']);
    expect(await auditOf(user.id)).toEqual([
      {
        action: 'buyer.disable',
        actor: expect.stringMatching(/^owner-/),
        before: { email: user.email, disabled: false },
        after: {
          email: user.email,
          disabled: true,
          reason: 'Chargeback fraud',
          sessionsRevoked: 2,
        },
      },
    ]);

    // A repeat answers the account as it is, and writes nothing.
    const again = await post(`/api/staff/buyers/${user.id}/disable`, { reason: 'Again' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ changed: false, sessionsRevoked: 0 });
    expect(again.json().buyer.disabledAt).toBe(disabled.json().buyer.disabledAt);
    expect(await auditOf(user.id)).toHaveLength(1);
    expect(await get<BuyerDeskList>(`/api/staff/buyers?q=${user.email}`)).toMatchObject({
      items: [{ id: user.id, disabled: true }],
    });

    // Enabled: sign-in works again; the sessions ended stay ended.
    const enabled = await post(`/api/staff/buyers/${user.id}/enable`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({
      buyer: { disabled: false, disabledAt: null },
      changed: true,
    });
    expect((await post(`/api/staff/buyers/${user.id}/enable`)).json().changed).toBe(false);
    const audit = await auditOf(user.id);
    expect(audit.map((a) => a.action)).toEqual(['buyer.disable', 'buyer.enable']);
    expect(audit[1]).toMatchObject({
      before: { disabled: true, disabledAt: disabled.json().buyer.disabledAt },
      after: { disabled: false },
    });
    expect((await me(sessions[0]!.access_token)).statusCode).toBe(401);
    // Enabling ends any session begun while the disable was being written, too.
    const [row] = (
      await t.database.db.execute(sql`SELECT tokens_valid_after FROM users WHERE id = ${user.id}`)
    ).rows as { tokens_valid_after: Date | string }[];
    expect(new Date(row!.tokens_valid_after).getTime()).toBeGreaterThanOrEqual(
      Date.parse(disabled.json().buyer.disabledAt),
    );
    const fresh = await loginTokens(t.app, user.email, user.password);
    expect((await me(fresh.access_token)).statusCode).toBe(200);
  });

  it('of two disables at once, one changes the account and one audit entry is written', async () => {
    const user = await createUser(t.database.db);
    const answers = await Promise.all(
      [1, 2].map(() => post(`/api/staff/buyers/${user.id}/disable`, { reason: 'Duplicate click' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().changed as boolean).sort()).toEqual([false, true]);
    expect(await auditOf(user.id)).toHaveLength(1);
  });

  it('keeps the email of a disabled account from a new sign-up, the unverified sweep and resends', async () => {
    const user = await createUser(t.database.db, { verified: false });
    await t.database.db.execute(
      sql`UPDATE users SET created_at = now() - interval '30 days' WHERE id = ${user.id}`,
    );
    expect(
      (await post(`/api/staff/buyers/${user.id}/disable`, { reason: 'Spam' })).statusCode,
    ).toBe(200);
    await deleteExpiredUnverifiedAccounts(t.database.db, new Date());
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload: signupPayload({ email: user.email, password: GOOD_PASSWORD }),
    });
    expect(signup.statusCode).toBe(409);
    const [row] = (
      await t.database.db.execute(sql`SELECT disabled_at FROM users WHERE id = ${user.id}`)
    ).rows;
    expect(row).toMatchObject({ disabled_at: expect.anything() });
    // Nor does the store mail it a verification link on request (the answer is the same).
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/user/resend-verification',
      payload: { email: user.email },
    });
    expect(resend.statusCode).toBe(202);
    const mails = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM email_outbox WHERE to_address = ${user.email}`,
    );
    expect(mails.rows[0]).toEqual({ n: 0 });
  });

  it('needs a reason, refuses unknown fields and unknown buyers, and is the owner’s alone', async () => {
    const user = await createUser(t.database.db);
    const url = `/api/staff/buyers/${user.id}/disable`;
    for (const body of [{}, { reason: ' x ' }, { reason: 'x'.repeat(501) }]) {
      const response = await post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('invalid_data');
    }
    expect((await post(url, { reason: 'Fraud', disabled: false })).statusCode).toBe(400);
    const unknown = await post('/api/staff/buyers/ffffffffffffffffffffffff/disable', {
      reason: 'Fraud',
    });
    expect(unknown.statusCode).toBe(404);
    for (const cookie of [finance, fulfilment, catalog]) {
      const refused = await post(url, { reason: 'Fraud' }, cookie);
      expect(refused.statusCode).toBe(403);
      expect(
        (await post(`/api/staff/buyers/${user.id}/enable`, undefined, cookie)).statusCode,
      ).toBe(403);
    }
    expect(await auditOf(user.id)).toEqual([]);
    expect((await signedInMe(user)).statusCode).toBe(200);
  });
});

async function signedInMe(user: { email: string; password: string }) {
  const { access_token } = await loginTokens(t.app, user.email, user.password);
  return t.app.inject({
    url: '/api/user/me',
    headers: { authorization: `Bearer ${access_token}` },
  });
}
