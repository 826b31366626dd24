/**
 * G11: no callback ever arrives. Reconciliation asks PhonePe (the fake) on its documented
 * cadence, driven here by an injected clock one second at a time, so the whole 20 minutes run in
 * seconds and every number is exact: when each true state is known, how many status requests
 * each attempt cost, and that none follow the timeout.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer } from '../../test/buyers.js';
import { TaxSetupCache } from '../gst/tax-setup.js';
import { createPayments } from './module.js';
import { FAKE_PHONEPE_CREDENTIALS, startPhonePeFake, type PhonePeFake } from './phonepe-fake.js';
import { createPhonePeProvider } from './phonepe-provider.js';
import type { PaymentsService } from './service.js';
import { placeOrder } from './test-support.js';

let fake: PhonePeFake;
let t: TestApp;
let reconciler: PaymentsService;
/** The payments clock; the database's own clock stays at the real time. */
let nowMs = Math.ceil(Date.now() / 1000) * 1000;
const clock = () => new Date(nowMs);

beforeAll(async () => {
  // The gateway keeps the real time: its orders (expireAfter 1200 s) stay pending throughout.
  fake = await startPhonePeFake();
  const provider = createPhonePeProvider({
    ...FAKE_PHONEPE_CREDENTIALS,
    authUrl: fake.baseUrl,
    apiUrl: fake.baseUrl,
  });
  t = await buildTestApp({ products: 5, payments: { provider, clock } });
  reconciler = createPayments(
    { db: t.database.db, config: t.config, taxSetup: new TaxSetupCache(t.database.db) },
    provider,
    {
      log: t.app.log,
      clock,
    },
  );
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function startAttempt() {
  const buyer = await createBuyer(t);
  const { orderId } = await placeOrder(t, buyer);
  const started = await t.app.inject({
    url: `/api/payments/pay/${orderId}`,
    headers: buyer.headers,
  });
  expect(started.statusCode, started.body).toBe(200);
  const [attempt] = (
    await t.database.db.execute(
      sql`SELECT merchant_transaction_id FROM payments WHERE order_id = ${orderId}`,
    )
  ).rows as { merchant_transaction_id: string }[];
  return { orderId, merchantOrderId: attempt!.merchant_transaction_id };
}

async function orderStatus(orderId: string) {
  const rows = await t.database.db.execute(sql`SELECT p_status FROM orders WHERE id = ${orderId}`);
  return (rows.rows[0] as { p_status: string }).p_status;
}

async function attempt(orderId: string) {
  const rows = await t.database.db.execute(
    sql`SELECT status, next_check_at IS NOT NULL AS watched FROM payments WHERE order_id = ${orderId}`,
  );
  return rows.rows[0] as { status: string; watched: boolean };
}

describe('no callback ever arrives (G11)', () => {
  it('knows every true state within 90 s on PhonePe’s cadence', async () => {
    const base = nowMs;
    // Decided by the payer at 0, 30, 60 and 85 s; PhonePe's webhooks are all lost.
    const plan = [
      { decideAt: 0, state: 'COMPLETED', expect: 'PD' },
      { decideAt: 30, state: 'FAILED', expect: 'PF' },
      { decideAt: 60, state: 'COMPLETED', expect: 'PD' },
      { decideAt: 85, state: 'COMPLETED', expect: 'PD' },
    ] as const;
    const attempts = [];
    for (const step of plan) attempts.push({ ...step, ...(await startAttempt()) });
    const knownAt = new Map<string, number>();
    for (let second = 0; second <= 90; second++) {
      nowMs = base + second * 1000;
      for (const a of attempts) if (a.decideAt === second) fake.decide(a.merchantOrderId, a.state);
      await reconciler.reconcile();
      for (const a of attempts) {
        if (!knownAt.has(a.orderId) && (await orderStatus(a.orderId)) === a.expect) {
          knownAt.set(a.orderId, second);
        }
      }
    }
    // The first check after each decision: 20 s; 32 s (3 s steps); 62 and 86 s (6 s steps).
    expect(attempts.map((a) => knownAt.get(a.orderId))).toEqual([20, 32, 62, 86]);
    // A completed attempt is no longer asked about; a failed one is, for a late success.
    expect(attempts.map((a) => fake.statusRequests(a.merchantOrderId))).toEqual([1, 17, 13, 17]);
    expect(await Promise.all(attempts.map((a) => attempt(a.orderId)))).toEqual([
      { status: 'COMPLETED', watched: false },
      { status: 'FAILED', watched: true },
      { status: 'COMPLETED', watched: false },
      { status: 'COMPLETED', watched: false },
    ]);
    const causes = await t.database.db.execute(
      sql`SELECT DISTINCT cause FROM order_status_history WHERE cause <> 'order_created'`,
    );
    expect(causes.rows).toEqual([{ cause: 'reconciliation' }]);
  });

  it('expires an attempt the gateway never decides at the timeout, after 46 status requests and none later', async () => {
    nowMs += 1000;
    const base = nowMs;
    const { orderId, merchantOrderId } = await startAttempt();
    const seen: Record<number, { status: string; watched: boolean }> = {};
    for (let second = 1; second <= 1300; second++) {
      nowMs = base + second * 1000;
      await reconciler.reconcile();
      if (second === 1199 || second === 1200) seen[second] = await attempt(orderId);
    }
    expect(seen).toEqual({
      1199: { status: 'PENDING', watched: true },
      1200: { status: 'EXPIRED', watched: false },
    });
    expect(fake.statusRequests(merchantOrderId)).toBe(46);
    expect(await orderStatus(orderId)).toBe('UP');

    // PhonePe's webhook after we stopped asking still counts: the buyer did pay.
    fake.decide(merchantOrderId, 'COMPLETED');
    const { headers, body } = fake.webhook(merchantOrderId);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/payments/callback/phonepe',
      headers,
      payload: body,
    });
    expect(late.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await orderStatus(orderId)).toBe('PD');
    expect(await attempt(orderId)).toEqual({ status: 'COMPLETED', watched: false });
  });

  it('expires an attempt whose status call keeps failing at the timeout all the same', async () => {
    nowMs += 1000;
    const base = nowMs;
    const { orderId, merchantOrderId } = await startAttempt();
    fake.statusFailure = 503;
    try {
      for (let second = 10; second <= 1190; second += 10) {
        nowMs = base + second * 1000;
        await reconciler.reconcile();
      }
      expect(await attempt(orderId)).toEqual({ status: 'PENDING', watched: true });
      nowMs = base + 1200 * 1000;
      await reconciler.reconcile();
      expect(await attempt(orderId)).toEqual({ status: 'EXPIRED', watched: false });
      const asked = fake.statusRequests(merchantOrderId);
      for (let second = 1210; second <= 1500; second += 10) {
        nowMs = base + second * 1000;
        await reconciler.reconcile();
      }
      expect(fake.statusRequests(merchantOrderId)).toBe(asked);
    } finally {
      fake.statusFailure = null;
    }
  });
});
