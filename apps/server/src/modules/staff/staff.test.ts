/**
 * Staff accounts (issue 19): invitation → setup (password and TOTP enrolled together) → signed
 * in; sign-in with password and a second factor, each code once; sessions that end when idle,
 * old, signed out or demoted; the owner's management, never losing the last owner; and an audit
 * log of all of it that the database itself keeps append-only.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../../db/schema.js';
import { LIMITS } from '../../lib/limits.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer } from '../../test/buyers.js';
import { argon2idAt46MiB } from '../../test/older-hashes.js';
import { createStaff, sessionCookieOf, signIn, STAFF_PASSWORD } from '../../test/staff.js';
import { totpCodeAt } from './second-factor.js';
import { INVITATION_LIFETIME_MS } from './service.js';
import { STAFF_IDLE_TIMEOUT_MS, STAFF_SESSION_LIFETIME_MS } from './sessions.js';

let t: TestApp;
let now = new Date();
const later = (ms: number) => (now = new Date(now.getTime() + ms));
/** A step of TOTP's 30 seconds, so the next sign-in has a fresh code. */
const nextStep = () => later(30_000);

beforeAll(async () => {
  // Limits raised tenfold: this file signs in more often than one address may in ten minutes.
  // The per-email failure limit is tested at its real value, on an app of its own.
  t = await buildTestApp({ clock: () => now, config: { rateLimitScale: 10 } });
});
afterAll(async () => t.close());

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { cookie?: string; payload?: object; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url,
    payload: options.payload,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });

async function auditActions(targetId: string): Promise<string[]> {
  const result = await t.database.db.execute(
    sql`SELECT action FROM staff_audit_log WHERE target_id = ${targetId} ORDER BY id`,
  );
  return result.rows.map((r) => r.action as string);
}

describe('invitation and setup', () => {
  it('an owner invites; the setup link enrols TOTP, sets the password, signs in and shows recovery codes once', async () => {
    const owner = await createStaff(t, 'owner');
    const { cookie } = await signIn(t, owner, now);
    const invited = await inject('POST', '/api/staff/invitations', {
      cookie,
      payload: { email: 'Packer@Shop.example.com', role: 'fulfilment' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { invitation, setupUrl } = invited.json();
    expect(invitation).toMatchObject({ email: 'packer@shop.example.com', role: 'fulfilment' });
    expect(setupUrl).toMatch(/\/admin\/setup#[\w-]{40,}$/);
    const token = setupUrl.split('#')[1];

    const opened = await inject('POST', '/api/staff/setup/start', { payload: { token } });
    expect(opened.statusCode, opened.body).toBe(200);
    const setup = opened.json();
    expect(setup).toMatchObject({ email: 'packer@shop.example.com', role: 'fulfilment' });
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // Opened again (a reload), the same secret: the app scanned first keeps working.
    expect(
      (await inject('POST', '/api/staff/setup/start', { payload: { token } })).json(),
    ).toMatchObject({
      totpSecret: setup.totpSecret,
    });

    const complete = (fields: { password?: string; code?: string }) =>
      inject('POST', '/api/staff/setup/complete', {
        payload: {
          token,
          fullName: 'Ravi Packer',
          password: 'Packing@2026 fast',
          code: totpCodeAt(setup.totpSecret, now),
          ...fields,
        },
      });
    const wrongCode = await complete({ code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().code).toBe('totp_code_wrong');
    const common = await complete({ password: 'Password@123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('password_too_common');

    const done = await complete({});
    expect(done.statusCode, done.body).toBe(201);
    const body = done.json();
    expect(body.staff).toMatchObject({
      email: 'packer@shop.example.com',
      role: 'fulfilment',
      fullName: 'Ravi Packer',
    });
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    const packerCookie = sessionCookieOf(t, done.headers['set-cookie'])!;
    const setCookie = [done.headers['set-cookie']].flat().join(';');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const session = await inject('GET', '/api/staff/session', { cookie: packerCookie });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ staff: { role: 'fulfilment' }, recoveryCodesLeft: 10 });

    // The link is spent.
    const again = await inject('POST', '/api/staff/setup/start', { payload: { token } });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('invitation_invalid');
    expect(await auditActions(invitation.id)).toEqual(['staff.invite']);
    expect(await auditActions(body.staff.id)).toEqual(['staff.setup']);
  });

  it('a setup link expires after 48 hours, and a newer invitation of the same email replaces it', async () => {
    const owner = await createStaff(t, 'owner');
    const { cookie } = await signIn(t, owner, now);
    const invite = async () =>
      (
        await inject('POST', '/api/staff/invitations', {
          cookie,
          payload: { email: 'ledger@shop.example.com', role: 'finance' },
        })
      )
        .json()
        .setupUrl.split('#')[1] as string;
    const first = await invite();
    const second = await invite();
    expect(
      (await inject('POST', '/api/staff/setup/start', { payload: { token: first } })).statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', '/api/staff/setup/start', { payload: { token: second } })).statusCode,
    ).toBe(200);
    later(INVITATION_LIFETIME_MS + 1000);
    expect(
      (await inject('POST', '/api/staff/setup/start', { payload: { token: second } })).statusCode,
    ).toBe(404);
  });

  it('refuses to invite an email that is already a member', async () => {
    const owner = await createStaff(t, 'owner');
    nextStep();
    const { cookie } = await signIn(t, owner, now);
    const taken = await inject('POST', '/api/staff/invitations', {
      cookie,
      payload: { email: owner.email.toUpperCase(), role: 'catalog' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('staff_exists');
  });
});

describe('sign-in', () => {
  it('needs password and a second factor, says nothing of which was wrong, and takes each code once', async () => {
    const member = await createStaff(t, 'finance');
    nextStep();
    const code = totpCodeAt(member.totpSecret, now);
    const attempt = (payload: object) => inject('POST', '/api/staff/login', { payload });
    const wrongPassword = await attempt({ email: member.email, password: 'Wrong@2026 pass', code });
    const wrongCode = await attempt({
      email: member.email,
      password: STAFF_PASSWORD,
      code: code === '123456' ? '654321' : '123456',
    });
    const unknown = await attempt({
      email: 'nobody@staff.example.com',
      password: STAFF_PASSWORD,
      code,
    });
    for (const refused of [wrongPassword, wrongCode, unknown]) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        code: 'invalid_credentials',
        detail: 'Email, password or code is not right',
      });
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    const missing = await attempt({ email: member.email, password: STAFF_PASSWORD });
    expect(missing.statusCode).toBe(400);

    const ok = await attempt({ email: member.email, password: STAFF_PASSWORD, code });
    expect(ok.statusCode, ok.body).toBe(200);
    // The same code again (seen over a shoulder, replayed): refused.
    const replayed = await attempt({ email: member.email, password: STAFF_PASSWORD, code });
    expect(replayed.statusCode).toBe(401);
    expect(await auditActions(member.id)).toEqual([
      'staff.login_failed',
      'staff.login_failed',
      'staff.login',
      'staff.login_failed',
    ]);
  });

  it('rewrites a hash stored at older parameters once the whole sign-in succeeds, and only then', async () => {
    const member = await createStaff(t, 'fulfilment');
    const before = argon2idAt46MiB(STAFF_PASSWORD);
    const storedHash = async () =>
      (await t.database.db.select().from(staff).where(eq(staff.id, member.id)))[0]!.passwordHash;
    await t.database.db.update(staff).set({ passwordHash: before }).where(eq(staff.id, member.id));
    nextStep();
    const wrongCode = await inject('POST', '/api/staff/login', {
      payload: { email: member.email, password: STAFF_PASSWORD, code: '000000' },
    });
    expect(wrongCode.statusCode).toBe(401);
    expect(await storedHash()).toBe(before);

    expect((await signIn(t, member, now)).cookie).toBeTruthy();
    const rewritten = await storedHash();
    expect(rewritten).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    nextStep();
    expect((await signIn(t, member, now)).cookie).toBeTruthy();
    expect(await storedHash()).toBe(rewritten);
  });

  it('does not let wrong passwords lock a member out: their own sign-in still works', async () => {
    const member = await createStaff(t, 'catalog');
    nextStep();
    for (let i = 0; i < LIMITS.staffFailedLoginsPerAccount.limit + 2; i++) {
      const guess = await inject('POST', '/api/staff/login', {
        payload: { email: member.email, password: `Guess@2026 no${i}`, code: '123456' },
      });
      expect(guess.statusCode).toBe(401);
    }
    expect((await signIn(t, member, now)).cookie).toBeTruthy();
  });

  it('ends the setup links of an owner who is disabled', async () => {
    const [keeper, leaver] = [await createStaff(t, 'owner'), await createStaff(t, 'owner')];
    nextStep();
    const leaverSession = await signIn(t, leaver, now);
    const keeperSession = await signIn(t, keeper, now);
    const invited = await inject('POST', '/api/staff/invitations', {
      cookie: leaverSession.cookie,
      payload: { email: 'backdoor@shop.example.com', role: 'owner' },
    });
    const token = invited.json().setupUrl.split('#')[1];
    const disabled = await inject('PATCH', `/api/staff/members/${leaver.id}`, {
      cookie: keeperSession.cookie,
      payload: { disabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(
      (await inject('POST', '/api/staff/setup/start', { payload: { token } })).statusCode,
    ).toBe(404);
  });

  it('accepts each recovery code once', async () => {
    const owner = await createStaff(t, 'owner');
    nextStep();
    const { cookie } = await signIn(t, owner, now);
    await inject('POST', '/api/staff/invitations', {
      cookie,
      payload: { email: 'keeper@shop.example.com', role: 'catalog' },
    }).then(async (invited) => {
      const token = invited.json().setupUrl.split('#')[1];
      const { totpSecret } = (
        await inject('POST', '/api/staff/setup/start', { payload: { token } })
      ).json();
      const done = await inject('POST', '/api/staff/setup/complete', {
        payload: {
          token,
          fullName: 'Meera Keeper',
          password: 'Catalog@2026 keep',
          code: totpCodeAt(totpSecret, now),
        },
      });
      const [first] = done.json().recoveryCodes as string[];
      const withCode = (recoveryCode: string) =>
        inject('POST', '/api/staff/login', {
          payload: {
            email: 'keeper@shop.example.com',
            password: 'Catalog@2026 keep',
            recoveryCode,
          },
        });
      const used = await withCode(first!.toLowerCase().replaceAll('-', ' '));
      expect(used.statusCode, used.body).toBe(200);
      expect(used.json().recoveryCodesLeft).toBe(9);
      expect((await withCode(first!)).statusCode).toBe(401);
    });
  });

  it('refuses a disabled member, and counts failures per email: the 11th in an hour is 429', async () => {
    const limited = await buildTestApp();
    try {
      const owner = await createStaff(limited, 'owner');
      const member = await createStaff(limited, 'fulfilment');
      const { cookie } = await signIn(limited, owner);
      const disabled = await limited.app.inject({
        method: 'PATCH',
        url: `/api/staff/members/${member.id}`,
        headers: { cookie },
        payload: { disabled: true },
      });
      expect(disabled.statusCode, disabled.body).toBe(200);
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/staff/login',
          payload: {
            email: member.email,
            password: STAFF_PASSWORD,
            code: totpCodeAt(member.totpSecret, new Date()),
          },
        });
      expect((await attempt()).statusCode).toBe(401);
      for (let i = 0; i < LIMITS.staffFailedLoginsPerAccount.limit - 1; i++) await attempt();
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('too_many_failed_logins');
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('sessions', () => {
  it('are read from the Cookie header by the guard, among other cookies, on another module’s routes too', async () => {
    const member = await createStaff(t, 'fulfilment');
    nextStep();
    const { cookie } = await signIn(t, member, now);
    const dashboard = (header: string) => inject('GET', '/api/staff/dashboard', { cookie: header });
    expect((await dashboard(`theme=dark; ${cookie}; lang="en-IN"`)).statusCode).toBe(200);
    const [name] = cookie.split('=');
    expect((await dashboard(`theme=dark; ${name}=not-a-session`)).statusCode).toBe(401);
    expect((await dashboard('theme=dark')).statusCode).toBe(401);
  });

  it('are kept alive by another module’s routes, but not by a request refused for its input', async () => {
    const member = await createStaff(t, 'fulfilment');
    const dashboard = (cookie: string, query = '') =>
      inject('GET', `/api/staff/dashboard${query}`, { cookie });
    nextStep();
    const refused = await signIn(t, member, now);
    later(20 * 60_000);
    expect((await dashboard(refused.cookie, '?junk=1')).statusCode).toBe(400);
    later(11 * 60_000);
    expect((await dashboard(refused.cookie)).statusCode).toBe(401);

    nextStep();
    const used = await signIn(t, member, now);
    later(20 * 60_000);
    expect((await dashboard(used.cookie)).statusCode).toBe(200);
    later(25 * 60_000);
    expect((await dashboard(used.cookie)).statusCode).toBe(200);
    later(STAFF_IDLE_TIMEOUT_MS + 1000);
    expect((await dashboard(used.cookie)).statusCode).toBe(401);
  });

  it('end after 30 minutes unused, after 12 hours in all, and on sign-out', async () => {
    const member = await createStaff(t, 'catalog');
    nextStep();
    const idle = await signIn(t, member, now);
    const session = (cookie: string) => inject('GET', '/api/staff/session', { cookie });
    later(STAFF_IDLE_TIMEOUT_MS - 60_000);
    expect((await session(idle.cookie)).statusCode).toBe(200);
    later(STAFF_IDLE_TIMEOUT_MS - 60_000);
    expect((await session(idle.cookie)).statusCode).toBe(200);
    later(STAFF_IDLE_TIMEOUT_MS + 1000);
    expect((await session(idle.cookie)).statusCode).toBe(401);

    const busy = await signIn(t, member, now);
    for (let elapsed = 0; elapsed < STAFF_SESSION_LIFETIME_MS; elapsed += 20 * 60_000) {
      later(20 * 60_000);
    }
    expect((await session(busy.cookie)).statusCode).toBe(401);

    nextStep();
    const { cookie } = await signIn(t, member, now);
    const out = await inject('POST', '/api/staff/logout', { cookie });
    expect(out.statusCode).toBe(204);
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it("end when the member's role changes, which only an owner may change; the last owner stays", async () => {
    const owner = await createStaff(t, 'owner');
    const member = await createStaff(t, 'fulfilment');
    nextStep();
    const ownerSession = await signIn(t, owner, now);
    const memberSession = await signIn(t, member, now);
    // A fulfilment member manages no staff.
    const refused = await inject('PATCH', `/api/staff/members/${owner.id}`, {
      cookie: memberSession.cookie,
      payload: { role: 'catalog' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_forbidden');
    const changed = await inject('PATCH', `/api/staff/members/${member.id}`, {
      cookie: ownerSession.cookie,
      payload: { role: 'finance' },
    });
    expect(changed.json()).toMatchObject({ role: 'finance', disabled: false });
    expect(
      (await inject('GET', '/api/staff/session', { cookie: memberSession.cookie })).statusCode,
    ).toBe(401);
    const entries = (
      await inject('GET', `/api/staff/audit?action=staff.update&targetId=${member.id}`, {
        cookie: ownerSession.cookie,
      })
    ).json().entries;
    expect(entries).toEqual([
      expect.objectContaining({
        actor: owner.email,
        staffId: owner.id,
        before: { role: 'fulfilment', disabled: false },
        after: { role: 'finance', disabled: false },
      }),
    ]);
  });
});

describe('the last owner', () => {
  it('cannot be demoted or disabled while no other owner is active', async () => {
    const solo = await buildTestApp();
    try {
      const owner = await createStaff(solo, 'owner');
      const { cookie } = await signIn(solo, owner);
      for (const payload of [{ role: 'catalog' }, { disabled: true }]) {
        const response = await solo.app.inject({
          method: 'PATCH',
          url: `/api/staff/members/${owner.id}`,
          headers: { cookie },
          payload,
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().code).toBe('last_owner');
      }
    } finally {
      await solo.close();
    }
  });
});

describe('the guard', () => {
  it('answers 401 with no session, 403 to a buyer, and refuses a cross-site state change', async () => {
    const buyer = await createBuyer(t);
    expect((await inject('GET', '/api/staff/members')).statusCode).toBe(401);
    const asBuyer = await inject('GET', '/api/staff/members', { headers: buyer.headers });
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json().code).toBe('staff_only');

    const owner = await createStaff(t, 'owner');
    nextStep();
    const { cookie } = await signIn(t, owner, now);
    const forgeries: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of forgeries) {
      const forged = await inject('POST', '/api/staff/invitations', {
        cookie,
        headers,
        payload: { email: 'mole@evil.example', role: 'owner' },
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().code).toBe('cross_origin');
    }
    expect(
      (
        await inject('GET', '/api/staff/members', {
          cookie,
          headers: { 'sec-fetch-site': 'cross-site' },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('the audit log', () => {
  it('is append-only in the database itself, and pages newest first', async () => {
    for (const statement of [
      sql`UPDATE staff_audit_log SET actor = 'someone else'`,
      sql`DELETE FROM staff_audit_log`,
      sql`TRUNCATE staff_audit_log`,
    ]) {
      await expect(t.database.db.execute(statement)).rejects.toThrow();
    }
    const owner = await createStaff(t, 'owner');
    nextStep();
    const { cookie } = await signIn(t, owner, now);
    const first = (await inject('GET', '/api/staff/audit?limit=2', { cookie })).json();
    expect(first.entries).toHaveLength(2);
    expect(first.entries[0].id).toBeGreaterThan(first.entries[1].id);
    expect(first.entries[0]).toMatchObject({
      action: 'staff.login',
      actor: owner.email,
      ip: '127.0.0.1',
    });
    const second = (
      await inject('GET', `/api/staff/audit?limit=2&before=${first.next}`, { cookie })
    ).json();
    expect(second.entries[0].id).toBeLessThan(first.entries[1].id);
    const bad = await inject('GET', '/api/staff/audit?limit=1000', { cookie });
    expect(bad.statusCode).toBe(400);
  });
});
