import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '@storefront/shared/cart';
import {
  CART_LINES_MAX,
  QUANTITY_MAX,
  QUICK_ORDER_TEXT_MAX_BYTES,
} from '@storefront/shared/constants';
import { SHIPPING_SOURCES } from '@storefront/shared/pricing';
import {
  QUICK_ORDER_ROWS_MAX,
  type QuickOrderReport,
  type QuickOrderRowInput,
} from '@storefront/shared/quick-order';
import { buildTestApp, testDbKind, type TestApp } from '../../test/app.js';
import { createBuyer, type TestBuyer } from '../../test/buyers.js';
import { insertProducts, type FixtureProduct } from '../../test/catalog-fixtures.js';

let t: TestApp;
const ids: Record<string, string> = {};
/** Products without rules, for carts near their line cap. */
let fillers: string[];
const BAD_QUANTITY = `Quantity must be a whole number from 1 to ${QUANTITY_MAX}`;

beforeAll(async () => {
  t = await buildTestApp({ products: 10 });
  const fixtures: (FixtureProduct & { key: string })[] = [
    { key: 'plain', name: 'Steel Bolt', code: 'QO-BOLT', spPaise: 100_00, sellerSku: 'SUP-BOLT' },
    { key: 'minimum', name: 'Cable Tie', code: 'QO-TIE', spPaise: 2_00, minOrderQuantity: 10 },
    { key: 'pack', name: 'Glass Jar', code: 'QO-JAR', spPaise: 30_00, orderMultiple: 6 },
    { key: 'stocked', name: 'Brass Tap', code: 'QO-TAP', spPaise: 450_00, stock: 5 },
    { key: 'archived', name: 'Old Lamp', code: 'QO-LAMP', spPaise: 99_00, status: 'archived' },
    { key: 'draft', name: 'Secret Kettle', code: 'QO-KETTLE', spPaise: 99_00, status: 'draft' },
    {
      key: 'shirt',
      name: 'Work Shirt',
      code: 'QO-SHIRT',
      spPaise: 200_00,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: ['S', 'M'],
      variantStock: { M: 3 },
    },
    {
      key: 'single',
      name: 'Red Bucket',
      code: 'QO-BUCKET',
      spPaise: 80_00,
      options: [{ name: 'Colour', values: ['Red'] }],
      variants: ['Red'],
    },
    { key: 'twinA', name: 'Hinge A', code: 'QO-HINGE-A', spPaise: 10_00, sellerSku: 'DUP-9' },
    { key: 'twinB', name: 'Hinge B', code: 'QO-HINGE-B', spPaise: 10_00, sellerSku: 'DUP-9' },
  ];
  const inserted = await insertProducts(
    t,
    fixtures.map(({ key: _key, ...product }) => product),
  );
  fixtures.forEach((f, i) => (ids[f.key] = inserted[i]!));
  fillers = await insertProducts(
    t,
    Array.from({ length: 67 }, (_, i) => ({
      name: `QO Filler ${i}`,
      code: `QO-FILL-${i}`,
      spPaise: 10_00,
    })),
  );
});
afterAll(() => t.close());

function post(buyer: TestBuyer | undefined, url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: buyer?.headers ?? {},
    payload: payload as object,
  });
}

async function check(buyer: TestBuyer, rows: QuickOrderRowInput[]): Promise<QuickOrderReport> {
  const response = await post(buyer, '/api/cart/quick-order/check', { rows });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function upload(buyer: TestBuyer | undefined, body: string | Buffer, type = 'text/csv') {
  return t.app.inject({
    method: 'POST',
    url: '/api/cart/quick-order/csv',
    headers: { ...buyer?.headers, 'content-type': type },
    payload: body,
  });
}

async function cartOf(buyer: TestBuyer): Promise<CartResponse> {
  const response = await t.app.inject({ url: '/api/cart/', headers: buyer.headers });
  return response.json();
}

/** Fills the buyer's cart with `count` lines of the fillers, straight in the database. */
async function fill(buyer: TestBuyer, count: number) {
  const keys = fillers
    .flatMap((productId) => SHIPPING_SOURCES.map((source) => ({ productId, source })))
    .slice(0, count);
  await t.database.db.execute(
    sql`INSERT INTO cart_lines (user_id, product_id, source, quantity)
        SELECT ${buyer.id}, x.product_id, x.source, 1
          FROM jsonb_to_recordset(${JSON.stringify(
            keys.map((k) => ({ product_id: k.productId, source: k.source })),
          )}::jsonb) AS x(product_id text, source text)`,
  );
}

const problems = (report: QuickOrderReport) =>
  report.rows.map((r) => (r.problem ? `${r.problem.code}: ${r.problem.message}` : null));

describe('POST /api/cart/quick-order/check', () => {
  it('reports every rule per row, in the words the cart uses, and writes nothing', async () => {
    const buyer = await createBuyer(t);
    const report = await check(buyer, [
      { sku: 'QO-BOLT', quantity: 3 },
      { sku: 'NOPE-404', quantity: 1 },
      { sku: 'QO-LAMP', quantity: 1 },
      { sku: 'QO-KETTLE', quantity: 1 },
      { sku: 'QO-TIE', quantity: 5 },
      { sku: 'QO-JAR', quantity: 10 },
      { sku: 'QO-TAP', quantity: 6 },
      { sku: 'QO-BOLT', quantity: 'two' },
      { sku: '  ', quantity: 1 },
      { sku: 'QO-SHIRT', quantity: 1 },
      { sku: 'DUP-9', quantity: 1 },
    ]);
    expect(problems(report)).toEqual([
      null,
      'unknown_sku: No product has the SKU or code "NOPE-404".',
      'product_unavailable: Old Lamp (QO-LAMP) is no longer sold.',
      // A draft was never offered: its SKU is as unknown as a made-up one.
      'unknown_sku: No product has the SKU or code "QO-KETTLE".',
      'quantity_below_minimum: Cable Tie has a minimum order of 10 units; you chose 5.',
      'quantity_not_multiple: Glass Jar is sold in packs of 6: choose a multiple of 6, such as 6 or 12.',
      'out_of_stock: Only 5 of Brass Tap left in stock; you asked for 6.',
      `bad_quantity: ${BAD_QUANTITY}`,
      'sku_missing: Enter a SKU or product code.',
      'variant_required: Work Shirt comes in several options: enter the SKU of one, such as QO-SHIRT-V1, QO-SHIRT-V2.',
      'sku_ambiguous: "DUP-9" is the SKU of more than one product: enter its product code instead.',
    ]);
    expect([report.valid, report.invalid]).toEqual([1, 10]);
    expect(report.rows[0]).toEqual({
      row: 1,
      sku: 'QO-BOLT',
      quantityText: '3',
      quantity: 3,
      source: 'Ex-india custom',
      problem: null,
      item: {
        productId: ids.plain,
        variantIndex: null,
        name: 'Steel Bolt',
        option1: null,
        sku: 'QO-BOLT',
        code: 'QO-BOLT',
        image: 'products/QO-BOLT-1',
        minOrderQuantity: 1,
        orderMultiple: 1,
        // ₹100.00 × 1.15 (Ex-India Customs), three of them.
        unitPrice: 115,
        lineTotal: 345,
      },
    });
    // The row of a product the rules refuse still says which product it named.
    expect(report.rows[4]!.item).toMatchObject({ name: 'Cable Tie', minOrderQuantity: 10 });
    expect((await cartOf(buyer)).lineCount).toBe(0);
  });

  it('finds a product by its code, a variant SKU or the seller SKU, in any case', async () => {
    const buyer = await createBuyer(t);
    const report = await check(buyer, [
      { sku: 'qo-bolt', quantity: 1 },
      { sku: 'sup-bolt', quantity: 1 },
      { sku: 'Qo-Shirt-V2', quantity: 2 },
      // A product code of a product with one variant names that variant.
      { sku: 'QO-BUCKET', quantity: 1 },
      { sku: 'QO-HINGE-B', quantity: '4', source: 'Ex-china' },
    ]);
    expect(problems(report)).toEqual([null, null, null, null, null]);
    expect(report.rows.map((r) => [r.item?.productId, r.item?.variantIndex, r.item?.sku])).toEqual([
      [ids.plain, null, 'QO-BOLT'],
      [ids.plain, null, 'QO-BOLT'],
      [ids.shirt, 1, 'QO-SHIRT-V2'],
      [ids.single, 0, 'QO-BUCKET-V1'],
      [ids.twinB, null, 'QO-HINGE-B'],
    ]);
    expect(report.rows[2]!.item!.option1).toBe('M');
    // Ex-China: the multiplier is 1.
    expect(report.rows[4]!.item).toMatchObject({ unitPrice: 10, lineTotal: 40 });
  });

  it('refuses every quantity that is not a whole number from 1 to the maximum', async () => {
    const buyer = await createBuyer(t);
    const bad = ['', '0', '-2', '2.5', '1e3', '1,000', 'ten', String(QUANTITY_MAX + 1)];
    const report = await check(buyer, [
      ...bad.map((quantity) => ({ sku: 'QO-BOLT', quantity })),
      { sku: 'QO-BOLT', quantity: 1.5 },
      { sku: 'QO-BOLT', quantity: 0 },
      { sku: 'QO-BOLT', quantity: ' 7 ' },
    ]);
    expect(report.rows.map((r) => r.problem?.code ?? null)).toEqual([
      ...bad.map(() => 'bad_quantity'),
      'bad_quantity',
      'bad_quantity',
      null,
    ]);
    expect(report.rows.at(-1)).toMatchObject({ quantityText: '7', quantity: 7 });
  });

  it('checks each row as if the rows above it and the cart were already one line', async () => {
    const buyer = await createBuyer(t);
    // 2 of the 5 taps already in the cart.
    const added = await post(buyer, `/api/cart/items/${ids.stocked}`, {
      quantity: 2,
      source: 'Ex-india custom',
    });
    expect(added.statusCode, added.body).toBe(200);
    const report = await check(buyer, [
      { sku: 'QO-TAP', quantity: 2 },
      { sku: 'QO-TAP', quantity: 2 },
      { sku: 'QO-TAP', quantity: 1 },
      // Packs: 3 alone is refused, so the next 3 stands alone too.
      { sku: 'QO-JAR', quantity: 3 },
      { sku: 'QO-JAR', quantity: 3 },
      { sku: 'QO-JAR', quantity: 6 },
      { sku: 'QO-JAR', quantity: 6 },
      // The variant M draws on its own 3 units, S is not tracked.
      { sku: 'QO-SHIRT-V2', quantity: 3 },
      { sku: 'QO-SHIRT-V1', quantity: 50 },
    ]);
    expect(problems(report)).toEqual([
      null,
      'out_of_stock: Only 5 of Brass Tap left in stock; you asked for 6. That counts the 4 already in your cart or in the rows above.',
      null,
      'quantity_not_multiple: Glass Jar is sold in packs of 6: choose a multiple of 6, such as 6.',
      'quantity_not_multiple: Glass Jar is sold in packs of 6: choose a multiple of 6, such as 6.',
      null,
      null,
      null,
      null,
    ]);
  });

  it(`refuses a row past the cart's ${CART_LINES_MAX} lines, and not one adding to a line held`, async () => {
    const buyer = await createBuyer(t);
    await fill(buyer, CART_LINES_MAX - 1);
    const report = await check(buyer, [
      { sku: 'QO-BOLT', quantity: 1 },
      { sku: 'QO-FILL-0', quantity: 1, source: 'Ex-china' },
      { sku: 'QO-TIE', quantity: 10 },
    ]);
    expect(problems(report)).toEqual([
      null,
      null,
      `cart_too_many_lines: Your cart already holds ${CART_LINES_MAX} different items, the most it can hold. Check out or remove an item before adding another.`,
    ]);
  });

  it(`takes 1 to ${QUICK_ORDER_ROWS_MAX} rows, and checks ${QUICK_ORDER_ROWS_MAX} in three statements`, async () => {
    const buyer = await createBuyer(t);
    const row = { sku: 'QO-BOLT', quantity: 1 };
    const empty = await post(buyer, '/api/cart/quick-order/check', { rows: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'invalid_data',
      detail: 'rows: Add at least one row',
    });
    const over = await post(buyer, '/api/cart/quick-order/check', {
      rows: Array.from({ length: QUICK_ORDER_ROWS_MAX + 1 }, () => row),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'invalid_data',
      detail: `rows: A quick order takes at most ${QUICK_ORDER_ROWS_MAX} rows; split the list and add it in parts.`,
    });
    const full = await post(buyer, '/api/cart/quick-order/check', {
      rows: Array.from({ length: QUICK_ORDER_ROWS_MAX }, (_, i) => ({
        sku: i % 2 ? 'QO-BOLT' : `NO-SUCH-${i}`,
        quantity: 1,
      })),
    });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json<QuickOrderReport>()).toMatchObject({ valid: 100, invalid: 100 });
    // The session check, the cart's lines, and every row's SKU at once.
    expect(Number(full.headers['x-sql-statements'])).toBe(3);
  });

  it('refuses a row with a field it does not know, and a source it does not sell', async () => {
    const buyer = await createBuyer(t);
    const extra = await post(buyer, '/api/cart/quick-order/check', {
      rows: [{ sku: 'QO-BOLT', quantity: 1, price: 1 }],
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ detail: 'rows.0: Unknown field: price' });
    const source = await post(buyer, '/api/cart/quick-order/check', {
      rows: [{ sku: 'QO-BOLT', quantity: 1, source: 'Moon' }],
    });
    expect(source.statusCode).toBe(400);
    expect(source.json()).toMatchObject({ code: 'invalid_data' });
  });

  it('needs a signed-in buyer on every quick order call but the template', async () => {
    for (const url of ['/api/cart/quick-order/check', '/api/cart/quick-order']) {
      const response = await post(undefined, url, { rows: [{ sku: 'QO-BOLT', quantity: 1 }] });
      expect(response.statusCode, url).toBe(401);
    }
    expect((await upload(undefined, 'SKU,Quantity\nQO-BOLT,1\n')).statusCode).toBe(401);
  });
});

describe('POST /api/cart/quick-order', () => {
  it('adds every row in one request, merged into the lines the cart holds, in order', async () => {
    const buyer = await createBuyer(t);
    await post(buyer, `/api/cart/items/${ids.pack}`, { quantity: 6, source: 'Ex-india custom' });
    const response = await post(buyer, '/api/cart/quick-order', {
      rows: [
        { sku: 'QO-BOLT', quantity: 3 },
        { sku: 'qo-jar', quantity: '12' },
        { sku: 'QO-SHIRT-V1', quantity: 2 },
        { sku: 'SUP-BOLT', quantity: 2 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const cart = response.json<CartResponse>();
    expect(cart.lines.map((l) => [l.sku, l.quantity, l.variantIndex, l.source])).toEqual([
      ['QO-JAR', 18, null, 'Ex-india custom'],
      ['QO-BOLT', 5, null, 'Ex-india custom'],
      ['QO-SHIRT-V1', 2, 0, 'Ex-india custom'],
    ]);
    // Priced by the cart: 5 bolts at ₹115.00.
    expect(cart.lines[1]).toMatchObject({ unitPrice: 115, lineTotal: 575 });
    // The session check; the buyer's lock, the cart's lines with their products, the SKUs, the
    // one insert; the cart answered from the products these read, not read again. PGlite sends
    // no BEGIN and COMMIT of its own.
    expect(Number(response.headers['x-sql-statements'])).toBe(testDbKind === 'postgres' ? 7 : 5);
    // The very answer a read of the cart gives.
    const read = await t.app.inject({ url: '/api/cart/', headers: buyer.headers });
    expect(cart).toEqual(read.json());
  });

  it('adds nothing when a row fails, and names each failing row', async () => {
    const buyer = await createBuyer(t);
    const response = await post(buyer, '/api/cart/quick-order', {
      rows: [
        { sku: 'QO-BOLT', quantity: 1 },
        { sku: 'QO-TAP', quantity: 9 },
        { sku: 'QO-TIE', quantity: 10 },
        { sku: 'GHOST', quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'quick_order_rows_invalid',
      detail:
        '2 rows cannot be added, so nothing was added. Row 2: Only 5 of Brass Tap left in stock; you asked for 9.',
      issues: [
        {
          path: 'rows.1',
          code: 'out_of_stock',
          message: 'Only 5 of Brass Tap left in stock; you asked for 9.',
        },
        { path: 'rows.3', code: 'unknown_sku', message: 'No product has the SKU or code "GHOST".' },
      ],
    });
    expect((await cartOf(buyer)).lineCount).toBe(0);
  });

  it('keeps the cart within its line cap when two requests arrive at once', async () => {
    const buyer = await createBuyer(t);
    await fill(buyer, 190);
    const lines = (codes: string[]) =>
      codes.flatMap((sku) => SHIPPING_SOURCES.map((source) => ({ sku, quantity: 1, source })));
    // Six new lines each: either fits alone, both do not. The buyer's lock runs them one after
    // the other, so the second counts the first's lines and adds none of its own.
    const answers = await Promise.all([
      post(buyer, '/api/cart/quick-order', { rows: lines(['QO-FILL-65', 'QO-FILL-66']) }),
      post(buyer, '/api/cart/quick-order', { rows: lines(['QO-BOLT', 'QO-HINGE-A']) }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.statusCode === 400)!.json();
    expect(refused.code).toBe('quick_order_rows_invalid');
    expect(refused.issues.map((i: { code: string }) => i.code)).toEqual([
      'cart_too_many_lines',
      'cart_too_many_lines',
    ]);
    expect((await cartOf(buyer)).lineCount).toBe(196);
  });
});

describe('the CSV template and upload', () => {
  it('downloads the template without signing in', async () => {
    const response = await t.app.inject({ url: '/api/cart/quick-order/template.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="quick-order-template.csv"',
    );
    expect(response.body).toBe('SKU,Quantity\r\n');
  });

  it('reads a header, a BOM, quoted cells, extra columns and blank rows; numbers rows as the file does', async () => {
    const buyer = await createBuyer(t);
    const file =
      '\uFEFFDescription,Product Code,Qty\r\n' +
      '"Bolt, steel",QO-BOLT,4\r\n' +
      '\r\n' +
      '"Jar ""large""",qo-jar,5\r\n' +
      'Nothing,,2\r\n';
    const response = await upload(buyer, file);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<QuickOrderReport>();
    expect(report.rows.map((r) => [r.row, r.sku, r.quantityText, r.problem?.code ?? null])).toEqual(
      [
        [2, 'QO-BOLT', '4', null],
        [4, 'qo-jar', '5', 'quantity_not_multiple'],
        [5, '', '2', 'sku_missing'],
      ],
    );
    expect((await cartOf(buyer)).lineCount).toBe(0);
  });

  it('reads tab-separated text pasted from a spreadsheet, with or without a header', async () => {
    const buyer = await createBuyer(t);
    const pasted = await upload(buyer, 'QO-BOLT\t2\nQO-TIE\t10\n12" pipe\t1\n', 'text/plain');
    expect(pasted.statusCode, pasted.body).toBe(200);
    expect(
      pasted.json<QuickOrderReport>().rows.map((r) => [r.row, r.sku, r.problem?.code ?? null]),
    ).toEqual([
      [1, 'QO-BOLT', null],
      [2, 'QO-TIE', null],
      [3, '12" pipe', 'unknown_sku'],
    ]);
    const withHeader = await upload(
      buyer,
      'sku\tquantity\tnote\nQO-BOLT\t1\tfor site B\n',
      'text/tab-separated-values',
    );
    expect(withHeader.json<QuickOrderReport>().rows).toMatchObject([
      { row: 2, sku: 'QO-BOLT', quantity: 1 },
    ]);
  });

  it('reads a file Excel saved as Windows-1252', async () => {
    const buyer = await createBuyer(t);
    // "Café bolt" in Windows-1252: é is one byte, 0xE9, not valid UTF-8.
    const bytes = Buffer.concat([
      Buffer.from('Name,SKU,Quantity\r\nCaf'),
      Buffer.from([0xe9]),
      Buffer.from(' bolt,QO-BOLT,2\r\n'),
    ]);
    const response = await upload(buyer, bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<QuickOrderReport>().valid).toBe(1);
  });

  it('refuses a file it cannot read, with what to do about it', async () => {
    const buyer = await createBuyer(t);
    const cases: [string, number, string, string?][] = [
      ['SKU,Note\nQO-BOLT,x\n', 400, 'quick_order_header'],
      ['SKU,Quantity\n\n', 400, 'quick_order_empty'],
      ['SKU,Quantity\n"QO-BOLT,1\n', 400, 'csv_malformed'],
      [
        `SKU,Quantity\n${'QO-BOLT,1\n'.repeat(QUICK_ORDER_ROWS_MAX + 1)}`,
        400,
        'quick_order_too_many_rows',
      ],
    ];
    for (const [body, status, code] of cases) {
      const response = await upload(buyer, body);
      expect(response.statusCode, body.slice(0, 40)).toBe(status);
      expect(response.json().code).toBe(code);
    }
    expect((await upload(buyer, 'SKU,Note\nQO-BOLT,x\n')).json().detail).toBe(
      'The header row names no Quantity column: name the columns SKU and Quantity, as the template does.',
    );
    const large = await upload(buyer, `SKU,Quantity\n${'x'.repeat(QUICK_ORDER_TEXT_MAX_BYTES)}`);
    expect(large.statusCode).toBe(413);
    // JSON is not a file's text, not even a JSON string.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quick-order/csv',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      payload: JSON.stringify('SKU,Quantity\nQO-BOLT,1'),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('quick_order_not_text');
    const nul = await upload(buyer, 'SKU,Quantity\nQO-\u0000BOLT,1\n');
    expect(nul.statusCode).toBe(400);
    expect((await cartOf(buyer)).lineCount).toBe(0);
  });

  it('confirms the valid rows of a file through the add call', async () => {
    const buyer = await createBuyer(t);
    const report = (
      await upload(buyer, 'SKU,Quantity\nQO-BOLT,2\nGHOST,1\nQO-SHIRT-V2,1\n')
    ).json<QuickOrderReport>();
    const valid = report.rows.filter((r) => !r.problem);
    const added = await post(buyer, '/api/cart/quick-order', {
      rows: valid.map((r) => ({ sku: r.sku, quantity: r.quantity, source: r.source })),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<CartResponse>().lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['QO-BOLT', 2],
      ['QO-SHIRT-V2', 1],
    ]);
  });
});
