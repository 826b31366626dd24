/**
 * Quotes (issue 22, decision 060): request, the staff's answer and decline (audited, emailed),
 * messages, versions that never change, and acceptance: once, at the quoted prices, before
 * the expiry, race-safe; the buyer's withdrawal and decline (decision 073).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteReference } from '@storefront/shared/quote-labels';
import type { Quote } from '@storefront/shared/quotes';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import { insertFixtures } from '../../test/catalog-fixtures.js';
import { createStaff, signIn, type TestStaff } from '../../test/staff.js';
import { SHIPPING } from '../payments/test-support.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof insertFixtures>>;
let buyer: TestBuyer;
let other: TestBuyer;
let finance: string;
let fulfilment: string;
let financeMember: TestStaff;
let fulfilmentMember: TestStaff;
beforeAll(async () => {
  t = await buildTestApp({ products: 5, config: { rateLimitScale: 10 } });
  ids = await insertFixtures(t);
  buyer = await createBuyer(t);
  other = await createBuyer(t);
  financeMember = await createStaff(t, 'finance');
  fulfilmentMember = await createStaff(t, 'fulfilment');
  finance = (await signIn(t, financeMember)).cookie;
  fulfilment = (await signIn(t, fulfilmentMember)).cookie;
});
afterAll(() => t.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function ask(who: TestBuyer = buyer): Promise<Quote> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/quotes/',
    headers: who.headers,
    payload: {
      note: 'Monthly order for our stores',
      lines: [
        {
          productId: ids.tiered,
          source: 'Ex-india custom',
          quantity: 250,
          targetPricePaise: 70_00,
        },
        { productId: ids.shirt, variantIndex: 1, source: 'Ex-india custom', quantity: 7 },
      ],
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().payload;
}

const staff = (method: 'GET' | 'POST', url: string, payload?: object, cookie = finance) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

const answer = (id: string, prices = [72_00, 110_00], expiresAt = inDays(7)) =>
  staff('POST', `/api/staff/quotes/${id}/answer`, { unitPricesPaise: prices, expiresAt });

const accept = (id: string, version: number, who: TestBuyer = buyer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/quotes/${id}/accept`,
    headers: who.headers,
    payload: { version, order: SHIPPING },
  });

const close = (
  id: string,
  action: 'withdraw' | 'decline',
  payload: object = {},
  who: TestBuyer = buyer,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/quotes/${id}/${action}`,
    headers: who.headers,
    payload,
  });

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await t.database.db.execute(query)).rows[0] as { n: number }).n);

describe('asking for a quote', () => {
  it('records the lines as asked, open, with no price yet', async () => {
    const quote = await ask();
    expect(quote.status).toBe('open');
    expect(quote.lines.map((l) => [l.title, l.quantity, l.targetPricePaise])).toEqual([
      ['Tiered Steel Mug', 250, 70_00],
      ['Cotton Work Shirt (M, Red)', 7, null],
    ]);
    expect(quote.versions).toEqual([]);
  });

  it('refuses bad lines with 4xx and writes nothing', async () => {
    const before = await count(sql`SELECT count(*)::int AS n FROM quotes`);
    for (const lines of [
      [],
      [{ productId: ids.tiered, source: 'Ex-india custom', quantity: 0 }],
      [{ productId: 'ffffffffffffffffffffffff', source: 'Ex-india custom', quantity: 5 }],
      [{ productId: ids.shirt, source: 'Ex-india custom', quantity: 5 }],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/quotes/',
        headers: buyer.headers,
        payload: { lines },
      });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM quotes`)).toBe(before);
  });

  it('needs a signed-in buyer', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/quotes/', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe("the staff's answer", () => {
  it('prices each line as a new version, audited and emailed; the buyer sees it', async () => {
    const quote = await ask();
    const response = await answer(quote.id);
    expect(response.statusCode, response.body).toBe(200);
    const answered: Quote = response.json().payload;
    expect(answered.status).toBe('answered');
    expect(answered.versions).toHaveLength(1);
    expect(answered.versions[0]!.totalPaise).toBe(72_00 * 250 + 110_00 * 7);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM staff_audit_log WHERE action = 'quote.answer' AND target_id = ${quote.id}`,
      ),
    ).toBe(1);
    const [email] = (
      await t.database.db.execute(
        sql`SELECT subject, text_body FROM email_outbox WHERE kind = 'quote_update' AND to_address = ${`buyer-${buyer.id}@example.com`} AND text_body LIKE ${`%/quotes/${quote.id}`}`,
      )
    ).rows as { subject: string; text_body: string }[];
    expect(email!.subject).toBe('Your quote has been answered');
    expect(email!.text_body).toContain('We have priced your quote: ₹');
    // The buyer's button opens the quote in their account, not in the console.
    expect(email!.text_body.split('\n').at(-1)).toBe(
      `Your quote: ${t.config.publicUrl}/quotes/${quote.id}`,
    );
    const mine = await t.app.inject({ url: `/api/quotes/${quote.id}`, headers: buyer.headers });
    expect(mine.json().payload.versions[0].unitPricesPaise).toEqual([72_00, 110_00]);
  });

  it('refuses a price count that does not match, or a past expiry (422), changing nothing', async () => {
    const quote = await ask();
    expect((await answer(quote.id, [72_00])).statusCode).toBe(422);
    expect((await answer(quote.id, [72_00, 1], inDays(-1))).statusCode).toBe(422);
    expect((await answer(quote.id, [0, 1])).statusCode).toBe(400);
    const now = await staff('GET', `/api/staff/quotes/${quote.id}`);
    expect(now.json().payload.versions).toEqual([]);
  });

  it('keeps every version, and a sent version cannot be changed', async () => {
    const quote = await ask();
    await answer(quote.id, [75_00, 115_00]);
    const second: Quote = (await answer(quote.id, [73_00, 112_00])).json().payload;
    expect(second.versions.map((v) => v.unitPricesPaise)).toEqual([
      [75_00, 115_00],
      [73_00, 112_00],
    ]);
    await expect(
      t.database.db.execute(
        sql`UPDATE quote_versions SET unit_prices_paise = '[1, 1]' WHERE quote_id = ${quote.id}`,
      ),
    ).rejects.toThrow();
  });

  it('declines with a reason (audited, emailed); a declined quote takes no answer', async () => {
    const quote = await ask();
    const response = await staff('POST', `/api/staff/quotes/${quote.id}/decline`, {
      reason: 'Out of production',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payload).toMatchObject({
      status: 'declined',
      declineReason: 'Out of production',
    });
    expect((await answer(quote.id)).statusCode).toBe(409);
    expect((await accept(quote.id, 1)).statusCode).toBe(409);
  });

  it('filters the queue by status', async () => {
    const open = await ask();
    const answered = await ask();
    await answer(answered.id);
    const list = async (status: string) =>
      (await staff('GET', `/api/staff/quotes?status=${status}`))
        .json()
        .payload.map((q: { id: string }) => q.id);
    expect(await list('open')).toContain(open.id);
    expect(await list('open')).not.toContain(answered.id);
    expect(await list('answered')).toContain(answered.id);
    expect((await staff('GET', '/api/staff/quotes?status=nonsense')).statusCode).toBe(400);
  });

  it('pages the queue newest first, with the latest total and expiry on each row', async () => {
    const asked = [await ask(), await ask(), await ask()];
    const expiresAt = inDays(5);
    await answer(asked[2]!.id, [72_00, 110_00], expiresAt);
    const first = (await staff('GET', '/api/staff/quotes?limit=2')).json();
    expect(first.payload.map((q: { id: string }) => q.id)).toEqual([asked[2]!.id, asked[1]!.id]);
    expect(first.payload[0]).toMatchObject({
      status: 'answered',
      title: 'Tiered Steel Mug',
      lineCount: 2,
      totalPaise: 250 * 72_00 + 7 * 110_00,
      expiresAt,
      buyer: { email: `buyer-${buyer.id}@example.com` },
    });
    expect(first.payload[1]).toMatchObject({ status: 'open', totalPaise: null, expiresAt: null });
    const second = (
      await staff('GET', `/api/staff/quotes?limit=2&after=${encodeURIComponent(first.next)}`)
    ).json();
    expect(second.payload[0].id).toBe(asked[0]!.id);
    const bad = await staff('GET', '/api/staff/quotes?after=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_cursor');
  });

  it("gives the buyer their own quotes only, with each one's total", async () => {
    const mine = await ask();
    const theirs = await ask(other);
    await answer(mine.id);
    const list = (await t.app.inject({ url: '/api/quotes/', headers: buyer.headers })).json()
      .payload as { id: string; totalPaise: number | null }[];
    expect(list.map((q) => q.id)).toContain(mine.id);
    expect(list.map((q) => q.id)).not.toContain(theirs.id);
    expect(list.find((q) => q.id === mine.id)?.totalPaise).toBe(250 * 72_00 + 7 * 110_00);
  });

  it('is for the owner and finance only', async () => {
    const quote = await ask();
    expect((await staff('GET', '/api/staff/quotes', undefined, fulfilment)).statusCode).toBe(403);
    expect(
      (
        await answer(quote.id).then(() =>
          staff('POST', `/api/staff/quotes/${quote.id}/decline`, { reason: 'x' }, fulfilment),
        )
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/staff/quotes' })).statusCode).toBe(401);
  });
});

describe('messages', () => {
  it('buyer and staff write on the quote; the staff message is audited and emailed', async () => {
    const quote = await ask();
    const mine = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/messages`,
      headers: buyer.headers,
      payload: { body: 'Can you deliver by the 5th?' },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const reply = await staff('POST', `/api/staff/quotes/${quote.id}/messages`, {
      body: 'Yes, from our Pune warehouse.',
    });
    expect(reply.json().payload.messages.map((m: { author: string }) => m.author)).toEqual([
      'buyer',
      'staff',
    ]);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM staff_audit_log WHERE action = 'quote.message' AND target_id = ${quote.id}`,
      ),
    ).toBe(1);
  });
});

describe('another buyer', () => {
  it("gets 404 for someone else's quote, and cannot write on or accept it", async () => {
    const quote = await ask();
    await answer(quote.id);
    expect(
      (await t.app.inject({ url: `/api/quotes/${quote.id}`, headers: other.headers })).statusCode,
    ).toBe(404);
    const message = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${quote.id}/messages`,
      headers: other.headers,
      payload: { body: 'hello' },
    });
    expect(message.statusCode).toBe(404);
    expect((await accept(quote.id, 1, other)).statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/quotes/', headers: other.headers });
    expect(list.json().payload.map((q: { id: string }) => q.id)).not.toContain(quote.id);
  });
});

describe('accepting', () => {
  it('makes one order at the quoted prices, taxed from them, and the quote is accepted', async () => {
    const quote = await ask();
    await answer(quote.id, [72_00, 110_00]);
    const response = await accept(quote.id, 1);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json().payload;
    expect(order.total_amount).toBe((72_00 * 250 + 110_00 * 7) / 100);
    const lines = (
      await t.database.db.execute(
        sql`SELECT unit_price_paise, quantity, taxable_paise, cgst_paise, sgst_paise
              FROM order_lines WHERE order_id = ${order._id.$oid} ORDER BY position`,
      )
    ).rows as { unit_price_paise: number; quantity: number; taxable_paise: number }[];
    expect(lines.map((l) => [Number(l.unit_price_paise), l.quantity])).toEqual([
      [72_00, 250],
      [110_00, 7],
    ]);
    for (const line of lines) expect(Number(line.taxable_paise)).toBeGreaterThan(0);
    const after = await t.app.inject({ url: `/api/quotes/${quote.id}`, headers: buyer.headers });
    expect(after.json().payload).toMatchObject({
      status: 'accepted',
      orderId: order._id.$oid,
      orderNumber: order.mkpOrderId,
    });
    // Once: a second accept is refused.
    expect((await accept(quote.id, 1)).statusCode).toBe(409);
  });

  it('two accepts at once make one order', async () => {
    const quote = await ask();
    await answer(quote.id);
    const results = await Promise.all([accept(quote.id, 1), accept(quote.id, 1)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM quotes WHERE id = ${quote.id} AND order_id IS NOT NULL`,
      ),
    ).toBe(1);
  });

  it('refuses an unanswered quote, a replaced version and an expired one (409)', async () => {
    const quote = await ask();
    expect((await accept(quote.id, 1)).json().code).toBe('quote_not_answered');
    await answer(quote.id);
    await answer(quote.id, [71_00, 109_00]);
    expect((await accept(quote.id, 1)).json().code).toBe('quote_superseded');
    // A third version that has already lapsed.
    await t.database.db.execute(sql`
      INSERT INTO quote_versions (quote_id, version, unit_prices_paise, expires_at)
      VALUES (${quote.id}, 3, '[1, 1]', now() - interval '1 hour')`);
    await t.database.db.execute(sql`UPDATE quotes SET current_version = 3 WHERE id = ${quote.id}`);
    const expired = await accept(quote.id, 3);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe('quote_expired');
    const shown = await t.app.inject({ url: `/api/quotes/${quote.id}`, headers: buyer.headers });
    expect(shown.json().payload.status).toBe('expired');
    const list = (await staff('GET', '/api/staff/quotes?status=expired')).json().payload;
    expect(list.map((q: { id: string }) => q.id)).toContain(quote.id);
  });
});

describe("the buyer's withdrawal and decline (decision 073)", () => {
  const deskEmails = async (id: string) =>
    (
      await t.database.db.execute(
        sql`SELECT to_address, subject, text_body FROM email_outbox
             WHERE kind = 'quote_desk_notice' AND text_body LIKE ${`%/admin/quotes/${id}%`}
             ORDER BY id`,
      )
    ).rows as { to_address: string; subject: string; text_body: string }[];

  it('withdraws an open request with a reason; the desk (owner, finance) is emailed, not fulfilment', async () => {
    const quote = await ask();
    const response = await close(quote.id, 'withdraw', { reason: 'Bought locally instead' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payload).toMatchObject({
      status: 'withdrawn',
      declineReason: 'Bought locally instead',
    });
    const emails = await deskEmails(quote.id);
    const recipients = emails.map((email) => email.to_address);
    expect(recipients).toContain(financeMember.email);
    expect(recipients).not.toContain(fulfilmentMember.email);
    expect(emails[0]!.subject).toBe(`Quote ${quoteReference(quote.id)} was withdrawn by the buyer`);
    expect(emails[0]!.text_body).toContain('Their reason: Bought locally instead');
    // The staff see it so, and can neither price nor decline it any more.
    const seen = (await staff('GET', `/api/staff/quotes/${quote.id}`)).json().payload;
    expect(seen).toMatchObject({ status: 'withdrawn', declineReason: 'Bought locally instead' });
    const priced = await answer(quote.id);
    expect([priced.statusCode, priced.json().code]).toEqual([409, 'quote_withdrawn']);
    const declined = await staff('POST', `/api/staff/quotes/${quote.id}/decline`, { reason: 'x' });
    expect(declined.json().code).toBe('quote_withdrawn');
    const withdrawn = (await staff('GET', '/api/staff/quotes?status=withdrawn')).json().payload;
    expect(withdrawn.map((q: { id: string }) => q.id)).toContain(quote.id);
  });

  it('declines the price seen, without a reason; it can then not be accepted', async () => {
    const quote = await ask();
    await answer(quote.id);
    const response = await close(quote.id, 'decline', { version: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payload).toMatchObject({
      status: 'buyer_declined',
      declineReason: null,
    });
    const [email] = await deskEmails(quote.id);
    expect(email!.subject).toBe(
      `The price of quote ${quoteReference(quote.id)} was declined by the buyer`,
    );
    expect(email!.text_body).toContain('declined version 1 of quote');
    expect(email!.text_body).toContain('They gave no reason.');
    const accepted = await accept(quote.id, 1);
    expect([accepted.statusCode, accepted.json().code]).toEqual([409, 'quote_buyer_declined']);
    expect((await answer(quote.id)).json().code).toBe('quote_buyer_declined');
  });

  it('refuses each step out of turn (409 with its code), changing nothing and emailing no one', async () => {
    const refused = async (
      id: string,
      action: 'withdraw' | 'decline',
      payload: object,
      code: string,
    ) => {
      const before = (
        await t.app.inject({ url: `/api/quotes/${id}`, headers: buyer.headers })
      ).json().payload;
      const emails = (await deskEmails(id)).length;
      const response = await close(id, action, payload);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({ detail: expect.any(String), code });
      const after = (
        await t.app.inject({ url: `/api/quotes/${id}`, headers: buyer.headers })
      ).json().payload;
      expect(after).toEqual(before);
      expect(await deskEmails(id)).toHaveLength(emails);
    };
    // Not twice.
    const withdrawn = await ask();
    await close(withdrawn.id, 'withdraw');
    await refused(withdrawn.id, 'withdraw', {}, 'quote_withdrawn');
    await refused(withdrawn.id, 'decline', { version: 1 }, 'quote_withdrawn');
    // A price not yet sent cannot be declined; a priced request is declined, not withdrawn.
    const open = await ask();
    await refused(open.id, 'decline', { version: 1 }, 'quote_not_answered');
    await answer(open.id);
    await refused(open.id, 'withdraw', {}, 'quote_answered');
    // A replaced price: the new one is reviewed first.
    await answer(open.id, [71_00, 109_00]);
    await refused(open.id, 'decline', { version: 1 }, 'quote_superseded');
    expect((await close(open.id, 'decline', { version: 2 })).statusCode).toBe(200);
    await refused(open.id, 'decline', { version: 2 }, 'quote_buyer_declined');
    // Not after acceptance.
    const accepted = await ask();
    await answer(accepted.id);
    expect((await accept(accepted.id, 1)).statusCode).toBe(201);
    await refused(accepted.id, 'decline', { version: 1 }, 'quote_accepted');
    await refused(accepted.id, 'withdraw', {}, 'quote_accepted');
    // Not after the store declined it.
    const declined = await ask();
    await staff('POST', `/api/staff/quotes/${declined.id}/decline`, { reason: 'No stock' });
    await refused(declined.id, 'withdraw', {}, 'quote_declined');
    // Not after expiry.
    const lapsed = await ask();
    await t.database.db.execute(sql`
      INSERT INTO quote_versions (quote_id, version, unit_prices_paise, expires_at)
      VALUES (${lapsed.id}, 1, '[1, 1]', now() - interval '1 hour')`);
    await t.database.db.execute(
      sql`UPDATE quotes SET status = 'answered', current_version = 1 WHERE id = ${lapsed.id}`,
    );
    await refused(lapsed.id, 'decline', { version: 1 }, 'quote_expired');
    await refused(lapsed.id, 'withdraw', {}, 'quote_expired');
  });

  it('refuses a malformed body (400) and another buyer (404)', async () => {
    const quote = await ask();
    await answer(quote.id);
    for (const payload of [
      {},
      { version: 0 },
      { version: 1, reason: 'x'.repeat(2001) },
      { version: 1, extra: 1 },
    ])
      expect((await close(quote.id, 'decline', payload)).statusCode).toBe(400);
    expect((await close(quote.id, 'decline', { version: 1 }, other)).statusCode).toBe(404);
    expect((await close(quote.id, 'withdraw', {}, other)).statusCode).toBe(404);
    const mine = (
      await t.app.inject({ url: `/api/quotes/${quote.id}`, headers: buyer.headers })
    ).json().payload;
    expect(mine.status).toBe('answered');
  });

  it('two at once (a decline and an accept): one wins, the other finds the quote final', async () => {
    const quote = await ask();
    await answer(quote.id);
    const results = await Promise.all([
      accept(quote.id, 1),
      close(quote.id, 'decline', { version: 1 }),
    ]);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 409)).toHaveLength(1);
    const final = (
      await t.app.inject({ url: `/api/quotes/${quote.id}`, headers: buyer.headers })
    ).json().payload;
    expect(['accepted', 'buyer_declined']).toContain(final.status);
  });
});
