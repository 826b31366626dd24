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
    const valid = await patch(user.headers, {
      gst_number: VALID_GSTIN.toLowerCase(),
      business_state: 'maharashtra',
    });
    expect(valid.statusCode, valid.body).toBe(200);
    expect((await row(user.id)).gstNumber).toBe(VALID_GSTIN);
    expect((await row(user.id)).businessState).toBe('Maharashtra');
  });

  it('refuses a GSTIN whose state is not the business state, as they stand after the change (decision 067)', async () => {
    // createUser's account: Tamil Nadu, with a Maharashtra GSTIN stored before the rule.
    const user = await signedIn();
    const tamilNadu = `33AABCM1234F1Z${gstinCheckCharacter('33AABCM1234F1Z')}`;
    const before = await row(user.id);
    const message = "The business state must be the GSTIN's state (Maharashtra)";
    for (const payload of [
      { gst_number: VALID_GSTIN },
      { business_state: 'Karnataka' },
      { business_state: 'Kerala', gst_number: VALID_GSTIN },
    ]) {
      const response = await patch(user.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('gstin_state_mismatch');
      expect(response.json().detail).toBe(message);
      expect(response.json().fields).toEqual({ business_state: message });
    }
    expect(await row(user.id)).toEqual(before);
    // The stored pair is not checked again when neither half changes.
    expect((await patch(user.headers, { phone_number: '9840099998' })).statusCode).toBe(200);
    // Either half made to agree with the other is taken.
    expect((await patch(user.headers, { business_state: '27' })).statusCode).toBe(200);
    expect((await row(user.id)).businessState).toBe('Maharashtra');
    const both = await patch(user.headers, { gst_number: tamilNadu, business_state: 'Tamil Nadu' });
    expect(both.statusCode, both.body).toBe(200);
  });

  it('takes the state only from the GST list of states', async () => {
    const user = await signedIn();
    for (const state of ['Atlantis', '', '99']) {
      const response = await patch(user.headers, { business_state: state });
      expect(response.statusCode, state).toBe(400);
      expect(response.json().fields.business_state).toBe(
        'Choose a state or union territory from the list',
      );
    }
    const byCode = await patch(user.headers, { business_state: '27' });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().business_state).toBe('Maharashtra');
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
