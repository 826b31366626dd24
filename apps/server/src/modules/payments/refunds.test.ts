/**
 * Cancellations and refunds (issue 19, decision 044) through the sandbox gateway: a paid order's
 * cancellation refunds it in full, refunds by amount or line never exceed what was paid, the same
 * Idempotency-Key makes one refund however often it is sent, a failed refund is visible and
 * retried as a new one, a payment made after cancelling goes back by itself, unpaid orders lapse
 * after their window, and shipping and cancelling at once leave one consistent order.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AttentionList, RefundResponse } from '@storefront/shared/order-desk';
import type { Order } from '@storefront/shared/orders';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import { createStaff, signIn } from '../../test/staff.js';
import { createRefunds } from './module.js';
import type { PaymentProvider, RefundInput, RefundResult } from './provider.js';
import { MAX_REFUND_SENDS, type RefundsService } from './refunds.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { insertProducts } from '../../test/catalog-fixtures.js';
import { callbackRecorder, placeOrder, SHIPPING, startPayment } from './test-support.js';

const silent = { info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

/** The sandbox gateway, with refunds the test can make fail or unreachable. */
let refundMode: 'normal' | 'fail' | 'unreachable' | 'answer-lost' = 'normal';
let sandbox: PaymentProvider;
const gateway: PaymentProvider = {
  name: 'sandbox',
  start: (input) => sandbox.start(input),
  verifyCallback: (request) => sandbox.verifyCallback(request),
  fetchStatus: (id, options) => sandbox.fetchStatus(id, options),
  async refund(input: RefundInput): Promise<RefundResult> {
    if (refundMode === 'unreachable') throw new Error('connect ECONNREFUSED');
    if (refundMode === 'answer-lost') {
      // The gateway makes the refund; its answer never arrives.
      await sandbox.refund(input);
      throw new Error('socket hang up');
    }
    if (refundMode === 'fail')
      return { state: 'FAILED', providerReference: null, error: 'BANK_REJECTED', raw: {} };
    return sandbox.refund(input);
  },
  fetchRefundStatus: (id) => sandbox.fetchRefundStatus(id),
};

let t: TestApp;
let refunds: RefundsService;
let now = new Date();
let fulfilment: { cookie: string };
let finance: { cookie: string };

beforeAll(async () => {
  const recorder = callbackRecorder();
  t = await buildTestApp({
    products: 5,
    config: { rateLimitScale: 20 },
    payments: { provider: gateway, deliverCallback: recorder.deliver },
  });
  recorder.attach(t);
  sandbox = createSandboxProvider(t.database.db, t.config.payments.sandboxSecret);
  refunds = createRefunds({ db: t.database.db, config: t.config }, gateway, {
    log: silent,
    clock: () => now,
  });
  fulfilment = await signIn(t, await createStaff(t, 'fulfilment'));
  finance = await signIn(t, await createStaff(t, 'finance'));
});
afterAll(async () => t.close());
beforeEach(() => {
  refundMode = 'normal';
  now = new Date();
});

async function paidOrder(buyer?: TestBuyer) {
  const who = buyer ?? (await createBuyer(t));
  const order = await placeOrder(t, who);
  const paymentUrl = await startPayment(t, who, order.orderId);
  const approved = await t.app.inject({ method: 'POST', url: `${paymentUrl}/approve` });
  expect(approved.statusCode).toBe(303);
  expect(await statusOf(order.orderId)).toBe('PD');
  return { buyer: who, ...order, paymentUrl };
}

const statusOf = async (orderId: string) =>
  (
    (await t.database.db.execute(sql`SELECT p_status FROM orders WHERE id = ${orderId}`))
      .rows[0] as { p_status: string }
  ).p_status;

async function refundsOf(orderId: string) {
  const rows = await t.database.db.execute(
    sql`SELECT id, amount_paise, cause, status, retry_of FROM refunds WHERE order_id = ${orderId} ORDER BY id`,
  );
  return rows.rows.map((r) => ({
    id: Number(r.id),
    amountPaise: Number(r.amount_paise),
    cause: r.cause as string,
    status: r.status as string,
    retryOf: r.retry_of === null ? null : Number(r.retry_of),
  }));
}

async function emailsOf(orderId: string) {
  const rows = await t.database.db.execute(
    sql`SELECT kind, subject FROM email_outbox WHERE order_id = ${orderId} ORDER BY id`,
  );
  return rows.rows.map((r) => r.kind as string);
}

const post = (url: string, cookie: string, payload: object = {}, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

/** The console dashboard's revenue today and its count of payments needing attention. */
async function dashboardFigures() {
  const answer = await t.app.inject({
    url: '/api/staff/dashboard',
    headers: { cookie: finance.cookie },
  });
  const body = answer.json() as { revenueTodayPaise: number; paymentsNeedingAttention: number };
  return { revenue: body.revenueTodayPaise, attention: body.paymentsNeedingAttention };
}

const refund = (mkpOrderId: string, payload: object, key: string) =>
  post(`/api/staff/orders/${mkpOrderId}/refunds`, finance.cookie, payload, key);

describe('cancelling', () => {
  it('a paid order is cancelled by staff and refunded in full through the gateway', async () => {
    const { orderId, mkpOrderId, paymentUrl } = await paidOrder();
    const cancelled = await post(`/api/staff/orders/${mkpOrderId}/cancel`, fulfilment.cookie, {
      reason: 'Out of stock at the supplier',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      mkpOrderId,
      pStatus: 'CANCELLED',
      refund: { amountPaise: 100_000, cause: 'cancellation', status: 'COMPLETED' },
    });
    // A cancelled order stays Cancelled once its money is back.
    expect(await statusOf(orderId)).toBe('CANCELLED');
    // The order was invoiced when paid, so its refund comes with a credit note (issue 21).
    expect(await emailsOf(orderId)).toEqual([
      'payment_confirmation',
      'order_cancelled',
      'credit_note',
      'order_refunded',
    ]);
    // The gateway has it too: its page lists the refund.
    const page = await t.app.inject({ url: paymentUrl });
    expect(page.body).toContain('₹1,000.00 — refunded');
    // Cancelling again changes nothing and refunds nothing more.
    const again = await post(`/api/staff/orders/${mkpOrderId}/cancel`, fulfilment.cookie, {});
    expect(again.statusCode).toBe(200);
    expect(await refundsOf(orderId)).toHaveLength(1);
    const audit = await t.database.db.execute(
      sql`SELECT action, after FROM staff_audit_log WHERE target_id = ${mkpOrderId} ORDER BY id`,
    );
    expect(audit.rows).toEqual([
      {
        action: 'order.cancel',
        after: {
          pStatus: 'CANCELLED',
          reason: 'Out of stock at the supplier',
          refundPaise: 100_000,
        },
      },
    ]);
  });

  it('refuses a shipped order, with the reason', async () => {
    const { mkpOrderId } = await paidOrder();
    await post(`/api/staff/orders/${mkpOrderId}/ship`, fulfilment.cookie, {
      carrier: 'BlueDart',
      trackingNumber: 'BD9',
    });
    const refused = await post(`/api/staff/orders/${mkpOrderId}/cancel`, fulfilment.cookie, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('order_not_cancellable');
  });

  it('the buyer cancels their own order before it ships; nobody else can', async () => {
    const { buyer, orderId } = await paidOrder();
    const stranger = await createBuyer(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: stranger.headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(404);
    expect(await statusOf(orderId)).toBe('PD');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: buyer.headers,
      payload: { reason: 'Ordered the wrong size' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const order: Order = cancelled.json().payload;
    expect(order.pStatus).toBe('CANCELLED');
    expect(order.refunds).toEqual([
      { amount: 1000, state: 'completed', at: { $date: expect.any(String) } },
    ]);
    expect(order.statusHistory.map((h) => [h.status, h.cause])).toContainEqual([
      'CANCELLED',
      'buyer',
    ]);
  });

  it('an unpaid order cancelled cannot be paid any more', async () => {
    const buyer = await createBuyer(t);
    const { orderId } = await placeOrder(t, buyer);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: buyer.headers,
      payload: {},
    });
    expect(cancelled.json().payload).toMatchObject({ pStatus: 'CANCELLED', refunds: [] });
    const pay = await t.app.inject({ url: `/api/payments/pay/${orderId}`, headers: buyer.headers });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().code).toBe('order_cancelled');
    expect(await emailsOf(orderId)).toEqual(['order_cancelled']);
  });

  it('a payment completed after the order was cancelled goes back by itself', async () => {
    const buyer = await createBuyer(t);
    const { orderId, mkpOrderId } = await placeOrder(t, buyer);
    const paymentUrl = await startPayment(t, buyer, orderId);
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: buyer.headers,
      payload: {},
    });
    // The buyer had the gateway page open and pays after all.
    await t.app.inject({ method: 'POST', url: `${paymentUrl}/approve` });
    expect(await statusOf(orderId)).toBe('CANCELLED');
    expect(await refundsOf(orderId)).toMatchObject([
      { amountPaise: 100_000, cause: 'late_payment', status: 'REQUESTED' },
    ]);
    // Due at once (nobody's request is sending it): the worker's next round sends it.
    now = new Date(Date.now() + 1_000);
    expect(await refunds.reconcile()).toBeGreaterThanOrEqual(1);
    expect(await refundsOf(orderId)).toMatchObject([
      { cause: 'late_payment', status: 'COMPLETED' },
    ]);
    const queue = await t.app.inject({
      url: '/api/staff/payments/attention',
      headers: { cookie: finance.cookie },
    });
    const items = (queue.json() as AttentionList).items.filter((i) => i.mkpOrderId === mkpOrderId);
    expect(items).toEqual([]);
  });

  it('shipping and cancelling at once leave one consistent order', async () => {
    for (let round = 0; round < 4; round++) {
      const { orderId, mkpOrderId } = await paidOrder();
      const [shipped, cancelled] = await Promise.all([
        post(`/api/staff/orders/${mkpOrderId}/ship`, fulfilment.cookie, {
          carrier: 'BlueDart',
          trackingNumber: `BD${round}`,
        }),
        post(`/api/staff/orders/${mkpOrderId}/cancel`, fulfilment.cookie, {}),
      ]);
      expect([shipped.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
      const status = await statusOf(orderId);
      const made = await refundsOf(orderId);
      if (status === 'SHIPPED') expect(made).toEqual([]);
      else {
        expect(status).toBe('CANCELLED');
        expect(made).toMatchObject([{ amountPaise: 100_000, cause: 'cancellation' }]);
      }
    }
  });
});

describe('refunds', () => {
  it('a partial refund leaves the status; refunding the rest makes the order Refunded', async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    const before = await dashboardFigures();
    const part = await refund(mkpOrderId, { reason: 'One mug chipped', amountPaise: 30_000 }, 'k1');
    // Revenue is what the store kept.
    expect((await dashboardFigures()).revenue).toBe(before.revenue - 30_000);
    expect(part.statusCode, part.body).toBe(200);
    expect((part.json() as RefundResponse).order).toEqual({ mkpOrderId, pStatus: 'PD' });
    const desk = await t.app.inject({
      url: `/api/staff/orders/${mkpOrderId}`,
      headers: { cookie: finance.cookie },
    });
    expect(desk.json()).toMatchObject({
      paidPaise: 100_000,
      refundedPaise: 30_000,
      refundablePaise: 70_000,
    });
    const tooMuch = await refund(mkpOrderId, { reason: 'Everything', amountPaise: 70_001 }, 'k2');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().code).toBe('refund_exceeds_paid');
    const rest = await refund(mkpOrderId, { reason: 'Return accepted', amountPaise: 70_000 }, 'k3');
    expect((rest.json() as RefundResponse).order.pStatus).toBe('REFUNDED');
    expect(await emailsOf(orderId)).toEqual([
      'payment_confirmation',
      'credit_note',
      'order_refunded',
      'credit_note',
      'order_refunded',
    ]);
    const none = await refund(mkpOrderId, { reason: 'Again', amountPaise: 100 }, 'k4');
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('order_not_refundable');
  });

  it('refunds by line at the price paid, never more units than were bought', async () => {
    const { mkpOrderId } = await paidOrder();
    const one = await refund(
      mkpOrderId,
      { reason: 'Damaged in transit', lines: [{ position: 0, quantity: 1 }] },
      'line-1',
    );
    expect((one.json() as RefundResponse).refund).toMatchObject({
      amountPaise: 50_000,
      lines: [{ position: 0, quantity: 1 }],
    });
    const over = await refund(
      mkpOrderId,
      { reason: 'Both', lines: [{ position: 0, quantity: 2 }] },
      'line-2',
    );
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('refund_exceeds_line');
    const unknown = await refund(
      mkpOrderId,
      { reason: 'Nope', lines: [{ position: 7, quantity: 1 }] },
      'line-3',
    );
    expect(unknown.statusCode).toBe(400);
    const both = await refund(
      mkpOrderId,
      { reason: 'Both kinds', amountPaise: 100, lines: [{ position: 0, quantity: 1 }] },
      'line-4',
    );
    expect(both.statusCode).toBe(400);
    const desk = await t.app.inject({
      url: `/api/staff/orders/${mkpOrderId}`,
      headers: { cookie: finance.cookie },
    });
    expect(desk.json().lines[0]).toMatchObject({ position: 0, quantity: 2, refundedQuantity: 1 });
  });

  it('fifty duplicate requests make one refund; the key with another body is refused', async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    const body = { reason: 'Goodwill', amountPaise: 10_000 };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => refund(mkpOrderId, body, 'same-key')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const ids = new Set(answers.map((a) => (a.json() as RefundResponse).refund.id));
    expect(ids.size).toBe(1);
    expect(await refundsOf(orderId)).toMatchObject([{ amountPaise: 10_000, status: 'COMPLETED' }]);
    const reused = await refund(mkpOrderId, { ...body, amountPaise: 20_000 }, 'same-key');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('idempotency_key_reused');
    const noKey = await post(`/api/staff/orders/${mkpOrderId}/refunds`, finance.cookie, body);
    expect(noKey.statusCode).toBe(400);
  });

  it('a failed refund is visible, retried as a new refund, and retried once only', async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    const before = await dashboardFigures();
    refundMode = 'fail';
    const failed = (
      await refund(mkpOrderId, { reason: 'Return', amountPaise: 40_000 }, 'f1')
    ).json().refund as RefundResponse['refund'];
    expect(failed).toMatchObject({ status: 'FAILED', error: 'BANK_REJECTED' });
    const queue = async () =>
      (
        (
          await t.app.inject({
            url: '/api/staff/payments/attention',
            headers: { cookie: finance.cookie },
          })
        ).json() as AttentionList
      ).items.filter((i) => i.mkpOrderId === mkpOrderId);
    expect(await queue()).toMatchObject([
      { reason: 'refund_failed', refundId: failed.id, amountPaise: 40_000 },
    ]);
    expect((await dashboardFigures()).attention).toBe(before.attention + 1);
    // Failed money is not spoken for: the whole payment is still refundable.
    const desk = await t.app.inject({
      url: `/api/staff/orders/${mkpOrderId}`,
      headers: { cookie: finance.cookie },
    });
    expect(desk.json().refundablePaise).toBe(100_000);
    refundMode = 'normal';
    const [first, second] = await Promise.all([
      post(`/api/staff/refunds/${failed.id}/retry`, finance.cookie),
      post(`/api/staff/refunds/${failed.id}/retry`, finance.cookie),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(first.json().refund.id).toBe(second.json().refund.id);
    // The retry that lost the race answers the winner's refund, perhaps before it was sent.
    expect(first.json().refund).toMatchObject({ retryOf: failed.id });
    expect(await queue()).toEqual([]);
    expect((await dashboardFigures()).attention).toBe(before.attention);
    expect(await refundsOf(orderId)).toMatchObject([
      { status: 'FAILED' },
      { status: 'COMPLETED', retryOf: failed.id },
    ]);
  });

  it('a refund the gateway could not be reached for is sent again by reconciliation', async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    refundMode = 'unreachable';
    const sent = await refund(mkpOrderId, { reason: 'Return', amountPaise: 5_000 }, 'u1');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().refund).toMatchObject({ status: 'REQUESTED' });
    refundMode = 'normal';
    // Not due yet: the request's grace, then the backoff.
    now = new Date(Date.now() + 5 * 60_000);
    await refunds.reconcile();
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'COMPLETED' }]);
  });

  it('only finance refunds; fulfilment is refused and nothing changes', async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    const refused = await post(
      `/api/staff/orders/${mkpOrderId}/refunds`,
      fulfilment.cookie,
      { reason: 'Mine', amountPaise: 100 },
      'r1',
    );
    expect(refused.statusCode).toBe(403);
    expect(await refundsOf(orderId)).toEqual([]);
  });
});

describe('payments needing attention', () => {
  it('a second payment is queued with its evidence, refunded from the queue, or settled by hand', async () => {
    const buyer = await createBuyer(t);
    const { orderId, mkpOrderId } = await placeOrder(t, buyer);
    const first = await startPayment(t, buyer, orderId);
    // A second attempt opened before the first was decided (two tabs): both are paid.
    await t.database.db.execute(
      sql`UPDATE payments SET created_at = created_at - interval '1 hour' WHERE order_id = ${orderId}`,
    );
    const second = await startPayment(t, buyer, orderId);
    expect(second).not.toBe(first);
    await t.app.inject({ method: 'POST', url: `${first}/approve` });
    await t.app.inject({ method: 'POST', url: `${second}/approve` });
    const queue = await t.app.inject({
      url: '/api/staff/payments/attention',
      headers: { cookie: finance.cookie },
    });
    const [item] = (queue.json() as AttentionList).items.filter((i) => i.mkpOrderId === mkpOrderId);
    expect(item).toMatchObject({ reason: 'refund_due', amountPaise: 100_000, orderStatus: 'PD' });
    const refunded = await post(
      `/api/staff/payments/${item!.paymentId}/refund`,
      finance.cookie,
      { reason: 'Paid twice' },
      'dup-1',
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().refund).toMatchObject({
      cause: 'duplicate_payment',
      status: 'COMPLETED',
      amountPaise: 100_000,
    });
    // The order's own payment is untouched: the order stays Paid, all of it refundable.
    expect(await statusOf(orderId)).toBe('PD');
    const again = await t.app.inject({
      url: '/api/staff/payments/attention',
      headers: { cookie: finance.cookie },
    });
    expect((again.json() as AttentionList).items.some((i) => i.mkpOrderId === mkpOrderId)).toBe(
      false,
    );
    // The order's own payment cannot be "refunded as a duplicate".
    const paying = await t.database.db.execute(
      sql`SELECT id FROM payments WHERE order_id = ${orderId} AND flagged IS NULL`,
    );
    const wrong = await post(
      `/api/staff/payments/${paying.rows[0]!.id}/refund`,
      finance.cookie,
      { reason: 'Nope' },
      'dup-2',
    );
    expect(wrong.statusCode).toBe(409);
    const resolved = await post(
      `/api/staff/payments/${paying.rows[0]!.id}/resolve`,
      finance.cookie,
      {
        note: 'checked',
      },
    );
    expect(resolved.statusCode).toBe(409);
  });
});

describe('unpaid orders', () => {
  it('lapse after the payment window unless an attempt is still being watched', async () => {
    const buyer = await createBuyer(t);
    const idle = await placeOrder(t, buyer);
    const paying = await placeOrder(t, buyer);
    await startPayment(t, buyer, paying.orderId);
    now = new Date(Date.now() + t.config.payments.paymentWindowMs + 60_000);
    expect(await refunds.expireUnpaidOrders()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(idle.orderId)).toBe('CANCELLED');
    expect(await statusOf(paying.orderId)).toBe('UP');
    expect(await emailsOf(idle.orderId)).toEqual(['order_cancelled']);
    const history = await t.database.db.execute(
      sql`SELECT to_status, cause FROM order_status_history WHERE order_id = ${idle.orderId} ORDER BY id`,
    );
    expect(history.rows.at(-1)).toEqual({ to_status: 'CANCELLED', cause: 'expiry' });
  });
});

describe('stock of a lapsed order (decision 048)', () => {
  it('comes back once when the order lapses unpaid after the payment window', async () => {
    const buyer = await createBuyer(t);
    const [productId] = await insertProducts(t, [
      {
        name: 'Lapsing Lamp',
        code: `LAPSE-${Date.now()}`,
        spPaise: 100_00,
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: ['S', 'M'],
        variantStock: { S: 9 },
      },
    ]);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/cart/items/${productId}`,
      headers: buyer.headers,
      payload: { quantity: 4, source: 'Ex-china', variantIndex: 0 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...buyer.headers, 'idempotency-key': `lapse-${Date.now()}` },
      payload: SHIPPING,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { payload: Order }).payload._id.$oid;
    const onHand = async () =>
      (
        (
          await t.database.db.execute(
            sql`SELECT on_hand FROM stock_levels WHERE product_id = ${productId!} AND variant_position = 0`,
          )
        ).rows[0] as { on_hand: number }
      ).on_hand;
    expect(await onHand()).toBe(5);
    now = new Date(Date.now() + t.config.payments.paymentWindowMs + 60_000);
    expect(await refunds.expireUnpaidOrders()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(orderId)).toBe('CANCELLED');
    expect(await onHand()).toBe(9);
    // Another sweep, and a cancellation after it, give nothing more back.
    await refunds.expireUnpaidOrders();
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: buyer.headers,
      payload: {},
    });
    expect(again.statusCode).toBe(200);
    expect(await onHand()).toBe(9);
  });
});

describe('what review found', () => {
  it('a failed refund settled by hand is money back: never refunded again, nor retried', async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    const before = await dashboardFigures();
    refundMode = 'fail';
    const failed = (
      await refund(mkpOrderId, { reason: 'Return', amountPaise: 40_000 }, 'h1')
    ).json().refund as RefundResponse['refund'];
    refundMode = 'normal';
    const settled = await post(`/api/staff/refunds/${failed.id}/resolve`, finance.cookie, {
      note: 'Paid back by NEFT, UTR 1234',
    });
    expect(settled.statusCode, settled.body).toBe(204);
    // Paid back by hand is money the store no longer has.
    expect((await dashboardFigures()).revenue).toBe(before.revenue - 40_000);
    const desk = await t.app.inject({
      url: `/api/staff/orders/${mkpOrderId}`,
      headers: { cookie: finance.cookie },
    });
    expect(desk.json()).toMatchObject({ refundedPaise: 40_000, refundablePaise: 60_000 });
    expect(desk.json().refunds[0].resolution).toEqual({
      email: expect.any(String),
      note: 'Paid back by NEFT, UTR 1234',
    });
    const retried = await post(`/api/staff/refunds/${failed.id}/retry`, finance.cookie);
    expect(retried.statusCode).toBe(409);
    // The buyer cancels: only what is left goes back.
    const cancelled = await post(`/api/staff/orders/${mkpOrderId}/cancel`, fulfilment.cookie, {});
    expect(cancelled.json().refund).toMatchObject({ amountPaise: 60_000, status: 'COMPLETED' });
    expect(
      (await refundsOf(orderId)).reduce(
        (sum, r) => sum + (r.status === 'FAILED' ? 0 : r.amountPaise),
        0,
      ),
    ).toBe(60_000);
  });

  it('a retried refund cannot also be settled by hand', async () => {
    const { mkpOrderId } = await paidOrder();
    refundMode = 'fail';
    const failed = (
      await refund(mkpOrderId, { reason: 'Return', amountPaise: 10_000 }, 'h2')
    ).json().refund as RefundResponse['refund'];
    await post(`/api/staff/refunds/${failed.id}/retry`, finance.cookie);
    const settled = await post(`/api/staff/refunds/${failed.id}/resolve`, finance.cookie, {
      note: 'Paid back by hand',
    });
    expect(settled.statusCode).toBe(409);
    expect(settled.json().code).toBe('refund_retried');
  });

  it('a refund whose answer was lost is taken as the gateway has it, never failed and re-made', async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    refundMode = 'answer-lost';
    await refund(mkpOrderId, { reason: 'Return', amountPaise: 20_000 }, 'h3');
    for (let round = 1; round < MAX_REFUND_SENDS; round++) {
      now = new Date(now.getTime() + 3_600_000);
      await refunds.reconcile();
    }
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'COMPLETED', amountPaise: 20_000 }]);
    const ledger = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM sandbox_gateway_refunds g JOIN payments p ON p.merchant_transaction_id = g.transaction_id WHERE p.order_id = ${orderId}`,
    );
    expect(ledger.rows[0]).toEqual({ n: 1 });
  });

  it('an unreachable gateway never fails a refund it might have; it keeps being sent', async () => {
    const { orderId, mkpOrderId } = await paidOrder();
    refundMode = 'unreachable';
    await refund(mkpOrderId, { reason: 'Return', amountPaise: 20_000 }, 'h4');
    // The status call cannot reach it either.
    const statusCall = sandbox.fetchRefundStatus;
    sandbox.fetchRefundStatus = () => Promise.reject(new Error('connect ECONNREFUSED'));
    try {
      for (let round = 0; round < MAX_REFUND_SENDS + 2; round++) {
        now = new Date(now.getTime() + 3_600_000);
        await refunds.reconcile();
      }
    } finally {
      sandbox.fetchRefundStatus = statusCall;
    }
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'REQUESTED' }]);
    refundMode = 'normal';
    now = new Date(now.getTime() + 3_600_000);
    await refunds.reconcile();
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'COMPLETED' }]);
  });

  it('refuses refunds under ₹1, and refunds that would leave less than ₹1', async () => {
    const { mkpOrderId } = await paidOrder();
    const leaves = await refund(mkpOrderId, { reason: 'Most', amountPaise: 99_950 }, 'm2a');
    expect(leaves.statusCode).toBe(422);
    expect(leaves.json().code).toBe('refund_leaves_remainder');
    const small = await refund(mkpOrderId, { reason: 'Tiny', amountPaise: 99 }, 'm2b');
    expect(small.statusCode).toBe(400);
  });

  it('the lapse never cancels an order paid meanwhile, nor one whose failed attempt is still watched', async () => {
    const { orderId } = await paidOrder();
    const buyer = await createBuyer(t);
    const declined = await placeOrder(t, buyer);
    const url = await startPayment(t, buyer, declined.orderId);
    await t.app.inject({ method: 'POST', url: `${url}/decline` });
    expect(await statusOf(declined.orderId)).toBe('PF');
    await expect(
      refunds.cancelOrder({ type: 'system' }, { mkpOrderId: (await mkpOf(orderId))! }),
    ).rejects.toMatchObject({ status: 409 });
    now = new Date(Date.now() + t.config.payments.paymentWindowMs + 60_000);
    await refunds.expireUnpaidOrders();
    expect(await statusOf(orderId)).toBe('PD');
    expect(await statusOf(declined.orderId)).toBe('PF');
  });

  it('the same key for a payment refund with another reason is refused', async () => {
    const { orderId } = await paidOrder();
    const [paying] = (
      await t.database.db.execute(sql`SELECT id FROM payments WHERE order_id = ${orderId}`)
    ).rows as { id: number }[];
    await t.database.db.execute(
      sql`UPDATE payments SET flagged = 'refund_due' WHERE id = ${paying!.id}`,
    );
    const first = await post(
      `/api/staff/payments/${paying!.id}/refund`,
      finance.cookie,
      { reason: 'Twice' },
      'l4',
    );
    expect(first.statusCode, first.body).toBe(200);
    const other = await post(
      `/api/staff/payments/${paying!.id}/refund`,
      finance.cookie,
      { reason: 'Other' },
      'l4',
    );
    expect(other.statusCode).toBe(422);
    const emails = await t.database.db.execute(
      sql`SELECT text_body FROM email_outbox WHERE order_id = ${orderId} AND kind = 'order_refunded'`,
    );
    expect(emails.rows[0]!.text_body).toContain(
      'was paid twice. We have refunded the second payment',
    );
  });

  it('shows the gateway’s evidence to finance and owners only', async () => {
    const { mkpOrderId } = await paidOrder();
    const view = async (cookie: string) =>
      (await t.app.inject({ url: `/api/staff/orders/${mkpOrderId}`, headers: { cookie } })).json();
    const packer = await view(fulfilment.cookie);
    expect(packer.payments[0].evidence).toBeNull();
    expect(packer.payments[0].callbacks[0].payload).toBeNull();
    const accounts = await view(finance.cookie);
    expect(accounts.payments[0].evidence).toMatchObject({ state: 'COMPLETED' });
    expect(accounts.payments[0].callbacks[0].payload).toMatchObject({ state: 'COMPLETED' });
  });
});

async function mkpOf(orderId: string) {
  const rows = await t.database.db.execute(
    sql`SELECT mkp_order_id FROM orders WHERE id = ${orderId}`,
  );
  return (rows.rows[0] as { mkp_order_id: string } | undefined)?.mkp_order_id;
}
