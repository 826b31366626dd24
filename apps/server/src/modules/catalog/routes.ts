import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CategoriesResponse,
  CollectionsResponse,
  MultipleProductsBody,
  MultipleProductsResponse,
  ObjectId,
  ProductAvailabilityResponse,
  ProductListQuery,
  ProductListResponse,
  ProductResponse,
  RelatedResponse,
} from '@storefront/shared/catalog';
import { ErrorBody } from '@storefront/shared/errors';
import type { Db } from '../../db/connect.js';
import type { TaxSetupSource } from '../../module-context.js';
import { CACHED_ROUTE, sendCached, type ResponseCache } from '../../lib/response-cache.js';
import * as catalog from './service.js';
import { readAvailability } from './stock.js';

const IdParams = z.object({ id: ObjectId }).strict();
const errors = { 400: ErrorBody, 404: ErrorBody };

/**
 * The public catalog reads are served from `cache` (serialised once, ETag, emptied on every
 * catalog change); the multiple-products POST is not cached, nor is a product's availability,
 * which orders change all the time (decision 048).
 */
export function catalogRoutes(db: Db, cache: ResponseCache, taxSetup: TaxSetupSource) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['catalog'];

    app.get(
      '/api/products/categories',
      {
        ...CACHED_ROUTE,
        schema: {
          tags,
          summary: 'Categories with their subcategories',
          response: { 200: CategoriesResponse },
        },
      },
      (request, reply) =>
        sendCached(cache, request, reply as FastifyReply, CategoriesResponse, async () => ({
          payload: await catalog.listCategories(db),
        })),
    );

    app.get(
      '/api/products/collections',
      {
        ...CACHED_ROUTE,
        schema: {
          tags,
          summary: "The home collections in the seller's order",
          description:
            "Slug, title, subtitle and position of every collection. The home page's 'Top Categories for You' shows the first five as banners; a collection's listing is GET /api/products?query={slug}.",
          response: { 200: CollectionsResponse },
        },
      },
      (request, reply) =>
        sendCached(cache, request, reply as FastifyReply, CollectionsResponse, async () => ({
          payload: await catalog.listCollections(db),
        })),
    );

    app.get(
      '/api/products',
      {
        ...CACHED_ROUTE,
        schema: {
          tags,
          summary: 'A page of the products of a category, subcategory or collection',
          querystring: ProductListQuery,
          response: { 200: ProductListResponse, ...errors },
        },
      },
      (request, reply) =>
        sendCached(cache, request, reply as FastifyReply, ProductListResponse, async () => {
          const { query, page, limit } = request.query;
          const { products, total } = await catalog.listProducts(db, query, page, limit);
          return { payload: products, total, page, limit };
        }),
    );

    app.get(
      '/api/products/product/:id',
      {
        ...CACHED_ROUTE,
        schema: {
          tags,
          summary: 'One product',
          params: IdParams,
          response: { 200: ProductResponse, ...errors },
        },
      },
      (request, reply) =>
        sendCached(cache, request, reply as FastifyReply, ProductResponse, async () => ({
          payload: await catalog.getProduct(
            db,
            request.params.id,
            (await taxSetup.current()).rates,
          ),
        })),
    );

    app.get(
      '/api/products/recommend/:id',
      {
        ...CACHED_ROUTE,
        schema: {
          tags,
          summary: 'Related products',
          params: IdParams,
          response: { 200: RelatedResponse, ...errors },
        },
      },
      (request, reply) =>
        sendCached(cache, request, reply as FastifyReply, RelatedResponse, async () => ({
          payload: await catalog.relatedProducts(db, request.params.id),
        })),
    );

    app.get(
      '/api/products/:id/availability',
      {
        schema: {
          tags,
          summary: "A product's units on hand, and each variant's (never cached)",
          description:
            "stock null: not tracked, always available. A variant without units of its own draws on its product's. Read fresh on every call (Cache-Control: no-store), so orders, which change stock, never empty the cached catalog answers.",
          params: IdParams,
          response: { 200: ProductAvailabilityResponse, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { payload: await readAvailability(db, request.params.id) };
      },
    );

    app.post(
      '/api/products/multiple-products',
      {
        schema: {
          tags,
          summary: 'Several products by id (unknown ids are left out)',
          body: MultipleProductsBody,
          response: { 200: MultipleProductsResponse, ...errors },
        },
      },
      async (request) => ({
        payload: await catalog.getProducts(
          db,
          request.body.product_ids,
          (await taxSetup.current()).rates,
        ),
      }),
    );
  };
}
