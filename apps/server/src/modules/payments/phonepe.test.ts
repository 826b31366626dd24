import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer } from '../../test/buyers.js';
import { createStaff, signIn } from '../../test/staff.js';
import { TaxSetupCache } from '../gst/tax-setup.js';
import { createPayments, createRefunds } from './module.js';
import { MAX_REFUND_SENDS } from './refunds.js';
import { FAKE_PHONEPE_CREDENTIALS, startPhonePeFake, type PhonePeFake } from './phonepe-fake.js';
import { createPhonePeProvider, webhookAuthorization } from './phonepe-provider.js';
import { orderAwaitingPayment, paymentSnapshot, placeOrder } from './test-support.js';

let fake: PhonePeFake;
let t: TestApp;
let webhookUrl: string;
const provider = () =>
  createPhonePeProvider({
    ...FAKE_PHONEPE_CREDENTIALS,
    authUrl: fake.baseUrl,
    apiUrl: fake.baseUrl,
  });
let phonepe: ReturnType<typeof provider>;
/** What the app logged at info as it started listening. */
let startLog: unknown[];

beforeAll(async () => {
  fake = await startPhonePeFake();
  phonepe = provider();
  t = await buildTestApp({
    products: 5,
    config: { publicUrl: 'https://shop.example.in' },
    payments: { provider: phonepe },
  });
  const info = vi.spyOn(t.app.log, 'info');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  startLog = info.mock.calls.map(([line]) => line);
  info.mockRestore();
  webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/payments/callback/phonepe`;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const RIGHT_AUTHORIZATION = webhookAuthorization(
  FAKE_PHONEPE_CREDENTIALS.webhookUsername,
  FAKE_PHONEPE_CREDENTIALS.webhookPassword,
);

const order = () => orderAwaitingPayment(t);

const statusOf = async (orderId: string) =>
  (
    (await t.database.db.execute(sql`SELECT p_status FROM orders WHERE id = ${orderId}`))
      .rows[0] as { p_status: string }
  ).p_status;

async function historyOf(orderId: string) {
  const rows = await t.database.db.execute(
    sql`SELECT from_status, to_status, cause FROM order_status_history WHERE order_id = ${orderId} ORDER BY id`,
  );
  return (rows.rows as { from_status: string | null; to_status: string; cause: string }[]).map(
    (h) => `${h.from_status ?? '∅'}→${h.to_status} (${h.cause})`,
  );
}

async function attemptsOf(orderId: string) {
  const rows = await t.database.db.execute(
    sql`SELECT status, flagged, next_check_at IS NOT NULL AS watched FROM payments WHERE order_id = ${orderId} ORDER BY id`,
  );
  return rows.rows as { status: string; flagged: string | null; watched: boolean }[];
}

async function confirmationEmails(mkpOrderId: string) {
  const rows = await t.database.db.execute(
    sql`SELECT id FROM email_outbox WHERE kind = 'payment_confirmation' AND subject = ${`Payment received for order ${mkpOrderId}`}`,
  );
  return rows.rows.length;
}

/** The reconciliation worker's service, on the app's database, at `offsetMs` from now. */
function reconcilerAt(offsetMs: number) {
  return createPayments(
    { db: t.database.db, config: t.config, taxSetup: new TaxSetupCache(t.database.db) },
    phonepe,
    {
      log: t.app.log,
      clock: () => new Date(Date.now() + offsetMs),
    },
  );
}

async function postWebhook(headers: Record<string, string>, body: string) {
  const response = await fetch(webhookUrl, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** A webhook with the right Authorization and a body written by the test. */
function authenticWebhook(event: string, payload: Record<string, unknown>) {
  return postWebhook(
    { 'content-type': 'application/json', authorization: RIGHT_AUTHORIZATION },
    JSON.stringify({ event, payload }),
  );
}

describe('the PhonePe provider against a fake that follows PhonePe’s documented API', () => {
  it('gets an O-Bearer token with the client credentials and creates the payment in paise', async () => {
    const { paymentUrl, merchantOrderId, orderId, mkpOrderId } = await order();
    const token = fake.requests.find((r) => r.path === '/v1/oauth/token')!;
    expect(token.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({
      client_id: FAKE_PHONEPE_CREDENTIALS.clientId,
      client_version: '1',
      client_secret: FAKE_PHONEPE_CREDENTIALS.clientSecret,
      grant_type: 'client_credentials',
    });
    const pay = fake.requests.filter((r) => r.path === '/checkout/v2/pay').at(-1)!;
    expect(pay.headers.authorization).toMatch(/^O-Bearer [0-9a-f]{32}$/);
    expect(JSON.parse(pay.body)).toEqual({
      merchantOrderId,
      amount: 100_000,
      expireAfter: 1200,
      metaInfo: { udf1: mkpOrderId },
      paymentFlow: {
        type: 'PG_CHECKOUT',
        message: `Payment for order ${mkpOrderId}`,
        merchantUrls: { redirectUrl: `https://shop.example.in/order-success?orderId=${orderId}` },
      },
    });
    expect(merchantOrderId).toMatch(/^[A-Za-z0-9_-]{1,63}$/);
    expect(paymentUrl).toBe(
      `${fake.baseUrl}/checkout/${fake.orders.get(merchantOrderId)!.orderId}`,
    );
    // The token is cached: a second payment does not ask for another.
    await order();
    expect(fake.requests.filter((r) => r.path === '/v1/oauth/token')).toHaveLength(1);
  });

  it('says at start which address to open the store at: PUBLIC_URL, where PhonePe returns buyers', () => {
    expect(startLog).toContain(
      'PhonePe returns buyers to https://shop.example.in: open the store at that address',
    );
  });

  it('the gateway’s checkout page sends the buyer back to merchantUrls.redirectUrl', async () => {
    const { paymentUrl, orderId } = await order();
    const page = await fetch(paymentUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    const back = `https://shop.example.in/order-success?orderId=${orderId}`;
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${back}">`);
    expect(html).toContain(`<a href="${back}">Return to the merchant</a>`);
    expect(html).toContain('₹1000.00');
  });

  it('a verified webhook, confirmed by the status call, marks the order Paid once', async () => {
    const { orderId, merchantOrderId, mkpOrderId } = await order();
    fake.decide(merchantOrderId, 'COMPLETED');
    const webhook = JSON.parse(fake.webhook(merchantOrderId).body) as {
      event: string;
      payload: Record<string, unknown>;
    };
    expect(webhook.event).toBe('checkout.order.completed');
    expect(webhook.payload).toMatchObject({
      merchantOrderId,
      state: 'COMPLETED',
      amount: 100_000,
      metaInfo: { udf1: mkpOrderId },
      paymentDetails: [{ paymentMode: 'UPI_INTENT', amount: 100_000, state: 'COMPLETED' }],
    });
    expect(await fake.sendWebhook(webhookUrl, merchantOrderId)).toBe(200);
    expect(await statusOf(orderId)).toBe('PD');
    expect(fake.statusRequests(merchantOrderId)).toBe(1);
    // What the status call answered is kept on the attempt, details and all.
    const stored = await t.database.db.execute(
      sql`SELECT raw_status FROM payments WHERE order_id = ${orderId}`,
    );
    expect((stored.rows[0] as { raw_status: { status: unknown } }).raw_status.status).toMatchObject(
      {
        state: 'COMPLETED',
        amount: 100_000,
        metaInfo: { udf1: mkpOrderId },
        paymentDetails: [{ state: 'COMPLETED', amount: 100_000 }],
      },
    );
    expect(await fake.sendWebhook(webhookUrl, merchantOrderId)).toBe(200);
    expect(await historyOf(orderId)).toEqual(['∅→UP (order_created)', 'UP→PD (payment_callback)']);
    expect(await confirmationEmails(mkpOrderId)).toBe(1);
  });

  it('a failed payment webhook marks the order Payment Failed', async () => {
    const { orderId, merchantOrderId } = await order();
    fake.decide(merchantOrderId, 'FAILED');
    expect(await fake.sendWebhook(webhookUrl, merchantOrderId)).toBe(200);
    expect(await statusOf(orderId)).toBe('PF');
  });

  it('does not trust the webhook body: a COMPLETED claim the status call does not confirm changes nothing', async () => {
    const { orderId, merchantOrderId } = await order();
    // The gateway has not completed the payment; a forged body (with a leaked header) says it has.
    const forged = await authenticWebhook('checkout.order.completed', {
      orderId: 'OMOFAKE',
      merchantOrderId,
      state: 'COMPLETED',
      amount: 100_000,
    });
    expect(forged).toEqual({ status: 200, body: { received: true, outcome: 'pending' } });
    expect(await statusOf(orderId)).toBe('UP');
  });

  it('answers 404 to an authentic event about a refund it never made, and changes nothing', async () => {
    const before = await paymentSnapshot(t);
    const answer = await authenticWebhook('pg.refund.completed', {
      merchantRefundId: 'R1',
      originalMerchantOrderId: 'X',
      amount: 100,
      state: 'COMPLETED',
    });
    expect(answer).toMatchObject({ status: 404, body: { code: 'unknown_refund' } });
    expect(await paymentSnapshot(t)).toEqual(before);
  });

  it('answers a gateway failure to create the payment with 502 and the spec’s message', async () => {
    const broken = await buildTestApp({
      products: 1,
      payments: {
        provider: createPhonePeProvider({
          ...FAKE_PHONEPE_CREDENTIALS,
          clientSecret: 'wrong',
          authUrl: fake.baseUrl,
          apiUrl: fake.baseUrl,
        }),
      },
    });
    try {
      const otherBuyer = await createBuyer(broken);
      const other = await placeOrder(broken, otherBuyer);
      const response = await broken.app.inject({
        url: `/api/payments/pay/${other.orderId}`,
        headers: otherBuyer.headers,
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        detail: 'Payment processing failed',
        code: 'gateway_error',
      });
      expect(
        (
          await broken.database.db.execute(
            sql`SELECT status, next_check_at FROM payments WHERE order_id = ${other.orderId}`,
          )
        ).rows,
      ).toEqual([{ status: 'ERROR', next_check_at: null }]);
    } finally {
      await broken.close();
    }
  });
});

describe('an order’s open checkout is reused while it is valid', () => {
  const creates = () => fake.requests.filter((r) => r.path === '/checkout/v2/pay').length;

  it('answers concurrent and later requests the one checkout PhonePe created, asked for once', async () => {
    const buyer = await createBuyer(t);
    const placed = await placeOrder(t, buyer);
    const pay = () =>
      t.app.inject({ url: `/api/payments/pay/${placed.orderId}`, headers: buyer.headers });
    const before = creates();
    let release!: () => void;
    fake.payDelay = new Promise((resolve) => (release = resolve));
    try {
      const first = pay();
      // The others arrive while PhonePe is still creating the first one's checkout.
      while (fake.requests.at(-1)?.path !== '/checkout/v2/pay')
        await new Promise((resolve) => setTimeout(resolve, 10));
      const others = Array.from({ length: 5 }, pay);
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      const answers = await Promise.all([first, ...others]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const urls = new Set(answers.map((a) => (a.json() as { paymentUrl: string }).paymentUrl));
      expect(urls.size).toBe(1);
      const [url] = urls;
      expect(url).toMatch(new RegExp(`^${fake.baseUrl}/checkout/OMO[0-9A-F]+$`));
      expect((await pay()).json()).toEqual({ paymentUrl: url });
    } finally {
      fake.payDelay = null;
    }
    expect(creates() - before).toBe(1);
    expect(await attemptsOf(placed.orderId)).toEqual([
      { status: 'PENDING', flagged: null, watched: true },
    ]);
  });

  it('asks PhonePe about the one attempt however often the buyer asks to pay', async () => {
    const { buyer, orderId, merchantOrderId } = await order();
    for (let i = 0; i < 5; i++)
      await t.app.inject({ url: `/api/payments/pay/${orderId}`, headers: buyer.headers });
    await reconcilerAt(21_000).reconcile();
    const attempts = await t.database.db.execute(
      sql`SELECT merchant_transaction_id AS id FROM payments WHERE order_id = ${orderId}`,
    );
    expect((attempts.rows as { id: string }[]).map((a) => a.id)).toEqual([merchantOrderId]);
    expect(fake.statusRequests(merchantOrderId)).toBe(1);
  });

  it('opens a new checkout once the open one has under 5 of its 20 minutes left', async () => {
    const { buyer, orderId, paymentUrl } = await order();
    await t.database.db.execute(
      sql`UPDATE payments SET created_at = created_at - interval '15 minutes' WHERE order_id = ${orderId}`,
    );
    const before = creates();
    const fresh = await t.app.inject({
      url: `/api/payments/pay/${orderId}`,
      headers: buyer.headers,
    });
    expect((fresh.json() as { paymentUrl: string }).paymentUrl).not.toBe(paymentUrl);
    expect(creates() - before).toBe(1);
  });
});

describe('a late success after a failure is applied even when its webhook is lost (G9)', () => {
  async function failedThenPaid() {
    const placed = await order();
    fake.decide(placed.merchantOrderId, 'FAILED');
    expect(await fake.sendWebhook(webhookUrl, placed.merchantOrderId)).toBe(200);
    expect(await statusOf(placed.orderId)).toBe('PF');
    // The payer's bank confirms after all; PhonePe's webhook for it never arrives.
    fake.decide(placed.merchantOrderId, 'COMPLETED');
    return placed;
  }

  it('by the status query the buyer’s return triggers', async () => {
    const { buyer, orderId, mkpOrderId } = await failedThenPaid();
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/payments/status/${orderId}`,
      headers: buyer.headers,
    });
    expect(answer.json()).toEqual({ pStatus: 'PD' });
    expect(await historyOf(orderId)).toEqual([
      '∅→UP (order_created)',
      'UP→PF (payment_callback)',
      'PF→PD (status_query)',
    ]);
    expect(await attemptsOf(orderId)).toEqual([
      { status: 'COMPLETED', flagged: null, watched: false },
    ]);
    expect(await confirmationEmails(mkpOrderId)).toBe(1);
  });

  it('by reconciliation, which keeps asking about a FAILED attempt', async () => {
    const { orderId, merchantOrderId } = await failedThenPaid();
    expect(await attemptsOf(orderId)).toEqual([{ status: 'FAILED', flagged: null, watched: true }]);
    const asked = fake.statusRequests(merchantOrderId);
    expect(await reconcilerAt(25_000).reconcile()).toBeGreaterThanOrEqual(1);
    expect(fake.statusRequests(merchantOrderId)).toBe(asked + 1);
    expect(await historyOf(orderId)).toEqual([
      '∅→UP (order_created)',
      'UP→PF (payment_callback)',
      'PF→PD (reconciliation)',
    ]);
  });
});

describe('amounts (G10)', () => {
  it.each<[string, (merchantOrderId: string) => { amount?: number }]>([
    [
      'the status call answers another amount',
      (merchantOrderId) => {
        fake.statusAmountOverride.set(merchantOrderId, 100);
        return {};
      },
    ],
    [
      'the webhook body claims another amount, the status call the order’s',
      () => ({ amount: 1_000 }),
    ],
  ])(
    'flags the attempt when %s: FLAGGED, never Paid, no longer asked about',
    async (_case, arrange) => {
      const { orderId, merchantOrderId } = await order();
      fake.decide(merchantOrderId, 'COMPLETED');
      const { headers, body } = fake.webhook(merchantOrderId, arrange(merchantOrderId));
      expect(await postWebhook(headers, body)).toEqual({
        status: 400,
        body: { detail: 'Amount does not match the order', code: 'amount_mismatch' },
      });
      expect(await statusOf(orderId)).toBe('UP');
      expect(await attemptsOf(orderId)).toEqual([
        { status: 'FLAGGED', flagged: 'amount_mismatch', watched: false },
      ]);
      expect(await historyOf(orderId)).toEqual([
        '∅→UP (order_created)',
        'UP→UP (payment_amount_mismatch)',
      ]);
      const asked = fake.statusRequests(merchantOrderId);
      await reconcilerAt(25 * 60_000).reconcile();
      expect(fake.statusRequests(merchantOrderId)).toBe(asked);
      expect(await statusOf(orderId)).toBe('UP');
    },
  );
});

describe('webhooks the status call cannot confirm', () => {
  it('refuses a webhook for a transaction never started with 404, before asking the gateway', async () => {
    await order();
    const before = await paymentSnapshot(t);
    const statusCalls = fake.requests.filter((r) => r.path.endsWith('/status')).length;
    const answer = await authenticWebhook('checkout.order.completed', {
      orderId: 'OMO1',
      merchantOrderId: 'NO-SUCH-ORDER',
      state: 'COMPLETED',
      amount: 100_000,
    });
    expect(answer).toEqual({
      status: 404,
      body: { detail: 'Unknown payment transaction', code: 'unknown_transaction' },
    });
    expect(fake.requests.filter((r) => r.path.endsWith('/status'))).toHaveLength(statusCalls);
    expect(await paymentSnapshot(t)).toEqual(before);
  });

  it('answers 502 without internals when the status call fails, so PhonePe retries; the retry is applied', async () => {
    const { orderId, merchantOrderId } = await order();
    fake.decide(merchantOrderId, 'COMPLETED');
    const before = await paymentSnapshot(t);
    const { headers, body } = fake.webhook(merchantOrderId);
    fake.statusFailure = 500;
    try {
      expect(await postWebhook(headers, body)).toEqual({
        status: 502,
        body: {
          detail: 'The payment status could not be confirmed; please retry',
          code: 'status_unavailable',
        },
      });
    } finally {
      fake.statusFailure = null;
    }
    expect(await paymentSnapshot(t)).toEqual(before);
    expect(await fake.sendWebhook(webhookUrl, merchantOrderId)).toBe(200);
    expect(await statusOf(orderId)).toBe('PD');
  });

  it('gives up a slow status call within 3 s with a 502, and reconciliation heals it', async () => {
    const { orderId, merchantOrderId } = await order();
    fake.decide(merchantOrderId, 'COMPLETED');
    const before = await paymentSnapshot(t);
    const { headers, body } = fake.webhook(merchantOrderId);
    let release: (() => void) | undefined;
    fake.statusDelay = new Promise<void>((resolve) => (release = resolve));
    try {
      // The adapter's budget for a callback's status call is 2.5 s (PhonePe waits 3–5 s).
      const answer = await postWebhook(headers, body);
      expect(answer).toEqual({
        status: 502,
        body: {
          detail: 'The payment status could not be confirmed; please retry',
          code: 'status_unavailable',
        },
      });
      expect(await paymentSnapshot(t)).toEqual(before);
    } finally {
      fake.statusDelay = null;
      release?.();
    }
    await reconcilerAt(25_000).reconcile();
    expect(await historyOf(orderId)).toEqual(['∅→UP (order_created)', 'UP→PD (reconciliation)']);
  });
});

describe('50 concurrent identical SUCCESS webhooks (G8)', () => {
  it('all answer 2xx; one state change and one email', async () => {
    const { orderId, merchantOrderId, mkpOrderId } = await order();
    fake.decide(merchantOrderId, 'COMPLETED');
    const { headers, body } = fake.webhook(merchantOrderId);
    const answers = await Promise.all(Array.from({ length: 50 }, () => postWebhook(headers, body)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const outcomes = answers.map((a) => (a.body as { outcome: string }).outcome);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(49);
    expect(await historyOf(orderId)).toEqual(['∅→UP (order_created)', 'UP→PD (payment_callback)']);
    expect(await confirmationEmails(mkpOrderId)).toBe(1);
  });
});

describe('forged PhonePe webhooks are refused with 401 before the gateway is asked, changing nothing (G7)', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const { webhookUsername: user, webhookPassword: password } = FAKE_PHONEPE_CREDENTIALS;

  it.each<[string, Record<string, string>]>([
    ['a wrong password', { authorization: webhookAuthorization(user, 'wrongPassw0rd') }],
    ['the username alone', { authorization: sha256(user) }],
    ['username and password swapped', { authorization: webhookAuthorization(password, user) }],
    ['a "SHA256 " prefix', { authorization: `SHA256 ${RIGHT_AUTHORIZATION}` }],
    ['no Authorization', {}],
    ['the password in clear', { authorization: password }],
    [
      'the legacy X-VERIFY header with a wrong salt index',
      { 'x-verify': `${RIGHT_AUTHORIZATION}###2` },
    ],
  ])('%s', async (_case, authHeaders) => {
    const { orderId, merchantOrderId } = await order();
    fake.decide(merchantOrderId, 'COMPLETED');
    const before = await paymentSnapshot(t);
    const { body } = fake.webhook(merchantOrderId);
    const answer = await postWebhook({ 'content-type': 'application/json', ...authHeaders }, body);
    expect(answer).toEqual({
      status: 401,
      body: { detail: 'Callback signature is not valid', code: 'invalid_signature' },
    });
    expect(fake.statusRequests(merchantOrderId)).toBe(0);
    expect(await paymentSnapshot(t)).toEqual(before);
    expect(await statusOf(orderId)).toBe('UP');
  });
});

describe('the fake gateway’s tokens and orders expire', () => {
  it('the adapter replaces its O-Bearer token before expires_at, so no call carries an expired one', async () => {
    let now = Date.UTC(2026, 10, 24, 10, 0, 0);
    const clockFake = await startPhonePeFake({ now: () => now, tokenTtlSeconds: 600 });
    try {
      const adapter = createPhonePeProvider(
        { ...FAKE_PHONEPE_CREDENTIALS, authUrl: clockFake.baseUrl, apiUrl: clockFake.baseUrl },
        { now: () => now },
      );
      const start = (id: string) =>
        adapter.start({
          merchantTransactionId: id,
          amountPaise: 500,
          mkpOrderId: 'MKP-1',
          redirectUrl: 'https://shop.example.in/order-success',
          callbackUrl: 'https://shop.example.in/api/payments/callback/phonepe',
        });
      const tokenCalls = () =>
        clockFake.requests.filter((r) => r.path === '/v1/oauth/token').length;
      const bearerOf = (index: number) =>
        String(clockFake.requests[index]!.headers.authorization).replace('O-Bearer ', '');

      await start('TOKEN-1');
      const first = bearerOf(clockFake.requests.length - 1);
      now += 539_000; // 61 s before expires_at: the cached token still serves
      await adapter.fetchStatus('TOKEN-1');
      expect(tokenCalls()).toBe(1);
      now += 2_000; // 59 s before expires_at: replaced first
      expect((await adapter.fetchStatus('TOKEN-1')).state).toBe('PENDING');
      expect(tokenCalls()).toBe(2);
      expect(bearerOf(clockFake.requests.length - 1)).not.toBe(first);
      expect(clockFake.requests.filter((r) => r.path !== '/v1/oauth/token')).toHaveLength(3);

      // The fake does refuse a token past its expires_at.
      now += 60_000;
      const stale = await fetch(`${clockFake.baseUrl}/checkout/v2/order/TOKEN-1/status`, {
        headers: { authorization: `O-Bearer ${first}` },
      });
      expect(stale.status).toBe(401);
    } finally {
      await clockFake.close();
    }
  });

  it('refuses expireAfter outside 300–3600 s and reports a pending order past its expireAt as FAILED', async () => {
    let now = Date.UTC(2026, 10, 24, 10, 0, 0);
    const clockFake = await startPhonePeFake({ now: () => now });
    try {
      const tokenAnswer = await fetch(`${clockFake.baseUrl}/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: FAKE_PHONEPE_CREDENTIALS.clientId,
          client_version: '1',
          client_secret: FAKE_PHONEPE_CREDENTIALS.clientSecret,
          grant_type: 'client_credentials',
        }),
      });
      const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
      const pay = (merchantOrderId: string, expireAfter: number) =>
        fetch(`${clockFake.baseUrl}/checkout/v2/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `O-Bearer ${token}` },
          body: JSON.stringify({
            merchantOrderId,
            amount: 100,
            expireAfter,
            paymentFlow: { type: 'PG_CHECKOUT', merchantUrls: { redirectUrl: 'https://x.in/' } },
          }),
        });
      expect((await pay('EXP-1', 299)).status).toBe(400);
      expect((await pay('EXP-2', 3601)).status).toBe(400);
      const created = (await (await pay('EXP-3', 300)).json()) as { expireAt: number };
      expect(created.expireAt).toBe(now + 300_000);

      const status = async () =>
        (await (
          await fetch(`${clockFake.baseUrl}/checkout/v2/order/EXP-3/status`, {
            headers: { authorization: `O-Bearer ${token}` },
          })
        ).json()) as { state: string; paymentDetails: unknown[] };
      now += 299_000;
      expect((await status()).state).toBe('PENDING');
      now += 1_000;
      expect(await status()).toMatchObject({ state: 'FAILED', paymentDetails: [] });
    } finally {
      await clockFake.close();
    }
  });
});

describe('refunds through PhonePe’s refund and refund-status APIs', () => {
  async function paidThroughPhonePe() {
    const placed = await order();
    fake.decide(placed.merchantOrderId, 'COMPLETED');
    expect(await fake.sendWebhook(webhookUrl, placed.merchantOrderId)).toBe(200);
    expect(await statusOf(placed.orderId)).toBe('PD');
    return placed;
  }
  const refundsOf = async (orderId: string) =>
    (
      await t.database.db.execute(
        sql`SELECT merchant_refund_id, status, amount_paise FROM refunds WHERE order_id = ${orderId} ORDER BY id`,
      )
    ).rows as { merchant_refund_id: string; status: string; amount_paise: string }[];

  it('sends the refund in paise against the attempt, waits while PhonePe has it, and settles on its webhook', async () => {
    const { orderId, mkpOrderId, merchantOrderId } = await paidThroughPhonePe();
    const finance = await signIn(t, await createStaff(t, 'finance'));
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${mkpOrderId}/refunds`,
      headers: { ...finance, 'idempotency-key': 'pp-1' },
      payload: { reason: 'Returned', amountPaise: 100_000 },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().refund.status).toBe('PENDING');
    const [row] = await refundsOf(orderId);
    const call = fake.requests.find((r) => r.path === '/payments/v2/refund')!;
    expect(JSON.parse(call.body)).toEqual({
      merchantRefundId: row!.merchant_refund_id,
      originalMerchantOrderId: merchantOrderId,
      amount: 100_000,
    });
    expect(call.headers.authorization).toMatch(/^O-Bearer /);
    // PhonePe settles it and says so; the webhook is a hint, the status call the truth.
    fake.decideRefund(row!.merchant_refund_id, 'COMPLETED');
    const { headers, body } = fake.refundWebhook(row!.merchant_refund_id);
    const hook = await fetch(webhookUrl, { method: 'POST', headers, body });
    expect(hook.status).toBe(200);
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'COMPLETED' }]);
    expect(await statusOf(orderId)).toBe('REFUNDED');
    expect(
      fake.requests.some((r) => r.path === `/payments/v2/refund/${row!.merchant_refund_id}/status`),
    ).toBe(true);
  });

  it('reconciliation asks about a pending refund until PhonePe says it failed, and it is visible', async () => {
    const { orderId, mkpOrderId } = await paidThroughPhonePe();
    let now = new Date();
    const refunds = createRefunds({ db: t.database.db, config: t.config }, phonepe, {
      log: t.app.log,
      clock: () => now,
    });
    const finance = await signIn(t, await createStaff(t, 'finance'));
    await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${mkpOrderId}/refunds`,
      headers: { ...finance, 'idempotency-key': 'pp-2' },
      payload: { reason: 'Returned', amountPaise: 20_000 },
    });
    const [row] = await refundsOf(orderId);
    now = new Date(Date.now() + 60_000);
    await refunds.reconcile();
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'PENDING' }]);
    fake.decideRefund(row!.merchant_refund_id, 'FAILED');
    now = new Date(Date.now() + 120_000);
    await refunds.reconcile();
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'FAILED' }]);
    const queue = await t.app.inject({
      url: '/api/staff/payments/attention',
      headers: finance,
    });
    expect(queue.json().items).toContainEqual(
      expect.objectContaining({
        reason: 'refund_failed',
        mkpOrderId,
        evidence: expect.objectContaining({ error: 'REFUND_FAILED / BANK_REJECTED' }),
      }),
    );
    expect(await statusOf(orderId)).toBe('PD');
  });

  it('a refund PhonePe refuses outright is retried, and failed after the last try', async () => {
    const { orderId, mkpOrderId } = await paidThroughPhonePe();
    const finance = await signIn(t, await createStaff(t, 'finance'));
    fake.refundFailure = 500;
    try {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/staff/orders/${mkpOrderId}/refunds`,
        headers: { ...finance, 'idempotency-key': 'pp-3' },
        payload: { reason: 'Returned', amountPaise: 10_000 },
      });
      expect(sent.json().refund).toMatchObject({ status: 'REQUESTED' });
      let now = new Date();
      const refunds = createRefunds({ db: t.database.db, config: t.config }, phonepe, {
        log: t.app.log,
        clock: () => now,
      });
      for (let round = 0; round < MAX_REFUND_SENDS; round++) {
        now = new Date(now.getTime() + 3_600_000);
        await refunds.reconcile();
      }
      const [row] = await refundsOf(orderId);
      expect(row!.status).toBe('FAILED');
    } finally {
      fake.refundFailure = null;
    }
  });
});
