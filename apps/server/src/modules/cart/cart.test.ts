import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '@storefront/shared/cart';
import type { ProductDetail } from '@storefront/shared/catalog';
import { sql } from 'drizzle-orm';
import { CART_LINES_MAX, QUANTITY_MAX } from '@storefront/shared/constants';
import { SHIPPING_SOURCES } from '@storefront/shared/pricing';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import { insertFixtures, insertProducts } from '../../test/catalog-fixtures.js';
import { ADD_CART_LINE_OUTCOMES } from './service.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof insertFixtures>>;
beforeAll(async () => {
  t = await buildTestApp({ products: 60 });
  ids = await insertFixtures(t);
});
afterAll(() => t.close());

const QUANTITY_MESSAGE = `quantity: Quantity must be a whole number from 1 to ${QUANTITY_MAX}`;

function call(
  buyer: TestBuyer | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: buyer?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function cartOf(buyer: TestBuyer): Promise<CartResponse> {
  const response = await call(buyer, 'GET', '/api/cart/');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function add(buyer: TestBuyer, productId: string, body: object): Promise<CartResponse> {
  const response = await call(buyer, 'POST', `/api/cart/items/${productId}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/cart/', () => {
  it('needs a signed-in buyer', async () => {
    const response = await call(undefined, 'GET', '/api/cart/');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('answers an empty cart as an empty items map', async () => {
    const buyer = await createBuyer(t);
    expect(await cartOf(buyer)).toEqual({
      items: {},
      lines: [],
      lineCount: 0,
      itemCount: 0,
      subtotal: 0,
      tax: {
        taxable: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
        tax: 0,
        heads: ['GST'],
        supplyType: null,
        placeOfSupply: null,
      },
      total: 0,
    });
    expect((await call(buyer, 'GET', '/api/cart')).statusCode).toBe(200);
  });
});

describe('statements per cart call (bench/README.md)', () => {
  const statements = (response: { headers: Record<string, unknown> }) =>
    Number(response.headers['x-sql-statements']);

  it('reads a cart of several products in two statements, and adds a line in three', async () => {
    const buyer = await createBuyer(t);
    const added = await call(buyer, 'POST', `/api/cart/items/${ids.tiered}`, {
      quantity: 2,
      source: 'Ex-china',
    });
    expect(added.statusCode, added.body).toBe(200);
    // The product for its rules with the buyer's lines of it and the session's check (decision
    // 092); the call that locks the buyer's row and writes the line within the caps (decision
    // 091: no transaction held between them); the cart answered back.
    expect(statements(added)).toBe(3);
    await add(buyer, ids.cheap, { quantity: 1, source: 'Ex-india custom' });
    await add(buyer, ids.shirt, { quantity: 1, source: 'Ex-india custom', variantIndex: 1 });

    const read = await call(buyer, 'GET', '/api/cart/');
    expect(read.json<CartResponse>().lineCount).toBe(3);
    // The session check, then lines and products together.
    expect(statements(read)).toBe(2);
  });
});

describe('add_cart_line (migration 0032, decision 091)', () => {
  it('answers only what the add knows: the function and the code list the same outcomes', async () => {
    const found = await t.database.db.execute(
      sql`SELECT pg_get_functiondef('add_cart_line'::regproc) AS definition`,
    );
    const { definition } = found.rows[0] as { definition: string };
    const answers = [...definition.matchAll(/RETURN '([a-z_]+)'/g)].map((match) => match[1]);
    expect(new Set(answers)).toEqual(new Set(ADD_CART_LINE_OUTCOMES));
  });
});

describe('tier pricing through the cart', () => {
  it('9 units cost the first tier and 10 units reach the second', async () => {
    const buyer = await createBuyer(t);
    let cart = await add(buyer, ids.tiered, { quantity: 9, source: 'Ex-china' });
    expect(cart.lines[0]).toMatchObject({ quantity: 9, unitPrice: 100, lineTotal: 900 });

    const response = await call(buyer, 'PATCH', `/api/cart/items/${ids.tiered}`, {
      quantity: 10,
      source: 'Ex-china',
    });
    expect(response.statusCode, response.body).toBe(200);
    cart = response.json();
    expect(cart.lines[0]).toMatchObject({
      quantity: 10,
      basePrice: 95,
      unitPrice: 95,
      lineTotal: 950,
    });
    expect(cart.subtotal).toBe(950);
    expect(cart.total).toBe(950);
  });

  it('adding the same product, variant and source again adds to its line', async () => {
    const buyer = await createBuyer(t);
    await add(buyer, ids.tiered, { quantity: 4, source: 'Ex-india custom' });
    const cart = await add(buyer, ids.tiered, { quantity: 6, source: 'Ex-india custom' });
    expect(cart.items).toEqual({
      [ids.tiered]: [{ quantity: 10, source: 'Ex-india custom', variantIndex: null }],
    });
    // ₹95.00 × 1.15 = ₹109.25 a unit.
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ unitPrice: 109.25, lineTotal: 1092.5, multiplier: 1.15 });
  });

  it('applies each shipping source’s multiplier, one line per source', async () => {
    const buyer = await createBuyer(t);
    for (const source of ['Ex-china', 'Ex-india custom', 'doorstep delivery'])
      await add(buyer, ids.tiered, { quantity: 1, source });
    const cart = await cartOf(buyer);
    expect(cart.lines.map((l) => [l.source, l.multiplier, l.unitPrice])).toEqual([
      ['Ex-china', 1, 100],
      ['Ex-india custom', 1.15, 115],
      ['doorstep delivery', 1.25, 125],
    ]);
    expect(cart.items[ids.tiered]).toHaveLength(3);
    expect(cart.subtotal).toBe(340);
    expect(cart.itemCount).toBe(3);
    expect(cart.lineCount).toBe(3);
  });

  it('rounds to the paisa, half up', async () => {
    const buyer = await createBuyer(t);
    // ₹1.10 × 1.15 = ₹1.265 → ₹1.27; ₹123.45 × 1.25 = ₹154.3125 → ₹154.31.
    await add(buyer, ids.cheap, { quantity: 3, source: 'Ex-india custom' });
    const cart = await add(buyer, ids.shirt, {
      quantity: 1,
      source: 'doorstep delivery',
      variantIndex: 0,
    });
    expect(cart.lines.map((l) => [l.unitPrice, l.lineTotal])).toEqual([
      [1.27, 3.81],
      [154.31, 154.31],
    ]);
    expect(cart.subtotal).toBe(158.12);
  });

  it('gives the cart screen what it renders: name, image, option text, SKU and price inputs', async () => {
    const buyer = await createBuyer(t);
    const cart = await add(buyer, ids.shirt, {
      quantity: 2,
      source: 'Ex-india custom',
      variantIndex: 1,
    });
    expect(cart.lines[0]).toEqual({
      id: `${ids.shirt}:1:Ex-india custom`,
      productId: ids.shirt,
      variantIndex: 1,
      source: 'Ex-india custom',
      quantity: 2,
      product: {
        _id: ids.shirt,
        name: 'Cotton Work Shirt',
        code: 'TST-SHIRT',
        images: ['products/TST-SHIRT-1'],
        salePrice: 123.45,
      },
      option1: 'M, Red',
      sku: 'TST-SHIRT-V2',
      basePrice: 123.45,
      multiplier: 1.15,
      unitPrice: 141.97,
      lineTotal: 283.94,
      minOrderQuantity: 1,
      orderMultiple: 1,
      available: null,
      problem: null,
      pricing: { spPaise: 12345, tiers: [], gstRateBp: 1800 },
      // HSN 0000 is in no rate table: 18 %. 28394 × 100 / 118 = 24062.7 → 24063 paise taxable.
      gst: { hsn: '0000', rate: 18, taxable: 240.63, tax: 43.31, cgst: 0, sgst: 0, igst: 43.31 },
    });
  });
});

describe('variant rules (spec §5)', () => {
  it('options without variants fail with the spec’s configuration message', async () => {
    const buyer = await createBuyer(t);
    const response = await call(buyer, 'POST', `/api/cart/items/${ids.broken}`, {
      quantity: 1,
      source: 'Ex-india custom',
      variantIndex: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'variant_configuration',
      detail: 'Product configuration error: Options defined without corresponding varients.',
    });
  });

  it.each([
    [undefined, 'none selected'],
    [null, 'none selected'],
    [2, '#2'],
  ])('variantIndex %s of a product with options is refused', async (variantIndex, combination) => {
    const buyer = await createBuyer(t);
    const response = await call(buyer, 'POST', `/api/cart/items/${ids.shirt}`, {
      quantity: 1,
      source: 'Ex-india custom',
      ...(variantIndex === undefined ? {} : { variantIndex }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'variant_unavailable',
      detail: `Selected product variant combination (${combination}) is not available.`,
    });
    expect((await cartOf(buyer)).lines).toEqual([]);
  });

  it('each variant’s variantIndex from the product detail adds that variant, gaps and all (decision 028)', async () => {
    const [id] = await insertProducts(t, [
      {
        name: 'Gapped Gloves',
        code: 'TST-GAPS',
        spPaise: 50_00,
        options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
        variants: ['S', 'M', 'L'],
      },
    ]);
    // 'S' is withdrawn: the remaining variants keep their positions 1 and 2.
    await t.database.db.execute(
      sql`DELETE FROM product_variants WHERE product_id = ${id!} AND position = 0`,
    );
    const detail = await t.app.inject({ method: 'GET', url: `/api/products/product/${id!}` });
    const { varients } = detail.json().payload as ProductDetail;
    expect(varients).toEqual([
      { option1: 'M', sku: 'TST-GAPS-V2', variantIndex: 1, price: null },
      { option1: 'L', sku: 'TST-GAPS-V3', variantIndex: 2, price: null },
    ]);

    const buyer = await createBuyer(t);
    for (const variant of varients) {
      const cart = await add(buyer, id!, {
        quantity: 1,
        source: 'Ex-china',
        variantIndex: variant.variantIndex,
      });
      expect(cart.lines.at(-1)).toMatchObject({ option1: variant.option1, sku: variant.sku });
    }
    // The place in the list is not the index: 0 names the withdrawn variant.
    const byPlace = await call(buyer, 'POST', `/api/cart/items/${id!}`, {
      quantity: 1,
      source: 'Ex-china',
      variantIndex: 0,
    });
    expect(byPlace.json()).toEqual({
      code: 'variant_unavailable',
      detail: 'Selected product variant combination (#0) is not available.',
    });
  });

  it('a product without options takes no variantIndex', async () => {
    const buyer = await createBuyer(t);
    const response = await call(buyer, 'POST', `/api/cart/items/${ids.tiered}`, {
      quantity: 1,
      source: 'Ex-china',
      variantIndex: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'variant_not_applicable' });
  });

  it('an unknown product is 404 and a malformed id 400', async () => {
    const buyer = await createBuyer(t);
    const body = { quantity: 1, source: 'Ex-china' };
    const unknown = await call(buyer, 'POST', `/api/cart/items/${'f'.repeat(24)}`, body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'product_not_found', detail: 'Product not found' });
    expect((await call(buyer, 'POST', '/api/cart/items/not-an-id', body)).statusCode).toBe(400);
  });
});

describe('input validation', () => {
  it.each([0, -1, 1.5, 'x', '10', null, QUANTITY_MAX + 1, 1e20, true])(
    'quantity %s is refused with the quantity message',
    async (quantity) => {
      const buyer = await createBuyer(t);
      const response = await call(buyer, 'POST', `/api/cart/items/${ids.tiered}`, {
        quantity,
        source: 'Ex-china',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_data', detail: QUANTITY_MESSAGE });
      expect((await cartOf(buyer)).lines).toEqual([]);
    },
  );

  it('a quantity written as 1e400 (Infinity) is refused', async () => {
    const buyer = await createBuyer(t);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/cart/items/${ids.tiered}`,
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      payload: '{"quantity": 1e400, "source": "Ex-china"}',
    });
    expect(response.statusCode).toBe(400);
  });

  it.each([
    [{ quantity: 1 }, 'source'],
    [{ quantity: 1, source: 'Mars' }, 'source'],
    [{ quantity: 1, source: 'Ex-china', price: 1 }, '_'],
    [{ quantity: 1, source: 'Ex-china', unitPrice: 0.01 }, '_'],
    [{ quantity: 1, source: 'Ex-china', variantIndex: -1 }, 'variantIndex'],
  ])('%j is refused (strict schema)', async (payload, field) => {
    const buyer = await createBuyer(t);
    const response = await call(buyer, 'POST', `/api/cart/items/${ids.tiered}`, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toContain(field);
  });

  it('PATCH and DELETE validate the same way', async () => {
    const buyer = await createBuyer(t);
    await add(buyer, ids.tiered, { quantity: 1, source: 'Ex-china' });
    const url = `/api/cart/items/${ids.tiered}`;
    for (const quantity of [0, -1, 1.5, 'x', QUANTITY_MAX + 1]) {
      const response = await call(buyer, 'PATCH', url, { quantity, source: 'Ex-china' });
      expect(response.statusCode).toBe(400);
    }
    expect((await call(buyer, 'DELETE', url, { source: 'Ex-china', quantity: 1 })).statusCode).toBe(
      400,
    );
    expect((await cartOf(buyer)).lines[0]!.quantity).toBe(1);
  });

  it('answers 401 before looking at the body', async () => {
    const response = await call(undefined, 'POST', `/api/cart/items/${ids.tiered}`, {
      quantity: 'x',
    });
    expect(response.statusCode).toBe(401);
  });

  it(`a line never holds more than ${QUANTITY_MAX} units`, async () => {
    const buyer = await createBuyer(t);
    await add(buyer, ids.tiered, { quantity: QUANTITY_MAX, source: 'Ex-china' });
    const response = await call(buyer, 'POST', `/api/cart/items/${ids.tiered}`, {
      quantity: 1,
      source: 'Ex-china',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'quantity_too_large' });
    expect((await cartOf(buyer)).lines[0]!.quantity).toBe(QUANTITY_MAX);
  });
});

describe(`at most ${CART_LINES_MAX} lines per cart`, () => {
  const TOO_MANY = {
    code: 'cart_too_many_lines',
    detail: `Your cart already holds ${CART_LINES_MAX} different items, the most it can hold. Check out or remove an item before adding another.`,
  };
  /** Products without options, enough for more lines than a cart may hold (3 sources each). */
  let simple: string[];
  beforeAll(async () => {
    simple = await insertProducts(
      t,
      Array.from({ length: 80 }, (_, i) => ({
        name: `Line Filler ${i}`,
        code: `TST-FILL-${i}`,
        spPaise: 10_00,
      })),
    );
  });
  /** Every (product, source) key of the filler products, in a fixed order. */
  const keys = () =>
    simple.flatMap((productId) => SHIPPING_SOURCES.map((source) => ({ productId, source })));

  /** Fills the buyer's cart with `count` lines straight in the database. */
  async function fill(buyer: TestBuyer, count: number) {
    const rows = keys().slice(0, count);
    await t.database.db.execute(
      sql`INSERT INTO cart_lines (user_id, product_id, source, quantity)
          SELECT ${buyer.id}, x.product_id, x.source, 1
            FROM jsonb_to_recordset(${JSON.stringify(
              rows.map((r) => ({ product_id: r.productId, source: r.source })),
            )}::jsonb) AS x(product_id text, source text)`,
    );
  }
  const lineCount = async (buyer: TestBuyer) => (await cartOf(buyer)).lineCount;

  it(`the ${CART_LINES_MAX}th line is added and a new line after it is refused`, async () => {
    const buyer = await createBuyer(t);
    await fill(buyer, CART_LINES_MAX - 1);
    const last = keys()[CART_LINES_MAX - 1]!;
    const next = keys()[CART_LINES_MAX]!;
    const added = await add(buyer, last.productId, { quantity: 1, source: last.source });
    expect(added.lineCount).toBe(CART_LINES_MAX);

    const refused = await call(buyer, 'POST', `/api/cart/items/${next.productId}`, {
      quantity: 1,
      source: next.source,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(await lineCount(buyer)).toBe(CART_LINES_MAX);

    // A full cart still takes more of a line it holds, and a new line once one is removed.
    const more = await add(buyer, last.productId, { quantity: 4, source: last.source });
    expect(
      more.lines.find((l) => l.productId === last.productId && l.source === last.source),
    ).toMatchObject({ quantity: 5 });
    const removed = await call(buyer, 'DELETE', `/api/cart/items/${last.productId}`, {
      source: last.source,
    });
    expect(removed.statusCode).toBe(200);
    expect((await add(buyer, next.productId, { quantity: 1, source: next.source })).lineCount).toBe(
      CART_LINES_MAX,
    );
  });

  it('concurrent adds of new lines never take a cart past the limit', async () => {
    const buyer = await createBuyer(t);
    await fill(buyer, CART_LINES_MAX - 10);
    const fresh = keys().slice(CART_LINES_MAX - 10, CART_LINES_MAX + 20);
    const responses = await Promise.all(
      fresh.map(({ productId, source }) =>
        call(buyer, 'POST', `/api/cart/items/${productId}`, { quantity: 1, source }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(20);
    for (const refused of responses.filter((r) => r.statusCode === 400))
      expect(refused.json()).toEqual(TOO_MANY);
    expect(await lineCount(buyer)).toBe(CART_LINES_MAX);
  });
});

describe('PATCH and DELETE /api/cart/items/{productId}', () => {
  it('change and remove the line keyed by variant and source, and only it', async () => {
    const buyer = await createBuyer(t);
    await add(buyer, ids.shirt, { quantity: 1, source: 'Ex-india custom', variantIndex: 0 });
    await add(buyer, ids.shirt, { quantity: 2, source: 'Ex-india custom', variantIndex: 1 });
    const url = `/api/cart/items/${ids.shirt}`;

    const patched = await call(buyer, 'PATCH', url, {
      quantity: 7,
      source: 'Ex-india custom',
      variantIndex: 1,
    });
    expect(patched.statusCode).toBe(200);
    expect((patched.json() as CartResponse).items[ids.shirt]).toEqual([
      { quantity: 1, source: 'Ex-india custom', variantIndex: 0 },
      { quantity: 7, source: 'Ex-india custom', variantIndex: 1 },
    ]);

    const removed = await call(buyer, 'DELETE', url, {
      source: 'Ex-india custom',
      variantIndex: 0,
    });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as CartResponse).items[ids.shirt]).toEqual([
      { quantity: 7, source: 'Ex-india custom', variantIndex: 1 },
    ]);

    const again = await call(buyer, 'DELETE', url, { source: 'Ex-india custom', variantIndex: 0 });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      code: 'cart_line_not_found',
      detail: 'This item is not in your cart',
    });
    const wrongSource = await call(buyer, 'PATCH', url, {
      quantity: 3,
      source: 'Ex-china',
      variantIndex: 1,
    });
    expect(wrongSource.statusCode).toBe(404);
  });
});

describe('a buyer only ever reaches their own cart', () => {
  it('another buyer’s token changes nothing and sees nothing of this cart', async () => {
    const owner = await createBuyer(t);
    const other = await createBuyer(t);
    await add(owner, ids.tiered, { quantity: 5, source: 'Ex-china' });
    await add(owner, ids.shirt, { quantity: 2, source: 'Ex-china', variantIndex: 0 });
    const before = await cartOf(owner);

    expect((await cartOf(other)).items).toEqual({});
    const attempts = [
      call(other, 'PATCH', `/api/cart/items/${ids.tiered}`, { quantity: 1, source: 'Ex-china' }),
      call(other, 'DELETE', `/api/cart/items/${ids.tiered}`, { source: 'Ex-china' }),
      call(other, 'PATCH', `/api/cart/items/${ids.shirt}`, {
        quantity: 9,
        source: 'Ex-china',
        variantIndex: 0,
      }),
      call(other, 'DELETE', `/api/cart/items/${ids.shirt}`, {
        source: 'Ex-china',
        variantIndex: 0,
      }),
    ];
    const statuses = (await Promise.all(attempts)).map((r) => r.statusCode);
    expect(statuses).toEqual([404, 404, 404, 404]);
    expect(await cartOf(owner)).toEqual(before);
  });

  it('a forged or expired token is 401', async () => {
    const buyer = await createBuyer(t);
    const forged = `${buyer.token.slice(0, -2)}xx`;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/cart/',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
