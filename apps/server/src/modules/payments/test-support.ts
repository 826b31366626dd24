/**
 * Helpers of the payment tests: an order placed through the real cart and orders API by a
 * test buyer, and a sandbox callback delivery that goes through the app's own HTTP handling
 * (inject) and keeps every signed callback it carried, so a test can replay or tamper with it;
 * and a snapshot of everything a payment can change, to prove that something changed nothing.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import { insertProducts } from '../../test/catalog-fixtures.js';
import type { CallbackDelivery } from './sandbox-gateway.js';
import { SIGNATURE_HEADER, signCallback } from './sandbox-signature.js';

export interface DeliveredCallback {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface CallbackRecorder {
  deliver: CallbackDelivery;
  delivered: DeliveredCallback[];
  /** When true, callbacks are lost on the way (the gateway sees no answer). */
  drop: boolean;
  attach(t: TestApp): void;
}

export function callbackRecorder(): CallbackRecorder {
  let app: TestApp | undefined;
  const recorder: CallbackRecorder = {
    delivered: [],
    drop: false,
    attach: (t) => (app = t),
    async deliver(url, body, headers) {
      recorder.delivered.push({ url, body, headers });
      if (recorder.drop || !app) return 0;
      const response = await app.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        payload: body,
        headers,
      });
      return response.statusCode;
    },
  };
  return recorder;
}

/** Posts a callback to the app's sandbox endpoint, as the gateway does: JSON, with `headers`. */
export function sendCallback(t: TestApp, body: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/callback/sandbox',
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Posts `body` as a callback signed with the app's own sandbox secret. */
export const sendSignedCallback = (t: TestApp, body: string) =>
  sendCallback(t, body, {
    [SIGNATURE_HEADER]: signCallback(t.config.payments.sandboxSecret, body),
  });

export const SHIPPING = {
  recipientName: 'Asha Mehta',
  shippingAddress1: '14 Linking Road',
  shippingCity: 'Mumbai',
  shippingState: 'Maharashtra',
  shippingPostalCode: '400050',
  shippingCountry: 'India',
  shippingPhoneNumber: '9876543210',
};

let productCounter = 0;

/** Places an order of 2 units at ₹500.00 (Ex-china): a total of ₹1,000.00 = 100000 paise. */
export async function placeOrder(
  t: TestApp,
  buyer: TestBuyer,
): Promise<{ orderId: string; mkpOrderId: string }> {
  const [productId] = await insertProducts(t, [
    { name: 'Payment Test Mug', code: `PAY-${process.pid}-${++productCounter}`, spPaise: 500_00 },
  ]);
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/cart/items/${productId}`,
    headers: buyer.headers,
    payload: { quantity: 2, source: 'Ex-china' },
  });
  if (added.statusCode !== 200) throw new Error(`cart add: ${added.body}`);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: { ...buyer.headers, 'idempotency-key': `pay-test-${productCounter}-${Date.now()}` },
    payload: SHIPPING,
  });
  if (created.statusCode !== 201) throw new Error(`order: ${created.body}`);
  const { payload } = created.json() as { payload: { _id: { $oid: string }; mkpOrderId: string } };
  return { orderId: payload._id.$oid, mkpOrderId: payload.mkpOrderId };
}

/** Opens a payment attempt for the buyer's order and answers the gateway page's URL. */
export async function startPayment(t: TestApp, buyer: TestBuyer, orderId: string) {
  const started = await t.app.inject({
    url: `/api/payments/pay/${orderId}`,
    headers: buyer.headers,
  });
  expect(started.statusCode, started.body).toBe(200);
  return (started.json() as { paymentUrl: string }).paymentUrl;
}

/**
 * A new buyer's order with an open payment attempt: the order, the gateway page's URL and the
 * attempt's merchant transaction id (PhonePe's merchantOrderId).
 */
export async function orderAwaitingPayment(t: TestApp) {
  const buyer = await createBuyer(t);
  const placed = await placeOrder(t, buyer);
  const paymentUrl = await startPayment(t, buyer, placed.orderId);
  const [attempt] = (
    await t.database.db.execute(
      sql`SELECT merchant_transaction_id FROM payments WHERE order_id = ${placed.orderId}`,
    )
  ).rows as { merchant_transaction_id: string }[];
  return { buyer, ...placed, paymentUrl, merchantOrderId: attempt!.merchant_transaction_id };
}

/**
 * Every row a gateway answer can write: attempts, processed events, order statuses and their
 * history, queued emails. Equal snapshots before and after a request mean it changed nothing.
 */
export async function paymentSnapshot(t: TestApp) {
  const rows = async (query: ReturnType<typeof sql>) =>
    JSON.stringify((await t.database.db.execute(query)).rows);
  return {
    payments: await rows(sql`SELECT * FROM payments ORDER BY id`),
    paymentEvents: await rows(sql`SELECT * FROM payment_events ORDER BY id`),
    orders: await rows(sql`SELECT id, p_status, updated_at FROM orders ORDER BY id`),
    orderHistory: await rows(sql`SELECT * FROM order_status_history ORDER BY id`),
    emails: await rows(sql`SELECT id FROM email_outbox ORDER BY id`),
  };
}
