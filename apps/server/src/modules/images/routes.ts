/**
 * The image service (/images/...): PNG at full size or WebP at a listed width (?w=), served
 * immutable. A key no product lists answers 404, so the web app's placeholder fallback is
 * exercised.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_WIDTHS } from '@storefront/shared/images';
import { notFound } from '../../lib/errors.js';
import type { ImageRenderer } from './service.js';

const FILE = /^([A-Za-z0-9_-]+)\.(png)$/;

export function imageRoutes(render: ImageRenderer) {
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
        const width = request.query.w;
        const buffer = await render(`products/${match[1]}`, width);
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
