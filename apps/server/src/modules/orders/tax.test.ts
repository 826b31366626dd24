/**
 * GST on every line (issue 21, decision 052), through the API: the cart's tax with and without a
 * place of supply, and orders taxed line by line — intra-state, inter-state, a union territory,
 * a GSTIN billed in another state, mixed rates, tier prices and rounding — with every figure
 * worked out by hand below (taxable = gross × 100 / (100 + rate), half up to the paisa; the odd
 * paisa of an intra-state tax to CGST). The seller is the demo's, in Maharashtra (27).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '@storefront/shared/cart';
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import type { DeskOrderDetail } from '@storefront/shared/order-desk';
import type { Order, OrderCreateInput } from '@storefront/shared/orders';
import type { StoreSettingsInput, StoreSettingsView } from '@storefront/shared/store-settings';
import type { TaxSummary } from '@storefront/shared/tax-summary';
import { DEMO_STORE } from '../../seed/seed.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { BUYER_GSTIN, createBuyer, type TestBuyer } from '../../test/buyers.js';
import { FIXTURES, insertProducts } from '../../test/catalog-fixtures.js';
import { createStaff, signIn } from '../../test/staff.js';

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const KARNATAKA_GSTIN = gstin('29AABCB1234F1Z');
const CHANDIGARH_SELLER = gstin('04AAKCS4912M1Z');
const CHANDIGARH_BUYER = gstin('04AABCT4321K1Z');

let t: TestApp;
let owner: { cookie: string };
let ids: Record<'soap' | 'led' | 'notebook' | 'gem' | 'cola' | 'tiered' | 'clip', string>;
beforeAll(async () => {
  t = await buildTestApp({ products: 10, config: { rateLimitScale: 100 } });
  owner = await signIn(t, await createStaff(t, 'owner'));
  const [soap, led, notebook, gem, cola, tiered, clip] = await insertProducts(t, [
    {
      // 3401 is 5 % in the demo's rate table.
      name: 'Neem Soap Carton',
      code: 'TAX-SOAP',
      spPaise: 1499_00,
      hsn: '34011190',
      tiers: [
        { minQuantity: 1, maxQuantity: 11, pricePaise: 1499_00 },
        { minQuantity: 12, maxQuantity: 47, pricePaise: 1439_00 },
        { minQuantity: 48, maxQuantity: 999_999, pricePaise: 1379_00 },
      ],
    },
    // 9405 is in no prefix of the table: 18 %.
    { name: 'LED Panel Light', code: 'TAX-LED', spPaise: 725_00, hsn: '9405' },
    // 4820: 0 %.
    { name: 'Ruled Notebook', code: 'TAX-NOTE', spPaise: 45_00, hsn: '48202000' },
    // Rates of their own: 0.25 % and 40 %.
    {
      name: 'Polished Diamond',
      code: 'TAX-GEM',
      spPaise: 10_000_00,
      hsn: '71023910',
      gstRateBp: 25,
    },
    { name: 'Cola 24 Pack', code: 'TAX-COLA', spPaise: 40_00, hsn: '22021010', gstRateBp: 4000 },
    // HSN 0000: 18 %.
    { ...FIXTURES.tiered, code: 'TAX-TIER' },
    { ...FIXTURES.cheap, code: 'TAX-CLIP' },
  ]);
  ids = {
    soap: soap!,
    led: led!,
    notebook: notebook!,
    gem: gem!,
    cola: cola!,
    tiered: tiered!,
    clip: clip!,
  };
});
afterAll(() => t.close());

const ADDRESS: OrderCreateInput = {
  recipientName: 'Asha Mehta',
  shippingAddress1: '14 Linking Road',
  shippingCity: 'Mumbai',
  shippingState: 'Maharashtra',
  shippingPostalCode: '400050',
  shippingCountry: 'in',
  shippingPhoneNumber: '9876543210',
};
const TO_KARNATAKA: OrderCreateInput = {
  ...ADDRESS,
  shippingCity: 'Bengaluru',
  shippingState: 'karnataka',
  shippingPostalCode: '560001',
};
const KARNATAKA_BILLING = {
  gstin: KARNATAKA_GSTIN,
  legalName: 'Bench Traders Private Limited',
  address1: '1 MG Road',
  city: 'Bengaluru',
  state: '29',
  postalCode: '560001',
};

/** A buyer whose account is registered in Karnataka (29). */
async function karnatakaBuyer(): Promise<TestBuyer> {
  const buyer = await createBuyer(t);
  await t.database.db.execute(
    sql`UPDATE users SET gst_number = ${KARNATAKA_GSTIN}, company_name = 'Bench Traders Pvt Ltd',
               business_street = '1 MG Road', business_city = 'Bengaluru',
               business_state = 'Karnataka', pincode = '560001'
         WHERE id = ${buyer.id}`,
  );
  return buyer;
}

async function add(
  buyer: TestBuyer,
  productId: string,
  quantity: number,
  source = 'Ex-india custom',
): Promise<CartResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/cart/items/${productId}`,
    headers: buyer.headers,
    payload: { quantity, source },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function cart(buyer: TestBuyer, query = '') {
  return t.app.inject({ url: `/api/cart/${query}`, headers: buyer.headers });
}

function order(buyer: TestBuyer, body: object = ADDRESS) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders/',
    headers: buyer.headers,
    payload: body,
  });
}

async function placed(buyer: TestBuyer, body: object = ADDRESS): Promise<Order> {
  const response = await order(buyer, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ payload: Order }>().payload;
}

function saveSettings(change: Partial<StoreSettingsInput>, app: TestApp = t, who = owner) {
  return app.app.inject({
    method: 'PUT',
    url: '/api/staff/settings',
    headers: { cookie: who.cookie },
    payload: { ...DEMO_STORE, ...change },
  });
}

const line = (
  hsn: string,
  rate: number,
  taxable: number,
  [cgst, sgst, igst]: [number, number, number],
) => ({ hsn, rate, taxable, tax: Math.round((cgst + sgst + igst) * 100) / 100, cgst, sgst, igst });

/**
 * The cart of most tests: 12 soap cartons and 3 LED panels, Ex-India Customs (×1.15).
 * - Soap, 12 units at the 12–47 tier, ₹1,439.00 × 1.15 = ₹1,654.85: ₹19,858.20 at 5 %:
 *   1985820 × 100 / 105 = 1891257.14 → ₹18,912.57 taxable, ₹945.63 tax (₹472.82 + ₹472.81).
 * - LED, ₹725.00 × 1.15 = ₹833.75, × 3 = ₹2,501.25 at 18 %: 250125 × 100 / 118 = 211970.34
 *   → ₹2,119.70 taxable, ₹381.55 tax (₹190.78 + ₹190.77).
 * Total ₹22,359.45: ₹21,032.27 taxable and ₹1,327.18 tax.
 */
async function fillCart(buyer: TestBuyer) {
  await add(buyer, ids.soap, 12);
  return add(buyer, ids.led, 3);
}
const SOAP_12 = { gross: 19858.2, taxable: 18912.57, tax: 945.63, cgst: 472.82, sgst: 472.81 };
const LED_3 = { gross: 2501.25, taxable: 2119.7, tax: 381.55, cgst: 190.78, sgst: 190.77 };

const summary = (
  supply: 'intra' | 'inter' | 'intra-ut' | null,
  place: [string, string] | null,
  figures: { taxable: number; cgst: number; sgst: number; igst: number; tax: number },
): TaxSummary => ({
  ...figures,
  heads:
    supply === null
      ? ['GST']
      : supply === 'inter'
        ? ['IGST']
        : supply === 'intra'
          ? ['CGST', 'SGST']
          : ['CGST', 'UTGST'],
  supplyType: supply,
  placeOfSupply: place && { code: place[0], name: place[1] },
});

describe("the cart's tax", () => {
  let buyer: TestBuyer;
  beforeAll(async () => {
    buyer = await createBuyer(t);
    await fillCart(buyer);
  });

  it('without a place of supply: every line’s GST, all in one head', async () => {
    const response = await cart(buyer);
    const body = response.json<CartResponse>();
    expect(body.total).toBe(22359.45);
    expect(body.lines.map((l) => l.gst)).toEqual([
      line('34011190', 5, SOAP_12.taxable, [0, 0, SOAP_12.tax]),
      line('9405', 18, LED_3.taxable, [0, 0, LED_3.tax]),
    ]);
    expect(body.lines.map((l) => l.pricing.gstRateBp)).toEqual([500, 1800]);
    expect(body.tax).toEqual(
      summary(null, null, { taxable: 21032.27, cgst: 0, sgst: 0, igst: 1327.18, tax: 1327.18 }),
    );
  });

  it('shipped within Maharashtra: CGST + SGST, each line split with the odd paisa to CGST', async () => {
    const body = (await cart(buyer, '?shipCountry=in&shipState=Maharashtra')).json<CartResponse>();
    expect(body.lines.map((l) => l.gst)).toEqual([
      line('34011190', 5, SOAP_12.taxable, [SOAP_12.cgst, SOAP_12.sgst, 0]),
      line('9405', 18, LED_3.taxable, [LED_3.cgst, LED_3.sgst, 0]),
    ]);
    expect(body.tax).toEqual(
      summary('intra', ['27', 'Maharashtra'], {
        taxable: 21032.27,
        cgst: 663.6,
        sgst: 663.58,
        igst: 0,
        tax: 1327.18,
      }),
    );
  });

  it.each([
    ['shipped to Karnataka by its code', '?shipCountry=India&shipState=29', ['29', 'Karnataka']],
    [
      'billed to a Karnataka GSTIN, shipped within Maharashtra (bill-to/ship-to)',
      `?shipCountry=in&shipState=Maharashtra&billGstin=${KARNATAKA_GSTIN.toLowerCase()}`,
      ['29', 'Karnataka'],
    ],
    ['shipped abroad: an export', '?shipCountry=np&shipState=Bagmati', ['96', 'Other Countries']],
  ] as const)('%s: IGST', async (_, query, place) => {
    const body = (await cart(buyer, query)).json<CartResponse>();
    expect(body.tax).toEqual(
      summary('inter', [...place], {
        taxable: 21032.27,
        cgst: 0,
        sgst: 0,
        igst: 1327.18,
        tax: 1327.18,
      }),
    );
  });

  it('a GSTIN that is not valid does not count; an unknown state leaves the place unknown', async () => {
    const badGstin = `${KARNATAKA_GSTIN.slice(0, 14)}${KARNATAKA_GSTIN.endsWith('A') ? 'B' : 'A'}`;
    const ignored = (
      await cart(buyer, `?shipCountry=in&shipState=27&billGstin=${badGstin}`)
    ).json<CartResponse>();
    expect(ignored.tax.placeOfSupply).toEqual({ code: '27', name: 'Maharashtra' });
    const unknown = (await cart(buyer, '?shipCountry=in&shipState=Bombay')).json<CartResponse>();
    expect(unknown.tax).toMatchObject({ supplyType: null, placeOfSupply: null, heads: ['GST'] });
    expect((await cart(buyer, '?shipState=27')).json<CartResponse>().tax.placeOfSupply).toBeNull();
  });

  it('refuses a query it does not know (strict), and a change answers the cart without a place', async () => {
    expect((await cart(buyer, '?shipCountry=in&coupon=FREE')).statusCode).toBe(400);
    const changed = await add(buyer, ids.notebook, 1);
    expect(changed.tax.placeOfSupply).toBeNull();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/items/${ids.notebook}`,
      headers: buyer.headers,
      payload: { source: 'Ex-india custom' },
    });
  });
});

describe('orders taxed line by line', () => {
  it('intra-state (seller 27, shipped and billed in 27): CGST + SGST, stored and shown alike', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const made = await placed(buyer);
    expect(made.total_amount).toBe(22359.45);
    expect(made.orderDetails.map((l) => l.gst)).toEqual([
      line('34011190', 5, SOAP_12.taxable, [SOAP_12.cgst, SOAP_12.sgst, 0]),
      line('9405', 18, LED_3.taxable, [LED_3.cgst, LED_3.sgst, 0]),
    ]);
    expect(made.tax).toEqual(
      summary('intra', ['27', 'Maharashtra'], {
        taxable: 21032.27,
        cgst: 663.6,
        sgst: 663.58,
        igst: 0,
        tax: 1327.18,
      }),
    );
    expect(made).toMatchObject({ shippingState: 'Maharashtra', shippingStateCode: '27' });
    expect(made.billing).toMatchObject({ gstin: BUYER_GSTIN, stateCode: '27' });

    // The columns as stored: in paise, the seller's state beside the place of supply.
    const stored = await t.database.db.execute(
      sql`SELECT seller_state_code, place_of_supply, supply_type, taxable_paise, cgst_paise,
                 sgst_paise, igst_paise, total_paise,
                 (SELECT json_agg(json_build_object('hsn', l.hsn, 'rate', l.gst_rate_bp,
                     'taxable', l.taxable_paise, 'cgst', l.cgst_paise, 'sgst', l.sgst_paise,
                     'igst', l.igst_paise, 'gross', l.line_total_paise) ORDER BY l.position)
                    FROM order_lines l WHERE l.order_id = o.id) AS lines
            FROM orders o WHERE o.id = ${made._id.$oid}`,
    );
    expect(stored.rows[0]).toMatchObject({
      seller_state_code: '27',
      place_of_supply: '27',
      supply_type: 'intra',
      lines: [
        {
          hsn: '34011190',
          rate: 500,
          taxable: 1891257,
          cgst: 47282,
          sgst: 47281,
          igst: 0,
          gross: 1985820,
        },
        {
          hsn: '9405',
          rate: 1800,
          taxable: 211970,
          cgst: 19078,
          sgst: 19077,
          igst: 0,
          gross: 250125,
        },
      ],
    });
    const row = stored.rows[0] as Record<string, string | number>;
    expect(Number(row.taxable_paise) + Number(row.cgst_paise) + Number(row.sgst_paise)).toBe(
      Number(row.total_paise),
    );

    // The console's order desk shows the same.
    const finance = await signIn(t, await createStaff(t, 'finance'));
    const desk = await t.app.inject({
      url: `/api/staff/orders/${made.mkpOrderId}`,
      headers: { cookie: finance.cookie },
    });
    const detail = desk.json<DeskOrderDetail>();
    expect(detail.tax).toEqual(made.tax);
    expect(detail.billing).toEqual(made.billing);
    expect(detail.lines.map((l) => l.gst)).toEqual(made.orderDetails.map((l) => l.gst));
  });

  it('inter-state (seller 27, a Karnataka buyer shipping to Karnataka): IGST', async () => {
    const buyer = await karnatakaBuyer();
    await fillCart(buyer);
    const made = await placed(buyer, TO_KARNATAKA);
    expect(made.orderDetails.map((l) => l.gst)).toEqual([
      line('34011190', 5, SOAP_12.taxable, [0, 0, SOAP_12.tax]),
      line('9405', 18, LED_3.taxable, [0, 0, LED_3.tax]),
    ]);
    expect(made.tax).toEqual(
      summary('inter', ['29', 'Karnataka'], {
        taxable: 21032.27,
        cgst: 0,
        sgst: 0,
        igst: 1327.18,
        tax: 1327.18,
      }),
    );
    expect(made).toMatchObject({ shippingState: 'Karnataka', shippingStateCode: '29' });
    expect(made.billing).toEqual({
      gstin: KARNATAKA_GSTIN,
      legalName: 'Bench Traders Pvt Ltd',
      address1: '1 MG Road',
      address2: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      stateCode: '29',
      postalCode: '560001',
    });
  });

  it('billed to a GSTIN of another state, shipped within Maharashtra: the place of supply is the GSTIN’s state', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const made = await placed(buyer, { ...ADDRESS, billing: KARNATAKA_BILLING });
    expect(made.tax).toMatchObject({
      supplyType: 'inter',
      placeOfSupply: { code: '29', name: 'Karnataka' },
      igst: 1327.18,
      cgst: 0,
    });
    expect(made.shippingStateCode).toBe('27');
    expect(made.billing).toEqual({
      ...KARNATAKA_BILLING,
      address2: '',
      state: 'Karnataka',
      stateCode: '29',
    });
  });

  it('a union territory without a legislature (seller and buyer in Chandigarh, 04): CGST + UTGST', async () => {
    expect(
      (await saveSettings({ gstin: CHANDIGARH_SELLER, stateCode: '04', city: 'Chandigarh' }))
        .statusCode,
    ).toBe(200);
    try {
      const buyer = await createBuyer(t);
      // Soap, 2 units at ₹1,499.00 × 1.15 = ₹1,723.85: ₹3,447.70 at 5 %: 344770 × 100 / 105 =
      // 328352.38 → ₹3,283.52 taxable, ₹164.18 tax, ₹82.09 each. LED, ₹833.75 at 18 %:
      // 83375 × 100 / 118 = 70656.78 → ₹706.57 taxable, ₹127.18 tax, ₹63.59 each.
      await add(buyer, ids.soap, 2);
      await add(buyer, ids.led, 1);
      const made = await placed(buyer, {
        ...ADDRESS,
        shippingCity: 'Chandigarh',
        shippingState: 'chandigarh',
        shippingPostalCode: '160017',
        billing: {
          gstin: CHANDIGARH_BUYER,
          legalName: 'Tricity Traders LLP',
          address1: 'SCO 12, Sector 17',
          city: 'Chandigarh',
          state: 'Chandigarh',
          postalCode: '160017',
        },
      });
      expect(made.orderDetails.map((l) => l.gst)).toEqual([
        line('34011190', 5, 3283.52, [82.09, 82.09, 0]),
        line('9405', 18, 706.57, [63.59, 63.59, 0]),
      ]);
      expect(made.tax).toEqual(
        summary('intra-ut', ['04', 'Chandigarh'], {
          taxable: 3990.09,
          cgst: 145.68,
          sgst: 145.68,
          igst: 0,
          tax: 291.36,
        }),
      );
    } finally {
      expect((await saveSettings({})).statusCode).toBe(200);
    }
  });

  it('mixed rates (5, 18, 0, 0.25 and 40 %), each line rounded on its own, summed', async () => {
    const buyer = await karnatakaBuyer();
    await add(buyer, ids.soap, 1); // ₹1,723.85 at 5 %: 172385 / 1.05 = 164176.19 → ₹1,641.76
    await add(buyer, ids.led, 1); // ₹833.75 at 18 %: 83375 / 1.18 = 70656.78 → ₹706.57
    await add(buyer, ids.notebook, 24); // ₹45.00 × 1.15 = ₹51.75, × 24 = ₹1,242.00 at 0 %
    await add(buyer, ids.gem, 1); // ₹11,500.00 at 0.25 %: 1150000 / 1.0025 = 1147132.17 → ₹11,471.32
    await add(buyer, ids.cola, 24); // ₹46.00 × 24 = ₹1,104.00 at 40 %: 110400 / 1.4 = 78857.14 → ₹788.57
    const made = await placed(buyer, TO_KARNATAKA);
    expect(made.total_amount).toBe(16403.6);
    expect(made.orderDetails.map((l) => l.gst)).toEqual([
      line('34011190', 5, 1641.76, [0, 0, 82.09]),
      line('9405', 18, 706.57, [0, 0, 127.18]),
      line('48202000', 0, 1242, [0, 0, 0]),
      line('71023910', 0.25, 11471.32, [0, 0, 28.68]),
      line('22021010', 40, 788.57, [0, 0, 315.43]),
    ]);
    expect(made.tax).toEqual(
      summary('inter', ['29', 'Karnataka'], {
        taxable: 15850.22,
        cgst: 0,
        sgst: 0,
        igst: 553.38,
        tax: 553.38,
      }),
    );
  });

  it('tier prices and rounding: the tier and source the line is priced at, the odd paisa to CGST', async () => {
    const buyer = await createBuyer(t);
    // 9 units at the 1–9 tier, Ex-China (×1): ₹900.00 at 18 %: 90000 / 1.18 = 76271.19 →
    // ₹762.71; tax ₹137.29: ₹68.65 + ₹68.64.
    await add(buyer, ids.tiered, 9, 'Ex-china');
    // 50 units at the 50+ tier, ₹80.00 × 1.15 = ₹92.00: ₹4,600.00: 460000 / 1.18 = 389830.51 →
    // ₹3,898.31; tax ₹701.69: ₹350.85 + ₹350.84.
    await add(buyer, ids.tiered, 50);
    // ₹1.10 × 1.15 = ₹1.265 → ₹1.27: 127 / 1.18 = 107.63 → ₹1.08; tax ₹0.19: ₹0.10 + ₹0.09.
    await add(buyer, ids.clip, 1);
    const before = (await cart(buyer, '?shipCountry=in&shipState=27')).json<CartResponse>();
    const made = await placed(buyer);
    const expected = [
      line('0000', 18, 762.71, [68.65, 68.64, 0]),
      line('0000', 18, 3898.31, [350.85, 350.84, 0]),
      line('0000', 18, 1.08, [0.1, 0.09, 0]),
    ];
    expect(made.orderDetails.map((l) => l.gst)).toEqual(expected);
    // What the cart showed for the same place of supply is what the order charged.
    expect(before.lines.map((l) => l.gst)).toEqual(expected);
    expect(before.tax).toEqual(made.tax);
    expect(made.tax).toMatchObject({ taxable: 4662.1, cgst: 419.6, sgst: 419.57, tax: 839.17 });
    expect(made.total_amount).toBe(5501.27);
  });

  it('a rate changed after the order never changes it', async () => {
    const catalog = await signIn(t, await createStaff(t, 'catalog'));
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const made = await placed(buyer);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/staff/tax-rates/3401',
      headers: { cookie: catalog.cookie },
      payload: { rateBp: 1800, description: 'Soap (changed)' },
    });
    expect(changed.statusCode).toBe(200);
    try {
      const again = await t.app.inject({
        url: `/api/orders/order/${made._id.$oid}`,
        headers: buyer.headers,
      });
      expect(again.json<{ payload: Order }>().payload).toEqual(made);
      // A new cart is taxed at the new rate.
      const next = await createBuyer(t);
      const fresh = await add(next, ids.soap, 12);
      // 1985820 × 100 / 118 = 1682898.31 → ₹16,828.98.
      expect(fresh.lines[0]!.gst).toMatchObject({ rate: 18, taxable: 16828.98 });
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/staff/tax-rates/3401',
        headers: { cookie: catalog.cookie },
        payload: { rateBp: 500, description: 'Soap' },
      });
    }
  });
});

describe("an order's address and billing, refused", () => {
  it('a country the store does not ship to: 422 country_not_served, the cart kept', async () => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const refused = await order(buyer, {
      ...ADDRESS,
      shippingCountry: 'np',
      shippingState: 'Bagmati',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'country_not_served',
      detail: 'We ship only to India. Choose a delivery address there.',
    });
    expect((await cart(buyer)).json<CartResponse>().lineCount).toBe(2);
    const unknown = await order(buyer, { ...ADDRESS, shippingCountry: 'Narnia' });
    expect(unknown.json().code).toBe('country_not_served');
  });

  it('a country added to where the store ships: an export, IGST, its state kept as given', async () => {
    expect((await saveSettings({ shipsTo: ['India', 'Nepal'] })).statusCode).toBe(200);
    try {
      const buyer = await createBuyer(t);
      await fillCart(buyer);
      const made = await placed(buyer, {
        ...ADDRESS,
        shippingCity: 'Kathmandu',
        shippingState: 'Bagmati',
        shippingPostalCode: '44600',
        shippingCountry: 'np',
      });
      expect(made).toMatchObject({ shippingState: 'Bagmati', shippingStateCode: null });
      expect(made.tax).toMatchObject({
        supplyType: 'inter',
        placeOfSupply: { code: '96', name: 'Other Countries' },
        igst: 1327.18,
      });
    } finally {
      expect((await saveSettings({})).statusCode).toBe(200);
    }
  });

  it.each([
    [
      { shippingState: 'Bombay' },
      'shippingState',
      'Choose a state or union territory from the list',
    ],
    [{ shippingState: 'MH' }, 'shippingState', 'Choose a state or union territory from the list'],
    [
      { billing: { ...KARNATAKA_BILLING, state: 'Maharashtra' } },
      'billing.state',
      "The billing state must be the GSTIN's state (Karnataka)",
    ],
    [
      { billing: { ...KARNATAKA_BILLING, gstin: '29AABCB1234F1Z' } },
      'billing.gstin',
      'GST number must be 15 characters',
    ],
  ])('%j is refused with 400 (%s), nothing made', async (change, field, message) => {
    const buyer = await createBuyer(t);
    await fillCart(buyer);
    const refused = await order(buyer, { ...ADDRESS, ...change });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ [field]: message });
    const count = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${buyer.id}`,
    );
    expect(count.rows[0]).toEqual({ n: 0 });
  });

  // An invoice needs a valid GSTIN and the recipient's address (Rule 46(d)): an account without
  // either (a sign-up that left the street out stored the spec's placeholder) must give details.
  it.each([
    [
      'whose GSTIN is not valid',
      sql`gst_number = '27AABCM1234F1Z5'`,
      "Your account's GST number (27AABCM1234F1Z5) is not valid, so an invoice cannot be made out to it. Enter the billing details (GSTIN, legal name and address) at checkout.",
    ],
    [
      'that signed up without a street',
      sql`business_street = 'string'`,
      'Your account has no business street address, so an invoice cannot be made out to it. Enter the billing details (GSTIN, legal name and address) at checkout.',
    ],
  ])('an account %s must give billing details (422), then may order', async (_, change, detail) => {
    const buyer = await createBuyer(t);
    await t.database.db.execute(sql`UPDATE users SET ${change} WHERE id = ${buyer.id}`);
    await fillCart(buyer);
    const refused = await order(buyer);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ code: 'billing_details_required', detail });
    const made = await placed(buyer, {
      ...ADDRESS,
      billing: { ...KARNATAKA_BILLING, gstin: BUYER_GSTIN, state: 'Maharashtra' },
    });
    expect(made.tax?.supplyType).toBe('intra');
    expect(made.billing?.address1).toBe(KARNATAKA_BILLING.address1);
  });
});

describe('a store in production without its registration', () => {
  it('takes no orders (409 store_not_ready) until the owner completes it', async () => {
    const production = await buildTestApp({
      products: 5,
      storeSettings: false,
      config: { env: 'production' },
    });
    try {
      const member = await signIn(production, await createStaff(production, 'owner'));
      const view = await production.app.inject({
        url: '/api/staff/settings',
        headers: { cookie: member.cookie },
      });
      expect(view.json<StoreSettingsView>().takingOrders).toBe(false);
      const [productId] = await insertProducts(production, [
        { name: 'Prod Mug', code: 'PROD-MUG', spPaise: 100_00 },
      ]);
      const buyer = await createBuyer(production);
      await production.app.inject({
        method: 'POST',
        url: `/api/cart/items/${productId}`,
        headers: buyer.headers,
        payload: { quantity: 1, source: 'Ex-india custom' },
      });
      const place = () =>
        production.app.inject({
          method: 'POST',
          url: '/api/orders/',
          headers: buyer.headers,
          payload: ADDRESS,
        });
      const refused = await place();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'store_not_ready',
        detail:
          "The store cannot take orders yet: the seller's GST registration is incomplete (missing legal name, a valid GSTIN, registered address and the registered address's state, matching the GSTIN). Please try again later.",
      });
      expect((await saveSettings({}, production, member)).json<StoreSettingsView>()).toMatchObject({
        gaps: [],
        takingOrders: true,
      });
      const made = await place();
      expect(made.statusCode, made.body).toBe(201);
    } finally {
      await production.close();
    }
  });
});
