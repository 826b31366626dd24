/**
 * The order desk's CSV export (issue 19): the same orders as the desk's list for the same filters
 * and sort, across many of the export's pages; RFC 4180 quoting; formulas in buyers' text
 * disarmed; a file download that no cache keeps; audited with its filters and row count, and
 * refused with 400 (nothing audited) for a bad selection.
 */
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskOrderList } from '@storefront/shared/order-desk';
import { EXPORT_COLUMNS } from '@storefront/shared/order-desk-export';
import { parseCsv } from '@storefront/shared/testing/csv';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { BUYER_GSTIN, createBuyer } from '../../test/buyers.js';
import { createStaff, signIn } from '../../test/staff.js';
import { csvCell, EXPORT_PAGE_SIZE } from './desk-export.js';

/** 01:30 on 27 November 2026 in India. */
const NOW = new Date('2026-11-26T20:00:00Z');
/** More than two of the export's pages. */
const ORDERS = EXPORT_PAGE_SIZE * 2 + 500;
const FORMULA_COMPANY = '=HYPERLINK("http://evil.example","Click")';
const QUOTED_COMPANY = 'Ganga, "Best" Traders\r\nPvt Ltd';

let t: TestApp;
let cookie: string;
let plainBuyer: string;
let formulaBuyer: string;

describe('a CSV cell', () => {
  it.each([
    ['Kaveri Traders', '"Kaveri Traders"'],
    ['', '""'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['=SUM(A1:A9)', '"\'=SUM(A1:A9)"'],
    ['+91 98400 12345', '"\'+91 98400 12345"'],
    ['-2+3', '"\'-2+3"'],
    ['@cmd', '"\'@cmd"'],
    ['\tTab', '"\'\tTab"'],
    ['\rReturn', '"\'\rReturn"'],
    ['=1,2', '"\'=1,2"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['a=b', '"a=b"'],
    // Split on ; or a tab by a spreadsheet in another locale, it is still one quoted cell.
    ['Acme;=HYPERLINK("http://evil","x")', '"Acme;=HYPERLINK(""http://evil"",""x"")"'],
  ])('%j is written %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});

async function buyerWith(companyName: string): Promise<string> {
  const { id } = await createBuyer(t);
  await t.database.db.execute(sql`
    UPDATE users SET company_name = ${companyName}, email = ${`${id}@export.example.in`}
     WHERE id = ${id}`);
  return id;
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW });
  cookie = (await signIn(t, await createStaff(t, 'finance'), NOW)).cookie;
  plainBuyer = await buyerWith('Kaveri Distributors');
  formulaBuyer = await buyerWith(FORMULA_COMPANY);
  const quotedBuyer = await buyerWith(QUOTED_COMPANY);
  // ORDERS orders a minute apart from 1 October, in four statuses, most of them the plain
  // buyer's; every 100th the formula buyer's, every 250th the quoted buyer's.
  await t.database.db.execute(sql`
    INSERT INTO orders (id, mkp_order_id, user_id, p_status, recipient_name, shipping_address1,
        shipping_city, shipping_state, shipping_postal_code, shipping_country,
        shipping_phone_number, total_paise, created_at)
    SELECT lpad(to_hex(g), 24, '0'), 'MKP-20261001-' || lpad(upper(to_hex(g)), 6, '0'),
           CASE WHEN g % 250 = 0 THEN ${quotedBuyer} WHEN g % 100 = 0 THEN ${formulaBuyer}
                ELSE ${plainBuyer} END,
           (ARRAY['UP', 'PD', 'SHIPPED', 'DELIVERED'])[1 + g % 4], 'Asha', '1 Road',
           CASE WHEN g = 7 THEN '-1+2' ELSE 'Pune' END,
           CASE WHEN g = 7 THEN '@SUM(1)' ELSE 'Maharashtra' END, '411001', 'India',
           '9876543210', 10000 + (g * 7919) % 100000,
           timestamptz '2026-10-01T00:00:00Z' + g * interval '1 minute'
      FROM generate_series(1, ${ORDERS}) g`);
  await t.database.db.execute(sql`
    INSERT INTO order_lines (order_id, position, product_id, title, sku, source, unit_price_paise,
        quantity, line_total_paise)
    VALUES (lpad(to_hex(7), 24, '0'), 0, 'p1', 'Mug', 'MUG-1', 'Ex-china', 1000, 3, 3000),
           (lpad(to_hex(7), 24, '0'), 1, 'p2', 'Cup', 'CUP-1', 'Ex-china', 1000, 4, 4000)`);
});
afterAll(async () => t.close());

const exportOf = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    url: `/api/staff/orders/export.csv${query ? `?${query}` : ''}`,
    headers: { cookie, ...headers },
  });

/** The desk list's order numbers for `query`, every page. */
async function listed(query: string): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  do {
    const response = await t.app.inject({
      url: `/api/staff/orders?${query}&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      headers: { cookie },
    });
    const page: DeskOrderList = response.json();
    seen.push(...page.orders.map((o) => o.mkpOrderId));
    after = page.next;
  } while (after);
  return seen;
}

async function exportAudits() {
  const result = await t.database.db.execute(
    sql`SELECT actor, target_type, after FROM staff_audit_log WHERE action = 'orders.export'
         ORDER BY id`,
  );
  return result.rows as { actor: string; target_type: string; after: Record<string, unknown> }[];
}

describe('the export', () => {
  it('is every order of the selection, in the list’s order, across pages, as a download', async () => {
    const response = await exportOf('');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="orders-20261127.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(rows).toHaveLength(ORDERS);
    expect(rows.map((r) => r[0])).toEqual(await listed('sort=newest'));
    // The first order: 00:01 UTC on 1 October is 05:31 that day in India.
    expect(rows.at(-1)).toEqual([
      'MKP-20261001-000001',
      '2026-10-01T00:01:00.000Z',
      '2026-10-01',
      'Paid',
      `${plainBuyer}@export.example.in`,
      'Kaveri Distributors',
      BUYER_GSTIN,
      '0',
      '179.19', // 10000 + 7919 paise
      'Pune',
      'Maharashtra',
      '411001',
    ]);
  });

  it('filters and sorts as the list does', async () => {
    for (const query of [
      'status=PD',
      'sort=total_asc&buyer=kaveri&minTotal=500',
      'sort=oldest&from=2026-10-01T10:00:00Z&to=2026-10-01T20:00:00Z',
      'q=0001F&sort=total_desc',
    ]) {
      const response = await exportOf(query);
      expect(response.statusCode, query).toBe(200);
      const numbers = parseCsv(response.body.slice(1))
        .slice(1)
        .map((r) => r[0]);
      expect(numbers, query).toEqual(await listed(query));
      expect(numbers.length, query).toBeGreaterThan(0);
    }
  });

  it('quotes what RFC 4180 quotes and disarms formulas in buyers’ text', async () => {
    const rows = parseCsv((await exportOf('sort=oldest')).body.slice(1));
    const byNumber = new Map(rows.map((r) => [r[0], r]));
    const seventh = byNumber.get('MKP-20261001-000007')!;
    expect(seventh.slice(7)).toEqual([
      '7',
      '654.33', // 10000 + 7 × 7919 paise
      "'-1+2",
      "'@SUM(1)",
      '411001',
    ]);
    expect(byNumber.get('MKP-20261001-000064')![5]).toBe(`'${FORMULA_COMPANY}`);
    expect(byNumber.get('MKP-20261001-0000FA')![5]).toBe(QUOTED_COMPANY);
    const raw = (await exportOf('sort=oldest')).body;
    expect(raw).toContain(`,"'=HYPERLINK(""http://evil.example"",""Click"")",`);
    expect(raw).toContain(`,"Ganga, ""Best"" Traders\r\nPvt Ltd",`);
  });

  it('leaves out orders placed after it was asked for', async () => {
    await t.database.db.execute(sql`
      INSERT INTO orders (id, mkp_order_id, user_id, p_status, recipient_name, shipping_address1,
          shipping_city, shipping_state, shipping_postal_code, shipping_country,
          shipping_phone_number, total_paise, created_at)
      VALUES ('ffffffffffffffffffff0001', 'MKP-20261127-LATE01', ${plainBuyer}, 'PD', 'Asha',
          '1 Road', 'Pune', 'Maharashtra', '411001', 'India', '9876543210', 100,
          ${new Date(NOW.getTime() + 1000).toISOString()}::timestamptz)`);
    expect(await listed('status=PD')).toContain('MKP-20261127-LATE01');
    const response = await exportOf('status=PD');
    expect(response.body).not.toContain('MKP-20261127-LATE01');
    await t.database.db.execute(sql`DELETE FROM orders WHERE id = 'ffffffffffffffffffff0001'`);
  });

  it('is compressed for a client that accepts gzip', async () => {
    const plain = await exportOf('status=SHIPPED');
    const zipped = await exportOf('status=SHIPPED', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('is audited with its filters and its number of rows', async () => {
    const before = (await exportAudits()).length;
    const response = await exportOf('status=DELIVERED&minTotal=100.50');
    const rows = parseCsv(response.body.slice(1)).length - 1;
    const audits = await exportAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toEqual({
      actor: expect.stringMatching(/^finance-/),
      target_type: 'orders',
      after: {
        filters: { status: 'DELIVERED', minTotal: 100.5, sort: 'newest' },
        rows,
        placedBy: NOW.toISOString(),
        format: 'csv',
      },
    });
    expect(rows).toBeGreaterThan(0);
  });

  it('refuses a bad selection with 400, records nothing, and is for staff who see buyers only', async () => {
    const before = (await exportAudits()).length;
    for (const query of [
      'minTotal=500&maxTotal=100',
      'status=LOST',
      'limit=10',
      'after=abc',
      'from=yesterday',
      'junk=1',
    ]) {
      const response = await exportOf(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({
        code: expect.any(String),
        detail: expect.any(String),
      });
    }
    expect(await exportAudits()).toHaveLength(before);
    expect((await t.app.inject({ url: '/api/staff/orders/export.csv' })).statusCode).toBe(401);
    const buyer = await createBuyer(t);
    const asBuyer = await t.app.inject({
      url: '/api/staff/orders/export.csv',
      headers: buyer.headers,
    });
    expect(asBuyer.statusCode).toBe(403);
    // Catalog staff see no buyer's data, in bulk least of all.
    const catalog = await signIn(
      t,
      await createStaff(t, 'catalog'),
      new Date(NOW.getTime() + 30_000),
    );
    const asCatalog = await t.app.inject({
      url: '/api/staff/orders/export.csv',
      headers: catalog,
    });
    expect(asCatalog.statusCode).toBe(403);
    // No HEAD: it would run the export and its audit for nobody.
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/staff/orders/export.csv',
      headers: { cookie },
    });
    expect(head.statusCode).toBeGreaterThanOrEqual(400);
    expect(await exportAudits()).toHaveLength(before);
  });
});
