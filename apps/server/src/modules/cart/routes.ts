import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CartItemAddBody,
  CartItemDeleteBody,
  CartItemParams,
  CartItemPatchBody,
  CartQuery,
  CartResponse,
} from '@storefront/shared/cart';
import { ErrorBody } from '@storefront/shared/errors';
import type { ModuleContext } from '../../module-context.js';
import type { Db } from '../../db/connect.js';
import { supplyOfQuery } from '../gst/tax.js';
import * as cart from './service.js';

// 403 account_disabled: the owner disabled the account (users/authenticate.ts). 409: too few
// units in stock for the line, or a line of a product no longer sold (decision 048).
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Set by `authenticate`, which runs on every route of this plugin. */
const buyer = (request: FastifyRequest) => request.userId!;

/** Spec §7 cart calls. Every change answers the whole cart, so the screen needs no refetch. */
export function cartRoutes({ db, authenticate, taxSetup }: ModuleContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // onRequest, before body validation: without a token the answer is 401, never a 400 that
    // would describe the payload to an anonymous caller.
    app.addHook('onRequest', authenticate);
    const tags = ['cart'];
    const security = [{ bearer: [] }];

    // The spec's client reads the cart at both cart/ and /api/cart (§7); one handler, one
    // documented path.
    for (const url of ['/api/cart/', '/api/cart']) {
      app.get(
        url,
        {
          schema: {
            tags,
            security,
            hide: url === '/api/cart',
            summary:
              "The buyer's cart: the spec's items map, priced lines and their GST (split between the heads when the query gives a place of supply)",
            querystring: CartQuery,
            response: { 200: CartResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
          },
        },
        async (request) => {
          const setup = await taxSetup.current();
          const supply = supplyOfQuery(setup.settings.stateCode, request.query);
          return cart.getCart(db, buyer(request), setup, supply);
        },
      );
    }

    /** A change to one line; every change answers the whole cart. */
    function lineRoute<Body extends z.ZodType>(
      method: 'POST' | 'PATCH' | 'DELETE',
      summary: string,
      body: Body,
      change: (db: Db, userId: string, productId: string, body: z.infer<Body>) => Promise<void>,
    ) {
      app.route({
        method,
        url: '/api/cart/items/:productId',
        schema: {
          tags,
          security,
          summary,
          params: CartItemParams,
          body,
          response: { 200: CartResponse, ...errors },
        },
        handler: async (request) => {
          // Validated by `body` above; the provider cannot carry a generic schema's type here.
          const parsed = request.body as z.infer<Body>;
          await change(db, buyer(request), request.params.productId, parsed);
          return cart.getCart(db, buyer(request), await taxSetup.current());
        },
      });
    }

    lineRoute(
      'POST',
      'Add a quantity to the line of this product, variant and source',
      CartItemAddBody,
      cart.addItem,
    );
    lineRoute(
      'PATCH',
      'Set the quantity of the line of this product, variant and source',
      CartItemPatchBody,
      cart.setQuantity,
    );
    lineRoute(
      'DELETE',
      'Remove the line of this product, variant and source',
      CartItemDeleteBody,
      cart.removeItem,
    );
  };
}
