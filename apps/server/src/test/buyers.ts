/**
 * Buyers for API tests: rows inserted straight into `users` (independent of the sign-up flow)
 * and access tokens minted with the app's own token service.
 */
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import { createTokenService } from '../modules/users/access-tokens.js';
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
