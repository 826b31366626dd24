/**
 * The image service (/images/...): full size (the seed's art as PNG, an upload as it was stored,
 * JPEG or PNG) or WebP at a listed width (?w=), served immutable. A seed key no product lists,
 * or an upload not in storage, answers 404, so the web app's placeholder fallback is exercised.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_WIDTHS } from '@storefront/shared/images';
import { notFound } from '../../lib/errors.js';
import { SEED_FILE, UPLOAD_FILE } from './keys.js';
import type { ImageRenderer } from './service.js';

const FULL_SIZE_TYPE = { png: 'image/png', jpg: 'image/jpeg' } as const;

const Params = z.object({ file: z.string().max(120) });
const Query = z
  .object({
    w: z.coerce
      .number()
      .int()
      .refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), {
        message: `w must be one of ${IMAGE_WIDTHS.join(', ')}`,
      })
      .optional(),
  })
  .strict();

export function imageRoutes(render: ImageRenderer) {
  /** The image of `key` at `width` (full size when none), with its caching headers. */
  async function send(
    reply: FastifyReply,
    ifNoneMatch: string | undefined,
    key: string,
    extension: keyof typeof FULL_SIZE_TYPE,
    width: number | undefined,
  ) {
    const buffer = await render(key, width);
    if (!buffer) throw notFound('image_not_found', 'Image not found');
    const etag = `"${createHash('sha1').update(buffer).digest('base64url').slice(0, 16)}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('vary', 'Accept-Encoding');
    if (ifNoneMatch === etag) return reply.status(304).send();
    return reply.type(width ? 'image/webp' : FULL_SIZE_TYPE[extension]).send(buffer);
  }

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/images/products/:file',
      {
        schema: {
          tags: ['images'],
          summary: 'A product image (PNG, or WebP at a listed width)',
          params: Params,
          querystring: Query,
        },
      },
      async (request, reply) => {
        const match = SEED_FILE.exec(request.params.file);
        if (!match) throw notFound('image_not_found', 'Image not found');
        const key = `products/${match[1]}`;
        return send(reply, request.headers['if-none-match'], key, 'png', request.query.w);
      },
    );

    app.get(
      '/images/uploads/:file',
      {
        schema: {
          tags: ['images'],
          summary:
            'An uploaded product photo (JPEG or PNG as stored, or WebP at a listed width, never wider than the photo)',
          params: Params,
          querystring: Query,
        },
      },
      async (request, reply) => {
        const match = UPLOAD_FILE.exec(request.params.file);
        if (!match) throw notFound('image_not_found', 'Image not found');
        const extension = match[2] as keyof typeof FULL_SIZE_TYPE;
        const key = `uploads/${match[1]}.${extension}`;
        return send(reply, request.headers['if-none-match'], key, extension, request.query.w);
      },
    );
  };
}
