/**
 * Attacks on sign-up (issue 17): using the verification email as a mail relay for a text and a
 * link of the attacker's choosing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_NAME_MESSAGES } from '@storefront/shared/accounts';
import { emailOutbox, users } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createUser, signupPayload } from './test-support.js';

const PUBLIC_URL = 'https://shop.example.in';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: PUBLIC_URL } });
});
afterAll(() => t.close());

let nextAddress = 1;
const from = () => `10.7.0.${nextAddress++}`;

async function mailsTo(email: string) {
  return t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
}

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
        remoteAddress: from(),
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
      remoteAddress: from(),
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
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      payload,
      remoteAddress: from(),
    });
    expect(response.statusCode).toBe(201);
    const [mail] = await mailsTo(payload.email);
    expect(mail!.textBody).toContain("Hello Ravi D'Souza,");
    expect(mail!.htmlBody).toContain('<p>Hello Ravi D&#39;Souza,</p>');
  });
});
