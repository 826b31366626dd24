/**
 * The image service (/images/...): product art rendered on first request, PNG at full size or
 * WebP at a listed width (?w=), cached on disk under DATA_DIR and served immutable. A key no
 * product lists answers 404, so the web app's placeholder fallback is exercised.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Sharp from 'sharp';
import { z } from 'zod';
import { IMAGE_WIDTHS } from '@storefront/shared/images';
import { notFound } from '../../lib/errors.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { productArtSvg } from './art.js';
import { findProductImage } from './service.js';

const FILE = /^([A-Za-z0-9_-]+)\.(png)$/;
const FULL_SIZE = 800;

/**
 * sharp (libvips, ~28 MB of RSS once loaded) is imported when the first image is rendered, not
 * at start: most requests are served from the disk cache and never need it (decision 034).
 */
let sharpLoaded: Promise<typeof Sharp> | undefined;
const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then(
    (module) => module.default,
    (error: unknown) => {
      sharpLoaded = undefined; // a later request tries again
      throw error;
    },
  ));

export function imageRoutes(db: Db, config: Pick<Config, 'dataDir'>) {
  const cacheDir = join(config.dataDir, 'image-cache');
  /** Renders once per key and width even when many requests for it arrive together. */
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

  return async (fastify: FastifyInstance) => {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/images/products/:file',
      {
        schema: {
          tags: ['images'],
          summary: 'A product image (PNG, or WebP at a listed width)',
          params: z.object({ file: z.string().max(120) }),
          querystring: z
            .object({
              w: z.coerce
                .number()
                .int()
                .refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), {
                  message: `w must be one of ${IMAGE_WIDTHS.join(', ')}`,
                })
                .optional(),
            })
            .strict(),
        },
      },
      async (request, reply) => {
        const match = FILE.exec(request.params.file);
        if (!match) throw notFound('image_not_found', 'Image not found');
        const key = `products/${match[1]}`;
        const width = request.query.w;
        const cacheKey = `${key}@${width ?? ''}`;
        let job = inFlight.get(cacheKey);
        if (!job) {
          job = render(key, width).finally(() => inFlight.delete(cacheKey));
          inFlight.set(cacheKey, job);
        }
        const buffer = await job;
        if (!buffer) throw notFound('image_not_found', 'Image not found');
        const etag = `"${createHash('sha1').update(buffer).digest('base64url').slice(0, 16)}"`;
        reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', etag)
          .header('vary', 'Accept-Encoding');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        return reply.type(width ? 'image/webp' : 'image/png').send(buffer);
      },
    );
  };
}
