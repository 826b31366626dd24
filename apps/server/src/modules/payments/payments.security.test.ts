/**
 * Forged and replayed payment callbacks (issue 17, docs/security.md): what an attacker sends to
 * the gateway callback, to the sandbox gateway's pages and to the buyer's return, against the
 * sandbox (its callback signed with HMAC-SHA256 over a timestamp and the body, 300 s) and PhonePe
 * (a static Authorization header, so every webhook is only a hint the status call confirms).
 * Each is refused, or changes nothing: the rows a payment can write are equal before and after.
 * The tables of forged signatures and Authorization headers, and amounts the status call does
 * not confirm, are in payments.test.ts and phonepe.test.ts (G7, G10).
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer } from '../../test/buyers.js';
import { shipOrder } from '../orders/service.js';
import { FAKE_PHONEPE_CREDENTIALS, startPhonePeFake, type PhonePeFake } from './phonepe-fake.js';
import { createPhonePeProvider, webhookAuthorization } from './phonepe-provider.js';
import { SIGNATURE_HEADER, TOLERANCE_SECONDS, signCallback } from './sandbox-signature.js';
import {
  callbackRecorder,
  orderAwaitingPayment,
  paymentSnapshot,
  placeOrder,
  sendCallback,
  startPayment,
  type CallbackRecorder,
  type DeliveredCallback,
} from './test-support.js';

let sandbox: TestApp;
let recorder: CallbackRecorder;
let phonepe: TestApp;
let fake: PhonePeFake;
let webhookUrl: string;
beforeAll(async () => {
  recorder = callbackRecorder();
  sandbox = await buildTestApp({ products: 5, payments: { deliverCallback: recorder.deliver } });
  recorder.attach(sandbox);
  fake = await startPhonePeFake();
  phonepe = await buildTestApp({
    products: 5,
    config: { publicUrl: 'https://shop.example.in' },
    payments: {
      provider: createPhonePeProvider({
        ...FAKE_PHONEPE_CREDENTIALS,
        authUrl: fake.baseUrl,
        apiUrl: fake.baseUrl,
      }),
    },
  });
  await phonepe.app.listen({ host: '127.0.0.1', port: 0 });
  webhookUrl = `http://127.0.0.1:${(phonepe.app.server.address() as AddressInfo).port}/api/payments/callback/phonepe`;
});
afterAll(async () => {
  await sandbox?.close();
  await phonepe?.close();
  await fake?.close();
});

const statusOf = async (t: TestApp, orderId: string) =>
  (
    (await t.database.db.execute(sql`SELECT p_status FROM orders WHERE id = ${orderId}`))
      .rows[0] as { p_status: string }
  ).p_status;

describe('the sandbox gateway', () => {
  const secret = () => sandbox.config.payments.sandboxSecret;

  /** An order whose payment the payer decided at the gateway, its signed callback lost. */
  async function decidedOrder(verb: 'approve' | 'decline' = 'approve') {
    const buyer = await createBuyer(sandbox);
    const { orderId, mkpOrderId } = await placeOrder(sandbox, buyer);
    const paymentUrl = await startPayment(sandbox, buyer, orderId);
    recorder.drop = true;
    await sandbox.app.inject({ method: 'POST', url: `${paymentUrl}/${verb}` });
    recorder.drop = false;
    return { buyer, orderId, mkpOrderId, paymentUrl, callback: recorder.delivered.at(-1)! };
  }

  const send = (body: string, headers: Record<string, string>) =>
    sendCallback(sandbox, body, headers);
  const deliver = (callback: DeliveredCallback) => send(callback.body, callback.headers);
  const withBody = (callback: DeliveredCallback, change: Record<string, unknown>) =>
    JSON.stringify({ ...(JSON.parse(callback.body) as object), ...change });

  /** Sends the request and checks it is refused with 401 and changes nothing. */
  async function refused(body: string, headers: Record<string, string>) {
    const before = await paymentSnapshot(sandbox);
    const response = await send(body, headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      detail: 'Callback signature is not valid',
      code: 'invalid_signature',
    });
    expect(await paymentSnapshot(sandbox)).toEqual(before);
  }

  describe('forged callbacks are refused with 401', () => {
    it('a callback signed with a guessed secret', async () => {
      const { orderId, callback } = await decidedOrder();
      await refused(callback.body, {
        [SIGNATURE_HEADER]: signCallback('storefront-sandbox', callback.body),
      });
      expect(await statusOf(sandbox, orderId)).toBe('UP');
    });

    it('a tampered amount under the genuine signature', async () => {
      const { orderId, callback } = await decidedOrder();
      await refused(withBody(callback, { amount: 100 }), callback.headers);
      expect(await statusOf(sandbox, orderId)).toBe('UP');
    });

    it('a genuine callback re-pointed at another order’s transaction', async () => {
      const { callback } = await decidedOrder();
      const victim = await decidedOrder('decline');
      const victimTx = (JSON.parse(victim.callback.body) as { transactionId: string })
        .transactionId;
      await refused(withBody(callback, { transactionId: victimTx }), callback.headers);
      expect(await statusOf(sandbox, victim.orderId)).toBe('UP');
    });

    it('a genuine callback replayed after the 300 s tolerance (stale)', async () => {
      const { orderId, callback } = await decidedOrder();
      // Byte for byte what the gateway sent a second past the tolerance ago. In the past a
      // second may tick before the check: that only makes it older.
      const sentAt = new Date(Date.now() - (TOLERANCE_SECONDS + 1) * 1000);
      await refused(callback.body, {
        [SIGNATURE_HEADER]: signCallback(secret(), callback.body, sentAt),
      });
      expect(await statusOf(sandbox, orderId)).toBe('UP');
    });
  });

  describe('replayed callbacks change nothing', () => {
    it('a genuine callback replayed after the order was paid, and after it was shipped', async () => {
      const { orderId, mkpOrderId, callback } = await decidedOrder();
      expect((await deliver(callback)).json()).toEqual({ received: true, outcome: 'applied' });
      for (const moveOn of [
        async () => {},
        () =>
          shipOrder(
            sandbox.database.db,
            { staffId: null, actor: 'operator', ip: null, userAgent: 'test' },
            mkpOrderId,
            { carrier: 'Delhivery', trackingNumber: 'DL123456789IN' },
            'https://shop.example',
          ),
      ]) {
        await moveOn();
        const before = await paymentSnapshot(sandbox);
        const replayed = await deliver(callback);
        expect(replayed.json()).toEqual({ received: true, outcome: 'duplicate' });
        expect(await paymentSnapshot(sandbox)).toEqual(before);
      }
      expect(await statusOf(sandbox, orderId)).toBe('SHIPPED');
    });

    it('a decline of an older attempt delivered after a newer attempt paid never un-pays the order', async () => {
      const { buyer, orderId, callback: decline } = await decidedOrder('decline');
      // The decline never arrived; the buyer paid through a second attempt.
      await sandbox.database.db.execute(
        sql`UPDATE payments SET created_at = created_at - interval '16 minutes' WHERE order_id = ${orderId}`,
      );
      const second = await startPayment(sandbox, buyer, orderId);
      await sandbox.app.inject({ method: 'POST', url: `${second}/approve` });
      expect(await statusOf(sandbox, orderId)).toBe('PD');
      await deliver(decline);
      await deliver(decline);
      expect(await statusOf(sandbox, orderId)).toBe('PD');
    });
  });

  describe('the gateway page’s Approve and Decline', () => {
    it('a replayed Approve, or a Decline after it, sends no second callback and changes nothing', async () => {
      const buyer = await createBuyer(sandbox);
      const { orderId } = await placeOrder(sandbox, buyer);
      const paymentUrl = await startPayment(sandbox, buyer, orderId);
      await sandbox.app.inject({ method: 'POST', url: `${paymentUrl}/approve` });
      const delivered = recorder.delivered.length;
      const before = await paymentSnapshot(sandbox);
      for (const verb of ['approve', 'approve', 'decline']) {
        const again = await sandbox.app.inject({ method: 'POST', url: `${paymentUrl}/${verb}` });
        expect(again.statusCode).toBe(303);
        expect(again.headers.location).toBe(`/order-success?orderId=${orderId}`);
      }
      expect(recorder.delivered).toHaveLength(delivered);
      expect(await paymentSnapshot(sandbox)).toEqual(before);
      expect(await statusOf(sandbox, orderId)).toBe('PD');
    });

    it('an Approve carries nothing the gateway reads: an amount, a return address and a signature in it are ignored', async () => {
      const buyer = await createBuyer(sandbox);
      const { orderId } = await placeOrder(sandbox, buyer);
      const paymentUrl = await startPayment(sandbox, buyer, orderId);
      const approved = await sandbox.app.inject({
        method: 'POST',
        url: `${paymentUrl}/approve`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          [SIGNATURE_HEADER]: `t=1,v1=${'0'.repeat(64)}`,
        },
        payload: 'amount=100&state=COMPLETED&redirectUrl=https%3A%2F%2Fevil.example%2F',
      });
      expect(approved.statusCode).toBe(303);
      expect(approved.headers.location).toBe(`/order-success?orderId=${orderId}`);
      const sent = JSON.parse(recorder.delivered.at(-1)!.body) as { amount: number };
      expect(sent.amount).toBe(100_000);
      expect(await statusOf(sandbox, orderId)).toBe('PD');
    });

    it('an Approve for a transaction never opened answers 404 and changes nothing', async () => {
      const before = await paymentSnapshot(sandbox);
      const response = await sandbox.app.inject({
        method: 'POST',
        url: '/sandbox-pay/MKP-20261124-FORGED-0123456789/approve',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        detail: 'Unknown payment transaction',
        code: 'unknown_transaction',
      });
      expect(await paymentSnapshot(sandbox)).toEqual(before);
    });

    it('a forged Host cannot send the buyer elsewhere: the return is a path on the address they came in on', async () => {
      const buyer = await createBuyer(sandbox);
      const { orderId } = await placeOrder(sandbox, buyer);
      const paymentUrl = await startPayment(sandbox, buyer, orderId);
      const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
      const approved = await sandbox.app.inject({
        method: 'POST',
        url: `${paymentUrl}/approve`,
        headers: forged,
      });
      expect(approved.headers.location).toBe(`/order-success?orderId=${orderId}`);
      const page = await sandbox.app.inject({ url: paymentUrl, headers: forged });
      expect(page.body).toContain(`<a href="/order-success?orderId=${orderId}">`);
      expect(page.body).not.toContain('evil.example');
    });
  });
});

describe('PhonePe webhooks and the buyer’s return', () => {
  const authorization = webhookAuthorization(
    FAKE_PHONEPE_CREDENTIALS.webhookUsername,
    FAKE_PHONEPE_CREDENTIALS.webhookPassword,
  );

  const order = () => orderAwaitingPayment(phonepe);

  async function post(body: string) {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('a webhook (with the leaked Authorization) claiming another order was paid changes nothing: the status call says it was not', async () => {
    const paid = await order();
    fake.decide(paid.merchantOrderId, 'COMPLETED');
    const victim = await order();
    const genuine = JSON.parse(fake.webhook(paid.merchantOrderId).body) as {
      event: string;
      payload: Record<string, unknown>;
    };
    const before = await paymentSnapshot(phonepe);
    const answer = await post(
      JSON.stringify({
        ...genuine,
        payload: { ...genuine.payload, merchantOrderId: victim.merchantOrderId },
      }),
    );
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'pending' } });
    expect(fake.statusRequests(victim.merchantOrderId)).toBe(1);
    expect(await statusOf(phonepe, victim.orderId)).toBe('UP');
    const attempt = await phonepe.database.db.execute(
      sql`SELECT status FROM payments WHERE order_id = ${victim.orderId}`,
    );
    expect(attempt.rows).toEqual([{ status: 'PENDING' }]);
    // Of the payment rows only that attempt's last-checked time moved.
    const after = await paymentSnapshot(phonepe);
    expect({ ...after, payments: '' }).toEqual({ ...before, payments: '' });
  });

  it('a completion replayed after the order was paid, and after a forged refund event, changes nothing', async () => {
    const { orderId, merchantOrderId } = await order();
    fake.decide(merchantOrderId, 'COMPLETED');
    const { body } = fake.webhook(merchantOrderId);
    expect(await post(body)).toEqual({
      status: 200,
      body: { received: true, outcome: 'applied' },
    });
    const refund = JSON.stringify({
      event: 'pg.refund.completed',
      payload: {
        merchantRefundId: 'R-1',
        originalMerchantOrderId: merchantOrderId,
        state: 'COMPLETED',
        amount: 100_000,
      },
    });
    const before = await paymentSnapshot(phonepe);
    // An authentic header on a refund we never made: refused, and nothing asked or changed.
    expect(await post(refund)).toMatchObject({ status: 404, body: { code: 'unknown_refund' } });
    for (let i = 0; i < 3; i++) {
      expect(await post(body)).toEqual({
        status: 200,
        body: { received: true, outcome: 'duplicate' },
      });
    }
    expect(await paymentSnapshot(phonepe)).toEqual(before);
    expect(await statusOf(phonepe, orderId)).toBe('PD');
  });

  it('a forged return to the store never marks an order paid: the return asks the gateway', async () => {
    const { buyer, orderId } = await order();
    // What the return URL's query says is never read: the page asks the server, which asks PhonePe.
    const status = await phonepe.app.inject({
      method: 'POST',
      url: `/api/payments/status/${orderId}`,
      headers: buyer.headers,
    });
    expect(status.json()).toEqual({ pStatus: 'UP' });
    expect(await statusOf(phonepe, orderId)).toBe('UP');
  });
});
