/**
 * Staff members for API tests: rows inserted straight into `staff` with a known password and
 * TOTP secret, and a sign-in through the real login route (which sets the session cookie).
 */
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '@storefront/shared/staff';
import { staff } from '../db/schema.js';
import { newObjectId } from '../lib/ids.js';
import { hashPassword } from '../lib/password.js';
import { newTotpSecret, totpCodeAt } from '../modules/staff/second-factor.js';
import { staffSecrets } from '../modules/staff/service.js';
import { staffCookie } from '../modules/staff/sessions.js';
import type { TestApp } from './app.js';

export const STAFF_PASSWORD = 'Console@2026 desk';
let passwordHash: Promise<string> | undefined;

export interface TestStaff {
  id: string;
  email: string;
  role: StaffRole;
  totpSecret: string;
}

export async function createStaff(t: TestApp, role: StaffRole = 'owner'): Promise<TestStaff> {
  const id = newObjectId();
  const totpSecret = newTotpSecret();
  const email = `${role}-${id.slice(-8)}@staff.example.com`;
  await t.database.db.insert(staff).values({
    id,
    email,
    fullName: `Staff ${id.slice(-6)}`,
    role,
    passwordHash: await (passwordHash ??= hashPassword(STAFF_PASSWORD)),
    totpSecretSealed: staffSecrets(t.config.jwtSecret).box.seal(totpSecret),
  });
  return { id, email, role, totpSecret };
}

/** The name=value of the staff session cookie in a response, or undefined. */
export function sessionCookieOf(t: TestApp, setCookie: string | string[] | undefined) {
  const name = staffCookie(t.config.publicUrl).name;
  const cookies = [setCookie ?? []].flat();
  const found = cookies.find((c) => c.startsWith(`${name}=`));
  return found?.split(';')[0];
}

/** Signs `member` in at `at` (their code of that moment); answers the request headers. */
export async function signIn(
  t: TestApp,
  member: TestStaff,
  at = new Date(),
  app: FastifyInstance = t.app,
): Promise<{ cookie: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/staff/login',
    payload: {
      email: member.email,
      password: STAFF_PASSWORD,
      code: totpCodeAt(member.totpSecret, at),
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookieOf(t, response.headers['set-cookie'])! };
}
