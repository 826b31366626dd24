import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, ProductListResponse } from '@storefront/shared/catalog';
import type {
  CatalogProductDetail,
  CollectionProductsResponse,
  TaxonomyResponse,
} from '@storefront/shared/catalog-desk';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createStaff, signIn } from '../../test/staff.js';

let t: TestApp;
let member: { cookie: string };

beforeAll(async () => {
  t = await buildTestApp({ products: 120 });
  member = await signIn(t, await createStaff(t, 'catalog'));
});
afterAll(() => t.close());

const BASE = '/api/staff/catalog';
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url: `${BASE}${url}`,
    headers: { cookie: member.cookie },
    ...(payload === undefined ? {} : { payload }),
  });

const taxonomy = async (): Promise<TaxonomyResponse> => (await call('GET', '/taxonomy')).json();
const publicCategories = async () =>
  ((await t.app.inject({ url: '/api/products/categories' })).json() as { payload: Category[] })
    .payload;
const listing = async (slug: string) =>
  (
    await t.app.inject({ url: `/api/products?query=${encodeURIComponent(slug)}&limit=100` })
  ).json() as ProductListResponse;

async function audit(action: string) {
  const result = await t.database.db.execute(
    sql`SELECT target_id, before, after FROM staff_audit_log WHERE action = ${action} ORDER BY id`,
  );
  return result.rows as { target_id: string | null; before: unknown; after: unknown }[];
}

describe('categories', () => {
  it('lists the taxonomy in order, with counts and the 8 the home page shows', async () => {
    const { categories, collections } = await taxonomy();
    expect(categories.length).toBeGreaterThanOrEqual(17);
    expect(categories.filter((c) => c.onHome).map((c) => c.slug)).toEqual([
      'baby',
      'bags,-wallets-and-luggage',
      'beauty',
      'car-&-motorbike',
      'clothing-&-accessories',
      'computers-&-accessories',
      'electronics',
      'home-&-kitchen',
    ]);
    expect(categories.reduce((sum, c) => sum + c.productCount, 0)).toBe(120);
    expect(collections.filter((k) => k.onHome)).toHaveLength(5);
  });

  it('a rename shows in the public categories and keeps the slug, so old links still list it', async () => {
    const before = (await taxonomy()).categories[0]!;
    const count = (await listing(before.slug)).total;
    await t.app.inject({ url: '/api/products/categories' }); // cached now
    expect(
      (await call('PATCH', `/categories/${before.id}`, { name: 'Baby & Kids' })).statusCode,
    ).toBe(204);
    // Every replica's cache drops its answer on the database's notice, within a second.
    await expect
      .poll(async () => (await publicCategories())[0], { timeout: 1000, interval: 20 })
      .toMatchObject({ category: 'Baby & Kids', slug: before.slug });
    expect((await listing(before.slug)).total).toBe(count);
    expect((await audit('category.rename')).at(-1)).toEqual({
      target_id: before.slug,
      before: { name: before.name },
      after: { name: 'Baby & Kids' },
    });
  });

  it('creates, reorders and deletes; refuses a taken link, an incomplete order and a non-empty delete', async () => {
    const created = await call('POST', '/categories', { name: 'Seasonal Goods' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const { categories } = await taxonomy();
    expect(categories.at(-1)).toMatchObject({ id, slug: 'seasonal-goods', productCount: 0 });
    const taken = await call('POST', '/categories', { name: 'seasonal  goods' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('name_taken');
    // A collection's link is taken too: listings find collections first.
    expect((await call('POST', '/categories', { name: 'Top 50' })).statusCode).toBe(409);

    const order = categories.map((c) => c.id);
    expect((await call('POST', '/categories/order', { ids: order.slice(1) })).statusCode).toBe(400);
    const moved = [id, ...order.filter((other) => other !== id)];
    const reordered = await call('POST', '/categories/order', { ids: moved });
    expect(reordered.statusCode, reordered.body).toBe(204);
    const after = await taxonomy();
    expect(after.categories[0]).toMatchObject({ id, onHome: true });
    expect(after.categories[8]!.onHome).toBe(false);
    await expect
      .poll(async () => (await publicCategories())[0]!.category, { timeout: 1000, interval: 20 })
      .toBe('Seasonal Goods');

    const full = after.categories.find((c) => c.productCount > 0)!;
    const refused = await call('DELETE', `/categories/${full.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('category_not_empty');
    expect((await call('DELETE', `/categories/${id}`)).statusCode).toBe(204);
    const restored = order.filter((other) => other !== id);
    expect((await call('POST', '/categories/order', { ids: restored })).statusCode).toBe(204);
    expect((await audit('category.delete')).at(-1)!.target_id).toBe('seasonal-goods');
  });
});

describe('subcategories and moving products', () => {
  it('creates one, moves a product into it, renames it, reorders, and refuses to delete it while used', async () => {
    const { categories } = await taxonomy();
    const [first, second] = categories as [(typeof categories)[0], (typeof categories)[0]];
    const created = await call('POST', `/categories/${first.id}/subcategories`, {
      name: 'Gift Hampers',
    });
    expect(created.statusCode).toBe(201);
    const subId = (created.json() as { id: string }).id;
    const productId = (
      (
        await t.database.db.execute(
          sql`SELECT id FROM products WHERE category_id = ${second.id} LIMIT 1`,
        )
      ).rows[0] as { id: string }
    ).id;
    const move = await call('POST', '/products/move', {
      productIds: [productId],
      category: first.slug,
      subcategory: 'gift-hampers',
    });
    expect(move.json()).toEqual({ moved: 1 });
    const detail: CatalogProductDetail = (await call('GET', `/products/${productId}`)).json();
    expect(detail.product).toMatchObject({ category: first.slug, subcategory: 'gift-hampers' });
    expect((await listing('gift-hampers')).payload.map((p) => p._id)).toEqual([productId]);

    const renamed = await call('PATCH', `/subcategories/${subId}`, { name: 'Gift Boxes' });
    expect(renamed.statusCode).toBe(204);
    const subName = async () =>
      (await publicCategories())
        .find((c) => c.slug === first.slug)!
        .subCategory.find((s) => s.slug === 'gift-hampers')!.name;
    await expect.poll(subName, { timeout: 1000, interval: 20 }).toBe('Gift Boxes');

    const subs = (await taxonomy()).categories[0]!.subcategories.map((s) => s.id);
    const reversed = [...subs].reverse();
    expect(
      (await call('POST', `/categories/${first.id}/subcategories/order`, { ids: reversed }))
        .statusCode,
    ).toBe(204);
    expect((await taxonomy()).categories[0]!.subcategories.map((s) => s.id)).toEqual(reversed);

    const refused = await call('DELETE', `/subcategories/${subId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('subcategory_not_empty');
    expect(
      (
        await call('POST', '/products/move', {
          productIds: [productId],
          category: first.slug,
          subcategory: 'nowhere',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('moves a subcategory with its products to another category', async () => {
    const { categories } = await taxonomy();
    const from = categories[2]!;
    const to = categories[3]!;
    const sub = from.subcategories.find((s) => s.productCount > 0)!;
    const response = await call('PATCH', `/subcategories/${sub.id}`, { categoryId: to.id });
    expect(response.statusCode).toBe(204);
    const after = await taxonomy();
    expect(after.categories[3]!.subcategories.map((s) => s.id)).toContain(sub.id);
    expect(after.categories[3]!.productCount).toBe(to.productCount + sub.productCount);
    // Listings of the new category include them.
    expect((await listing(to.slug)).total).toBe(to.productCount + sub.productCount);
    expect((await audit('subcategory.update')).at(-1)).toMatchObject({
      before: { category: from.slug },
      after: { category: to.slug },
    });
  });
});

describe('collections', () => {
  it('retitles one (its slug stays) and sets its products in order', async () => {
    const { collections } = await taxonomy();
    const top = collections.find((k) => k.slug === 'top-50')!;
    expect((await call('PATCH', `/collections/${top.id}`, { title: 'Top Picks' })).statusCode).toBe(
      204,
    );
    expect((await taxonomy()).collections.find((k) => k.id === top.id)).toMatchObject({
      title: 'Top Picks',
      slug: 'top-50',
    });
    const current: CollectionProductsResponse = (
      await call('GET', `/collections/${top.id}/products`)
    ).json();
    expect(current.items.length).toBe(top.productCount);
    const ids = current.items.map((item) => item.id);
    const next = [ids[2]!, ids[0]!];
    const set = await call('PUT', `/collections/${top.id}/products`, { productIds: next });
    expect((set.json() as CollectionProductsResponse).items.map((item) => item.id)).toEqual(next);
    expect((await listing('top-50')).payload.map((p) => p._id)).toEqual(next);
    expect(
      (await call('PUT', `/collections/${top.id}/products`, { productIds: [next[0], next[0]] }))
        .statusCode,
    ).toBe(400);
    expect((await audit('collection.products')).at(-1)!.target_id).toBe('top-50');
  });

  it('never has fewer than the home page’s 5 banners', async () => {
    const { collections } = await taxonomy();
    const refused = await call('DELETE', `/collections/${collections[0]!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('home_needs_collections');
    const created = await call('POST', '/collections', {
      title: 'Festive Offers',
      subtitle: 'For the season',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const after = await taxonomy();
    expect(after.collections.at(-1)).toMatchObject({ id, slug: 'festive-offers', onHome: false });
    const order = [id, ...after.collections.map((k) => k.id).filter((k) => k !== id)];
    expect((await call('POST', '/collections/order', { ids: order })).statusCode).toBe(204);
    expect((await taxonomy()).collections[0]).toMatchObject({ id, onHome: true });
    expect((await call('DELETE', `/collections/${id}`)).statusCode).toBe(204);
    expect((await taxonomy()).collections.filter((k) => k.onHome)).toHaveLength(5);
  });
});

describe('the home page’s categories', () => {
  it('a delete that would leave fewer than 8 is refused', async () => {
    const small = await buildTestApp();
    try {
      const owner = await signIn(small, await createStaff(small, 'owner'));
      const send = (method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
        small.app.inject({
          method,
          url: `${BASE}${url}`,
          headers: { cookie: owner.cookie },
          ...(payload ? { payload } : {}),
        });
      const ids: string[] = [];
      for (let i = 1; i <= 9; i++)
        ids.push(
          ((await send('POST', '/categories', { name: `Aisle ${i}` })).json() as { id: string }).id,
        );
      expect((await send('DELETE', `/categories/${ids[8]}`)).statusCode).toBe(204);
      const refused = await send('DELETE', `/categories/${ids[0]}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'home_needs_categories',
        detail: 'The home page shows 8 categories; the catalog cannot have fewer',
      });
    } finally {
      await small.close();
    }
  });
});
