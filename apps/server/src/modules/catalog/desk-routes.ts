/**
 * The catalog desk's API (issue 20, decision 050) under /api/staff/catalog: the products (list,
 * one, create, save, status, stock) and the taxonomy (categories, subcategories, collections),
 * for catalog staff and owners. Every change is in the audit log as the signed-in member; a
 * product a rule refuses answers 422 with `issues`, each naming the field (path) it concerns.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CatalogIdParams,
  CatalogProductCreateBody,
  CatalogProductDetail,
  CatalogProductList,
  CatalogProductQuery,
  CatalogProductUpdateBody,
  CatalogStatusBody,
  CatalogStockBody,
  CategoryCreateBody,
  CategoryRenameBody,
  CollectionCreateBody,
  CollectionProductsBody,
  CollectionProductsResponse,
  CollectionUpdateBody,
  ProductIssuesError,
  ProductsMoveBody,
  ProductsMoveResponse,
  ReorderBody,
  SubcategoryUpdateBody,
  TaxonomyResponse,
} from '@storefront/shared/catalog-desk';
import { ErrorBody } from '@storefront/shared/errors';
import type { ModuleContext } from '../../module-context.js';
import type { ImageStorage } from '../images/storage.js';
import { actorOf } from '../staff/audit.js';
import {
  createCatalogProduct,
  getCatalogProduct,
  listCatalogProducts,
  setCatalogStatus,
  setCatalogStock,
  updateCatalogProduct,
} from './desk.js';
import * as taxonomy from './taxonomy.js';

const errors = (...statuses: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));
const refusedWithIssues = { 422: ProductIssuesError };
const Created = z.object({ id: z.string() });

export function catalogDeskRoutes(
  { db, requireStaff }: Pick<ModuleContext, 'db' | 'requireStaff'>,
  storage: ImageStorage,
) {
  const catalog = requireStaff(['catalog']);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['catalog desk'];
    const security = [{ staffSession: [] }];
    const base = '/api/staff/catalog';
    app.get(
      `${base}/products`,
      {
        schema: {
          tags,
          security,
          summary:
            'Products filtered by status, category, subcategory, text (name, code, seller SKU) and needing attention, paged, with counts (catalog)',
          querystring: CatalogProductQuery,
          response: { 200: CatalogProductList, ...errors(400, 401, 403) },
        },
        onRequest: catalog,
      },
      async (request) => listCatalogProducts(db, request.query),
    );

    app.post(
      `${base}/products`,
      {
        schema: {
          tags,
          security,
          summary:
            'Create a product; an active one must keep every rule, else 422 with the issues (catalog)',
          body: CatalogProductCreateBody,
          response: {
            201: CatalogProductDetail,
            ...errors(400, 401, 403),
            ...refusedWithIssues,
          },
        },
        onRequest: catalog,
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await createCatalogProduct(db, storage, actorOf(request), request.body.product)),
    );

    app.get(
      `${base}/products/:id`,
      {
        schema: {
          tags,
          security,
          summary: 'A product as its document, with its version and issues (catalog)',
          params: CatalogIdParams,
          response: { 200: CatalogProductDetail, ...errors(400, 401, 403, 404) },
        },
        onRequest: catalog,
      },
      async (request) => getCatalogProduct(db, storage, request.params.id),
    );

    app.put(
      `${base}/products/:id`,
      {
        schema: {
          tags,
          security,
          summary:
            'Save a product (its stock is left as stored: set it by compare-and-set). 409 if it changed since `version`; 422 with the issues if a rule refuses it (catalog)',
          params: CatalogIdParams,
          body: CatalogProductUpdateBody,
          response: {
            200: CatalogProductDetail,
            ...errors(400, 401, 403, 404, 409),
            ...refusedWithIssues,
          },
        },
        onRequest: catalog,
      },
      async (request) =>
        updateCatalogProduct(
          db,
          storage,
          actorOf(request),
          request.params.id,
          request.body.version,
          request.body.product,
        ),
    );

    app.post(
      `${base}/products/:id/status`,
      {
        schema: {
          tags,
          security,
          summary:
            'Make a product draft, active or archived; activating one that breaks a rule answers 422 with the issues (catalog)',
          params: CatalogIdParams,
          body: CatalogStatusBody,
          response: {
            200: CatalogProductDetail,
            ...errors(400, 401, 403, 404, 409),
            ...refusedWithIssues,
          },
        },
        onRequest: catalog,
      },
      async (request) =>
        setCatalogStatus(
          db,
          storage,
          actorOf(request),
          request.params.id,
          request.body.version,
          request.body.status,
        ),
    );

    app.post(
      `${base}/products/:id/stock`,
      {
        schema: {
          tags,
          security,
          summary:
            'Set stock rows (the product’s, a variant’s) by compare-and-set: 409 if a row no longer holds `expected` (catalog)',
          params: CatalogIdParams,
          body: CatalogStockBody,
          response: {
            200: CatalogProductDetail,
            ...errors(400, 401, 403, 404, 409),
            ...refusedWithIssues,
          },
        },
        onRequest: catalog,
      },
      async (request) =>
        setCatalogStock(db, storage, actorOf(request), request.params.id, request.body.rows),
    );

    app.post(
      `${base}/products/move`,
      {
        schema: {
          tags,
          security,
          summary: 'Move products to a category’s subcategory (catalog)',
          body: ProductsMoveBody,
          response: { 200: ProductsMoveResponse, ...errors(400, 401, 403, 404) },
        },
        onRequest: catalog,
      },
      async (request) => ({
        moved: await taxonomy.moveProducts(
          db,
          actorOf(request),
          request.body.productIds,
          request.body.category,
          request.body.subcategory,
        ),
      }),
    );

    app.get(
      `${base}/taxonomy`,
      {
        schema: {
          tags,
          security,
          summary:
            'Categories with their subcategories, and the collections, in order, with product counts and which the home page shows (catalog)',
          response: { 200: TaxonomyResponse, ...errors(401, 403) },
        },
        onRequest: catalog,
      },
      async () => taxonomy.readTaxonomy(db),
    );

    app.post(
      `${base}/categories`,
      {
        schema: {
          tags,
          security,
          summary: 'Create a category, last in the order; its slug comes from its name (catalog)',
          body: CategoryCreateBody,
          response: { 201: Created, ...errors(400, 401, 403, 409) },
        },
        onRequest: catalog,
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ id: await taxonomy.createCategory(db, actorOf(request), request.body.name) }),
    );

    app.patch(
      `${base}/categories/:id`,
      {
        schema: {
          tags,
          security,
          summary: 'Rename a category; its slug, and so every link to it, stays (catalog)',
          params: CatalogIdParams,
          body: CategoryRenameBody,
          response: { 204: z.null(), ...errors(400, 401, 403, 404) },
        },
        onRequest: catalog,
      },
      async (request, reply) => {
        await taxonomy.renameCategory(db, actorOf(request), request.params.id, request.body.name);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      `${base}/categories/:id`,
      {
        schema: {
          tags,
          security,
          summary:
            'Delete a category without products (and its subcategories); refused below the home page’s 8 (catalog)',
          params: CatalogIdParams,
          response: { 204: z.null(), ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: catalog,
      },
      async (request, reply) => {
        await taxonomy.deleteCategory(db, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      `${base}/categories/order`,
      {
        schema: {
          tags,
          security,
          summary:
            'Put the categories in a new order (every id once); the home page shows the first 8 (catalog)',
          body: ReorderBody,
          response: { 204: z.null(), ...errors(400, 401, 403) },
        },
        onRequest: catalog,
      },
      async (request, reply) => {
        await taxonomy.reorderCategories(db, actorOf(request), request.body.ids);
        return reply.status(204).send(null);
      },
    );

    app.post(
      `${base}/categories/:id/subcategories`,
      {
        schema: {
          tags,
          security,
          summary: 'Create a subcategory of a category, last in its order (catalog)',
          params: CatalogIdParams,
          body: CategoryCreateBody,
          response: { 201: Created, ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: catalog,
      },
      async (request, reply) =>
        reply.status(201).send({
          id: await taxonomy.createSubcategory(
            db,
            actorOf(request),
            request.params.id,
            request.body.name,
          ),
        }),
    );

    app.post(
      `${base}/categories/:id/subcategories/order`,
      {
        schema: {
          tags,
          security,
          summary: 'Put a category’s subcategories in a new order (every id once) (catalog)',
          params: CatalogIdParams,
          body: ReorderBody,
          response: { 204: z.null(), ...errors(400, 401, 403, 404) },
        },
        onRequest: catalog,
      },
      async (request, reply) => {
        await taxonomy.reorderSubcategories(
          db,
          actorOf(request),
          request.params.id,
          request.body.ids,
        );
        return reply.status(204).send(null);
      },
    );

    app.patch(
      `${base}/subcategories/:id`,
      {
        schema: {
          tags,
          security,
          summary:
            'Rename a subcategory (its slug stays), or move it with its products to another category (catalog)',
          params: CatalogIdParams,
          body: SubcategoryUpdateBody,
          response: { 204: z.null(), ...errors(400, 401, 403, 404) },
        },
        onRequest: catalog,
      },
      async (request, reply) => {
        await taxonomy.updateSubcategory(db, actorOf(request), request.params.id, request.body);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      `${base}/subcategories/:id`,
      {
        schema: {
          tags,
          security,
          summary: 'Delete a subcategory without products (catalog)',
          params: CatalogIdParams,
          response: { 204: z.null(), ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: catalog,
      },
      async (request, reply) => {
        await taxonomy.deleteSubcategory(db, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      `${base}/collections`,
      {
        schema: {
          tags,
          security,
          summary:
            'Create a collection, last in the order; its slug comes from its title (catalog)',
          body: CollectionCreateBody,
          response: { 201: Created, ...errors(400, 401, 403, 409) },
        },
        onRequest: catalog,
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ id: await taxonomy.createCollection(db, actorOf(request), request.body) }),
    );

    app.patch(
      `${base}/collections/:id`,
      {
        schema: {
          tags,
          security,
          summary: 'Change a collection’s title or subtitle; its slug stays (catalog)',
          params: CatalogIdParams,
          body: CollectionUpdateBody,
          response: { 204: z.null(), ...errors(400, 401, 403, 404) },
        },
        onRequest: catalog,
      },
      async (request, reply) => {
        await taxonomy.updateCollection(db, actorOf(request), request.params.id, request.body);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      `${base}/collections/:id`,
      {
        schema: {
          tags,
          security,
          summary:
            'Delete a collection (its products stay); refused below the home page’s 5 banners (catalog)',
          params: CatalogIdParams,
          response: { 204: z.null(), ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: catalog,
      },
      async (request, reply) => {
        await taxonomy.deleteCollection(db, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      `${base}/collections/order`,
      {
        schema: {
          tags,
          security,
          summary:
            'Put the collections in a new order (every id once); the home page shows the first 5 (catalog)',
          body: ReorderBody,
          response: { 204: z.null(), ...errors(400, 401, 403) },
        },
        onRequest: catalog,
      },
      async (request, reply) => {
        await taxonomy.reorderCollections(db, actorOf(request), request.body.ids);
        return reply.status(204).send(null);
      },
    );

    app.get(
      `${base}/collections/:id/products`,
      {
        schema: {
          tags,
          security,
          summary: 'A collection’s products, in order (catalog)',
          params: CatalogIdParams,
          response: { 200: CollectionProductsResponse, ...errors(400, 401, 403, 404) },
        },
        onRequest: catalog,
      },
      async (request) => taxonomy.collectionProducts(db, request.params.id),
    );

    app.put(
      `${base}/collections/:id/products`,
      {
        schema: {
          tags,
          security,
          summary:
            'Set a collection’s products in order: add, remove and reorder in one change (catalog)',
          params: CatalogIdParams,
          body: CollectionProductsBody,
          response: { 200: CollectionProductsResponse, ...errors(400, 401, 403, 404) },
        },
        onRequest: catalog,
      },
      async (request) =>
        taxonomy.setCollectionProducts(
          db,
          actorOf(request),
          request.params.id,
          request.body.productIds,
        ),
    );
  };
}
