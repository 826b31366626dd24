import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import { SIGNATURE_HEADER, signCallback } from './sandbox-signature.js';
import { callbackRecorder, placeOrder, type CallbackRecorder } from './test-support.js';

let t: TestApp;
let recorder: CallbackRecorder;
beforeAll(async () => {
  recorder = callbackRecorder();
  t = await buildTestApp({ products: 20, payments: { deliverCallback: recorder.deliver } });
  recorder.attach(t);
});
afterAll(() => t.close());

const db = () => t.database.db;

async function orderState(orderId: string) {
  const order = await db().execute(sql`SELECT p_status FROM orders WHERE id = ${orderId}`);
  const history = await db().execute(
    sql`SELECT from_status, to_status, cause FROM order_status_history WHERE order_id = ${orderId} ORDER BY id`,
  );
  return {
    status: (order.rows[0] as { p_status: string }).p_status,
    history: (
      history.rows as { from_status: string | null; to_status: string; cause: string }[]
    ).map((h) => `${h.from_status ?? '∅'}→${h.to_status} (${h.cause})`),
  };
}

async function confirmationEmails(mkpOrderId: string) {
  const result = await db().execute(
    sql`SELECT to_address, subject, text_body FROM email_outbox
         WHERE kind = 'payment_confirmation' AND subject = ${`Payment received for order ${mkpOrderId}`}`,
  );
  return result.rows as { to_address: string; subject: string; text_body: string }[];
}

async function startPayment(buyer: TestBuyer, orderId: string) {
  return t.app.inject({ url: `/api/payments/pay/${orderId}`, headers: buyer.headers });
}

/** Opens the gateway page and presses a button, as the buyer's browser would. */
async function decide(paymentUrl: string, verb: 'approve' | 'decline') {
  return t.app.inject({ method: 'POST', url: `${paymentUrl}/${verb}` });
}

async function paidOrder() {
  const buyer = await createBuyer(t);
  const order = await placeOrder(t, buyer);
  const { paymentUrl } = (await startPayment(buyer, order.orderId)).json() as {
    paymentUrl: string;
  };
  return { buyer, ...order, paymentUrl };
}

describe('starting a payment', () => {
  it('answers the sandbox gateway page, which shows merchant, amount, order number and the two buttons', async () => {
    const { mkpOrderId, paymentUrl } = await paidOrder();
    expect(paymentUrl).toMatch(/^\/sandbox-pay\/[A-Za-z0-9_-]+$/);
    const page = await t.app.inject({ url: paymentUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('B2B Storefront');
    expect(page.body).toContain('₹1,000.00');
    expect(page.body).toContain(mkpOrderId);
    expect(page.body).toContain('Approve payment');
    expect(page.body).toContain('Decline payment');
    expect(page.body).not.toMatch(/<script|style="/);
  });

  it('needs the buyer’s own order', async () => {
    const { orderId } = await paidOrder();
    const stranger = await createBuyer(t);
    expect((await startPayment(stranger, orderId)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/payments/pay/${orderId}` })).statusCode).toBe(401);
    expect((await startPayment(stranger, 'nope')).statusCode).toBe(400);
  });

  it('records each attempt with a fresh transaction id and the order’s amount in paise', async () => {
    const { buyer, orderId } = await paidOrder();
    await startPayment(buyer, orderId);
    const attempts = await db().execute(
      sql`SELECT merchant_transaction_id, amount_paise, status FROM payments WHERE order_id = ${orderId}`,
    );
    const rows = attempts.rows as {
      merchant_transaction_id: string;
      amount_paise: string;
      status: string;
    }[];
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.merchant_transaction_id)).size).toBe(2);
    expect(rows.every((r) => Number(r.amount_paise) === 100_000 && r.status === 'PENDING')).toBe(
      true,
    );
  });
});

describe('the signed callback', () => {
  it('marks the order Paid once, records the change and queues one confirmation email', async () => {
    const { orderId, mkpOrderId, paymentUrl } = await paidOrder();
    const approved = await decide(paymentUrl, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(
      `${t.config.publicUrl}/order-success?orderId=${orderId}`,
    );
    const state = await orderState(orderId);
    expect(state.status).toBe('PD');
    expect(state.history).toEqual(['∅→UP (order_created)', 'UP→PD (payment_callback)']);
    const emails = await confirmationEmails(mkpOrderId);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text_body).toContain('₹1,000.00');
    expect(emails[0]!.text_body).toContain('Payment Test Mug');
  });

  it('changes nothing the second time: 10 replays and 10 concurrent copies, one transition, one email', async () => {
    const { orderId, mkpOrderId, paymentUrl } = await paidOrder();
    await decide(paymentUrl, 'approve');
    const callback = recorder.delivered.at(-1)!;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: new URL(callback.url).pathname,
        payload: callback.body,
        headers: callback.headers,
      });
    for (let i = 0; i < 10; i++) {
      const again = await send();
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    }
    const concurrent = await Promise.all(Array.from({ length: 10 }, send));
    expect(concurrent.every((r) => r.statusCode === 200)).toBe(true);
    expect((await orderState(orderId)).history).toEqual([
      '∅→UP (order_created)',
      'UP→PD (payment_callback)',
    ]);
    expect(await confirmationEmails(mkpOrderId)).toHaveLength(1);
  });

  it('applies exactly one of 20 concurrent first deliveries of one event', async () => {
    const { orderId, mkpOrderId, paymentUrl } = await paidOrder();
    recorder.drop = true;
    await decide(paymentUrl, 'approve');
    recorder.drop = false;
    const callback = recorder.delivered.at(-1)!;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: new URL(callback.url).pathname,
          payload: callback.body,
          headers: callback.headers,
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(
      results.filter((r) => (r.json() as { outcome: string }).outcome === 'applied'),
    ).toHaveLength(1);
    expect((await orderState(orderId)).history).toHaveLength(2);
    expect(await confirmationEmails(mkpOrderId)).toHaveLength(1);
  });

  describe('forged or stale callbacks are refused with 401 and change nothing (G7)', () => {
    async function pendingCallback() {
      const { orderId, paymentUrl } = await paidOrder();
      recorder.drop = true;
      await decide(paymentUrl, 'approve');
      recorder.drop = false;
      return { orderId, callback: recorder.delivered.at(-1)! };
    }
    const path = '/api/payments/callback/sandbox';
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === '0' ? '1' : '0') + text.slice(at + 1);

    it.each([
      [
        'a one-byte change of the body',
        (body: string, header: string) => ({
          body: body.replace('"COMPLETED"', '"COMPLETEE"'),
          header,
        }),
      ],
      [
        'a one-byte change of the signature',
        (body: string, header: string) => ({ body, header: flip(header, header.length - 1) }),
      ],
      [
        'a signature made with another secret',
        (body: string) => ({ body, header: signCallback('not-the-secret', body) }),
      ],
      ['no signature header', (body: string) => ({ body, header: undefined })],
      ['a malformed signature header', (body: string) => ({ body, header: 'v1=abc' })],
      [
        'a timestamp 301 s old',
        (body: string) => ({
          body,
          header: signCallback(
            t.config.payments.sandboxSecret,
            body,
            new Date(Date.now() - 301_000),
          ),
        }),
      ],
      [
        'a timestamp 301 s ahead',
        (body: string) => ({
          body,
          header: signCallback(
            t.config.payments.sandboxSecret,
            body,
            new Date(Date.now() + 301_000),
          ),
        }),
      ],
    ])('%s', async (_case, forge) => {
      const { orderId, callback } = await pendingCallback();
      const forged = forge(callback.body, callback.headers[SIGNATURE_HEADER]!);
      const response = await t.app.inject({
        method: 'POST',
        url: path,
        payload: forged.body,
        headers: {
          'content-type': 'application/json',
          ...(forged.header ? { [SIGNATURE_HEADER]: forged.header } : {}),
        },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: 'Callback signature is not valid',
        code: 'invalid_signature',
      });
      const state = await orderState(orderId);
      expect(state.status).toBe('UP');
      const events = await db().execute(
        sql`SELECT count(*)::int AS n FROM payment_events p JOIN payments a ON a.id = p.payment_id WHERE a.order_id = ${orderId}`,
      );
      expect((events.rows[0] as { n: number }).n).toBe(0);
    });
  });

  it('refuses an amount that is not the order’s, flags the attempt and leaves the order unpaid (G10)', async () => {
    const { orderId, paymentUrl } = await paidOrder();
    recorder.drop = true;
    await decide(paymentUrl, 'approve');
    recorder.drop = false;
    const original = JSON.parse(recorder.delivered.at(-1)!.body) as Record<string, unknown>;
    const body = JSON.stringify({
      ...original,
      eventId: `${String(original.eventId)}-x`,
      amount: 1_000,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/callback/sandbox',
      payload: body,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signCallback(t.config.payments.sandboxSecret, body),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'amount_mismatch' });
    expect((await orderState(orderId)).status).toBe('UP');
    const flagged = await db().execute(
      sql`SELECT flagged FROM payments WHERE order_id = ${orderId}`,
    );
    expect((flagged.rows[0] as { flagged: string }).flagged).toBe('amount_mismatch');
  });

  it('refuses a signed callback for a transaction it never started (404, nothing changes)', async () => {
    const body = JSON.stringify({
      eventId: 'e-unknown',
      transactionId: 'NO-SUCH-TX',
      state: 'COMPLETED',
      amount: 100,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/callback/sandbox',
      payload: body,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signCallback(t.config.payments.sandboxSecret, body),
      },
    });
    expect(response.statusCode).toBe(404);
    const events = await db().execute(
      sql`SELECT count(*)::int AS n FROM payment_events WHERE event_id = 'e-unknown'`,
    );
    expect((events.rows[0] as { n: number }).n).toBe(0);
  });
});

describe('the payment lifecycle', () => {
  it('declined → Payment Failed; paying again and approving → Paid (PF→PD)', async () => {
    const { buyer, orderId, paymentUrl } = await paidOrder();
    await decide(paymentUrl, 'decline');
    expect((await orderState(orderId)).status).toBe('PF');
    const retry = (await startPayment(buyer, orderId)).json() as { paymentUrl: string };
    expect(retry.paymentUrl).not.toBe(paymentUrl);
    await decide(retry.paymentUrl, 'approve');
    expect((await orderState(orderId)).history).toEqual([
      '∅→UP (order_created)',
      'UP→PF (payment_callback)',
      'PF→PD (payment_callback)',
    ]);
  });

  it('refuses to start a payment for a paid order with a 409 and a clear message', async () => {
    const { buyer, orderId, paymentUrl } = await paidOrder();
    await decide(paymentUrl, 'approve');
    const again = await startPayment(buyer, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'This order is already paid; it cannot be paid again.',
      code: 'order_already_paid',
    });
  });

  it('a late failure of an older attempt never un-pays an order', async () => {
    const { buyer, orderId, paymentUrl: first } = await paidOrder();
    const second = (await startPayment(buyer, orderId)).json() as { paymentUrl: string };
    await decide(second.paymentUrl, 'approve');
    await decide(first, 'decline');
    expect((await orderState(orderId)).status).toBe('PD');
  });

  it('the browser’s return never marks an order Paid by itself: it asks the gateway', async () => {
    const { buyer, orderId, paymentUrl } = await paidOrder();
    const status = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/status/${orderId}`,
        headers: buyer.headers,
      });
    // The gateway has not decided: still pending.
    expect((await status()).json()).toEqual({ pStatus: 'UP' });
    // The gateway approved but its callback was lost: the status query finds the truth.
    recorder.drop = true;
    await decide(paymentUrl, 'approve');
    recorder.drop = false;
    expect((await orderState(orderId)).status).toBe('UP');
    expect((await status()).json()).toEqual({ pStatus: 'PD' });
    expect((await orderState(orderId)).history.at(-1)).toBe('UP→PD (status_query)');
  });
});

describe('reconciliation', () => {
  it('heals a lost callback through the gateway’s status call', async () => {
    const lost = callbackRecorder();
    lost.drop = true;
    const app = await buildTestApp({
      products: 5,
      config: { workers: true },
      payments: {
        deliverCallback: lost.deliver,
        reconciliation: { intervalMs: 100, olderThanMs: 0 },
      },
    });
    try {
      const buyer = await createBuyer(app);
      const { orderId } = await placeOrder(app, buyer);
      const { paymentUrl } = (
        await app.app.inject({ url: `/api/payments/pay/${orderId}`, headers: buyer.headers })
      ).json() as {
        paymentUrl: string;
      };
      await app.app.inject({ method: 'POST', url: `${paymentUrl}/approve` });
      const statusOf = async () =>
        (
          (await app.database.db.execute(sql`SELECT p_status FROM orders WHERE id = ${orderId}`))
            .rows[0] as { p_status: string }
        ).p_status;
      const deadline = Date.now() + 10_000;
      while ((await statusOf()) !== 'PD' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(await statusOf()).toBe('PD');
      const cause = await app.database.db.execute(
        sql`SELECT cause FROM order_status_history WHERE order_id = ${orderId} AND to_status = 'PD'`,
      );
      expect((cause.rows[0] as { cause: string }).cause).toBe('reconciliation');
    } finally {
      await app.close();
    }
  });
});
