/**
 * The dashboard (issue 19): orders and revenue by India day — an order at 23:59 IST is the day's,
 * one at 00:00 IST the next's — over today, 7 and 30 days, revenue only from paid orders not
 * cancelled or refunded, 30 days zero-filled oldest first; paid orders awaiting shipment; flagged
 * payments not yet resolved.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '@storefront/shared/staff-dashboard';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer } from '../../test/buyers.js';
import { createStaff, signIn } from '../../test/staff.js';

/** 01:30 on 27 November 2026 in India. */
const NOW = new Date('2026-11-26T20:00:00Z');

let t: TestApp;
let cookie: string;
let userId: string;
let orders = 0;

async function order(at: string, status: string, totalPaise: number): Promise<string> {
  const n = String(++orders).padStart(6, '0');
  const id = `7700000000000000000${n.slice(1)}`;
  await t.database.db.execute(sql`
    INSERT INTO orders (id, mkp_order_id, user_id, p_status, recipient_name, shipping_address1,
        shipping_city, shipping_state, shipping_postal_code, shipping_country,
        shipping_phone_number, total_paise, created_at)
    VALUES (${id}, ${`MKP-20261126-D${n.slice(1)}`}, ${userId}, ${status}, 'Asha', '1 Road',
        'Pune', 'Maharashtra', '411001', 'India', '9876543210', ${totalPaise},
        ${at}::timestamptz)`);
  return id;
}

async function payment(orderId: string, flagged: string | null, resolved: boolean) {
  await t.database.db.execute(sql`
    INSERT INTO payments (order_id, provider, merchant_transaction_id, amount_paise, status,
        flagged, resolved_at)
    VALUES (${orderId}, 'sandbox', ${`T-${orderId}-${flagged}-${resolved}`}, 100, 'COMPLETED',
        ${flagged}, ${resolved ? NOW.toISOString() : null}::timestamptz)`);
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW });
  cookie = (await signIn(t, await createStaff(t, 'catalog'), NOW)).cookie;
  userId = (await createBuyer(t)).id;
  // Today (27 Nov in India): from 00:00 IST, which is 18:30 UTC the day before.
  const paidToday = await order('2026-11-26T18:30:00Z', 'PD', 1000_00);
  await order('2026-11-26T19:59:59Z', 'UP', 50_00);
  await order('2026-11-26T19:00:00Z', 'PF', 70_00);
  // 26 Nov in India, to its last millisecond.
  await order('2026-11-26T18:29:59.999Z', 'DELIVERED', 200_00);
  await order('2026-11-26T05:00:00Z', 'CANCELLED', 999_00);
  // 21 Nov, the 7 days' first; 20 Nov, the day before them.
  await order('2026-11-20T18:30:00Z', 'SHIPPED', 300_00);
  await order('2026-11-20T18:29:59Z', 'REFUNDED', 400_00);
  await order('2026-11-20T12:00:00Z', 'DELIVERED', 5_00);
  // 29 Oct, the 30 days' first (from 18:30 UTC on the 28th); the 28th is outside.
  await order('2026-10-28T18:30:00Z', 'PD', 7_00);
  await order('2026-10-28T18:29:59Z', 'PD', 11_00);
  // Payments needing attention: flagged and not resolved (two); resolved or not flagged are not.
  await payment(paidToday, 'amount_mismatch', false);
  await payment(paidToday, 'refund_due', false);
  await payment(paidToday, 'refund_due', true);
  await payment(paidToday, null, false);
});
afterAll(async () => t.close());

describe('the dashboard', () => {
  it('counts India days, revenue by the rule, and the two queues', async () => {
    const response = await t.app.inject({ url: '/api/staff/dashboard', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body: DashboardResponse = response.json();
    expect({ ...body, daily: undefined }).toEqual({
      ordersToday: 3,
      revenueTodayPaise: 1000_00,
      orders7d: 6,
      revenue7dPaise: 1000_00 + 200_00 + 300_00,
      orders30d: 9,
      revenue30dPaise: 1000_00 + 200_00 + 300_00 + 5_00 + 7_00,
      // Every paid order not shipped, however old.
      awaitingShipment: 3,
      paymentsNeedingAttention: 2,
      daily: undefined,
    });
    expect(body.daily).toHaveLength(30);
    expect(body.daily[0]).toEqual({ date: '2026-10-29', orders: 1, revenuePaise: 7_00 });
    expect(body.daily[1]).toEqual({ date: '2026-10-30', orders: 0, revenuePaise: 0 });
    expect(body.daily.slice(-8)).toEqual([
      { date: '2026-11-20', orders: 2, revenuePaise: 5_00 },
      { date: '2026-11-21', orders: 1, revenuePaise: 300_00 },
      { date: '2026-11-22', orders: 0, revenuePaise: 0 },
      { date: '2026-11-23', orders: 0, revenuePaise: 0 },
      { date: '2026-11-24', orders: 0, revenuePaise: 0 },
      { date: '2026-11-25', orders: 0, revenuePaise: 0 },
      { date: '2026-11-26', orders: 2, revenuePaise: 200_00 },
      { date: '2026-11-27', orders: 3, revenuePaise: 1000_00 },
    ]);
    expect(body.daily.reduce((n, d) => n + d.orders, 0)).toBe(body.orders30d);
  });

  it('is for signed-in staff only', async () => {
    const anonymous = await t.app.inject({ url: '/api/staff/dashboard' });
    expect(anonymous.statusCode).toBe(401);
    const buyer = await createBuyer(t);
    const asBuyer = await t.app.inject({ url: '/api/staff/dashboard', headers: buyer.headers });
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json().code).toBe('staff_only');
  });
});
