/**
 * The seeded order history (`npm run seed -- --orders N`): deterministic, consistent orders —
 * totals that are the sum of lines priced by the shared rule, a history that ends in the order's
 * status, unique numbers — in a store's mix of statuses.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { createBuyers } from '../test/buyers.js';
import { seedOrders } from './orders.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ products: 30 });
  await createBuyers(t, 3);
});
afterAll(async () => t.close());

describe('seedOrders', () => {
  it('writes consistent orders in a store’s mix of statuses', async () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(await seedOrders(t.database.db, { count: 1500, seed: 7, now })).toEqual({
      orders: 1500,
    });
    const checks = await t.database.db.execute(sql`
      SELECT count(*)::int AS orders,
             count(DISTINCT mkp_order_id)::int AS numbers,
             count(DISTINCT user_id)::int AS buyers,
             count(*) FILTER (WHERE total_paise <> (SELECT sum(line_total_paise) FROM order_lines l
                                                     WHERE l.order_id = o.id))::int AS bad_totals,
             count(*) FILTER (WHERE p_status <> (SELECT to_status FROM order_status_history h
                                                  WHERE h.order_id = o.id ORDER BY h.id DESC LIMIT 1))::int AS bad_history,
             count(*) FILTER (WHERE created_at > ${now.toISOString()}::timestamptz
                                 OR created_at < ${now.toISOString()}::timestamptz - interval '181 days')::int AS out_of_range,
             min(p_status) AS first_status
        FROM orders o`);
    expect(checks.rows[0]).toMatchObject({
      orders: 1500,
      numbers: 1500,
      buyers: 3,
      bad_totals: 0,
      bad_history: 0,
      out_of_range: 0,
    });
    const mix = await t.database.db.execute(
      sql`SELECT p_status, count(*)::int AS n FROM orders GROUP BY p_status ORDER BY p_status`,
    );
    const share = Object.fromEntries(mix.rows.map((r) => [r.p_status, (r.n as number) / 1500]));
    expect(share.DELIVERED).toBeGreaterThan(0.35);
    expect(share.UP).toBeGreaterThan(0.12);
    expect(Object.keys(share).sort()).toEqual(['DELIVERED', 'PD', 'PF', 'SHIPPED', 'UP']);
    // Every line's total is its unit price times its quantity.
    const lines = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM order_lines WHERE line_total_paise <> unit_price_paise * quantity`,
    );
    expect(lines.rows[0]).toEqual({ n: 0 });
    // Taxed as a checkout taxes (issue 21): every line's taxable value and heads make its total,
    // the order's are the lines' sums, and the heads follow the place of supply.
    const tax = await t.database.db.execute(sql`
      SELECT count(*) FILTER (WHERE l.taxable_paise + l.cgst_paise + l.sgst_paise + l.igst_paise
                                    <> l.line_total_paise OR l.hsn IS NULL)::int AS bad_lines
        FROM order_lines l`);
    expect(tax.rows[0]).toEqual({ bad_lines: 0 });
    const orders = await t.database.db.execute(sql`
      SELECT count(*) FILTER (WHERE o.taxable_paise <> (SELECT sum(taxable_paise) FROM order_lines l
                                                         WHERE l.order_id = o.id)
                                 OR o.igst_paise <> (SELECT sum(igst_paise) FROM order_lines l
                                                      WHERE l.order_id = o.id))::int AS bad_sums,
             count(*) FILTER (WHERE (o.supply_type = 'intra') <> (o.place_of_supply = '27')
                                 OR (o.supply_type = 'inter' AND o.cgst_paise <> 0))::int AS bad_heads,
             count(*) FILTER (WHERE o.billing_gstin IS NULL OR o.place_of_supply IS NULL)::int AS untaxed
        FROM orders o`);
    expect(orders.rows[0]).toEqual({ bad_sums: 0, bad_heads: 0, untaxed: 0 });
  });
});
