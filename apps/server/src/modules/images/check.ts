/**
 * Which of a product's image sources have no image (issue 20): the console flags such a product
 * as needing attention, and the spec's rule hides a product whose first image fails to load
 * from the listings. A source has an image exactly when the image service would serve it:
 * - 'uploads/<hash>.jpg|png': the upload is in storage;
 * - 'products/<code>-<n>' (the demo's generated art): the product of that code lists it, which
 *   the product being checked does for its own code (so a document about to be saved is judged
 *   as it will be); the seed's planted 'products/<code>-missing' never has one;
 * - 'http…' (an image elsewhere, spec §7): not fetched here, so never reported;
 * - anything else resolves to a path the image service does not answer.
 */
import { inArray } from 'drizzle-orm';
import { imageCheckUrl } from '@storefront/shared/images';
import type { DbOrTx } from '../../db/connect.js';
import { products } from '../../db/schema.js';
import { mapLimited } from '../../lib/map-limited.js';
import { imageKeyOf } from './keys.js';
import type { ImageStorage } from './storage.js';

export interface ImageSources {
  code: string;
  images: readonly string[];
}

/** Storage lookups at once (a HEAD request each on S3). */
const LOOKUPS = 8;

/**
 * The sources without an image, by product code (a product with none is left out), for many
 * products at once: one query for the seed art of other products' codes, one storage lookup per
 * distinct upload not in `present` (uploads the caller has just stored). Without a storage, an
 * upload source is a mistake of the caller's (the demo seed, which has none, passes none).
 */
export async function missingImages(
  db: DbOrTx,
  storage: ImageStorage | undefined,
  items: readonly ImageSources[],
  present: ReadonlySet<string> = new Set(),
): Promise<Map<string, string[]>> {
  const uploads = new Set<string>();
  const otherCodes = new Set<string>();
  for (const { code, images } of items) {
    for (const source of images) {
      const image = imageKeyOf(source);
      if (image.kind === 'upload') uploads.add(image.key);
      if (image.kind === 'seed' && image.code !== code) otherCodes.add(image.code);
    }
  }
  const keys = [...uploads].filter((key) => !present.has(key));
  if (keys.length > 0 && !storage)
    throw new Error(`Checking ${keys[0]} needs the image storage (imageStorage(config))`);
  const found = await mapLimited(keys, LOOKUPS, (key) => storage!.exists(key));
  const stored = new Set([...keys.filter((_, i) => found[i]), ...present]);
  /** 'code key' of each seed key a stored product lists. */
  const listed = new Set<string>();
  if (otherCodes.size) {
    const rows = await db
      .select({ code: products.code, images: products.images })
      .from(products)
      .where(inArray(products.code, [...otherCodes]));
    for (const row of rows) for (const source of row.images) listed.add(`${row.code} ${source}`);
  }

  const missing = new Map<string, string[]>();
  for (const { code, images } of items) {
    const hasImage = (source: string) => {
      const image = imageKeyOf(source);
      switch (image.kind) {
        case 'upload':
          return stored.has(image.key);
        case 'external':
          return true;
        case 'none':
          return false;
        case 'seed':
          // The renderer's rule (service.ts findProductImage): the product of the key's code
          // lists the key itself.
          return image.code === code
            ? images.includes(image.key)
            : listed.has(`${image.code} ${image.key}`);
      }
    };
    const gone = images.filter((source) => !hasImage(source));
    if (gone.length) missing.set(code, [...new Set(gone)]);
  }
  return missing;
}

/** The sources of one product that have no image, in its order ([] when every one has). */
export async function missingImagesOf(
  db: DbOrTx,
  storage: ImageStorage,
  product: ImageSources,
): Promise<string[]> {
  return (await missingImages(db, storage, [product])).get(product.code) ?? [];
}

/**
 * The image-existence checks (spec §4) a server-rendered page answers itself (decision 070), by
 * the URL the browser's check loads (`imageCheckUrl`): whether each source has an image, as
 * `missingImages` judges it. An image on another host is left to the browser's own check.
 */
export async function imageCheckAnswers(
  db: DbOrTx,
  storage: ImageStorage,
  items: readonly ImageSources[],
): Promise<Record<string, boolean>> {
  const missing = await missingImages(db, storage, items);
  const answers: Record<string, boolean> = {};
  for (const { code, images } of items)
    for (const source of images)
      if (imageKeyOf(source).kind !== 'external')
        answers[imageCheckUrl(source)] = !(missing.get(code) ?? []).includes(source);
  return answers;
}
