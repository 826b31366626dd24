/**
 * Which products need the seller's attention (issue 20, decision 050): an active product that
 * breaks a buyer-side rule (productIssues, decision 047) or lists an image that does not exist
 * (images/check.ts, read as the image service reads it). Stored per product in
 * `product_attention`, written by saveProducts with every product it writes, so the console's
 * list filters and counts by an index and never checks the catalog on a request. Products
 * without a row (all of them, once, after the migration that made the table) are checked by the
 * sweep (attention-sweep.ts) in the background, which the list does not wait for: it reports
 * how many are left.
 */
import { sql } from 'drizzle-orm';
import {
  productIssues,
  type ProductDocument,
  type ProductIssue,
} from '@storefront/shared/catalog-product';
import type { DbOrTx } from '../../db/connect.js';
import { insertJsonRows } from '../../db/json-rows.js';
import { productAttention } from '../../db/schema.js';
import { missingImages } from '../images/check.js';
import type { ImageStorage } from '../images/storage.js';

/** The images of `doc` that do not exist (`missing`, as checked): an issue each, by position. */
export function imageIssues(doc: ProductDocument, missing: readonly string[]): ProductIssue[] {
  const gone = new Set(missing);
  return doc.images.flatMap((src, i) =>
    gone.has(src)
      ? [
          {
            path: `images.${i}`,
            code: 'image_not_found',
            message:
              i === 0
                ? `Image ${src} does not exist: the listings leave out a product whose first image fails to load`
                : `Image ${src} does not exist: the product page's gallery skips it`,
          },
        ]
      : [],
  );
}

/** Every rule `doc` breaks (blocking activation) and each of its images that does not exist. */
export function deskIssues(doc: ProductDocument, missing: readonly string[]): ProductIssue[] {
  return [...productIssues(doc), ...imageIssues(doc, missing)];
}

export interface AttentionRow {
  productId: string;
  needsAttention: boolean;
  missingImages: string[];
}

/** The attention rows of products about to be written (or checked), their images looked up. */
export async function attentionRows(
  db: DbOrTx,
  storage: ImageStorage | undefined,
  products: readonly { id: string; doc: ProductDocument }[],
  present?: ReadonlySet<string>,
): Promise<AttentionRow[]> {
  const missing = await missingImages(
    db,
    storage,
    products.map(({ doc }) => ({ code: doc.code, images: doc.images })),
    present,
  );
  return products.map(({ id, doc }) => {
    const gone = missing.get(doc.code) ?? [];
    return {
      productId: id,
      missingImages: gone,
      needsAttention: doc.status === 'active' && deskIssues(doc, gone).length > 0,
    };
  });
}

/**
 * Writes attention rows: a save's replace what was there (`replace`); the sweep's only fill a
 * gap, so a sweep that read a product before a save committed never overwrites the save's row.
 */
export async function writeAttention(
  db: DbOrTx,
  rows: readonly AttentionRow[],
  { replace }: { replace: boolean },
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`${insertJsonRows(productAttention, rows)} ${
      replace
        ? sql`ON CONFLICT (product_id) DO UPDATE SET needs_attention = excluded.needs_attention,
                missing_images = excluded.missing_images, checked_at = now()`
        : sql`ON CONFLICT DO NOTHING`
    }`,
  );
}
