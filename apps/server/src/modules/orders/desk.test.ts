/**
 * The order desk (issue 19): the staff's order list — filters, sorts, keyset pages that visit
 * every order once — an order's page with everything staff need, and ship and deliver through
 * the desk for fulfilment only, each in the audit log.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskOrderList } from '@storefront/shared/order-desk';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { BUYER_GSTIN, createBuyer, type TestBuyer } from '../../test/buyers.js';
import { createStaff, signIn } from '../../test/staff.js';
import { placeOrder } from '../payments/test-support.js';
import { COUNT_CAP } from './desk.js';
import { transitionOrderStatus } from './service.js';

let t: TestApp;
let desk: string;
let catalogDesk: string;
let buyers: TestBuyer[];
/** The orders inserted for the list, oldest first. */
const seeded: { mkpOrderId: string; status: string; totalPaise: number; buyer: number }[] = [];

beforeAll(async () => {
  t = await buildTestApp({ products: 5, config: { rateLimitScale: 10 } });
  desk = (await signIn(t, await createStaff(t, 'fulfilment'))).cookie;
  catalogDesk = (await signIn(t, await createStaff(t, 'catalog'))).cookie;
  buyers = [await createBuyer(t), await createBuyer(t)];
  await t.database.db.execute(
    sql`UPDATE users SET company_name = 'Kaveri Distributors', gst_number = '29AAGCK1234M1Z5' WHERE id = ${buyers[1]!.id}`,
  );
  // 45 orders a minute apart, in three statuses, totals 100..540 rupees, two buyers.
  const statuses = ['UP', 'PD', 'SHIPPED'];
  for (let i = 0; i < 45; i++) {
    const order = {
      mkpOrderId: `MKP-20261101-${String(i).padStart(2, '0')}ABCD`,
      status: statuses[i % 3]!,
      totalPaise: (100 + ((i * 7) % 45) * 10) * 100,
      buyer: i % 2,
    };
    seeded.push(order);
    await t.database.db.execute(sql`
      INSERT INTO orders (id, mkp_order_id, user_id, p_status, recipient_name, shipping_address1,
          shipping_city, shipping_state, shipping_postal_code, shipping_country,
          shipping_phone_number, total_paise, created_at)
      VALUES (${`6600000000000000000000${String(i).padStart(2, '0')}`}, ${order.mkpOrderId},
          ${buyers[order.buyer]!.id}, ${order.status}, 'Asha', '1 Road', 'Pune', 'Maharashtra',
          '411001', 'India', '9876543210', ${order.totalPaise},
          ${new Date(Date.UTC(2026, 10, 1, 10, i)).toISOString()}::timestamptz)`);
  }
});
afterAll(async () => t.close());

async function list(query: string, cookie = desk): Promise<DeskOrderList> {
  const response = await t.app.inject({ url: `/api/staff/orders?${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page of a query, following `next`. */
async function allPages(query: string): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  do {
    const page: DeskOrderList = await list(
      `${query}&limit=7${after ? `&after=${encodeURIComponent(after)}` : ''}`,
    );
    seen.push(...page.orders.map((o) => o.mkpOrderId));
    after = page.next;
  } while (after);
  return seen;
}

const numbers = (orders: typeof seeded) => orders.map((o) => o.mkpOrderId);

describe('the order list', () => {
  it('pages newest first by keyset, every order once, with the count', async () => {
    const first = await list('limit=10');
    expect(first.count).toBe(45);
    expect(first.orders[0]).toMatchObject({
      mkpOrderId: seeded.at(-1)!.mkpOrderId,
      statusLabel: 'Shipped',
      shipTo: 'Pune, Maharashtra',
      buyer: { id: buyers[0]!.id },
    });
    expect(await allPages('sort=newest')).toEqual(numbers([...seeded].reverse()));
    // The count is the first page's: the pages after it do not count again.
    expect((await list(`limit=10&after=${encodeURIComponent(first.next!)}`)).count).toBeNull();
    expect(await allPages('sort=oldest')).toEqual(numbers(seeded));
  });

  it('sorts by amount, ties by id, across pages', async () => {
    const byTotal = [...seeded].sort(
      (a, b) => a.totalPaise - b.totalPaise || a.mkpOrderId.localeCompare(b.mkpOrderId),
    );
    expect(await allPages('sort=total_asc')).toEqual(numbers(byTotal));
    expect(await allPages('sort=total_desc')).toEqual(numbers([...byTotal].reverse()));
  });

  it('filters by status, dates, buyer, amount and order number, together', async () => {
    const expectOnly = async (
      query: string,
      keep: (o: (typeof seeded)[number], i: number) => boolean,
    ) => {
      const wanted = numbers(seeded.filter(keep)).reverse();
      expect(await allPages(query), query).toEqual(wanted);
      expect((await list(query)).count, query).toBe(wanted.length);
    };
    await expectOnly('status=PD', (o) => o.status === 'PD');
    await expectOnly(
      `from=${new Date(Date.UTC(2026, 10, 1, 10, 10)).toISOString()}&to=${new Date(Date.UTC(2026, 10, 1, 10, 20)).toISOString()}`,
      (_, i) => i >= 10 && i < 20,
    );
    await expectOnly('buyer=kaveri', (o) => o.buyer === 1);
    await expectOnly('buyer=29aagck1234m1z5', (o) => o.buyer === 1);
    await expectOnly(`buyer=${encodeURIComponent(buyers[0]!.id.slice(-6))}`, (o) => o.buyer === 0);
    await expectOnly(
      'minTotal=200&maxTotal=300',
      (o) => o.totalPaise >= 200_00 && o.totalPaise <= 300_00,
    );
    await expectOnly('q=1101-4', (o) => o.mkpOrderId.includes('1101-4'));
    await expectOnly(
      'status=SHIPPED&buyer=kaveri&minTotal=150',
      (o) => o.status === 'SHIPPED' && o.buyer === 1 && o.totalPaise >= 150_00,
    );
  });

  it('refuses a forged page link, an inverted amount range and an unknown status with 400', async () => {
    for (const query of [
      'after=bm90LWEtY3Vyc29y',
      `sort=total_desc&after=${encodeURIComponent((await list('limit=2')).next!)}`,
      // The right shape, a moment that does not exist (the cast would fail: no 500).
      `after=${Buffer.from(JSON.stringify(['newest', '2026-02-30 10:00:00+00', 'a'.repeat(24)])).toString('base64url')}`,
      `after=${Buffer.from(JSON.stringify(['newest', '2026-11-25 10:00:00+99', 'a'.repeat(24)])).toString('base64url')}`,
      'from=0000-01-01T00:00:00Z',
      'minTotal=500&maxTotal=100',
      'status=LOST',
      'limit=1000',
    ]) {
      const response = await t.app.inject({
        url: `/api/staff/orders?${query}`,
        headers: { cookie: desk },
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe("an order's page and the desk's actions", () => {
  it('shows buyer, lines, payments, history; fulfilment ships and delivers, catalog sees nothing', async () => {
    const buyer = await createBuyer(t);
    const { orderId, mkpOrderId } = await placeOrder(t, buyer);
    await t.database.db.transaction((tx) =>
      transitionOrderStatus(tx, orderId, ['UP'], 'PD', 'payment_callback'),
    );
    // Catalog staff work on products: an order's buyer is not theirs to see.
    const hidden = await t.app.inject({
      url: `/api/staff/orders/${mkpOrderId}`,
      headers: { cookie: catalogDesk },
    });
    expect(hidden.statusCode).toBe(403);
    const page = await t.app.inject({
      url: `/api/staff/orders/${mkpOrderId}`,
      headers: { cookie: desk },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      mkpOrderId,
      pStatus: 'PD',
      buyer: { id: buyer.id, gstNumber: BUYER_GSTIN },
      lines: [{ title: 'Payment Test Mug', quantity: 2 }],
      history: [
        { from: null, to: 'UP', cause: 'order_created' },
        { from: 'UP', to: 'PD', cause: 'payment_callback' },
      ],
      payments: [],
      emails: [],
    });

    const ship = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/orders/${mkpOrderId}/ship`,
        headers: { cookie },
        payload: { carrier: 'Delhivery', trackingNumber: 'DL77' },
      });
    const refused = await ship(catalogDesk);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('role_forbidden');
    const shipped = await ship(desk);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toEqual({ mkpOrderId, pStatus: 'SHIPPED' });
    // Sent again (a retried request), the same shipment answers the same, and changes nothing.
    const again = await ship(desk);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ mkpOrderId, pStatus: 'SHIPPED' });
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${mkpOrderId}/deliver`,
      headers: { cookie: desk },
    });
    expect(delivered.json()).toEqual({ mkpOrderId, pStatus: 'DELIVERED' });
    const after = (
      await t.app.inject({ url: `/api/staff/orders/${mkpOrderId}`, headers: { cookie: desk } })
    ).json();
    expect(after).toMatchObject({
      pStatus: 'DELIVERED',
      carrier: 'Delhivery',
      trackingNumber: 'DL77',
    });
    const audit = await t.database.db.execute(
      sql`SELECT action FROM staff_audit_log WHERE target_id = ${mkpOrderId} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['order.ship', 'order.deliver']);
    const unknown = await t.app.inject({
      url: '/api/staff/orders/MKP-20200101-ZZZZZZ',
      headers: { cookie: desk },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the count', () => {
  it(`stops at ${COUNT_CAP} matches`, async () => {
    await t.database.db.execute(sql`
      INSERT INTO orders (id, mkp_order_id, user_id, p_status, recipient_name, shipping_address1,
          shipping_city, shipping_state, shipping_postal_code, shipping_country,
          shipping_phone_number, total_paise, created_at)
      SELECT substr(md5('cap' || g), 1, 24), 'MKP-20250101-C' || upper(lpad(to_hex(g), 5, '0')),
             ${buyers[0]!.id}, 'PF', 'Asha', '1 Road', 'Pune', 'Maharashtra', '411001', 'India',
             '9876543210', 100, '2025-01-01'::timestamptz + g * interval '1 minute'
        FROM generate_series(1, ${COUNT_CAP + 5}) g`);
    const page = await list('status=PF&limit=5');
    expect(page).toMatchObject({ count: COUNT_CAP, countCap: COUNT_CAP });
    expect(page.orders).toHaveLength(5);
  });
});
