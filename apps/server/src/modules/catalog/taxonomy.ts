/**
 * The catalog desk's taxonomy (issue 20, decision 050): categories, their subcategories and the
 * home collections — created, renamed, reordered, deleted when empty — and products moved
 * between them. Each change is one transaction with its audit entry; the database's triggers
 * carry it to search (a rename re-indexes the products, migration 0002) and to every replica's
 * cache (migration 0003).
 *
 * - A rename changes the name, never the slug: links, bookmarks and the spec's home slugs keep
 *   working, and listings match on the slug's key (`match_key`), which stays with it.
 * - The home page shows the first HOME_CATEGORY_CARDS categories and the first
 *   HOME_COLLECTION_BANNERS collections in the seller's order, so reordering chooses them, and a
 *   delete that would leave fewer is refused.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  HOME_CATEGORY_CARDS,
  HOME_COLLECTION_BANNERS,
  type TaxonomyResponse,
} from '@storefront/shared/catalog-desk';
import { catalogMatchKey, categorySlug } from '@storefront/shared/slugs';
import type { Db, DbOrTx, Tx } from '../../db/connect.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { newObjectId } from '../../lib/ids.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';

const jsonList = (values: readonly string[]) =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** Every category with its subcategories, and every collection, with their product counts. */
export async function readTaxonomy(db: DbOrTx): Promise<TaxonomyResponse> {
  const [categories, subcategories, collections] = await Promise.all([
    rows<{ id: string; name: string; slug: string; position: number; n: number }>(
      db,
      sql`SELECT c.id, c.name, c.slug, c.position,
                 (SELECT count(*)::int FROM products p WHERE p.category_id = c.id) AS n
            FROM categories c ORDER BY c.position, c.id`,
    ),
    rows<{
      id: string;
      category_id: string;
      name: string;
      slug: string;
      position: number;
      n: number;
    }>(
      db,
      sql`SELECT s.id, s.category_id, s.name, s.slug, s.position,
                 (SELECT count(*)::int FROM products p WHERE p.subcategory_id = s.id) AS n
            FROM subcategories s ORDER BY s.position, s.id`,
    ),
    rows<{
      id: string;
      slug: string;
      title: string;
      subtitle: string;
      position: number;
      n: number;
    }>(
      db,
      sql`SELECT k.id, k.slug, k.title, k.subtitle, k.position,
                 (SELECT count(*)::int FROM collection_products cp WHERE cp.collection_id = k.id) AS n
            FROM collections k ORDER BY k.position, k.id`,
    ),
  ]);
  return {
    categories: categories.map((c, i) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      position: c.position,
      productCount: c.n,
      onHome: i < HOME_CATEGORY_CARDS,
      subcategories: subcategories
        .filter((s) => s.category_id === c.id)
        .map((s) => ({
          id: s.id,
          name: s.name,
          slug: s.slug,
          position: s.position,
          productCount: s.n,
        })),
    })),
    collections: collections.map((k, i) => ({
      id: k.id,
      slug: k.slug,
      title: k.title,
      subtitle: k.subtitle,
      position: k.position,
      productCount: k.n,
      onHome: i < HOME_COLLECTION_BANNERS,
    })),
  };
}

/**
 * A new listing's slug and key, refused when the key is another listing's: listings are found
 * by key across collections, categories and subcategories alike (catalog/service.ts findListing),
 * so a second listing of the same key could never be reached.
 */
async function freshSlug(tx: Tx, name: string): Promise<{ slug: string; matchKey: string }> {
  const slug = categorySlug(name);
  const matchKey = catalogMatchKey(slug);
  if (matchKey === '')
    throw invalid('name_unusable', `"${name}" has no letters or digits to make a link from`);
  const taken = await rows<{ kind: string; name: string }>(
    tx,
    sql`SELECT 'category' AS kind, name FROM categories WHERE match_key = ${matchKey} OR slug = ${slug}
        UNION ALL SELECT 'subcategory', name FROM subcategories WHERE match_key = ${matchKey} OR slug = ${slug}
        UNION ALL SELECT 'collection', title FROM collections WHERE match_key = ${matchKey} OR slug = ${slug}`,
  );
  const [clash] = taken;
  if (clash)
    throw conflict(
      'name_taken',
      `The ${clash.kind} "${clash.name}" already has the link /categories/${slug}; choose another name`,
    );
  return { slug, matchKey };
}

/** Sets `table`'s positions to the order of `ids`, which must be exactly the rows of `scope`. */
async function reorder(
  tx: Tx,
  table: 'categories' | 'subcategories' | 'collections',
  scope: SQL,
  ids: readonly string[],
): Promise<string[]> {
  const existing = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM ${sql.raw(table)} WHERE ${scope} ORDER BY position, id FOR UPDATE`,
  );
  const before = existing.map((row) => row.id);
  if (new Set(ids).size !== ids.length || [...ids].sort().join() !== [...before].sort().join())
    throw invalid(
      'order_incomplete',
      'Give every one of the list’s ids exactly once, in the new order',
    );
  await tx.execute(
    sql`UPDATE ${sql.raw(table)} t SET position = o.position - 1
          FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) WITH ORDINALITY AS o(id, position)
         WHERE t.id = o.id`,
  );
  return before;
}

async function one<T>(tx: DbOrTx, query: SQL, what: string): Promise<T> {
  const [row] = await rows<T>(tx, query);
  if (!row) throw notFound(`${what}_not_found`, `No ${what} has this id`);
  return row;
}

// ── Categories ──────────────────────────────────────────────────────────────

export async function createCategory(db: Db, actor: StaffActor, name: string): Promise<string> {
  return db.transaction(async (tx) => {
    const { slug, matchKey } = await freshSlug(tx, name);
    const id = newObjectId();
    await tx.execute(
      sql`INSERT INTO categories (id, name, slug, match_key, position)
          VALUES (${id}, ${name}, ${slug}, ${matchKey},
                  (SELECT coalesce(max(position) + 1, 0) FROM categories))`,
    );
    await recordAudit(tx, actor, {
      action: 'category.create',
      targetType: 'category',
      targetId: slug,
      after: { name, slug },
    });
    return id;
  });
}

/** A new name; the slug (and so every link) stays. */
export async function renameCategory(db: Db, actor: StaffActor, id: string, name: string) {
  await db.transaction(async (tx) => {
    const before = await one<{ name: string; slug: string }>(
      tx,
      sql`SELECT name, slug FROM categories WHERE id = ${id} FOR UPDATE`,
      'category',
    );
    if (before.name === name) return;
    await tx.execute(sql`UPDATE categories SET name = ${name} WHERE id = ${id}`);
    await recordAudit(tx, actor, {
      action: 'category.rename',
      targetType: 'category',
      targetId: before.slug,
      before: { name: before.name },
      after: { name },
    });
  });
}

export async function reorderCategories(db: Db, actor: StaffActor, ids: readonly string[]) {
  await db.transaction(async (tx) => {
    const before = await reorder(tx, 'categories', sql`true`, ids);
    if (before.join() === ids.join()) return;
    await recordAudit(tx, actor, {
      action: 'category.reorder',
      targetType: 'category',
      before: { order: before },
      after: { order: ids },
    });
  });
}

/** Deletes an empty category (and its empty subcategories), never below the home's cards. */
export async function deleteCategory(db: Db, actor: StaffActor, id: string) {
  await db.transaction(async (tx) => {
    // Categories locked in one order, so two deletes cannot both pass the count.
    const all = await rows<{ id: string; name: string; slug: string }>(
      tx,
      sql`SELECT id, name, slug FROM categories ORDER BY id FOR UPDATE`,
    );
    const category = all.find((c) => c.id === id);
    if (!category) throw notFound('category_not_found', 'No category has this id');
    const [used] = await rows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM products WHERE category_id = ${id}`,
    );
    if (used!.n > 0)
      throw conflict(
        'category_not_empty',
        `"${category.name}" still has ${used!.n} product${used!.n === 1 ? '' : 's'}: move them to another category first`,
      );
    if (all.length <= HOME_CATEGORY_CARDS)
      throw conflict(
        'home_needs_categories',
        `The home page shows ${HOME_CATEGORY_CARDS} categories; the catalog cannot have fewer`,
      );
    const subs = await rows<{ name: string }>(
      tx,
      sql`SELECT name FROM subcategories WHERE category_id = ${id} ORDER BY position`,
    );
    await tx.execute(sql`DELETE FROM categories WHERE id = ${id}`);
    await recordAudit(tx, actor, {
      action: 'category.delete',
      targetType: 'category',
      targetId: category.slug,
      before: { name: category.name, subcategories: subs.map((s) => s.name) },
    });
  });
}

// ── Subcategories ───────────────────────────────────────────────────────────

export async function createSubcategory(
  db: Db,
  actor: StaffActor,
  categoryId: string,
  name: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const category = await one<{ slug: string }>(
      tx,
      sql`SELECT slug FROM categories WHERE id = ${categoryId} FOR UPDATE`,
      'category',
    );
    const { slug, matchKey } = await freshSlug(tx, name);
    const id = newObjectId();
    await tx.execute(
      sql`INSERT INTO subcategories (id, category_id, name, slug, match_key, position)
          VALUES (${id}, ${categoryId}, ${name}, ${slug}, ${matchKey},
                  (SELECT coalesce(max(position) + 1, 0) FROM subcategories WHERE category_id = ${categoryId}))`,
    );
    await recordAudit(tx, actor, {
      action: 'subcategory.create',
      targetType: 'subcategory',
      targetId: slug,
      after: { name, slug, category: category.slug },
    });
    return id;
  });
}

/**
 * Renames a subcategory (its slug stays), or moves it to another category with its products,
 * or both.
 */
export async function updateSubcategory(
  db: Db,
  actor: StaffActor,
  id: string,
  change: { name?: string; categoryId?: string },
) {
  await db.transaction(async (tx) => {
    const before = await one<{ name: string; slug: string; category_id: string }>(
      tx,
      sql`SELECT name, slug, category_id FROM subcategories WHERE id = ${id} FOR UPDATE`,
      'subcategory',
    );
    const after = {
      name: change.name ?? before.name,
      categoryId: change.categoryId ?? before.category_id,
    };
    if (after.name === before.name && after.categoryId === before.category_id) return;
    const audit: { before: Record<string, string>; after: Record<string, string> } = {
      before: {},
      after: {},
    };
    if (after.name !== before.name) {
      await tx.execute(sql`UPDATE subcategories SET name = ${after.name} WHERE id = ${id}`);
      audit.before.name = before.name;
      audit.after.name = after.name;
    }
    if (after.categoryId !== before.category_id) {
      const [from, to] = await Promise.all([
        one<{ slug: string }>(
          tx,
          sql`SELECT slug FROM categories WHERE id = ${before.category_id}`,
          'category',
        ),
        one<{ slug: string }>(
          tx,
          sql`SELECT slug FROM categories WHERE id = ${after.categoryId} FOR UPDATE`,
          'category',
        ),
      ]);
      await tx.execute(
        sql`UPDATE subcategories SET category_id = ${after.categoryId},
              position = (SELECT coalesce(max(position) + 1, 0) FROM subcategories WHERE category_id = ${after.categoryId})
             WHERE id = ${id}`,
      );
      // A product's category is its subcategory's (the listings and search read both).
      await tx.execute(
        sql`UPDATE products SET category_id = ${after.categoryId}, updated_at = now()
             WHERE subcategory_id = ${id}`,
      );
      audit.before.category = from.slug;
      audit.after.category = to.slug;
    }
    await recordAudit(tx, actor, {
      action: 'subcategory.update',
      targetType: 'subcategory',
      targetId: before.slug,
      ...audit,
    });
  });
}

export async function reorderSubcategories(
  db: Db,
  actor: StaffActor,
  categoryId: string,
  ids: readonly string[],
) {
  await db.transaction(async (tx) => {
    const category = await one<{ slug: string }>(
      tx,
      sql`SELECT slug FROM categories WHERE id = ${categoryId} FOR UPDATE`,
      'category',
    );
    const before = await reorder(tx, 'subcategories', sql`category_id = ${categoryId}`, ids);
    if (before.join() === ids.join()) return;
    await recordAudit(tx, actor, {
      action: 'subcategory.reorder',
      targetType: 'category',
      targetId: category.slug,
      before: { order: before },
      after: { order: ids },
    });
  });
}

export async function deleteSubcategory(db: Db, actor: StaffActor, id: string) {
  await db.transaction(async (tx) => {
    const sub = await one<{ name: string; slug: string }>(
      tx,
      sql`SELECT name, slug FROM subcategories WHERE id = ${id} FOR UPDATE`,
      'subcategory',
    );
    const [used] = await rows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM products WHERE subcategory_id = ${id}`,
    );
    if (used!.n > 0)
      throw conflict(
        'subcategory_not_empty',
        `"${sub.name}" still has ${used!.n} product${used!.n === 1 ? '' : 's'}: move them first`,
      );
    await tx.execute(sql`DELETE FROM subcategories WHERE id = ${id}`);
    await recordAudit(tx, actor, {
      action: 'subcategory.delete',
      targetType: 'subcategory',
      targetId: sub.slug,
      before: { name: sub.name },
    });
  });
}

/**
 * Moves products to a subcategory (by the slugs a product document names). Only their place
 * changes, so a product breaking a buyer-side rule (a planted defect) moves too.
 */
export async function moveProducts(
  db: Db,
  actor: StaffActor,
  productIds: readonly string[],
  categorySlug: string,
  subcategorySlug: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [target] = await rows<{ category_id: string; subcategory_id: string }>(
      tx,
      sql`SELECT c.id AS category_id, s.id AS subcategory_id FROM subcategories s
            JOIN categories c ON c.id = s.category_id
           WHERE c.slug = ${categorySlug} AND s.slug = ${subcategorySlug}`,
    );
    if (!target)
      throw invalid(
        'subcategory_unknown',
        `No subcategory "${subcategorySlug}" in category "${categorySlug}"`,
      );
    const found = await rows<{ id: string; code: string; category: string; subcategory: string }>(
      tx,
      sql`SELECT p.id, p.code, c.slug AS category, s.slug AS subcategory FROM products p
            JOIN categories c ON c.id = p.category_id JOIN subcategories s ON s.id = p.subcategory_id
           WHERE p.id IN ${jsonList(productIds)} ORDER BY p.id FOR UPDATE OF p`,
    );
    if (found.length !== new Set(productIds).size)
      throw notFound('product_not_found', 'One of the products does not exist');
    const moving = found.filter(
      (p) => p.category !== categorySlug || p.subcategory !== subcategorySlug,
    );
    if (moving.length === 0) return 0;
    await tx.execute(
      sql`UPDATE products SET category_id = ${target.category_id},
            subcategory_id = ${target.subcategory_id}, updated_at = now()
           WHERE id IN ${jsonList(moving.map((p) => p.id))}`,
    );
    await recordAudit(tx, actor, {
      action: 'product.move',
      targetType: 'product',
      targetId: moving.length === 1 ? moving[0]!.code : undefined,
      before: Object.fromEntries(moving.map((p) => [p.code, `${p.category}/${p.subcategory}`])),
      after: { to: `${categorySlug}/${subcategorySlug}`, products: moving.map((p) => p.code) },
    });
    return moving.length;
  });
}

// ── Collections ─────────────────────────────────────────────────────────────

export async function createCollection(
  db: Db,
  actor: StaffActor,
  body: { title: string; subtitle: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    const { slug, matchKey } = await freshSlug(tx, body.title);
    const id = newObjectId();
    await tx.execute(
      sql`INSERT INTO collections (id, slug, title, subtitle, match_key, position)
          VALUES (${id}, ${slug}, ${body.title}, ${body.subtitle}, ${matchKey},
                  (SELECT coalesce(max(position) + 1, 0) FROM collections))`,
    );
    await recordAudit(tx, actor, {
      action: 'collection.create',
      targetType: 'collection',
      targetId: slug,
      after: { ...body, slug },
    });
    return id;
  });
}

/** A new title or subtitle; the slug (and so every link) stays. */
export async function updateCollection(
  db: Db,
  actor: StaffActor,
  id: string,
  change: { title?: string; subtitle?: string },
) {
  await db.transaction(async (tx) => {
    const before = await one<{ title: string; subtitle: string; slug: string }>(
      tx,
      sql`SELECT title, subtitle, slug FROM collections WHERE id = ${id} FOR UPDATE`,
      'collection',
    );
    const after = {
      title: change.title ?? before.title,
      subtitle: change.subtitle ?? before.subtitle,
    };
    if (after.title === before.title && after.subtitle === before.subtitle) return;
    await tx.execute(
      sql`UPDATE collections SET title = ${after.title}, subtitle = ${after.subtitle} WHERE id = ${id}`,
    );
    await recordAudit(tx, actor, {
      action: 'collection.update',
      targetType: 'collection',
      targetId: before.slug,
      before: { title: before.title, subtitle: before.subtitle },
      after,
    });
  });
}

export async function reorderCollections(db: Db, actor: StaffActor, ids: readonly string[]) {
  await db.transaction(async (tx) => {
    const before = await reorder(tx, 'collections', sql`true`, ids);
    if (before.join() === ids.join()) return;
    await recordAudit(tx, actor, {
      action: 'collection.reorder',
      targetType: 'collection',
      before: { order: before },
      after: { order: ids },
    });
  });
}

/** Deletes a collection (its products stay), never below the home's banners. */
export async function deleteCollection(db: Db, actor: StaffActor, id: string) {
  await db.transaction(async (tx) => {
    const all = await rows<{ id: string; title: string; slug: string }>(
      tx,
      sql`SELECT id, title, slug FROM collections ORDER BY id FOR UPDATE`,
    );
    const collection = all.find((k) => k.id === id);
    if (!collection) throw notFound('collection_not_found', 'No collection has this id');
    if (all.length <= HOME_COLLECTION_BANNERS)
      throw conflict(
        'home_needs_collections',
        `The home page shows ${HOME_COLLECTION_BANNERS} collection banners; the catalog cannot have fewer`,
      );
    const products = await collectionCodes(tx, id);
    await tx.execute(sql`DELETE FROM collections WHERE id = ${id}`);
    await recordAudit(tx, actor, {
      action: 'collection.delete',
      targetType: 'collection',
      targetId: collection.slug,
      before: { title: collection.title, products },
    });
  });
}

async function collectionCodes(db: DbOrTx, id: string): Promise<string[]> {
  return (
    await rows<{ code: string }>(
      db,
      sql`SELECT p.code FROM collection_products cp JOIN products p ON p.id = cp.product_id
           WHERE cp.collection_id = ${id} ORDER BY cp.position, cp.product_id`,
    )
  ).map((row) => row.code);
}

export async function collectionProducts(db: DbOrTx, id: string) {
  await one(db, sql`SELECT id FROM collections WHERE id = ${id}`, 'collection');
  const items = await rows<{
    id: string;
    code: string;
    name: string;
    status: 'draft' | 'active' | 'archived';
    image: string | null;
  }>(
    db,
    sql`SELECT p.id, p.code, p.name, p.status, p.images->>0 AS image
          FROM collection_products cp JOIN products p ON p.id = cp.product_id
         WHERE cp.collection_id = ${id} ORDER BY cp.position, cp.product_id`,
  );
  return { items };
}

/** Sets a collection's products, in order: added, removed and reordered in one change. */
export async function setCollectionProducts(
  db: Db,
  actor: StaffActor,
  id: string,
  productIds: readonly string[],
) {
  return db.transaction(async (tx) => {
    const collection = await one<{ slug: string }>(
      tx,
      sql`SELECT slug FROM collections WHERE id = ${id} FOR UPDATE`,
      'collection',
    );
    if (new Set(productIds).size !== productIds.length)
      throw invalid('product_repeated', 'A product is listed twice');
    if (productIds.length > 0) {
      const [found] = await rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM products WHERE id IN ${jsonList(productIds)}`,
      );
      if (found!.n !== productIds.length)
        throw notFound('product_not_found', 'One of the products does not exist');
    }
    const before = await collectionCodes(tx, id);
    await tx.execute(sql`DELETE FROM collection_products WHERE collection_id = ${id}`);
    if (productIds.length > 0)
      await tx.execute(
        sql`INSERT INTO collection_products (collection_id, product_id, position)
            SELECT ${id}, o.id, o.position - 1
              FROM jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb) WITH ORDINALITY AS o(id, position)`,
      );
    const after = await collectionCodes(tx, id);
    if (before.join() !== after.join())
      await recordAudit(tx, actor, {
        action: 'collection.products',
        targetType: 'collection',
        targetId: collection.slug,
        before: { products: before },
        after: { products: after },
      });
    return collectionProducts(tx, id);
  });
}
