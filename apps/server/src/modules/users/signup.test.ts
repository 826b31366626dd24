import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_MESSAGES,
  PERSON_NAME_MESSAGES,
  type SignupBodyInput,
} from '@storefront/shared/accounts';
import { emailOutbox, accountTokens, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { COMMON_PASSWORD_MESSAGE } from './password-policy.js';
import { MESSAGES } from './service.js';
import { createUser, login, mailedTokens, signupPayload, linksOf } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: 'https://shop.example.in' } });
});
afterAll(() => t.close());

let nextAddress = 1;
/** Each call comes from its own client address unless told, so per-address limits stay out of the way. */
function signup(
  payload: Partial<SignupBodyInput> | Record<string, unknown>,
  remoteAddress?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/signup',
    payload,
    remoteAddress: remoteAddress ?? `10.1.0.${nextAddress++}`,
  });
}

async function storedUser(email: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return user!;
}

describe('POST /api/user/signup', () => {
  it('creates an unverified account and mails a single-use link to PUBLIC_URL/verify-email/<token>', async () => {
    const payload = signupPayload({ email: '  Ravi.K@Example.IN ' });
    const response = await signup(payload);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ msg: MESSAGES.signedUp });
    expect(response.headers['cache-control']).toBe('no-store');

    const user = await storedUser('ravi.k@example.in');
    expect(user).toMatchObject({
      fullName: 'Ravi Kulkarni',
      companyName: 'Kaveri Traders',
      phoneNumber: '9822012345',
      gstNumber: '27AAPFU0939F1ZV',
      businessStreet: '12 MG Road',
      businessCity: 'Pune',
      businessState: 'Maharashtra',
      businessCountry: 'India',
      businessType: 'Retailer',
      role: 'buyer',
      emailVerifiedAt: null,
    });

    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'ravi.k@example.in'));
    expect(mail?.kind).toBe('email_verification');
    expect(mail?.sentAt).toBeNull();
    const [token] = await mailedTokens(t.database.db, 'ravi.k@example.in');
    expect(mail?.textBody).toContain(`https://shop.example.in/verify-email/${token}`);
    expect(mail?.htmlBody).toContain(`href="https://shop.example.in/verify-email/${token}"`);
    // 256 random bits, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The database keeps only the token's SHA-256, never the token itself (G23).
    const rows = await t.database.db
      .select()
      .from(accountTokens)
      .where(linksOf('verify_email', user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token!).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const hoursValid = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 3600_000;
    expect(hoursValid).toBe(24);
  });

  it("refuses a sign-up for a verified account's email in any letter case: 409 with a clear detail", async () => {
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, 'ravi.k@example.in'));
    const response = await signup(signupPayload({ email: 'RAVI.k@example.in' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: MESSAGES.emailTaken, code: 'email_taken' });
  });

  it('answers two simultaneous sign-ups with one new email alike; one account remains, with one live link', async () => {
    const payload = signupPayload();
    const responses = await Promise.all([
      signup({ ...payload, full_name: 'First Signer' }),
      signup({ ...payload, email: payload.email.toUpperCase(), full_name: 'Second Signer' }),
    ]);
    expect(responses.map((r) => [r.statusCode, r.json()])).toEqual([
      [201, { msg: MESSAGES.signedUp }],
      [201, { msg: MESSAGES.signedUp }],
    ]);
    const accounts = await t.database.db.select().from(users).where(eq(users.email, payload.email));
    expect(accounts).toHaveLength(1);
    const links = await t.database.db
      .select()
      .from(accountTokens)
      .where(linksOf('verify_email', accounts[0]!.id));
    expect(links).toHaveLength(1);
  });

  it("defaults business_type to 'Manufacturer' and a missing street, state and country to 'string'", async () => {
    const payload = signupPayload();
    const { business_type, business_street, business_state, business_country, ...rest } = payload;
    void [business_type, business_street, business_state, business_country];
    const response = await signup(rest);
    expect(response.statusCode, response.body).toBe(201);
    expect(await storedUser(payload.email)).toMatchObject({
      businessType: 'Manufacturer',
      businessStreet: 'string',
      businessState: 'string',
      businessCountry: 'string',
    });
  });

  it('treats an empty or blank business type, street, state and country as missing', async () => {
    const payload = signupPayload({
      business_type: '',
      business_street: '',
      business_state: '   ',
      business_country: ' \t ',
    });
    const response = await signup(payload);
    expect(response.statusCode, response.body).toBe(201);
    expect(await storedUser(payload.email)).toMatchObject({
      businessType: 'Manufacturer',
      businessStreet: 'string',
      businessState: 'string',
      businessCountry: 'string',
    });
  });

  it.each<[string, Partial<SignupBodyInput> | Record<string, unknown>, string, string]>([
    ['an empty name', { full_name: '' }, 'full_name', 'Name is required'],
    ['a 101-letter name', { full_name: 'A'.repeat(101) }, 'full_name', PERSON_NAME_MESSAGES.max],
    [
      'a name of two lines',
      { full_name: 'Ravi\nKulkarni' },
      'full_name',
      PERSON_NAME_MESSAGES.characters,
    ],
    [
      'a name with a link',
      { full_name: 'Claim your prize at https://evil.example' },
      'full_name',
      PERSON_NAME_MESSAGES.characters,
    ],
    [
      'a name with a domain',
      { full_name: 'Claim your prize at evil.example' },
      'full_name',
      PERSON_NAME_MESSAGES.link,
    ],
    ['a name of digits', { full_name: '12345' }, 'full_name', PERSON_NAME_MESSAGES.characters],
    ['a blank company', { company_name: '  ' }, 'company_name', 'Company name is required'],
    ['no city', { business_city: '' }, 'business_city', 'City is required'],
    [
      'a 14-character GSTIN',
      { gst_number: '27AAPFU0939F1Z' },
      'gst_number',
      'Valid GST number is required',
    ],
    [
      'a 16-character GSTIN',
      { gst_number: '27AAPFU0939F1ZVX' },
      'gst_number',
      'GST number must be 15 characters',
    ],
    [
      'a GSTIN of the wrong shape',
      { gst_number: 'ABCDEFGHIJKLMNO' },
      'gst_number',
      'GST number format is not valid',
    ],
    [
      'a GSTIN of state 40',
      { gst_number: '40AAPFU0939F1ZV' },
      'gst_number',
      'GST number has an unknown state code',
    ],
    [
      'a GSTIN with a wrong check digit',
      { gst_number: '27AAPFU0939F1ZO' },
      'gst_number',
      'GST number check digit does not match',
    ],
    [
      'a malformed email',
      { email: 'ravi-at-example.in' },
      'email',
      'Valid email address is required',
    ],
    [
      'a 9-digit phone',
      { phone_number: '982201234' },
      'phone_number',
      'Phone number must be at least 10 digits',
    ],
    ['a 7-character password', { password: 'Ab1!xyz' }, 'password', PASSWORD_MESSAGES.min],
    [
      'no uppercase letter',
      { password: 'ledger&lantern-42' },
      'password',
      PASSWORD_MESSAGES.uppercase,
    ],
    [
      'no lowercase letter',
      { password: 'LEDGER&LANTERN-42' },
      'password',
      PASSWORD_MESSAGES.lowercase,
    ],
    ['no number', { password: 'Ledger&Lantern' }, 'password', PASSWORD_MESSAGES.number],
    [
      'no special character',
      { password: 'LedgerLantern42' },
      'password',
      PASSWORD_MESSAGES.special,
    ],
    [
      'a 257-character password',
      { password: `Aa1!${'x'.repeat(253)}` },
      'password',
      PASSWORD_MESSAGES.max,
    ],
    ['a common password', { password: 'Password@123' }, 'password', COMMON_PASSWORD_MESSAGE],
    [
      'a common password in disguise',
      { password: 'P@ssw0rd1!' },
      'password',
      COMMON_PASSWORD_MESSAGE,
    ],
    ['a common Indian password', { password: 'India@2026' }, 'password', COMMON_PASSWORD_MESSAGE],
    [
      'a top-3,000 password dressed up',
      { password: 'Orioles#2026' },
      'password',
      COMMON_PASSWORD_MESSAGE,
    ],
    ['a keyboard walk', { password: 'Qwerty@123' }, 'password', COMMON_PASSWORD_MESSAGE],
  ])('answers 400 for %s with the exact message', async (_case, change, field, message) => {
    const response = await signup({ ...signupPayload(), ...change });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as {
      detail: string;
      code: string;
      fields: Record<string, string>;
    };
    expect(body.fields[field]).toBe(message);
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.detail).toBe(`${field}: ${message}`);
  });

  it('refuses fields the contract does not name (mass assignment)', async () => {
    const response = await signup({ ...signupPayload(), role: 'admin', email_verified_at: 'now' });
    expect(response.statusCode).toBe(400);
  });

  it('keeps a 70-character Unicode password whole: it logs in with exactly that password', async () => {
    const password = 'Ünïcødé-पासवर्ड-密码-Пароль-🔐-Lantern-2026-'.padEnd(70, 'ß');
    expect(password.length).toBeGreaterThanOrEqual(64);
    const payload = signupPayload({ password });
    expect((await signup(payload)).statusCode).toBe(201);
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, payload.email));
    expect((await login(t.app, payload.email, password)).statusCode).toBe(200);
    // No truncation: the same password less its last character is a different password.
    expect((await login(t.app, payload.email, password.slice(0, -1))).statusCode).toBe(401);
  });

  it('stores argon2id m=19456 KiB, t=2, p=1 (OWASP cheat sheet, decision 094) with a fresh salt, so equal passwords get distinct hashes', async () => {
    const a = signupPayload();
    const b = signupPayload();
    expect((await signup(a)).statusCode).toBe(201);
    expect((await signup(b)).statusCode).toBe(201);
    const hashA = (await storedUser(a.email)).passwordHash;
    const hashB = (await storedUser(b.email)).passwordHash;
    expect(hashA).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(hashB).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hashA).not.toBe(hashB);
  });

  it('never answers with a password hash', async () => {
    const response = await signup(signupPayload());
    expect(response.body).not.toMatch(/argon2|scrypt|password/i);
  });
});

describe('signup rate limits', () => {
  it('allows 10 sign-up attempts per client address and hour, then 429 with Retry-After', async () => {
    const existing = await Promise.all(Array.from({ length: 11 }, () => createUser(t.database.db)));
    const statuses: number[] = [];
    for (const user of existing) {
      // Taken emails answer 409 before any hashing: cheap attempts that still count.
      const response = await signup(signupPayload({ email: user.email }), '10.9.9.9');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(3500);
        expect(response.json()).toMatchObject({ code: 'rate_limited' });
      }
    }
    expect(statuses).toEqual([...Array(10).fill(409), 429]);
  });

  it('allows 5 sign-up attempts per email and hour, whatever the address', async () => {
    const user = await createUser(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await signup(signupPayload({ email: user.email }))).statusCode);
    }
    expect(statuses).toEqual([409, 409, 409, 409, 409, 429]);
  });
});
