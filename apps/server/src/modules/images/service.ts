/**
 * Product images: the generated art of a seed image key ('products/<code>-<n>', decision 004)
 * and the photos sellers upload ('uploads/<hash>.jpg', decision 049), served at full size or as
 * WebP at a listed width, each cached on disk under DATA_DIR once per key and width, even when
 * many requests for it arrive together. A seed key no product lists, and an upload that is not
 * in storage, have no image.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { isUploadSource } from '@storefront/shared/catalog-images';
import type { DbOrTx } from '../../db/connect.js';
import { productArtSvg } from './art.js';
import { SEED_KEY } from './keys.js';
import { loadSharp } from './load-sharp.js';
import type { ImageStorage } from './storage.js';

const FULL_SIZE = 800;

/** The product that lists this image key, with what its art needs; null when none does. */
export async function findProductImage(
  db: DbOrTx,
  key: string,
): Promise<{ name: string; paletteIndex: number } | null> {
  const match = SEED_KEY.exec(key);
  if (!match) return null;
  const result = await db.execute(
    sql`SELECT p.name, c.position FROM products p JOIN categories c ON c.id = p.category_id
         WHERE p.code = ${match[1]} AND p.images @> ${JSON.stringify([key])}::jsonb`,
  );
  const row = result.rows[0] as { name: string; position: number } | undefined;
  return row ? { name: row.name, paletteIndex: row.position } : null;
}

export type ImageRenderer = (key: string, width: number | undefined) => Promise<Buffer | null>;

/**
 * Renders images into (and reads them back from) `cacheDir`; null for a key that has no image.
 * An upload at full size is the stored file itself, read from a local storage directly (a copy
 * in the cache would only double the disk it takes) and cached when it comes from a bucket.
 */
export function createImageRenderer(
  db: DbOrTx,
  storage: ImageStorage,
  cacheDir: string,
): ImageRenderer {
  const inFlight = new Map<string, Promise<Buffer | null>>();

  async function draw(key: string, width: number | undefined): Promise<Buffer | null> {
    if (isUploadSource(key)) {
      const original = await storage.get(key);
      if (!original || !width) return original;
      const sharp = await loadSharp();
      // Never wider than the photo: the browser scales a narrow one itself, for fewer bytes.
      return sharp(original)
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
    }
    const product = await findProductImage(db, key);
    if (!product) return null;
    const svg = productArtSvg(key, product.name, product.paletteIndex, FULL_SIZE);
    const sharp = await loadSharp();
    const image = sharp(Buffer.from(svg));
    return width
      ? image.resize(width, width).webp({ quality: 78 }).toBuffer()
      : image.png({ compressionLevel: 9, palette: true }).toBuffer();
  }

  async function render(key: string, width: number | undefined): Promise<Buffer | null> {
    if (!width && isUploadSource(key) && storage.kind === 'local') return storage.get(key);
    const cacheFile = join(
      cacheDir,
      `${createHash('sha1')
        .update(`${key}@${width ?? 'png'}`)
        .digest('hex')}`,
    );
    const cached = await readFile(cacheFile).catch(() => null);
    if (cached) return cached;
    const buffer = await draw(key, width);
    if (!buffer) return null;
    await mkdir(cacheDir, { recursive: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    await writeFile(tmp, buffer);
    await rename(tmp, cacheFile);
    return buffer;
  }

  return (key, width) => {
    const jobKey = `${key}@${width ?? ''}`;
    let job = inFlight.get(jobKey);
    if (!job) {
      job = render(key, width).finally(() => inFlight.delete(jobKey));
      inFlight.set(jobKey, job);
    }
    return job;
  };
}
