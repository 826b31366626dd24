/**
 * Product images: the art of a product's image key rendered on first request (PNG at full size,
 * WebP at a listed width), cached on disk under DATA_DIR, once per key and width even when many
 * requests for it arrive together. A key no product lists has no image.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type Sharp from 'sharp';
import type { Db } from '../../db/connect.js';
import { productArtSvg } from './art.js';

/** Image keys are 'products/<product code>-<n>'. */
const KEY = /^products\/(.+)-(\d+)$/;
const FULL_SIZE = 800;

/**
 * sharp (libvips, ~28 MB of RSS once loaded) is imported when the first image is rendered, not
 * at start: most requests are served from the disk cache and never need it (decision 034).
 */
let sharpLoaded: Promise<typeof Sharp> | undefined;
const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then(
    (module) => {
      // Every render is of a new key (its file is then served from disk): libvips's operation
      // cache (50 MB by default) would only hold memory.
      module.default.cache(false);
      return module.default;
    },
    (error: unknown) => {
      sharpLoaded = undefined; // a later request tries again
      throw error;
    },
  ));

/** The product that lists this image key, with what its art needs; null when none does. */
export async function findProductImage(
  db: Db,
  key: string,
): Promise<{ name: string; paletteIndex: number } | null> {
  const match = KEY.exec(key);
  if (!match) return null;
  const result = await db.execute(
    sql`SELECT p.name, c.position FROM products p JOIN categories c ON c.id = p.category_id
         WHERE p.code = ${match[1]} AND p.images @> ${JSON.stringify([key])}::jsonb`,
  );
  const row = result.rows[0] as { name: string; position: number } | undefined;
  return row ? { name: row.name, paletteIndex: row.position } : null;
}

export type ImageRenderer = (key: string, width: number | undefined) => Promise<Buffer | null>;

/** Renders images into (and reads them back from) `cacheDir`; null for a key no product lists. */
export function createImageRenderer(db: Db, cacheDir: string): ImageRenderer {
  const inFlight = new Map<string, Promise<Buffer | null>>();

  async function render(key: string, width: number | undefined): Promise<Buffer | null> {
    const cacheFile = join(
      cacheDir,
      `${createHash('sha1')
        .update(`${key}@${width ?? 'png'}`)
        .digest('hex')}`,
    );
    const cached = await readFile(cacheFile).catch(() => null);
    if (cached) return cached;
    const product = await findProductImage(db, key);
    if (!product) return null;
    const svg = productArtSvg(key, product.name, product.paletteIndex, FULL_SIZE);
    const sharp = await loadSharp();
    const image = sharp(Buffer.from(svg));
    const buffer = width
      ? await image.resize(width, width).webp({ quality: 78 }).toBuffer()
      : await image.png({ compressionLevel: 9, palette: true }).toBuffer();
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
