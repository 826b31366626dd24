/**
 * Returns of delivered goods (issue 22, decision 061): only the buyer's own delivered order,
 * within 7 days of its delivery, units bounded by what was delivered and not already returned,
 * one open request a line, requested → accepted | refused, accepted → received → refunded, and
 * the refund (the desk's, with its credit note) is the order lines' sold price × units, never a
 * client's figure. Photos are re-encoded without metadata and reach only their buyer and staff.
 * Every staff step is audited and emailed.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeskReturnList,
  DeskReturnRequest,
  ReturnList,
  ReturnRequest,
} from '@storefront/shared/return-requests';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import { photo, sidewaysPhoto, SVG } from '../../test/image-fixtures.js';
import { multipartForm } from '../../test/multipart.js';
import { createStaff, signIn } from '../../test/staff.js';
import type { PaymentProvider, RefundInput, RefundResult } from '../payments/provider.js';
import { createSandboxProvider } from '../payments/sandbox-provider.js';
import { callbackRecorder, placeOrder, startPayment } from '../payments/test-support.js';

/** The sandbox gateway, with refunds a test can make fail. */
let refundsFail = false;
let sandbox: PaymentProvider;
const gateway: PaymentProvider = {
  name: 'sandbox',
  start: (input) => sandbox.start(input),
  verifyCallback: (request) => sandbox.verifyCallback(request),
  fetchStatus: (id, options) => sandbox.fetchStatus(id, options),
  async refund(input: RefundInput): Promise<RefundResult> {
    if (refundsFail)
      return { state: 'FAILED', providerReference: null, error: 'BANK_REJECTED', raw: {} };
    return sandbox.refund(input);
  },
  fetchRefundStatus: (id) => sandbox.fetchRefundStatus(id),
};

let t: TestApp;
let fulfilment: { cookie: string };
let finance: { cookie: string };
let catalog: { cookie: string };

beforeAll(async () => {
  const recorder = callbackRecorder();
  t = await buildTestApp({
    products: 5,
    config: { rateLimitScale: 20 },
    payments: { provider: gateway, deliverCallback: recorder.deliver },
  });
  recorder.attach(t);
  sandbox = createSandboxProvider(t.database.db, t.config.payments.sandboxSecret);
  fulfilment = await signIn(t, await createStaff(t, 'fulfilment'));
  finance = await signIn(t, await createStaff(t, 'finance'));
  catalog = await signIn(t, await createStaff(t, 'catalog'));
});
afterAll(async () => t.close());

const post = (url: string, headers: object, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: headers as Record<string, string>, payload });

/** A paid order of 2 units at ₹500.00 (one line), shipped and delivered through the desk. */
async function deliveredOrder(buyer?: TestBuyer) {
  const who = buyer ?? (await createBuyer(t));
  const order = await placeOrder(t, who);
  const paymentUrl = await startPayment(t, who, order.orderId);
  expect((await t.app.inject({ method: 'POST', url: `${paymentUrl}/approve` })).statusCode).toBe(
    303,
  );
  const desk = `/api/staff/orders/${order.mkpOrderId}`;
  const shipped = await post(
    `${desk}/ship`,
    { cookie: fulfilment.cookie },
    {
      carrier: 'BlueDart',
      trackingNumber: 'BD123',
    },
  );
  expect(shipped.statusCode, shipped.body).toBe(200);
  const delivered = await post(`${desk}/deliver`, { cookie: fulfilment.cookie });
  expect(delivered.statusCode, delivered.body).toBe(200);
  return { buyer: who, ...order };
}

/** The buyer's GET of the order's requests and what of it may be returned now. */
async function mine(buyer: TestBuyer, orderId: string): Promise<ReturnList> {
  const response = await t.app.inject({
    url: `/api/orders/${orderId}/returns`,
    headers: buyer.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReturnList;
}

const DAY = 24 * 3600_000;

const ask = (buyer: TestBuyer, orderId: string, body: object) =>
  post(`/api/orders/${orderId}/returns`, buyer.headers, body);

const DAMAGED = { reason: 'damaged', description: 'The mug arrived cracked along its handle.' };

async function requested(buyer: TestBuyer, orderId: string, quantity = 1) {
  const response = await ask(buyer, orderId, { ...DAMAGED, lines: [{ position: 0, quantity }] });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ReturnRequest;
}

const staffPost = (who: { cookie: string }, returnId: number, action: string, body: object = {}) =>
  post(`/api/staff/return-requests/${returnId}/${action}`, { cookie: who.cookie }, body);

const emailsOf = async (orderId: string) =>
  (
    await t.database.db.execute(
      sql`SELECT kind, subject FROM email_outbox WHERE order_id = ${orderId} AND kind = 'return_update' ORDER BY id`,
    )
  ).rows.map((r) => r.subject as string);

const auditOf = async (returnId: number) =>
  (
    await t.database.db.execute(
      sql`SELECT action, actor FROM staff_audit_log WHERE target_type = 'return' AND target_id = ${String(returnId)} ORDER BY id`,
    )
  ).rows.map((r) => r.action as string);

const uploadPhoto = (buyer: TestBuyer, returnId: number, data: Buffer | string) => {
  const form = multipartForm([
    { name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/returns/${returnId}/photos`,
    payload: form.payload,
    headers: { ...buyer.headers, ...form.headers },
  });
};

describe('asking for a return', () => {
  it('takes units of a delivered order’s line, priced on the server, and emails the buyer', async () => {
    const { buyer, orderId } = await deliveredOrder();
    const before = await mine(buyer, orderId);
    expect(before).toMatchObject({
      items: [],
      returnable: { state: 'open', lines: [{ position: 0, unitsLeft: 2, inOpenReturn: false }] },
    });
    const { deliveredAt, closesAt } = before.returnable;
    expect(Date.parse(closesAt!) - Date.parse(deliveredAt!)).toBe(7 * DAY);
    const response = await ask(buyer, orderId, {
      ...DAMAGED,
      lines: [{ position: 0, quantity: 1 }],
      amountPaise: 1,
    });
    // A client's figure is not even accepted: the body is strict.
    expect(response.statusCode).toBe(400);
    const made = await requested(buyer, orderId);
    expect(made).toMatchObject({
      status: 'requested',
      reason: 'damaged',
      amountPaise: 500_00,
      lines: [{ position: 0, quantity: 1, unitPricePaise: 500_00, amountPaise: 500_00 }],
    });
    expect(await emailsOf(orderId)).toEqual([
      expect.stringContaining('We have your return request'),
    ]);
    const listed = await mine(buyer, orderId);
    expect(listed.items.map((r) => r.id)).toEqual([made.id]);
    // Its one line is in an open request: nothing more may be asked meanwhile.
    expect(listed.returnable).toMatchObject({
      state: 'nothing_left',
      lines: [{ position: 0, unitsLeft: 1, inOpenReturn: true }],
    });
  });

  it('refuses an order that is not delivered', async () => {
    const buyer = await createBuyer(t);
    const order = await placeOrder(t, buyer);
    const response = await ask(buyer, order.orderId, {
      ...DAMAGED,
      lines: [{ position: 0, quantity: 1 }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'order_not_returnable' });
    expect((await mine(buyer, order.orderId)).returnable).toMatchObject({
      state: 'not_delivered',
      deliveredAt: null,
      closesAt: null,
    });
  });

  it('refuses after 7 days from delivery, and takes one just inside them', async () => {
    const { buyer, orderId } = await deliveredOrder();
    const backdate = (ms: number) =>
      t.database.db.execute(
        sql`UPDATE order_status_history SET created_at = now() - make_interval(secs => ${ms / 1000})
             WHERE order_id = ${orderId} AND to_status = 'DELIVERED'`,
      );
    await backdate(8 * 24 * 3600_000);
    const late = await ask(buyer, orderId, { ...DAMAGED, lines: [{ position: 0, quantity: 1 }] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'return_window_closed' });
    expect((await mine(buyer, orderId)).returnable.state).toBe('window_closed');
    await backdate(7 * 24 * 3600_000 - 60_000);
    expect((await mine(buyer, orderId)).returnable.state).toBe('open');
    await requested(buyer, orderId);
  });

  it('answers 404 for another buyer’s order, and changes nothing', async () => {
    const { orderId } = await deliveredOrder();
    const other = await createBuyer(t);
    const response = await ask(other, orderId, {
      ...DAMAGED,
      lines: [{ position: 0, quantity: 1 }],
    });
    expect(response.statusCode).toBe(404);
    const listed = await t.app.inject({
      url: `/api/orders/${orderId}/returns`,
      headers: other.headers,
    });
    expect(listed.statusCode).toBe(404);
    const rows = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM return_requests WHERE order_id = ${orderId}`,
    );
    expect(rows.rows[0]).toEqual({ n: 0 });
  });

  it('bounds units by the line, refuses unknown lines and a second open request for a line', async () => {
    const { buyer, orderId } = await deliveredOrder();
    const lines = (quantity: number, position = 0) => ({
      ...DAMAGED,
      lines: [{ position, quantity }],
    });
    expect((await ask(buyer, orderId, lines(3))).json()).toMatchObject({
      code: 'return_exceeds_line',
    });
    // Repeated in one request, the units add up.
    const twice = await ask(buyer, orderId, {
      ...DAMAGED,
      lines: [
        { position: 0, quantity: 2 },
        { position: 0, quantity: 1 },
      ],
    });
    expect(twice.json()).toMatchObject({ code: 'return_exceeds_line' });
    const unknown = await ask(buyer, orderId, lines(1, 4));
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'unknown_line']);
    for (const bad of [
      { ...DAMAGED, lines: [{ position: 0, quantity: 0 }] },
      { ...DAMAGED, lines: [] },
      {
        reason: 'changed_mind',
        description: DAMAGED.description,
        lines: [{ position: 0, quantity: 1 }],
      },
      { reason: 'damaged', description: 'short', lines: [{ position: 0, quantity: 1 }] },
    ])
      expect((await ask(buyer, orderId, bad)).statusCode).toBe(400);
    await requested(buyer, orderId, 1);
    const again = await ask(buyer, orderId, lines(1));
    expect([again.statusCode, again.json().code]).toEqual([409, 'return_already_open']);
  });

  it('lets a refused line be asked again, and a refunded unit never twice', async () => {
    const { buyer, orderId } = await deliveredOrder();
    const first = await requested(buyer, orderId, 1);
    expect(
      (await staffPost(fulfilment, first.id, 'refuse', { note: 'No damage in the photos' }))
        .statusCode,
    ).toBe(200);
    const second = await requested(buyer, orderId, 1);
    expect((await staffPost(fulfilment, second.id, 'accept')).statusCode).toBe(200);
    expect((await staffPost(fulfilment, second.id, 'receive')).statusCode).toBe(200);
    // One of the two units is refunded: one is left, two are too many.
    const over = await ask(buyer, orderId, { ...DAMAGED, lines: [{ position: 0, quantity: 2 }] });
    expect(over.json()).toMatchObject({ code: 'return_exceeds_line' });
    await requested(buyer, orderId, 1);
  });
});

describe('the staff’s steps', () => {
  it('accept → receive refunds the lines’ value through the desk, with a credit note, audited and emailed', async () => {
    const { buyer, orderId, mkpOrderId } = await deliveredOrder();
    const made = await requested(buyer, orderId, 1);
    const queue = await t.app.inject({
      url: '/api/staff/return-requests?status=requested',
      headers: { cookie: fulfilment.cookie },
    });
    expect(queue.statusCode).toBe(200);
    expect((queue.json() as { items: DeskReturnRequest[] }).items.map((r) => r.id)).toContain(
      made.id,
    );

    // Received before accepted: the state machine refuses it.
    expect((await staffPost(fulfilment, made.id, 'receive')).json()).toMatchObject({
      code: 'return_wrong_status',
    });
    const accepted = await staffPost(fulfilment, made.id, 'accept', { note: 'Send it by courier' });
    expect(accepted.json()).toMatchObject({
      status: 'accepted',
      decisionNote: 'Send it by courier',
    });
    // Accepted, it cannot be refused any more; accepting again changes nothing.
    expect(
      (await staffPost(fulfilment, made.id, 'refuse', { note: 'Changed our mind' })).statusCode,
    ).toBe(409);
    expect((await staffPost(fulfilment, made.id, 'accept')).statusCode).toBe(200);

    const received = await staffPost(fulfilment, made.id, 'receive');
    expect(received.statusCode, received.body).toBe(200);
    const after = received.json() as DeskReturnRequest;
    expect(after).toMatchObject({ status: 'refunded', amountPaise: 500_00 });
    const refunds = await t.database.db.execute(
      sql`SELECT amount_paise, lines, status, cause FROM refunds WHERE order_id = ${orderId}`,
    );
    expect(refunds.rows).toEqual([
      expect.objectContaining({ lines: [{ position: 0, quantity: 1 }], cause: 'staff' }),
    ]);
    expect(Number(refunds.rows[0]!.amount_paise)).toBe(500_00);
    const notes = await t.database.db.execute(
      sql`SELECT total_paise FROM tax_documents WHERE order_id = ${orderId} AND kind = 'credit_note'`,
    );
    // The sandbox gateway completes it at once: its credit note is issued (decision 056).
    expect(refunds.rows[0]!.status).toBe('COMPLETED');
    expect(notes.rows).toHaveLength(1);
    // Receiving again (a double click) makes no second refund.
    expect((await staffPost(fulfilment, made.id, 'receive')).statusCode).toBe(200);
    expect((await staffPost(finance, made.id, 'refund')).statusCode).toBe(200);
    const count = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM refunds WHERE order_id = ${orderId}`,
    );
    expect(count.rows[0]).toEqual({ n: 1 });

    expect(await auditOf(made.id)).toEqual(['return.accept', 'return.receive', 'return.refund']);
    const desk = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM staff_audit_log WHERE action = 'order.refund' AND target_id = ${mkpOrderId}`,
    );
    expect(desk.rows[0]).toEqual({ n: 1 });
    expect(await emailsOf(orderId)).toEqual([
      expect.stringContaining('We have your return request'),
      expect.stringContaining('is accepted'),
      expect.stringContaining('We received your returned items'),
    ]);
    // The buyer sees where it stands, with the refund's credit note on their own route.
    const shown = (await mine(buyer, orderId)).items[0]!;
    expect(shown).toMatchObject({
      status: 'refunded',
      refundId: expect.any(Number),
      refundStatus: 'COMPLETED',
      creditNote: {
        kind: 'credit_note',
        total: 500,
        href: expect.stringMatching(
          new RegExp(`^/api/orders/${orderId}/tax-documents/\\d+\\.pdf$`),
        ) as unknown,
      },
    });
    const pdf = await t.app.inject({ url: shown.creditNote!.href, headers: buyer.headers });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    // Staff see the same note on the console's route.
    expect(after.creditNote).toMatchObject({
      number: shown.creditNote!.number,
      href: expect.stringMatching(
        new RegExp(`^/api/staff/orders/${mkpOrderId}/tax-documents/\\d+\\.pdf$`),
      ) as unknown,
    });
  });

  it('shows the credit note of the retry that brought a refused refund’s money back', async () => {
    const { buyer, orderId } = await deliveredOrder();
    const made = await requested(buyer, orderId, 1);
    await staffPost(fulfilment, made.id, 'accept');
    refundsFail = true;
    let after: DeskReturnRequest;
    try {
      after = (await staffPost(fulfilment, made.id, 'receive')).json() as DeskReturnRequest;
    } finally {
      refundsFail = false;
    }
    // Written, but refused by the gateway: no money back yet, so no credit note.
    expect(after).toMatchObject({ status: 'refunded', refundStatus: 'FAILED', creditNote: null });
    const retried = await post(`/api/staff/refunds/${after.refundId}/retry`, {
      cookie: finance.cookie,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const shown = (await mine(buyer, orderId)).items[0]!;
    expect(shown).toMatchObject({
      refundId: after.refundId,
      refundStatus: 'COMPLETED',
      creditNote: { kind: 'credit_note', total: 500 },
    });
  });

  it('lists the queue newest first, a page at a time, by status', async () => {
    const { buyer, orderId } = await deliveredOrder();
    const made = await requested(buyer, orderId, 1);
    const page = async (query: string) => {
      const response = await t.app.inject({
        url: `/api/staff/return-requests?${query}`,
        headers: { cookie: finance.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as DeskReturnList;
    };
    const all = await page('limit=100');
    expect(all.items[0]).toMatchObject({
      id: made.id,
      buyerEmail: `buyer-${buyer.id}@example.com`,
      status: 'requested',
      creditNote: null,
    });
    const ids = all.items.map((item) => item.id);
    expect(ids.length).toBeGreaterThan(2);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // Walking two at a time gives every request once, in the same order.
    const walked: number[] = [];
    let next: number | null = null;
    do {
      const one: DeskReturnList = await page(`limit=2${next === null ? '' : `&before=${next}`}`);
      expect(one.items.length).toBeLessThanOrEqual(2);
      walked.push(...one.items.map((item) => item.id));
      next = one.next;
    } while (next !== null);
    expect(walked).toEqual(ids);
    const waiting = await page('status=requested&limit=100');
    expect(waiting.items.every((item) => item.status === 'requested')).toBe(true);
    expect(waiting.items.map((item) => item.id)).toContain(made.id);
    for (const bad of ['limit=101', 'limit=0', 'before=0', 'before=x', 'status=open', 'after=1'])
      expect(
        (
          await t.app.inject({
            url: `/api/staff/return-requests?${bad}`,
            headers: { cookie: finance.cookie },
          })
        ).statusCode,
      ).toBe(400);
  });

  it('refuse needs a reason, is audited and emailed, and ends the request', async () => {
    const { buyer, orderId } = await deliveredOrder();
    const made = await requested(buyer, orderId, 2);
    expect((await staffPost(fulfilment, made.id, 'refuse', {})).statusCode).toBe(400);
    const refused = await staffPost(finance, made.id, 'refuse', { note: 'Wear, not damage' });
    expect(refused.json()).toMatchObject({ status: 'refused', decisionNote: 'Wear, not damage' });
    for (const action of ['accept', 'receive'])
      expect((await staffPost(fulfilment, made.id, action)).statusCode).toBe(409);
    expect((await staffPost(finance, made.id, 'refund')).statusCode).toBe(409);
    expect(await auditOf(made.id)).toEqual(['return.refuse']);
    expect((await emailsOf(orderId)).at(-1)).toContain('was refused');
  });

  it('is the order desk’s: catalog staff and buyers are refused', async () => {
    const { buyer, orderId } = await deliveredOrder();
    const made = await requested(buyer, orderId, 1);
    for (const action of ['accept', 'refuse', 'receive', 'refund']) {
      expect((await staffPost(catalog, made.id, action, { note: 'nope nope' })).statusCode).toBe(
        403,
      );
      expect(
        (await post(`/api/staff/return-requests/${made.id}/${action}`, buyer.headers, {}))
          .statusCode,
      ).toBe(403);
    }
    // Refunding by hand is finance's.
    expect((await staffPost(fulfilment, made.id, 'refund')).statusCode).toBe(403);
    for (const url of ['/api/staff/return-requests', `/api/staff/return-requests/${made.id}`])
      expect((await t.app.inject({ url, headers: { cookie: catalog.cookie } })).statusCode).toBe(
        403,
      );
    expect(
      (
        await t.app.inject({
          url: '/api/staff/return-requests/999999',
          headers: { cookie: finance.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(await auditOf(made.id)).toEqual([]);
  });
});

describe('photos', () => {
  it('are re-encoded without their EXIF, private to their buyer and staff', async () => {
    const { buyer, orderId } = await deliveredOrder();
    const made = await requested(buyer, orderId, 1);
    const uploaded = await uploadPhoto(buyer, made.id, await sidewaysPhoto());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id } = uploaded.json() as { id: number };
    const own = await t.app.inject({
      url: `/api/returns/${made.id}/photos/${id}`,
      headers: buyer.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(own.rawPayload).metadata();
    // Turned upright (40 × 20 sideways → 20 × 40), its EXIF (GPS, artist) gone.
    expect([meta.width, meta.height, meta.exif]).toEqual([20, 40, undefined]);
    expect(own.rawPayload.includes(Buffer.from('Secret Traders'))).toBe(false);

    const other = await createBuyer(t);
    expect(
      (await t.app.inject({ url: `/api/returns/${made.id}/photos/${id}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/returns/${made.id}/photos/${id}` })).statusCode).toBe(
      401,
    );
    expect((await uploadPhoto(other, made.id, await photo(10, 10))).statusCode).toBe(404);
    const staff = await t.app.inject({
      url: `/api/staff/return-requests/${made.id}/photos/${id}`,
      headers: { cookie: finance.cookie },
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.rawPayload.equals(own.rawPayload)).toBe(true);
    expect(
      (
        await t.app.inject({
          url: `/api/staff/return-requests/${made.id}/photos/${id}`,
          headers: { cookie: catalog.cookie },
        })
      ).statusCode,
    ).toBe(403);
    // Nothing of it is in the public image store's namespace.
    expect((await t.app.inject({ url: `/images/uploads/${id}.jpg` })).statusCode).toBe(404);
    expect((await mine(buyer, orderId)).items[0]!.photos).toEqual([
      expect.objectContaining({ id, width: 20, height: 40 }),
    ]);
  });

  it('refuses what is not a photo, more than five, too large, and once decided', async () => {
    const { buyer, orderId } = await deliveredOrder();
    const made = await requested(buyer, orderId, 1);
    const svg = await uploadPhoto(buyer, made.id, SVG);
    expect([svg.statusCode, svg.json().code]).toEqual([400, 'image_invalid']);
    const big = await uploadPhoto(buyer, made.id, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect([big.statusCode, big.json().detail]).toEqual([413, 'An image may be at most 5 MB']);
    for (let i = 0; i < 5; i++)
      expect((await uploadPhoto(buyer, made.id, await photo(8 + i, 8))).statusCode).toBe(201);
    const sixth = await uploadPhoto(buyer, made.id, await photo(30, 8));
    expect([sixth.statusCode, sixth.json().code]).toEqual([409, 'too_many_photos']);
    const next = await deliveredOrder(buyer);
    const decided = await requested(buyer, next.orderId, 1);
    await staffPost(fulfilment, decided.id, 'accept');
    expect((await uploadPhoto(buyer, decided.id, await photo(8, 8))).statusCode).toBe(409);
  });
});
