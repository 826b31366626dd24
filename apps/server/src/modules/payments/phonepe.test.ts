import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer } from '../../test/buyers.js';
import { FAKE_PHONEPE_CREDENTIALS, startPhonePeFake, type PhonePeFake } from './phonepe-fake.js';
import { createPhonePeProvider, webhookAuthorization } from './phonepe-provider.js';
import { placeOrder } from './test-support.js';

let fake: PhonePeFake;
let t: TestApp;
let webhookUrl: string;

beforeAll(async () => {
  fake = await startPhonePeFake();
  const provider = createPhonePeProvider({
    ...FAKE_PHONEPE_CREDENTIALS,
    authUrl: fake.baseUrl,
    apiUrl: fake.baseUrl,
  });
  t = await buildTestApp({
    products: 5,
    config: { publicUrl: 'https://shop.example.in' },
    payments: { provider },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/payments/callback/phonepe`;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function order() {
  const buyer = await createBuyer(t);
  const placed = await placeOrder(t, buyer);
  const started = await t.app.inject({
    url: `/api/payments/pay/${placed.orderId}`,
    headers: buyer.headers,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { paymentUrl } = started.json() as { paymentUrl: string };
  const [attempt] = (
    await t.database.db.execute(
      sql`SELECT merchant_transaction_id FROM payments WHERE order_id = ${placed.orderId}`,
    )
  ).rows as { merchant_transaction_id: string }[];
  return { buyer, ...placed, paymentUrl, merchantOrderId: attempt!.merchant_transaction_id };
}

const statusOf = async (orderId: string) =>
  (
    (await t.database.db.execute(sql`SELECT p_status FROM orders WHERE id = ${orderId}`))
      .rows[0] as { p_status: string }
  ).p_status;

describe('the PhonePe provider against a fake that follows PhonePe’s documented API', () => {
  it('gets an O-Bearer token with the client credentials and creates the payment in paise', async () => {
    const { paymentUrl, merchantOrderId, orderId } = await order();
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
    expect(JSON.parse(pay.body)).toMatchObject({
      merchantOrderId,
      amount: 100_000,
      paymentFlow: {
        type: 'PG_CHECKOUT',
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

  it('a verified webhook, confirmed by the status call, marks the order Paid once', async () => {
    const { orderId, merchantOrderId } = await order();
    fake.decide(merchantOrderId, 'COMPLETED');
    expect(await fake.sendWebhook(webhookUrl, merchantOrderId)).toBe(200);
    expect(await statusOf(orderId)).toBe('PD');
    const statusCalls = fake.requests.filter(
      (r) => r.path === `/checkout/v2/order/${merchantOrderId}/status`,
    );
    expect(statusCalls).toHaveLength(1);
    expect(await fake.sendWebhook(webhookUrl, merchantOrderId)).toBe(200);
    const history = await t.database.db.execute(
      sql`SELECT to_status FROM order_status_history WHERE order_id = ${orderId}`,
    );
    expect(history.rows).toHaveLength(2);
  });

  it('a failed payment webhook marks the order Payment Failed', async () => {
    const { orderId, merchantOrderId } = await order();
    fake.decide(merchantOrderId, 'FAILED');
    expect(await fake.sendWebhook(webhookUrl, merchantOrderId)).toBe(200);
    expect(await statusOf(orderId)).toBe('PF');
  });

  it.each([
    ['a wrong Authorization', webhookAuthorization('storefront_hook', 'wrongPassw0rd')],
    ['no Authorization', null],
    ['the password in clear', 'hookPassw0rd'],
  ])('refuses a webhook with %s (401, nothing changes)', async (_case, authorization) => {
    const { orderId, merchantOrderId } = await order();
    fake.decide(merchantOrderId, 'COMPLETED');
    expect(await fake.sendWebhook(webhookUrl, merchantOrderId, { authorization })).toBe(401);
    expect(await statusOf(orderId)).toBe('UP');
  });

  it('does not trust the webhook body: a COMPLETED claim the status call does not confirm changes nothing', async () => {
    const { orderId, merchantOrderId } = await order();
    // The gateway has not completed the payment; a forged body (with a leaked header) says it has.
    const forged = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: webhookAuthorization(
          FAKE_PHONEPE_CREDENTIALS.webhookUsername,
          FAKE_PHONEPE_CREDENTIALS.webhookPassword,
        ),
      },
      body: JSON.stringify({
        event: 'checkout.order.completed',
        payload: { orderId: 'OMOFAKE', merchantOrderId, state: 'COMPLETED', amount: 100_000 },
      }),
    });
    expect(forged.status).toBe(200);
    expect(await statusOf(orderId)).toBe('UP');
  });

  it('flags a status answer whose amount is not the order’s and leaves the order unpaid', async () => {
    const { orderId, merchantOrderId } = await order();
    fake.decide(merchantOrderId, 'COMPLETED');
    fake.statusAmountOverride.set(merchantOrderId, 100);
    expect(await fake.sendWebhook(webhookUrl, merchantOrderId)).toBe(400);
    expect(await statusOf(orderId)).toBe('UP');
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
            sql`SELECT status FROM payments WHERE order_id = ${other.orderId}`,
          )
        ).rows,
      ).toEqual([{ status: 'ERROR' }]);
    } finally {
      await broken.close();
    }
  });
});
