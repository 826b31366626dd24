/**
 * The payment step's way back to shipping (issue 22, decision 066): PUT /api/orders/{id}/shipping
 * changes the unpaid order's ship-to (and billing details when given) in place, the same order
 * and number, its place of supply and tax heads worked out again, its total unchanged; only the
 * owner's unpaid order inside its payment window; a paid, cancelled or lapsed one is refused
 * and unchanged.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import type { Order } from '@storefront/shared/orders';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import { placeOrder } from '../payments/test-support.js';
import { transitionOrderStatus } from './service.js';

let t: TestApp;
let buyer: TestBuyer;
beforeAll(async () => {
  t = await buildTestApp({ products: 2 });
  buyer = await createBuyer(t);
});
afterAll(() => t.close());

const KARNATAKA_GSTIN = `29AABCM1234F1Z${gstinCheckCharacter('29AABCM1234F1Z')}`;
const TO_BENGALURU = {
  recipientName: 'Ravi Kumar',
  shippingAddress1: '8 Brigade Road',
  shippingCity: 'Bengaluru',
  shippingState: 'karnataka',
  shippingPostalCode: '560001',
  shippingCountry: 'in',
  shippingPhoneNumber: '9845012345',
};
const KARNATAKA_BILLING = {
  gstin: KARNATAKA_GSTIN,
  legalName: 'Mehta Traders Karnataka',
  address1: '4 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560025',
};

const change = (who: TestBuyer, orderId: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/shipping`,
    headers: who.headers,
    payload,
  });
const read = async (orderId: string): Promise<Order> =>
  (await t.app.inject({ url: `/api/orders/order/${orderId}`, headers: buyer.headers })).json()
    .payload;

describe('PUT /api/orders/{id}/shipping', () => {
  it('changes the ship-to of the same order; billed in Maharashtra, the supply stays intra-state', async () => {
    const { orderId, mkpOrderId } = await placeOrder(t, buyer);
    const before = await read(orderId);
    expect(before.tax).toMatchObject({ supplyType: 'intra', heads: ['CGST', 'SGST'] });
    const response = await change(buyer, orderId, TO_BENGALURU);
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json().payload as Order;
    expect(after).toMatchObject({
      _id: { $oid: orderId },
      mkpOrderId,
      pStatus: 'UP',
      recipientName: 'Ravi Kumar',
      shippingAddress1: '8 Brigade Road',
      shippingCity: 'Bengaluru',
      shippingState: 'Karnataka',
      shippingStateCode: '29',
      shippingCountry: 'in',
      total_amount: before.total_amount,
      // Bill-to/ship-to (IGST Act §10(1)(b)): the billed GSTIN's state is the place of supply.
      billing: before.billing,
      tax: before.tax,
    });
    expect(after.statusHistory.at(-1)).toMatchObject({
      from: 'UP',
      status: 'UP',
      cause: 'shipping_changed',
    });
    expect(await read(orderId)).toEqual(after);
    const orders = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${buyer.id}`,
    );
    expect(orders.rows[0]).toEqual({ n: 1 });
  });

  it('billed in Karnataka, the place of supply moves and the tax becomes IGST, the total unchanged', async () => {
    const { orderId } = await placeOrder(t, buyer);
    const before = await read(orderId);
    const response = await change(buyer, orderId, {
      ...TO_BENGALURU,
      billing: KARNATAKA_BILLING,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json().payload as Order;
    const tax = before.tax!;
    expect(after.total_amount).toBe(before.total_amount);
    expect(after.billing).toEqual({
      ...KARNATAKA_BILLING,
      address2: '',
      stateCode: '29',
    });
    expect(after.tax).toEqual({
      taxable: tax.taxable,
      cgst: 0,
      sgst: 0,
      igst: tax.tax,
      tax: tax.tax,
      heads: ['IGST'],
      supplyType: 'inter',
      placeOfSupply: { code: '29', name: 'Karnataka' },
    });
    // Each line carries the new heads, and they add up to the order's.
    const lines = after.orderDetails.map((line) => line.gst!);
    expect(lines.every((line) => line.cgst === 0 && line.sgst === 0)).toBe(true);
    expect(lines.reduce((sum, line) => sum + line.igst, 0)).toBeCloseTo(tax.tax, 2);
    // Billed in Maharashtra again, the heads are the order's first ones.
    const { stateCode, ...billed } = before.billing!;
    const back = await change(buyer, orderId, {
      ...TO_BENGALURU,
      billing: { ...billed, state: stateCode, postalCode: '411001' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json().payload as Order).tax).toEqual(before.tax);
  });

  it('refuses a paid order (409) and changes nothing', async () => {
    const { orderId } = await placeOrder(t, buyer);
    await t.database.db.transaction((tx) =>
      transitionOrderStatus(tx, orderId, ['UP'], 'PD', 'payment_callback'),
    );
    const before = await read(orderId);
    const response = await change(buyer, orderId, TO_BENGALURU);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('order_already_paid');
    expect(response.json().detail).toMatch(/only an unpaid order's shipping details can change/);
    expect(await read(orderId)).toEqual(before);
  });

  it('refuses a cancelled order and one past its payment window', async () => {
    const cancelled = await placeOrder(t, buyer);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${cancelled.orderId}/cancel`,
      headers: buyer.headers,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refused = await change(buyer, cancelled.orderId, TO_BENGALURU);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('order_cancelled');

    const lapsed = await placeOrder(t, buyer);
    const windowMs = t.config.payments.paymentWindowMs;
    await t.database.db.execute(
      sql`UPDATE orders SET created_at = now() - ${`${windowMs + 60_000} milliseconds`}::interval
           WHERE id = ${lapsed.orderId}`,
    );
    const before = await read(lapsed.orderId);
    const late = await change(buyer, lapsed.orderId, TO_BENGALURU);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('order_expired');
    expect(await read(lapsed.orderId)).toEqual(before);
  });

  it("answers another buyer's order as unknown (404) and leaves it alone", async () => {
    const { orderId } = await placeOrder(t, buyer);
    const before = await read(orderId);
    const intruder = await createBuyer(t);
    const response = await change(intruder, orderId, TO_BENGALURU);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('order_not_found');
    expect(await read(orderId)).toEqual(before);
  });

  it("checks the address with the checkout's rules and the store's countries", async () => {
    const { orderId } = await placeOrder(t, buyer);
    const before = await read(orderId);
    const state = await change(buyer, orderId, { ...TO_BENGALURU, shippingState: 'Mysore' });
    expect(state.statusCode).toBe(400);
    expect(state.json().fields).toEqual({
      shippingState: 'Choose a state or union territory from the list',
    });
    const missing = await change(buyer, orderId, { ...TO_BENGALURU, shippingCity: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ shippingCity: 'City is required' });
    const abroad = await change(buyer, orderId, {
      ...TO_BENGALURU,
      shippingState: 'Bavaria',
      shippingCountry: 'aq',
    });
    expect(abroad.statusCode).toBe(422);
    expect(abroad.json().code).toBe('country_not_served');
    expect(await read(orderId)).toEqual(before);
  });
});
