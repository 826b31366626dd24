import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ProductDetail,
  ProductListItem,
  ProductListResponse,
  ProductSummary,
} from '@storefront/shared/catalog';
import { OPEN_ENDED_MAX } from '@storefront/shared/pricing';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertProducts } from '../../test/catalog-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ products: 600 });
});
afterAll(() => t.close());

async function getJson<T>(url: string, status = 200): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return response.json() as T;
}

async function list(query: string, page = 1, limit = 20) {
  return getJson<ProductListResponse>(
    `/api/products?query=${encodeURIComponent(query)}&limit=${limit}&page=${page}`,
  );
}

describe('GET /api/products/categories', () => {
  it('lists the spec’s 8 home categories first, with their display names and slugs', async () => {
    const { payload } = await getJson<{
      payload: { category: string; slug: string; subCategory: unknown[] }[];
    }>('/api/products/categories');
    expect(payload.slice(0, 8).map((c) => [c.category, c.slug])).toEqual([
      ['Baby', 'baby'],
      ['Bags, Wallets & Luggage', 'bags,-wallets-and-luggage'],
      ['Beauty', 'beauty'],
      ['Car & MotorBike', 'car-&-motorbike'],
      ['Clothing & Accessories', 'clothing-&-accessories'],
      ['Computers & Accessories', 'computers-&-accessories'],
      ['Electronics', 'electronics'],
      ['Home & Kitchen', 'home-&-kitchen'],
    ]);
    expect(payload.length).toBeGreaterThanOrEqual(20);
    for (const category of payload) {
      expect(category.subCategory.length).toBeGreaterThanOrEqual(3);
      expect(category.subCategory.length).toBeLessThanOrEqual(8);
    }
  });
});

describe('GET /api/products (listing)', () => {
  it('returns a page of 20 and the total for the spec’s query form', async () => {
    const body = await list('home kitchen');
    expect(body.payload).toHaveLength(20);
    expect(body.total).toBe(30);
    expect(body.page).toBe(1);
    expect(body.limit).toBe(20);
    expect(new Set(body.payload.map((p) => p.category))).toEqual(new Set(['Home & Kitchen']));
  });

  it.each(['home-&-kitchen', 'Home & Kitchen', 'HOME KITCHEN'])(
    '"%s" names the same category',
    async (query) => {
      expect((await list(query)).total).toBe(30);
    },
  );

  it('matches the spec slug and the link slug of a renamed category alike', async () => {
    const fromSpecSlug = await list('bags,-wallets-and-luggage');
    const fromLinkSlug = await list('bags,-wallets-&-luggage');
    const fromQuery = await list('bags wallets and luggage');
    expect(fromSpecSlug.total).toBe(30);
    expect(fromLinkSlug.payload).toEqual(fromSpecSlug.payload);
    expect(fromQuery.payload).toEqual(fromSpecSlug.payload);
  });

  it('lists a subcategory', async () => {
    const body = await list('drinkware');
    expect(body.total).toBeGreaterThan(0);
    expect(body.payload.every((p) => p.subcategory === 'Drinkware')).toBe(true);
  });

  it('lists a collection in its curated order, under-2000 only below ₹2000', async () => {
    const body = await list('under-2000', 1, 50);
    expect(body.total).toBe(40);
    expect(body.payload.every((p) => p.sp < 2000)).toBe(true);
    const again = await list('under 2000', 1, 50);
    expect(again.payload.map((p) => p._id)).toEqual(body.payload.map((p) => p._id));
  });

  it('pages without overlap and reports the total past the end', async () => {
    const first = await list('home kitchen', 1);
    const second = await list('home kitchen', 2);
    expect(second.payload).toHaveLength(10);
    const ids = new Set([...first.payload, ...second.payload].map((p) => p._id));
    expect(ids.size).toBe(30);
    const beyond = await list('home kitchen', 3);
    expect(beyond.payload).toEqual([]);
    expect(beyond.total).toBe(30);
  });

  it('gives an empty page for a query that names nothing', async () => {
    expect(await list('no such category')).toEqual({ payload: [], total: 0, page: 1, limit: 20 });
  });

  it.each(['and', '-', ' , & ', 'AND-and'])(
    'gives an empty page for "%s", which normalises to nothing (decision 002)',
    async (query) => {
      expect(await list(query)).toEqual({ payload: [], total: 0, page: 1, limit: 20 });
    },
  );

  it('lists the whole catalogue only when the query is absent or blank', async () => {
    expect((await getJson<ProductListResponse>('/api/products?limit=1')).total).toBe(600);
    expect((await list('   ', 1, 1)).total).toBe(600);
  });

  it('shapes each product as the spec does, prices in rupees', async () => {
    const [product] = (await list('electronics', 1, 1)).payload as [ProductListItem];
    expect(product._id).toMatch(/^[0-9a-f]{24}$/);
    expect(product.objectID).toBe(product._id);
    expect(product.mrp).toBeGreaterThanOrEqual(product.sp);
    expect(product.regularPrice).toBe(product.mrp);
    expect(product.salePrice).toBe(product.sp);
    expect(product.images).toEqual(product.imgUrl.map((i) => i.src));
    expect(product).not.toHaveProperty('summary');
  });

  it('carries each product’s whole description as plain text, for the search box (spec §5)', async () => {
    const { payload } = await list('electronics', 2);
    expect(payload.length).toBeGreaterThan(0);
    for (const product of payload) {
      expect(product.description).not.toMatch(/<[a-z/]/);
      // The seed's last sentence lies past character 300, where the summary used to stop.
      expect(product.description.length).toBeGreaterThan(300);
      expect(product.description).toMatch(
        /A GST invoice with the HSN code is issued for every order\.$/,
      );
    }
  });

  it('reads a category page in at most 2 SQL statements', async () => {
    const response = await t.app.inject({ url: '/api/products?query=electronics&limit=20&page=1' });
    const count = Number(response.headers['x-sql-statements']);
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(2);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=101', 'limit'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['unknown=1', '_'],
    [`query=${'x'.repeat(201)}`, 'query'],
  ])('refuses %s with a 400 naming the field', async (qs, field) => {
    const body = await getJson<{ code: string; fields: Record<string, string> }>(
      `/api/products?${qs}`,
      400,
    );
    expect(body.code).toBe('invalid_data');
    expect(Object.keys(body.fields)).toContain(field);
  });
});

describe('GET /api/products/product/{id}', () => {
  async function productWith(predicate: (p: ProductDetail) => boolean): Promise<ProductDetail> {
    for (let page = 1; page <= 30; page++) {
      const { payload } = await list('', page, 20);
      for (const summary of payload) {
        const { payload: detail } = await getJson<{ payload: ProductDetail }>(
          `/api/products/product/${summary._id}`,
        );
        if (predicate(detail)) return detail;
      }
    }
    throw new Error('no product matches');
  }

  it('returns the product with tiers in the spec’s key format and parsed', async () => {
    const product = await productWith((p) => p.variable_pricing.length === 3);
    expect(product.id).toEqual({ $oid: product._id });
    const keys = product.variable_pricing.map((tier) => Object.keys(tier)[0]);
    expect(keys[0]).toMatch(/^\d+-\d+$/);
    expect(keys[2]).toMatch(/^\d+>$/);
    expect(product.priceTiers.at(-1)?.maxQuantity).toBe(OPEN_ENDED_MAX);
    expect(product.priceTiers[0]?.price).toBe(product.sp);
    expect(product.priceTiers[0]?.savingsPercentage).toBe(0);
    expect(product.priceTiers[2]!.savingsPercentage).toBeGreaterThan(0);
    expect(product.features.length).toBeGreaterThanOrEqual(3);
    expect(product.features.length).toBeLessThanOrEqual(6);
    expect(product.description).toMatch(/^<p>/);
    expect(product.pd_brand.length).toBeGreaterThan(0);
  });

  it('has a variant per option combination, option1 joining the values with ", "', async () => {
    const product = await productWith((p) => p.options.length === 2 && p.varients.length > 0);
    const [first, second] = product.options as unknown as [
      { values: string[] },
      { values: string[] },
    ];
    expect(product.varients.map((v) => v.option1)).toEqual(
      first.values.flatMap((a) => second.values.map((b) => `${a}, ${b}`)),
    );
    // Each variant carries the index the cart takes for it: the seed's positions, 0 to n-1.
    expect(product.varients.map((v) => v.variantIndex)).toEqual(product.varients.map((_, i) => i));
  });

  it('reads a product in at most 2 SQL statements', async () => {
    // A product no test has read yet, so the answer is computed rather than cached.
    const [id] = await insertProducts(t, [
      { name: 'Statement Count Kettle', code: 'STMT-1', spPaise: 999_00 },
    ]);
    const response = await t.app.inject({ url: `/api/products/product/${id}` });
    const count = Number(response.headers['x-sql-statements']);
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(2);
  });

  it('answers 404 JSON for an unknown id and 400 for a malformed one', async () => {
    expect(await getJson('/api/products/product/ffffffffffffffffffffffff', 404)).toEqual({
      detail: 'Product not found',
      code: 'product_not_found',
    });
    for (const bad of [
      '0',
      'xyz',
      'FFFFFFFFFFFFFFFFFFFFFFFF',
      '%00',
      'ffffffffffffffffffffffff0',
    ]) {
      expect((await getJson<{ code: string }>(`/api/products/product/${bad}`, 400)).code).toBe(
        'invalid_data',
      );
    }
  });
});

describe('GET /api/products/recommend/{id}', () => {
  it('lists the same subcategory first, then the category, never the product itself', async () => {
    const [summary] = (await list('electronics', 1, 1)).payload as [ProductListItem];
    const { payload } = await getJson<{ payload: ProductSummary[] }>(
      `/api/products/recommend/${summary._id}`,
    );
    expect(payload.length).toBeGreaterThan(0);
    expect(payload.map((p) => p._id)).not.toContain(summary._id);
    expect(payload.every((p) => p.category === summary.category)).toBe(true);
    const firstOther = payload.findIndex((p) => p.subcategory !== summary.subcategory);
    if (firstOther >= 0)
      expect(payload.slice(firstOther).every((p) => p.subcategory !== summary.subcategory)).toBe(
        true,
      );
    expect(payload[0]?.subcategory).toBe(summary.subcategory);
  });

  it('answers 404 for an unknown product', async () => {
    await getJson('/api/products/recommend/ffffffffffffffffffffffff', 404);
  });
});

describe('POST /api/products/multiple-products', () => {
  const post = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/products/multiple-products',
      payload: payload as object,
    });

  it('returns the products asked for, in order, leaving out unknown ids', async () => {
    const ids = (await list('baby', 1, 3)).payload.map((p) => p._id);
    const response = await post({ product_ids: [ids[2], 'ffffffffffffffffffffffff', ids[0]] });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { payload: ProductDetail[] }).payload.map((p) => p._id)).toEqual([
      ids[2],
      ids[0],
    ]);
  });

  it.each([
    ['no ids', { product_ids: [] }],
    [
      'too many ids',
      { product_ids: Array.from({ length: 101 }, () => 'ffffffffffffffffffffffff') },
    ],
    ['a malformed id', { product_ids: ['nope'] }],
    ['an extra field', { product_ids: ['ffffffffffffffffffffffff'], price: 1 }],
    ['a wrong type', { product_ids: 'ffffffffffffffffffffffff' }],
  ])('refuses %s with a 400', async (_case, payload) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_data' });
  });

  it('refuses malformed JSON with a 400 JSON error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/multiple-products',
      headers: { 'content-type': 'application/json' },
      payload: '{"product_ids": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
  });
});

describe('serving', () => {
  it('answers /api/health', async () => {
    expect(await getJson('/api/health')).toEqual({ status: 'ok', database: 'up' });
  });

  it('publishes an OpenAPI document of the routes', async () => {
    const doc = await getJson<{ openapi: string; paths: Record<string, unknown> }>(
      '/api/openapi.json',
    );
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/products',
        '/api/products/product/{id}',
        '/api/products/categories',
      ]),
    );
  });

  it('answers an unknown API path with a 404 JSON error', async () => {
    expect(await getJson('/api/nothing', 404)).toMatchObject({ code: 'not_found' });
  });

  it('sends the security headers on API responses', async () => {
    const response = await t.app.inject({ url: '/api/products/categories' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
