/**
 * The document series (Rule 46(b), decisions 052 and 056): per kind and financial year, from 1,
 * without a gap or a repeat however many transactions take numbers at once (real concurrency on
 * PostgreSQL's pool; PGlite's one connection runs them one at a time, and must agree), and a
 * rolled-back transaction gives its number back.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYear, lineTax } from '@storefront/shared/gst';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer } from '../../test/buyers.js';
import { newObjectId } from '../../lib/ids.js';
import { sendSignedCallback } from '../payments/test-support.js';
import { takeSequence } from './series.js';
import { indiaDate } from './service.js';
import { documentsOf, KARNATAKA_BUYER, registerStore } from './test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimitScale: 100 } });
  await registerStore(t);
});
afterAll(() => t.close());

const db = () => t.database.db;

class Rollback extends Error {}

describe('the series', () => {
  it('numbers each kind and financial year on its own, from 1', async () => {
    const take = (kind: 'invoice' | 'credit_note', fy: string) =>
      db().transaction((tx) => takeSequence(tx, kind, fy));
    expect(await take('invoice', '2031-32')).toBe(1);
    expect(await take('invoice', '2031-32')).toBe(2);
    expect(await take('credit_note', '2031-32')).toBe(1);
    expect(await take('invoice', '2032-33')).toBe(1);
    expect(await take('invoice', '2031-32')).toBe(3);
  });

  it('a transaction that rolls back gives its number back', async () => {
    const fy = '2033-34';
    expect(await db().transaction((tx) => takeSequence(tx, 'invoice', fy))).toBe(1);
    await expect(
      db().transaction(async (tx) => {
        expect(await takeSequence(tx, 'invoice', fy)).toBe(2);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    // The year's first row, rolled back too, is made again.
    await expect(
      db().transaction(async (tx) => {
        expect(await takeSequence(tx, 'invoice', '2034-35')).toBe(1);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await db().transaction((tx) => takeSequence(tx, 'invoice', fy))).toBe(2);
    expect(await db().transaction((tx) => takeSequence(tx, 'invoice', '2034-35'))).toBe(1);
  });

  it('the first numbers of a new year, taken by fifty transactions at once, are 1 to 50', async () => {
    const fy = '2035-36';
    const taken = await Promise.all(
      Array.from({ length: 50 }, () =>
        db().transaction(async (tx) => {
          const sequence = await takeSequence(tx, 'credit_note', fy);
          // Hold the number a moment, as an issuing transaction does.
          await tx.execute(sql`SELECT pg_sleep(0.002)`);
          return sequence;
        }),
      ),
    );
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe('200 orders paid at once', () => {
  const ORDERS = 200;

  /** Orders of issue 21 (tax stored), each with an attempt the gateway is about to confirm. */
  async function ordersAwaitingCallbacks() {
    const buyer = await createBuyer(t);
    const today = indiaDate(new Date()).replaceAll('-', '');
    const made: { orderId: string; transactionId: string; amountPaise: number }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const orderId = newObjectId();
      const amountPaise = 100_00 + i * 37;
      const tax = lineTax(amountPaise, 1800, 'inter');
      const transactionId = `SERIES-${randomBytes(6).toString('hex')}`;
      await db().execute(sql`
        WITH o AS (
          INSERT INTO orders (id, mkp_order_id, user_id, p_status, recipient_name,
              shipping_address1, shipping_city, shipping_state, shipping_state_code,
              shipping_postal_code, shipping_country, shipping_phone_number, total_paise,
              billing_gstin, billing_legal_name, billing_address1, billing_address2,
              billing_city, billing_state_code, billing_postal_code, seller_state_code,
              place_of_supply, supply_type, taxable_paise, cgst_paise, sgst_paise, igst_paise)
          VALUES (${orderId}, ${`MKP-${today}-${randomBytes(3).toString('hex').toUpperCase()}`},
              ${buyer.id}, 'UP', 'Stores In-charge', ${KARNATAKA_BUYER.address1}, 'Bengaluru',
              'Karnataka', '29', '560058', 'India', '9845012345', ${amountPaise},
              ${KARNATAKA_BUYER.gstin}, ${KARNATAKA_BUYER.legalName}, ${KARNATAKA_BUYER.address1},
              '', 'Bengaluru', '29', '560058', '27', '29', 'inter', ${tax.taxablePaise}, 0, 0,
              ${tax.integratedPaise})
          RETURNING id
        ), l AS (
          INSERT INTO order_lines (order_id, position, product_id, title, sku, source,
              unit_price_paise, quantity, line_total_paise, hsn, gst_rate_bp, taxable_paise,
              cgst_paise, sgst_paise, igst_paise)
          SELECT id, 0, ${newObjectId()}, 'Brass Gate Valve', 'BGV-25', 'Ex-china',
              ${amountPaise}, 1, ${amountPaise}, '84818030', 1800, ${tax.taxablePaise}, 0, 0,
              ${tax.integratedPaise} FROM o
        )
        INSERT INTO payments (order_id, provider, merchant_transaction_id, amount_paise)
        SELECT id, 'sandbox', ${transactionId}, ${amountPaise} FROM o`);
      made.push({ orderId, transactionId, amountPaise });
    }
    return made;
  }

  it('get 200 invoices, one each, numbered without a gap or a repeat', async () => {
    const orders = await ordersAwaitingCallbacks();
    const fy = financialYear(indiaDate(new Date()));
    const [row] = (
      await db().execute(
        sql`SELECT next_sequence FROM document_series WHERE kind = 'invoice' AND financial_year = ${fy}`,
      )
    ).rows as { next_sequence: number }[];
    const first = row ? Number(row.next_sequence) : 1;

    const answers = await Promise.all(
      orders.map((order) =>
        sendSignedCallback(
          t,
          JSON.stringify({
            eventId: `evt-${order.transactionId}`,
            transactionId: order.transactionId,
            state: 'COMPLETED',
            amount: order.amountPaise,
          }),
        ),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const invoices = (await Promise.all(orders.map((order) => documentsOf(t, order.orderId)))).map(
      (documents) => {
        expect(documents).toHaveLength(1);
        return documents[0]!;
      },
    );
    const sequences = invoices.map((invoice) => invoice.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: ORDERS }, (_, i) => first + i));
    expect(new Set(invoices.map((invoice) => invoice.number)).size).toBe(ORDERS);
    for (const invoice of invoices) {
      expect(invoice.financialYear).toBe(fy);
      expect(invoice.document.number).toBe(invoice.number);
    }
    // Each invoice is its own order's, with its own total.
    for (const [i, order] of orders.entries())
      expect(invoices[i]!.totalPaise).toBe(order.amountPaise);
    const [{ paid }] = (
      await db().execute(
        sql`SELECT count(*)::int AS paid FROM orders WHERE p_status = 'PD' AND id IN (${sql.join(
          orders.map((order) => sql`${order.orderId}`),
          sql`, `,
        )})`,
      )
    ).rows as [{ paid: number }];
    expect(Number(paid)).toBe(ORDERS);
  });
});
