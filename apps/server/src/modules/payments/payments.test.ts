import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import { SIGNATURE_HEADER, TOLERANCE_SECONDS, signCallback } from './sandbox-signature.js';
import { MAX_ATTEMPTS_PER_ORDER } from './service.js';
import {
  callbackRecorder,
  paymentSnapshot,
  placeOrder,
  sendCallback,
  sendSignedCallback,
  type CallbackRecorder,
  type DeliveredCallback,
} from './test-support.js';

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

async function attemptsOf(orderId: string) {
  const rows = await db().execute(
    sql`SELECT amount_paise, status, next_check_at IS NOT NULL AS watched, raw_create->>'paymentUrl' AS url
          FROM payments WHERE order_id = ${orderId} ORDER BY id`,
  );
  return (
    rows.rows as { amount_paise: string; status: string; watched: boolean; url: string | null }[]
  ).map(({ amount_paise, ...attempt }) => ({ amount: Number(amount_paise), ...attempt }));
}

/** Moves the order's attempts into the past by a PostgreSQL interval. */
async function ageAttempts(orderId: string, by: string) {
  await db().execute(
    sql`UPDATE payments SET created_at = created_at - ${by}::interval WHERE order_id = ${orderId}`,
  );
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

  it('sends the buyer back to the open attempt: the same URL, one attempt with the order’s amount in paise', async () => {
    const { buyer, orderId, paymentUrl } = await paidOrder();
    for (let i = 0; i < 3; i++) {
      const again = await startPayment(buyer, orderId);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ paymentUrl });
    }
    expect(await attemptsOf(orderId)).toEqual([
      { amount: 100_000, status: 'PENDING', watched: true, url: paymentUrl },
    ]);
  });

  it('opens one attempt per order for 10 concurrent requests on each of 5 orders, answering them all its URL', async () => {
    const orders = [];
    for (let i = 0; i < 5; i++) {
      const buyer = await createBuyer(t);
      orders.push({ buyer, orderId: (await placeOrder(t, buyer)).orderId });
    }
    const answers = await Promise.all(
      orders.flatMap(({ buyer, orderId }) =>
        Array.from({ length: 10 }, async () => {
          const response = await startPayment(buyer, orderId);
          expect(response.statusCode, response.body).toBe(200);
          return { orderId, ...(response.json() as { paymentUrl: string }) };
        }),
      ),
    );
    for (const { orderId } of orders) {
      const urls = new Set(answers.filter((a) => a.orderId === orderId).map((a) => a.paymentUrl));
      expect(urls.size).toBe(1);
      expect(await attemptsOf(orderId)).toEqual([
        { amount: 100_000, status: 'PENDING', watched: true, url: [...urls][0] },
      ]);
    }
  });

  it('opens a new attempt once the open one is too old to leave the buyer time to pay (15 minutes)', async () => {
    const { buyer, orderId, paymentUrl } = await paidOrder();
    await ageAttempts(orderId, '14 minutes 59 seconds');
    expect((await startPayment(buyer, orderId)).json()).toEqual({ paymentUrl });
    await ageAttempts(orderId, '2 seconds');
    const fresh = (await startPayment(buyer, orderId)).json() as { paymentUrl: string };
    expect(fresh.paymentUrl).not.toBe(paymentUrl);
    expect((await attemptsOf(orderId)).map((a) => a.url)).toEqual([paymentUrl, fresh.paymentUrl]);
  });

  it('does not wait for an attempt whose opening request was lost on the way', async () => {
    const { buyer, orderId, paymentUrl } = await paidOrder();
    // As a process stopped between recording the attempt and hearing the gateway leaves it.
    await db().execute(
      sql`UPDATE payments SET raw_create = NULL, created_at = created_at - interval '16 seconds' WHERE order_id = ${orderId}`,
    );
    const started = Date.now();
    const fresh = (await startPayment(buyer, orderId)).json() as { paymentUrl: string };
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fresh.paymentUrl).not.toBe(paymentUrl);
  });

  it(`opens at most ${MAX_ATTEMPTS_PER_ORDER} attempts for one order, then answers 409 with a clear message`, async () => {
    const { buyer, orderId, paymentUrl: first } = await paidOrder();
    const urls = [first];
    await decide(first, 'decline');
    for (let i = 1; i < MAX_ATTEMPTS_PER_ORDER; i++) {
      const next = (await startPayment(buyer, orderId)).json() as { paymentUrl: string };
      urls.push(next.paymentUrl);
      await decide(next.paymentUrl, 'decline');
    }
    expect(new Set(urls).size).toBe(MAX_ATTEMPTS_PER_ORDER);
    const refused = await startPayment(buyer, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail:
        'This order has had 5 payment attempts, the most one order may have. Please contact us to complete the payment.',
      code: 'payment_attempts_exhausted',
    });
    // Each ended attempt is still watched for a late success until its timeout, and no more.
    const attempts = await attemptsOf(orderId);
    expect(attempts).toHaveLength(MAX_ATTEMPTS_PER_ORDER);
    expect(attempts.every((a) => a.status === 'FAILED')).toBe(true);
  });

  it('does not count attempts the gateway refused to start', async () => {
    const { buyer, orderId } = await paidOrder();
    await db().execute(
      sql`UPDATE payments SET status = 'ERROR', next_check_at = NULL WHERE order_id = ${orderId}`,
    );
    for (let i = 0; i < MAX_ATTEMPTS_PER_ORDER - 1; i++) {
      const next = (await startPayment(buyer, orderId)).json() as { paymentUrl: string };
      await decide(next.paymentUrl, 'decline');
    }
    expect((await startPayment(buyer, orderId)).statusCode).toBe(200);
    expect((await startPayment(buyer, orderId)).statusCode).toBe(200);
  });
});

describe('the signed callback', () => {
  it('marks the order Paid once, records the change and queues one confirmation email', async () => {
    const { orderId, mkpOrderId, paymentUrl } = await paidOrder();
    const approved = await decide(paymentUrl, 'approve');
    expect(approved.statusCode).toBe(303);
    // By path: the buyer stays on the address they came in on (payments.security.test.ts).
    expect(approved.headers.location).toBe(`/order-success?orderId=${orderId}`);
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

  it('applies exactly one of 50 concurrent first deliveries of one event: all 2xx, one change, one email (G8)', async () => {
    const { orderId, mkpOrderId, paymentUrl } = await paidOrder();
    recorder.drop = true;
    await decide(paymentUrl, 'approve');
    recorder.drop = false;
    const callback = recorder.delivered.at(-1)!;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: new URL(callback.url).pathname,
          payload: callback.body,
          headers: callback.headers,
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const outcomes = results.map((r) => (r.json() as { outcome: string }).outcome);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(49);
    expect((await orderState(orderId)).history).toEqual([
      '∅→UP (order_created)',
      'UP→PD (payment_callback)',
    ]);
    expect(await confirmationEmails(mkpOrderId)).toHaveLength(1);
  });

  describe('forged or stale callbacks are refused with 401 and change nothing (G7)', () => {
    // One genuine callback, lost on its way; every forgery below is made from it.
    let pending: { orderId: string; callback: DeliveredCallback };
    beforeAll(async () => {
      const { orderId, paymentUrl } = await paidOrder();
      recorder.drop = true;
      await decide(paymentUrl, 'approve');
      recorder.drop = false;
      pending = { orderId, callback: recorder.delivered.at(-1)! };
    });
    const secret = () => t.config.payments.sandboxSecret;
    // A minute past the edge: one second past it (sandbox-signature.test.ts holds the edge) was
    // closed whenever a second ticked between signing and checking.
    const BEYOND_TOLERANCE_MS = (TOLERANCE_SECONDS + 60) * 1000;
    /** The same text with its character at `at` (negative: from the end) replaced. */
    const flip = (text: string, at: number) => {
      const i = at < 0 ? text.length + at : at;
      const swap = text[i] === '0' ? '1' : text[i] === 'a' ? 'b' : '0';
      return text.slice(0, i) + swap + text.slice(i + 1);
    };
    const parts = (header: string) => {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)!;
      return { t: t!, v1: v1! };
    };
    type Forgery = (
      body: string,
      header: string,
    ) => { body: string; headers: Record<string, string> };
    const signed =
      (
        change: (body: string, header: string) => { body?: string; header: string | null },
      ): Forgery =>
      (body, header) => {
        const forged = change(body, header);
        const headers: Record<string, string> = {};
        if (forged.header !== null) headers[SIGNATURE_HEADER] = forged.header;
        return { body: forged.body ?? body, headers };
      };

    it.each<[string, Forgery]>([
      [
        'the body’s first byte changed',
        signed((body, header) => ({ body: flip(body, 0), header })),
      ],
      [
        'a byte in the middle of the body changed',
        signed((body, header) => ({ body: body.replace('"COMPLETED"', '"COMPLETEE"'), header })),
      ],
      [
        'the body’s last byte changed',
        signed((body, header) => ({ body: flip(body, -1), header })),
      ],
      [
        'the signature’s first hex digit changed',
        signed((_body, header) => {
          const { t, v1 } = parts(header);
          return { header: `t=${t},v1=${flip(v1, 0)}` };
        }),
      ],
      [
        'the signature’s last hex digit changed',
        signed((_body, header) => ({ header: flip(header, -1) })),
      ],
      [
        'the timestamp moved by one second under the same signature',
        signed((_body, header) => {
          const { t, v1 } = parts(header);
          return { header: `t=${Number(t) + 1},v1=${v1}` };
        }),
      ],
      [
        'a signature made with another secret',
        signed((body) => ({ header: signCallback('not-the-secret', body) })),
      ],
      ['no signature header', signed(() => ({ header: null }))],
      [
        'a timestamp that is not a number',
        signed((_body, header) => ({ header: `t=soon,v1=${parts(header).v1}` })),
      ],
      ['no timestamp', signed((_body, header) => ({ header: `v1=${parts(header).v1}` }))],
      [
        'a timestamp past the tolerance, in the past',
        signed((body) => ({
          header: signCallback(secret(), body, new Date(Date.now() - BEYOND_TOLERANCE_MS)),
        })),
      ],
      [
        'a timestamp past the tolerance, in the future',
        signed((body) => ({
          header: signCallback(secret(), body, new Date(Date.now() + BEYOND_TOLERANCE_MS)),
        })),
      ],
      [
        'an empty body under the genuine signature',
        signed((_body, header) => ({ body: '', header })),
      ],
      ['an uppercase V1', signed((_body, header) => ({ header: header.replace(',v1=', ',V1=') }))],
      [
        'the signature in uppercase hex',
        signed((_body, header) => {
          const { t, v1 } = parts(header);
          return { header: `t=${t},v1=${v1.toUpperCase()}` };
        }),
      ],
      [
        'v1 twice, a wrong one before the genuine one',
        signed((_body, header) => {
          const { t, v1 } = parts(header);
          return { header: `t=${t},v1=${'0'.repeat(64)},v1=${v1}` };
        }),
      ],
      [
        'the genuine signature under another scheme (v0)',
        signed((_body, header) => ({ header: header.replace(',v1=', ',v0=') })),
      ],
      [
        'the legacy X-VERIFY header with a wrong salt index instead',
        (body) => ({
          body,
          headers: {
            'x-verify': `${createHash('sha256')
              .update(body + secret())
              .digest('hex')}###2`,
          },
        }),
      ],
    ])('%s', async (_case, forge) => {
      const before = await paymentSnapshot(t);
      const forged = forge(pending.callback.body, pending.callback.headers[SIGNATURE_HEADER]!);
      const response = await sendCallback(t, forged.body, forged.headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: 'Callback signature is not valid',
        code: 'invalid_signature',
      });
      expect(await paymentSnapshot(t)).toEqual(before);
    });

    it('still applies the genuine callback they were made from', async () => {
      const response = await sendCallback(t, pending.callback.body, pending.callback.headers);
      expect(response.json()).toEqual({ received: true, outcome: 'applied' });
      expect((await orderState(pending.orderId)).status).toBe('PD');
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
    const response = await sendSignedCallback(t, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Amount does not match the order',
      code: 'amount_mismatch',
    });
    expect(await orderState(orderId)).toEqual({
      status: 'UP',
      history: ['∅→UP (order_created)', 'UP→UP (payment_amount_mismatch)'],
    });
    // FLAGGED is final: reconciliation no longer asks about it, a later callback changes nothing.
    const flagged = await db().execute(
      sql`SELECT status, flagged, next_check_at FROM payments WHERE order_id = ${orderId}`,
    );
    expect(flagged.rows).toEqual([
      { status: 'FLAGGED', flagged: 'amount_mismatch', next_check_at: null },
    ]);
    const genuine = recorder.delivered.at(-1)!;
    const later = await sendCallback(t, genuine.body, genuine.headers);
    expect(later.json()).toEqual({ received: true, outcome: 'unchanged' });
    expect((await orderState(orderId)).status).toBe('UP');
  });

  it('refuses a signed callback for a transaction it never started (404, nothing changes)', async () => {
    const body = JSON.stringify({
      eventId: 'e-unknown',
      transactionId: 'NO-SUCH-TX',
      state: 'COMPLETED',
      amount: 100,
    });
    const response = await sendSignedCallback(t, body);
    expect(response.statusCode).toBe(404);
    const events = await db().execute(
      sql`SELECT count(*)::int AS n FROM payment_events WHERE event_id = 'e-unknown'`,
    );
    expect((events.rows[0] as { n: number }).n).toBe(0);
  });
});

describe('the store opened at another address than PUBLIC_URL', () => {
  it('a pay flow through the sandbox at 127.0.0.1 ends on the order’s payment result page there, within the CSP', async () => {
    expect(t.config.publicUrl).toBe('http://localhost:3000');
    const origin = 'http://127.0.0.1:3000';
    const host = { host: '127.0.0.1:3000' };
    const buyer = await createBuyer(t);
    const { orderId } = await placeOrder(t, buyer);
    const pay = await t.app.inject({
      url: `/api/payments/pay/${orderId}`,
      headers: { ...buyer.headers, ...host },
    });
    // Each URL resolved as the browser does, against the page it is on.
    const gateway = new URL((pay.json() as { paymentUrl: string }).paymentUrl, origin);
    const page = await t.app.inject({ url: gateway.pathname, headers: host });
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    const action = /<form method="post" action="([^"]+\/approve)">/.exec(page.body)![1]!;
    const form = new URL(action, gateway);
    const approved = await t.app.inject({ method: 'POST', url: form.pathname, headers: host });
    expect(approved.statusCode).toBe(303);
    // form-action 'self' also covers the form's redirect: it stays on the buyer's origin.
    const landed = new URL(approved.headers.location!, form);
    expect(landed.href).toBe(`${origin}/order-success?orderId=${orderId}`);
    expect((await orderState(orderId)).status).toBe('PD');
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
    await ageAttempts(orderId, '16 minutes');
    const second = (await startPayment(buyer, orderId)).json() as { paymentUrl: string };
    await decide(second.paymentUrl, 'approve');
    await decide(first, 'decline');
    expect((await orderState(orderId)).status).toBe('PD');
  });

  it('a second attempt completing on a paid order is flagged refund_due, noted in the history and logged at warn', async () => {
    const { buyer, orderId, mkpOrderId, paymentUrl: first } = await paidOrder();
    // The first attempt still open but too old to be offered again: the buyer gets a second.
    await ageAttempts(orderId, '16 minutes');
    const second = (await startPayment(buyer, orderId)).json() as { paymentUrl: string };
    await decide(first, 'approve');
    recorder.drop = true;
    await decide(second.paymentUrl, 'approve');
    recorder.drop = false;
    const callback = recorder.delivered.at(-1)!;
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: new URL(callback.url).pathname,
        payload: callback.body,
        headers: callback.headers,
      });
      expect(response.json()).toEqual({ received: true, outcome: 'refund_due' });
      const secondId = decodeURIComponent(second.paymentUrl.split('/').at(-1)!);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ merchantTransactionId: secondId, amountPaise: 100_000 }),
        'payment completed on an order already paid: a refund is due',
      );
    } finally {
      warn.mockRestore();
    }
    const attempts = await db().execute(
      sql`SELECT status, flagged FROM payments WHERE order_id = ${orderId} ORDER BY id`,
    );
    expect(attempts.rows).toEqual([
      { status: 'COMPLETED', flagged: null },
      { status: 'COMPLETED', flagged: 'refund_due' },
    ]);
    expect((await orderState(orderId)).history).toEqual([
      '∅→UP (order_created)',
      'UP→PD (payment_callback)',
      'PD→PD (payment_refund_due)',
    ]);
    expect(await confirmationEmails(mkpOrderId)).toHaveLength(1);
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
        // PhonePe's cadence a hundred times faster: the first check 200 ms after the start.
        reconciliation: { intervalMs: 50, expiryIntervalMs: 60_000 },
        schedule: { scale: 0.01, timeoutMs: 20 * 60_000 },
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
