/**
 * Attacks on sign-up (issue 17): holding someone else's email with an unverified account
 * ("pre-claim"), and using the verification email as a mail relay for a text and a link of
 * the attacker's choosing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_NAME_MESSAGES, type SignupBodyInput } from '@storefront/shared/accounts';
import { cartLines, emailOutbox, products, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createTokenService } from './access-tokens.js';
import { MESSAGES } from './service.js';
import { startSession } from './sessions.js';
import { createUser, login, mailedTokens, signupPayload } from './test-support.js';

const PUBLIC_URL = 'https://shop.example.in';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: PUBLIC_URL }, products: 1 });
});
afterAll(() => t.close());

let nextAddress = 1;
function signup(payload: SignupBodyInput) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/signup',
    payload,
    remoteAddress: `10.7.0.${nextAddress++}`,
  });
}

async function mailsTo(email: string) {
  return t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
}

const verify = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/verify-email/${token}` });

async function accountsOf(email: string) {
  return t.database.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

describe('an unverified sign-up does not hold an email against its owner (pre-claim)', () => {
  const squatter = (email?: string) =>
    signupPayload({
      ...(email ? { email } : {}),
      full_name: 'Pre Claimer',
      company_name: 'Squatters Ltd',
      password: 'Squat&Hold-2026',
    });

  it("takes over the unverified account on the owner's sign-up, answered as a first sign-up", async () => {
    const claim = squatter();
    const first = await signup(claim);
    expect(first.statusCode).toBe(201);
    const [squattersLink] = await mailedTokens(t.database.db, claim.email);

    const owner = signupPayload({ email: claim.email.toUpperCase(), password: 'Owner&Key-2026' });
    const second = await signup(owner);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);

    const accounts = await accountsOf(claim.email);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      fullName: 'Ravi Kulkarni',
      companyName: 'Kaveri Traders',
      emailVerifiedAt: null,
    });
    // The owner's password was hashed as on a first sign-up (same work, same format).
    expect(accounts[0]!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // The squatter's link verifies nothing; the owner's verifies the owner's account.
    const stale = await verify(squattersLink!);
    expect(stale.json()).toEqual({
      detail: MESSAGES.tokenInvalid,
      code: 'verification_token_invalid',
    });
    const [ownersLink] = await mailedTokens(t.database.db, claim.email);
    expect((await verify(ownersLink!)).statusCode).toBe(200);
    expect((await login(t.app, claim.email, 'Squat&Hold-2026')).statusCode).toBe(401);
    expect((await login(t.app, claim.email, 'Owner&Key-2026')).statusCode).toBe(200);
  });

  it('ends whatever the unverified account held: its sessions and its cart do not pass to the owner', async () => {
    // Login refuses an unverified account, so it never gets a session; the test forges one to
    // show that a takeover would end it anyway.
    const held = await createUser(t.database.db, { verified: false });
    const tokens = createTokenService(t.config.jwtSecret);
    const session = await startSession(t.database.db, tokens, held.id, new Date());
    const [product] = await t.database.db.select({ id: products.id }).from(products).limit(1);
    await t.database.db
      .insert(cartLines)
      .values({ userId: held.id, productId: product!.id, source: 'Ex-china', quantity: 7 });
    expect((await login(t.app, held.email, held.password)).statusCode).toBe(403);

    expect((await signup(signupPayload({ email: held.email }))).statusCode).toBe(201);

    const cart = await t.app.inject({
      method: 'GET',
      url: '/api/cart/',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(cart.statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { 'refresh-token': session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
    const [owner] = await accountsOf(held.email);
    expect(owner!.id).not.toBe(held.id);
    const lines = await t.database.db.select().from(cartLines);
    expect(lines.filter((line) => line.userId === held.id || line.userId === owner!.id)).toEqual(
      [],
    );
  });

  it('does not take over a verified account: 409 as before, its password still the one that logs in', async () => {
    const verified = await createUser(t.database.db);
    const response = await signup(squatter(verified.email));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: MESSAGES.emailTaken, code: 'email_taken' });
    expect(await mailsTo(verified.email)).toEqual([]);
    expect((await login(t.app, verified.email, verified.password)).statusCode).toBe(200);
  });
});

describe('the verification email is no relay for a text of the requester’s choosing', () => {
  it.each([
    ['a link', 'Claim your refund at https://evil.example/r', PERSON_NAME_MESSAGES.characters],
    ['a bare domain', 'Claim your refund at evil.example', PERSON_NAME_MESSAGES.link],
    ['a line of its own', 'Ravi\n\nYour account is suspended', PERSON_NAME_MESSAGES.characters],
    ['a header', 'Ravi\r\nBcc: many@example.in', PERSON_NAME_MESSAGES.characters],
    ['a phone number to call', 'Call 1800123456', PERSON_NAME_MESSAGES.characters],
    ['markup', '<a href="https://evil.example">Ravi</a>', PERSON_NAME_MESSAGES.characters],
  ])(
    'refuses a full_name carrying %s with 400, and mails nothing',
    async (_case, name, message) => {
      const payload = signupPayload({ full_name: name });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/signup',
        payload,
        remoteAddress: `10.7.1.${nextAddress++}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'invalid_data',
        fields: { full_name: message },
      });
      expect(await mailsTo(payload.email)).toEqual([]);
    },
  );

  it('leaves out of a resent email a name stored before the rule: the only link is the verification link', async () => {
    const account = await createUser(t.database.db, { verified: false });
    await t.database.db
      .update(users)
      .set({ fullName: 'Win a prize at evil.example\nhttps://evil.example/claim' })
      .where(eq(users.id, account.id));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/resend-verification',
      payload: { email: account.email },
      remoteAddress: `10.7.1.${nextAddress++}`,
    });
    expect(response.statusCode).toBe(202);
    const [mail] = await mailsTo(account.email);
    const text = mail!.textBody!;
    expect(text.startsWith('Hello,\n')).toBe(true);
    expect(`${text}${mail!.htmlBody}`).not.toContain('evil');
    const links = [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^${PUBLIC_URL}/verify-email/[A-Za-z0-9_-]{43}$`));
  });

  it('greets by a valid name, escaped in the HTML part', async () => {
    const payload = signupPayload({ full_name: "Ravi D'Souza" });
    const response = await signup(payload);
    expect(response.statusCode).toBe(201);
    const [mail] = await mailsTo(payload.email);
    expect(mail!.textBody).toContain("Hello Ravi D'Souza,");
    expect(mail!.htmlBody).toContain('<p>Hello Ravi D&#39;Souza,</p>');
  });
});
