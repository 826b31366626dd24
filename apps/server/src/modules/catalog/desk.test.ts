import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CatalogProductDetail,
  CatalogProductList,
  ProductIssuesError,
} from '@storefront/shared/catalog-desk';
import type { ProductDocument } from '@storefront/shared/catalog-product';
import type { ProductDetail } from '@storefront/shared/catalog';
import { OPEN_ENDED_MAX } from '@storefront/shared/pricing';
import type { FastifyInstance } from 'fastify';
import { connectPostgres, type Database } from '../../db/connect.js';
import { buildReplica, buildTestApp, testDbKind, type TestApp } from '../../test/app.js';
import { createBuyer } from '../../test/buyers.js';
import { productDocument } from '../../test/catalog-fixtures.js';
import { createStaff, signIn } from '../../test/staff.js';
import { createAlgoliaSync } from '../search/algolia-sync.js';

let t: TestApp;
let catalog: { cookie: string };
let owner: { cookie: string };
let category: string;
let subcategory: string;

beforeAll(async () => {
  t = await buildTestApp({ products: 170 });
  catalog = await signIn(t, await createStaff(t, 'catalog'));
  owner = await signIn(t, await createStaff(t, 'owner'));
  const result = await t.database.db.execute(
    sql`SELECT c.slug AS category, s.slug AS subcategory FROM subcategories s
          JOIN categories c ON c.id = s.category_id ORDER BY c.position, s.position LIMIT 1`,
  );
  ({ category, subcategory } = result.rows[0] as { category: string; subcategory: string });
});
afterAll(() => t.close());

const BASE = '/api/staff/catalog';

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  who: { cookie: string } = catalog,
  app: FastifyInstance = t.app,
) {
  return app.inject({
    method,
    url: `${BASE}${url}`,
    headers: { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The fixtures' document with a seller SKU, a kept tag in the description, untracked stock. */
const product = (code: string, change: Partial<ProductDocument> = {}): ProductDocument =>
  productDocument(
    code,
    { category, subcategory },
    {
      sellerSku: `SUP-${code}`,
      name: `Desk Product ${code}`,
      descriptionHtml: '<p>Good <strong>stuff</strong><script>alert(1)</script></p>',
      variants: [
        { option1: 'Red', sku: `${code}-R`, pricePaise: null, stock: null },
        { option1: 'Blue', sku: `${code}-B`, pricePaise: 160_00, stock: null },
      ],
      stock: null,
      ...change,
    },
  );

async function create(doc: ProductDocument): Promise<CatalogProductDetail> {
  const response = await call('POST', '/products', { product: doc });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function auditOf(action: string, targetId: string) {
  const result = await t.database.db.execute(
    sql`SELECT actor, before, after FROM staff_audit_log
         WHERE action = ${action} AND target_id = ${targetId} ORDER BY id`,
  );
  return result.rows as { actor: string; before: unknown; after: unknown }[];
}

describe('who may use the catalog desk', () => {
  it('catalog staff and owners; fulfilment and finance get 403, a buyer 403, nobody 401', async () => {
    expect((await call('GET', '/products')).statusCode).toBe(200);
    expect((await call('GET', '/products', undefined, owner)).statusCode).toBe(200);
    for (const role of ['fulfilment', 'finance'] as const) {
      const member = await signIn(t, await createStaff(t, role));
      const refused = await call('PUT', '/products/0123456789abcdef01234567', {}, member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('role_forbidden');
    }
    const buyer = await createBuyer(t);
    const asBuyer = await t.app.inject({ url: `${BASE}/products`, headers: buyer.headers });
    expect(asBuyer.statusCode).toBe(403);
    expect((await t.app.inject({ url: `${BASE}/taxonomy` })).statusCode).toBe(401);
  });
});

describe('the product list', () => {
  it('flags each of the seed’s planted defects on an active product, and counts them', async () => {
    const list: CatalogProductList = (
      await call('GET', '/products?attention=true&limit=100')
    ).json();
    expect(list.total).toBe(list.counts.attention);
    expect(list.items.length).toBe(list.total);
    expect(list.items.every((row) => row.needsAttention && row.status === 'active')).toBe(true);
    const codes = new Set(list.items.flatMap((row) => row.issues.map((issue) => issue.code)));
    // No image; an image that does not exist; options without variants; a missing combination.
    for (const code of ['image_missing', 'image_not_found', 'variant_missing'])
      expect(codes, code).toContain(code);
    const missing = list.items.find((row) => row.image?.endsWith('-missing'))!;
    expect(missing.issues).toContainEqual({
      path: 'images.0',
      code: 'image_not_found',
      message: `Image ${missing.image} does not exist: the listings leave out a product whose first image fails to load`,
    });
    // The planted defects, and nothing else, in the seed's 170: index % 40 in {7, 13, 19}
    // (13 products) and the options without (all) variants at index % 150 in {3, 6} (4).
    expect(list.total).toBe(17);
    const healthy: CatalogProductList = (
      await call('GET', '/products?attention=false&limit=5')
    ).json();
    expect(healthy.total).toBe(170 - 17);
    expect(healthy.items.every((row) => row.issues.length === 0)).toBe(true);
  });

  it('filters by status, category, subcategory and text, and pages', async () => {
    const first: CatalogProductList = (await call('GET', '/products?limit=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(170);
    const second: CatalogProductList = (await call('GET', '/products?limit=2&page=2')).json();
    expect(second.items[0]!.code > first.items[1]!.code).toBe(true);
    const code = first.items[0]!.code;
    const byCode: CatalogProductList = (
      await call('GET', `/products?q=${encodeURIComponent(code.toLowerCase())}`)
    ).json();
    expect(byCode.items.map((row) => row.code)).toEqual([code]);
    const inSub: CatalogProductList = (
      await call(
        'GET',
        `/products?category=${encodeURIComponent(category)}&subcategory=${encodeURIComponent(subcategory)}&limit=100`,
      )
    ).json();
    expect(inSub.total).toBeGreaterThan(0);
    expect(inSub.items.every((r) => r.category === category && r.subcategory === subcategory)).toBe(
      true,
    );
    const drafts: CatalogProductList = (await call('GET', '/products?status=draft')).json();
    expect(drafts.items.every((row) => row.status === 'draft')).toBe(true);
    expect(drafts.total).toBe(drafts.counts.draft);
    expect((await call('GET', '/products?status=gone')).statusCode).toBe(400);
    const past: CatalogProductList = (await call('GET', '/products?limit=100&page=50')).json();
    expect(past.items).toEqual([]);
    expect(past.total).toBeGreaterThanOrEqual(170);
  });
});

describe('creating and saving a product', () => {
  it('creates one (its description sanitised) and audits it', async () => {
    const created = await create(product('DESK-1'));
    expect(created.product).toEqual({
      ...product('DESK-1'),
      descriptionHtml: '<p>Good <strong>stuff</strong></p>',
    });
    expect(created.issues).toEqual([]);
    const [entry] = await auditOf('product.create', 'DESK-1');
    expect(entry!.actor).toMatch(/^catalog-/);
    expect(entry!.after).toMatchObject({ code: 'DESK-1', spPaise: 150_00 });
    const again = await call('POST', '/products', { product: product('DESK-1') });
    expect(again.statusCode).toBe(422);
    expect((again.json() as ProductIssuesError).issues).toEqual([
      { path: 'code', code: 'code_taken', message: 'Another product has the code DESK-1' },
    ]);
  });

  it('refuses an active product breaking rules with 422 naming each rule and field; a draft saves', async () => {
    const broken = product('DESK-2', {
      spPaise: 250_00,
      hsn: '12',
      tiers: [
        { minQuantity: 1, maxQuantity: 9, pricePaise: 150_00 },
        { minQuantity: 12, maxQuantity: OPEN_ENDED_MAX, pricePaise: 160_00 },
      ],
      variants: [{ option1: 'Red', sku: 'DESK-2-R', pricePaise: null, stock: null }],
    });
    const response = await call('POST', '/products', { product: broken });
    expect(response.statusCode).toBe(422);
    const body = response.json() as ProductIssuesError;
    expect(body.code).toBe('product_invalid');
    expect(body.issues.map((issue) => [issue.path, issue.code])).toEqual([
      ['spPaise', 'price_above_mrp'],
      ['hsn', 'hsn_invalid'],
      ['tiers.1.minQuantity', 'tier_not_contiguous'],
      ['tiers.1.pricePaise', 'tier_price_rises'],
      ['variants', 'variant_missing'],
    ]);
    expect(body.detail).toBe(
      'An active product must keep every rule; 5 are broken (first: The sale price is above the MRP). Fix them or save as a draft.',
    );
    expect(
      (await t.database.db.execute(sql`SELECT 1 FROM products WHERE code = 'DESK-2'`)).rows,
    ).toEqual([]);
    // A sale price above the MRP is refused in any status (the database holds that rule).
    const draftAboveMrp = await call('POST', '/products', {
      product: { ...broken, status: 'draft' },
    });
    expect(draftAboveMrp.statusCode).toBe(422);
    expect((draftAboveMrp.json() as ProductIssuesError).issues).toEqual([
      { path: 'spPaise', code: 'price_above_mrp', message: 'The sale price is above the MRP' },
    ]);
    const draft = await create({ ...broken, spPaise: 150_00, status: 'draft' });
    expect(draft.issues.map((issue) => issue.code)).toEqual([
      'hsn_invalid',
      'tier_not_contiguous',
      'tier_price_rises',
      'variant_missing',
    ]);
    // Going active is refused with the same issues.
    const activate = await call('POST', `/products/${draft.id}/status`, {
      version: draft.version,
      status: 'active',
    });
    expect(activate.statusCode).toBe(422);
    expect((activate.json() as ProductIssuesError).issues).toEqual(draft.issues);
  });

  it('a bad shape is a 400 naming the field', async () => {
    const response = await call('POST', '/products', {
      product: { ...product('DESK-3'), spPaise: 10.5 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid_data',
      fields: { 'product.spPaise': 'Whole paise only' },
    });
  });

  it('saves a change with its before and after in the audit log, never touching stock', async () => {
    const created = await create(product('DESK-4', { stock: 30 }));
    // An order takes 4 units meanwhile.
    await t.database.db.execute(
      sql`UPDATE stock_levels SET on_hand = 26 WHERE product_id = ${created.id}`,
    );
    const response = await call('PUT', `/products/${created.id}`, {
      version: created.version,
      product: { ...created.product, name: 'Desk Product Renamed', mrpPaise: 210_00, stock: 30 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved: CatalogProductDetail = response.json();
    expect(saved.product.name).toBe('Desk Product Renamed');
    expect(saved.product.stock).toBe(26);
    expect(saved.version).not.toBe(created.version);
    const [entry] = await auditOf('product.update', 'DESK-4');
    expect(entry).toMatchObject({
      before: { name: 'Desk Product DESK-4', mrpPaise: 200_00 },
      after: { name: 'Desk Product Renamed', mrpPaise: 210_00 },
    });
    expect(Object.keys(entry!.after as object).sort()).toEqual(['mrpPaise', 'name']);
  });

  it('answers 409 to a save from a version someone else has saved over, and changes nothing', async () => {
    const created = await create(product('DESK-5'));
    const first = await call('PUT', `/products/${created.id}`, {
      version: created.version,
      product: { ...created.product, brand: 'First' },
    });
    expect(first.statusCode).toBe(200);
    const stale = await call('PUT', `/products/${created.id}`, {
      version: created.version,
      product: { ...created.product, brand: 'Second' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('product_changed');
    const now: CatalogProductDetail = (await call('GET', `/products/${created.id}`)).json();
    expect(now.product.brand).toBe('First');
    const staleStatus = await call('POST', `/products/${created.id}/status`, {
      version: created.version,
      status: 'archived',
    });
    expect(staleStatus.statusCode).toBe(409);
  });

  it('refuses a change of code, and answers 404 for a product that does not exist', async () => {
    const created = await create(product('DESK-6'));
    const response = await call('PUT', `/products/${created.id}`, {
      version: created.version,
      product: { ...created.product, code: 'DESK-6B' },
    });
    expect(response.statusCode).toBe(422);
    expect((response.json() as ProductIssuesError).issues[0]).toMatchObject({
      path: 'code',
      code: 'code_fixed',
    });
    expect((await call('GET', '/products/ffffffffffffffffffffffff')).statusCode).toBe(404);
  });

  it('archives and activates, auditing each', async () => {
    const created = await create(product('DESK-7'));
    const archived = await call('POST', `/products/${created.id}/status`, {
      version: created.version,
      status: 'archived',
    });
    expect(archived.statusCode).toBe(200);
    const body: CatalogProductDetail = archived.json();
    expect(body.product.status).toBe('archived');
    const active = await call('POST', `/products/${created.id}/status`, {
      version: body.version,
      status: 'active',
    });
    expect(active.json().product.status).toBe('active');
    expect((await auditOf('product.status', 'DESK-7')).map((e) => e.after)).toEqual([
      { status: 'archived' },
      { status: 'active' },
    ]);
  });
});

describe('stock by compare-and-set', () => {
  it('sets rows only from what they hold, so an order’s units are never written over', async () => {
    const created = await create(product('DESK-8'));
    const set = (rows: unknown[]) => call('POST', `/products/${created.id}/stock`, { rows });
    const first = await set([
      { variant: null, expected: null, onHand: 10 },
      { variant: 'Blue', expected: null, onHand: 4 },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as CatalogProductDetail).product).toMatchObject({
      stock: 10,
      variants: [
        { option1: 'Red', stock: null },
        { option1: 'Blue', stock: 4 },
      ],
    });
    // An order takes 3 of the product's units.
    await t.database.db.execute(
      sql`UPDATE stock_levels SET on_hand = on_hand - 3
           WHERE product_id = ${created.id} AND variant_position IS NULL`,
    );
    const stale = await set([
      { variant: 'Blue', expected: 4, onHand: 6 },
      { variant: null, expected: 10, onHand: 20 },
    ]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'stock_changed',
      detail:
        "The product's stock is now 7, not 10: an order or another editor changed it. Reload and set it again.",
    });
    // All or nothing: Blue was not set either.
    const now: CatalogProductDetail = (await call('GET', `/products/${created.id}`)).json();
    expect(now.product.variants[1]!.stock).toBe(4);
    const fresh = await set([
      { variant: null, expected: 7, onHand: 20 },
      { variant: 'Blue', expected: 4, onHand: null },
    ]);
    expect(fresh.statusCode).toBe(200);
    expect((fresh.json() as CatalogProductDetail).product.stock).toBe(20);
    expect((fresh.json() as CatalogProductDetail).product.variants[1]!.stock).toBeNull();
    expect(await auditOf('product.stock', 'DESK-8')).toMatchObject([
      { before: { product: null, Blue: null }, after: { product: 10, Blue: 4 } },
      { before: { product: 7, Blue: 4 }, after: { product: 20, Blue: null } },
    ]);
    const unknown = await set([{ variant: 'Green', expected: null, onHand: 1 }]);
    expect(unknown.statusCode).toBe(422);
    const twice = await set([
      { variant: null, expected: 20, onHand: 1 },
      { variant: null, expected: 20, onHand: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect((await set([{ variant: null, expected: 20, onHand: -1 }])).statusCode).toBe(400);
  });
});

async function searchNames(query: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/search/1/indexes/*/queries',
    headers: { 'x-algolia-agent': 'Algolia for JavaScript (5.0.0)' },
    payload: {
      requests: [{ indexName: 'product_index', params: `query=${encodeURIComponent(query)}` }],
    },
  });
  return (response.json() as { results: { hits: { name: string }[] }[] }).results[0]!.hits.map(
    (hit) => hit.name,
  );
}

describe('a change reaches search', () => {
  it('the PostgreSQL index finds a saved product by its new name', async () => {
    const created = await create(product('DESK-9'));
    await call('PUT', `/products/${created.id}`, {
      version: created.version,
      product: { ...created.product, name: 'Quokkaform Desk Organiser' },
    });
    expect(await searchNames('quokkaform')).toEqual(['Quokkaform Desk Organiser']);
  });

  it('the hosted-Algolia queue carries a product edit and a category rename', async () => {
    const received: {
      requests?: { action: string; body: { objectID: string; name?: string; category?: string } }[];
    }[] = [];
    const server: Server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        received.push(text ? JSON.parse(text) : {});
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"taskID":1}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const sync = createAlgoliaSync(t.database.db, {
        appId: 'APP',
        adminKey: 'key',
        indexName: 'products',
        hosts: [`http://127.0.0.1:${(server.address() as AddressInfo).port}`],
      });
      await sync.enable();
      while ((await sync.pushOnce()) > 0);
      received.length = 0;
      const created = await create(product('DESK-10'));
      await call('PUT', `/products/${created.id}`, {
        version: created.version,
        product: { ...created.product, name: 'Algolia Bound Stapler' },
      });
      while ((await sync.pushOnce()) > 0);
      const pushed = received.flatMap((body) => body.requests ?? []);
      expect(pushed.find((r) => r.body.objectID === created.id)).toMatchObject({
        action: 'updateObject',
        body: { name: 'Algolia Bound Stapler' },
      });
      received.length = 0;
      const categoryId = (
        (await t.database.db.execute(sql`SELECT id FROM categories WHERE slug = ${category}`))
          .rows[0] as { id: string }
      ).id;
      expect(
        (await call('PATCH', `/categories/${categoryId}`, { name: 'Babies & Toddlers' }))
          .statusCode,
      ).toBe(204);
      while ((await sync.pushOnce()) > 0);
      // Active products are updated with the new name; the others are deleted from the index.
      const renamed = received
        .flatMap((body) => body.requests ?? [])
        .filter((r) => r.action === 'updateObject');
      const inCategory = (
        await t.database.db.execute(
          sql`SELECT count(*)::int AS n FROM products
               WHERE category_id = ${categoryId} AND status = 'active'`,
        )
      ).rows[0] as { n: number };
      expect(renamed).toHaveLength(inCategory.n);
      expect(renamed.every((r) => r.body.category === 'Babies & Toddlers')).toBe(true);
      await sync.disable();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('a change reaches every replica’s cache within a second', () => {
  let second: Database | undefined;
  let replica: FastifyInstance;
  beforeAll(async () => {
    // Another replica: on PostgreSQL its own connections (its own LISTEN); PGlite is one process.
    if (testDbKind === 'postgres') second = connectPostgres(t.databaseUrl!, 5);
    replica = await buildReplica(t, second ? { database: second } : {});
  });
  afterAll(async () => {
    await replica.close();
    await second?.close();
  });

  it('an edit on one app is seen through the other’s cached API', async () => {
    const created = await create(product('DESK-11'));
    const url = `/api/products/product/${created.id}`;
    const read = async () =>
      ((await replica.inject({ url })).json() as { payload: ProductDetail }).payload.name;
    expect(await read()).toBe('Desk Product DESK-11');
    // Cached: a read runs no statement (once the creation's own notice has emptied the cache).
    await expect
      .poll(async () => (await replica.inject({ url })).headers['x-sql-statements'])
      .toBe('0');
    const saved = await call('PUT', `/products/${created.id}`, {
      version: created.version,
      product: { ...created.product, name: 'Seen On Every Replica' },
    });
    expect(saved.statusCode).toBe(200);
    const started = Date.now();
    let name = await read();
    while (name !== 'Seen On Every Replica' && Date.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      name = await read();
    }
    expect(name).toBe('Seen On Every Replica');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
