/**
 * Buyers for API tests: rows inserted straight into `users` (independent of the sign-up flow)
 * and access tokens minted with the app's own token service.
 */
import { sql, type SQL } from 'drizzle-orm';
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import { createTokenService } from '../modules/users/access-tokens.js';
import { ACCOUNT_DISABLED_MESSAGE } from '../modules/users/account-status.js';
import { startSession } from '../modules/users/sessions.js';
import { newObjectId } from '../lib/ids.js';
import { users } from '../db/schema.js';
import type { TestApp } from './app.js';

export interface TestBuyer {
  id: string;
  token: string;
  /** Headers of an authenticated request. */
  headers: { authorization: string };
}

/** The test buyers' GSTIN: registered in Maharashtra (27), the demo seller's state. */
export const BUYER_GSTIN = `27AABCM1234F1Z${gstinCheckCharacter('27AABCM1234F1Z')}`;

/** A verified buyer's `users` row that never logs in (it only holds minted access tokens). */
export function buyerRow(id = newObjectId()) {
  return {
    id,
    email: `buyer-${id}@example.com`,
    passwordHash: 'test-only',
    fullName: `Buyer ${id.slice(-6)}`,
    companyName: 'Test Traders Pvt Ltd',
    phoneNumber: '9876543210',
    // Valid (its check character computed): an order bills it when the checkout gives no
    // billing details, and a tax invoice needs a valid GSTIN (issue 21).
    gstNumber: BUYER_GSTIN,
    businessStreet: '1 Test Road',
    businessCity: 'Pune',
    businessState: 'Maharashtra',
    businessCountry: 'India',
    businessType: 'Retailer',
    emailVerifiedAt: new Date(),
  };
}

export async function createBuyers(t: TestApp, count: number): Promise<TestBuyer[]> {
  const tokens = createTokenService(t.config.jwtSecret);
  const rows = Array.from({ length: count }, () => buyerRow());
  await t.database.db.insert(users).values(rows);
  return Promise.all(
    rows.map(async ({ id }) => {
      const token = await tokens.signAccessToken(id);
      return { id, token, headers: { authorization: `Bearer ${token}` } };
    }),
  );
}

export async function createBuyer(t: TestApp): Promise<TestBuyer> {
  const [buyer] = await createBuyers(t, 1);
  return buyer!;
}

/** A buyer signed in through a session of its own, as a login leaves one (its token names it). */
export async function createSignedInBuyer(t: TestApp): Promise<TestBuyer> {
  const [row] = await t.database.db.insert(users).values(buyerRow()).returning();
  const tokens = createTokenService(t.config.jwtSecret);
  const { access_token: token } = await startSession(t.database.db, tokens, row!.id, new Date());
  return { id: row!.id, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * The ways a buyer's session ends, each with what `authenticate` answers the session's token
 * afterwards: the refusals every buyer route must give (decision 092).
 */
export const SESSION_ENDINGS: {
  name: string;
  end: (userId: string) => SQL;
  status: number;
  answer: { detail: string; code: string };
}[] = [
  {
    name: 'a session logged out (its family revoked)',
    end: (userId) => sql`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ${userId}`,
    status: 401,
    answer: { detail: 'Session ended', code: 'unauthorized' },
  },
  {
    name: 'every session ended (a token issued before tokens_valid_after)',
    end: (userId) =>
      sql`UPDATE users SET tokens_valid_after = now() + interval '5 seconds' WHERE id = ${userId}`,
    status: 401,
    answer: { detail: 'Session ended', code: 'unauthorized' },
  },
  {
    name: 'an account disabled by staff',
    end: (userId) => sql`UPDATE users SET disabled_at = now() WHERE id = ${userId}`,
    status: 403,
    answer: { detail: ACCOUNT_DISABLED_MESSAGE, code: 'account_disabled' },
  },
  {
    name: 'an account deleted',
    end: (userId) => sql`DELETE FROM users WHERE id = ${userId}`,
    status: 401,
    answer: { detail: 'Not authenticated', code: 'unauthorized' },
  },
];

/** An order's shipping fields (spec §7), addressed to `recipientName`. */
export const shippingAddress = (recipientName: string) => ({
  recipientName,
  shippingAddress1: '4 Anna Salai',
  shippingCity: 'Chennai',
  shippingState: 'Tamil Nadu',
  shippingPostalCode: '600002',
  shippingCountry: 'India',
  shippingPhoneNumber: '9840012345',
});
