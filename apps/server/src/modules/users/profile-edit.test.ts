import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import { users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser, loginTokens, VALID_GSTIN } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function signedIn() {
  const user = await createUser(t.database.db);
  const tokens = await loginTokens(t.app, user.email, user.password);
  return { ...user, headers: { authorization: `Bearer ${tokens.access_token}` } };
}

const patch = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/user/me', headers, payload: payload as object });

async function row(id: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
  return user!;
}

describe('PATCH /api/user/me', () => {
  it('changes the named fields, keeps the others, and answers the profile', async () => {
    const user = await signedIn();
    const response = await patch(user.headers, {
      full_name: 'Meera Krishnan',
      phone_number: '9840099999',
      company_name: 'Krishnan Wholesale',
      business_street: '9 Mount Road',
      business_city: 'Madurai',
      pincode: '625001',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      email: user.email,
      full_name: 'Meera Krishnan',
      phone_number: '9840099999',
      company_name: 'Krishnan Wholesale',
      business_street: '9 Mount Road',
      business_city: 'Madurai',
      business_state: 'Tamil Nadu',
      business_type: 'Distributor',
      pincode: '625001',
      gst_number: VALID_GSTIN,
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers });
    expect(me.json()).toEqual(response.json());
  });

  it('checks a changed GSTIN again and stores it normalised', async () => {
    const user = await signedIn();
    const other = `33AABCM1234F1Z${gstinCheckCharacter('33AABCM1234F1Z')}`;
    const good = await patch(user.headers, { gst_number: ` ${other.toLowerCase()} ` });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().gst_number).toBe(other);
    expect((await row(user.id)).gstNumber).toBe(other);
    for (const [gstin, message] of [
      ['27AAPFU0939F1ZA', 'GST number check digit does not match'],
      ['27AAPFU0939F1Z', 'Valid GST number is required'],
      ['99AAPFU0939F1ZV', undefined],
    ] as const) {
      const before = await row(user.id);
      const response = await patch(user.headers, { gst_number: gstin });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_data');
      if (message) expect(response.json().fields.gst_number).toBe(message);
      expect((await row(user.id)).gstNumber).toBe(before.gstNumber);
    }
    const valid = await patch(user.headers, { gst_number: VALID_GSTIN.toLowerCase() });
    expect(valid.statusCode).toBe(200);
    expect((await row(user.id)).gstNumber).toBe(VALID_GSTIN);
  });

  it('refuses bad values, unknown fields, the email and an empty change, changing nothing', async () => {
    const user = await signedIn();
    const before = await row(user.id);
    for (const payload of [
      { phone_number: '123' },
      { full_name: 'http://evil.example' },
      { company_name: '   ' },
      { email: 'new@example.in' },
      { role: 'staff' },
      {},
    ]) {
      const response = await patch(user.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toHaveProperty('detail');
    }
    expect(await row(user.id)).toEqual(before);
  });

  it('needs a session: 401 without a token', async () => {
    const response = await patch({}, { phone_number: '9840099999' });
    expect(response.statusCode).toBe(401);
  });

  it("changes only the caller's own account", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const before = await row(b.id);
    expect((await patch(a.headers, { company_name: 'A Only Traders' })).statusCode).toBe(200);
    expect(await row(b.id)).toEqual(before);
  });
});
