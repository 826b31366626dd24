/**
 * Products with chosen words for the search tests, inserted beside a seeded catalog, so that
 * ranking and typo tests state exact results without depending on the seed generator.
 */
import { sql } from 'drizzle-orm';
import { SEARCH_MAX_HITS_PER_PAGE } from '@storefront/shared/search';
import type { Db } from '../../db/connect.js';
import { products } from '../../db/schema.js';
import { newObjectId } from '../../lib/ids.js';

export interface SearchFixture {
  name: string;
  description?: string;
  features?: string[];
  brand?: string;
  spPaise?: number;
  /** The category (by name) to file it under; its first subcategory is used. */
  category?: string;
}

export async function insertSearchProducts(db: Db, fixtures: SearchFixture[]): Promise<string[]> {
  const ids: string[] = [];
  for (const f of fixtures) {
    const result = await db.execute(
      sql`SELECT s.category_id, s.id FROM subcategories s JOIN categories c ON c.id = s.category_id
           WHERE ${f.category ?? null}::text IS NULL OR c.name = ${f.category ?? null}
           ORDER BY c.position, s.position LIMIT 1`,
    );
    const sub = result.rows[0] as { category_id: string; id: string };
    const id = newObjectId();
    const description = f.description ?? f.name;
    await db.insert(products).values({
      id,
      code: `SRCH-${ids.length + 1}-${id.slice(-6)}`,
      name: f.name,
      categoryId: sub.category_id,
      subcategoryId: sub.id,
      descriptionHtml: `<p>${description}</p>`,
      descriptionText: description,
      brand: f.brand ?? 'Generic',
      weightGrams: 100,
      hsn: '0000',
      location: 'Mumbai',
      mrpPaise: (f.spPaise ?? 10_000) * 2,
      spPaise: f.spPaise ?? 10_000,
      features: f.features ?? [],
      images: [`products/search-${id}-1`],
    });
    ids.push(id);
  }
  return ids;
}

/** Every hit of a query through `search`, a page of the most hits allowed at a time. */
export async function searchAll<Answer extends { hits: unknown[]; nbPages?: number }>(
  search: (params: Record<string, unknown>) => Promise<Answer>,
  params: Record<string, unknown>,
): Promise<Answer> {
  const hitsPerPage = SEARCH_MAX_HITS_PER_PAGE;
  const first = await search({ ...params, hitsPerPage });
  const rest = await Promise.all(
    Array.from({ length: (first.nbPages ?? 1) - 1 }, (_, i) =>
      search({ ...params, hitsPerPage, page: i + 1 }),
    ),
  );
  return { ...first, hits: [first, ...rest].flatMap((page) => page.hits) };
}

/** A server in hosted-Algolia mode (SEARCH_PROVIDER=algolia), its keys made up. */
export const HOSTED_ALGOLIA = {
  search: {
    provider: 'algolia',
    algoliaAppId: 'TESTAPP',
    algoliaSearchKey: 'search-only-key',
    algoliaAdminKey: 'admin-key',
  },
} as const;
