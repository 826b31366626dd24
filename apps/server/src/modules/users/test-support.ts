/** Helpers shared by the account tests: payloads, fast test users, reading sent links. */
import { randomBytes, scryptSync } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SignupBodyInput } from '@storefront/shared/accounts';
import type { Db } from '../../db/connect.js';
import { accountTokens, emailOutbox, users, type AccountTokenPurpose } from '../../db/schema.js';
import { newObjectId } from '../../lib/ids.js';

/** A GSTIN whose format, state code (27 Maharashtra) and check digit are valid. */
export const VALID_GSTIN = '27AAPFU0939F1ZV';
export const GOOD_PASSWORD = 'Ledger&Lantern-42';

/** The account's links of one purpose (decision 067), as a where condition. */
export const linksOf = (purpose: AccountTokenPurpose, userId: string) =>
  and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose));

export function signupPayload(overrides: Partial<SignupBodyInput> = {}): SignupBodyInput {
  return {
    company_name: 'Kaveri Traders',
    business_type: 'Retailer',
    business_street: '12 MG Road',
    business_city: 'Pune',
    business_state: 'Maharashtra',
    business_country: 'India',
    full_name: 'Ravi Kulkarni',
    phone_number: '9822012345',
    email: `ravi.${randomBytes(4).toString('hex')}@example.in`,
    gst_number: VALID_GSTIN,
    password: GOOD_PASSWORD,
    ...overrides,
  };
}

/**
 * The stored format of lib/password.ts at a cost of N=2^10: login tests that verify hundreds
 * of passwords would otherwise spend half a second of CPU on each. Verification reads the
 * parameters from the stored value, so the code path is the production one.
 */
function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 1024, r: 8, p: 1 });
  return `scrypt$10$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function createUser(
  db: Db,
  options: { email?: string; password?: string; verified?: boolean } = {},
): Promise<{ id: string; email: string; password: string }> {
  const id = newObjectId();
  const email = options.email ?? `buyer.${randomBytes(4).toString('hex')}@example.in`;
  const password = options.password ?? GOOD_PASSWORD;
  await db.insert(users).values({
    id,
    email,
    passwordHash: cheapHash(password),
    fullName: 'Meera Iyer',
    companyName: 'Iyer Distributors',
    phoneNumber: '9840012345',
    gstNumber: VALID_GSTIN,
    businessStreet: '4 Anna Salai',
    businessCity: 'Chennai',
    businessState: 'Tamil Nadu',
    businessCountry: 'India',
    businessType: 'Distributor',
    emailVerifiedAt: options.verified === false ? null : new Date(),
  });
  return { id, email, password };
}

/**
 * The verification tokens mailed to `email`, newest first, read from the outbox (the test app
 * runs no worker, so no message is sent and every body is still there).
 */
export async function mailedTokens(db: Db, email: string): Promise<string[]> {
  const rows = await db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.id));
  return rows.map((row) => {
    const match = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(row.text ?? '');
    if (!match?.[1]) throw new Error(`no verification link in: ${row.text}`);
    return match[1];
  });
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export async function loginTokens(app: FastifyInstance, email: string, password: string) {
  const response = await login(app, email, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json() as { access_token: string; refresh_token: string };
}
