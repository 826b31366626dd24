import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CartItemAddBody,
  CartItemDeleteBody,
  CartItemParams,
  CartItemPatchBody,
  CartResponse,
} from '@storefront/shared/cart';
import { ErrorBody } from '@storefront/shared/errors';
import type { ModuleContext } from '../../app.js';
import * as cart from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** Set by `authenticate`, which runs on every route of this plugin. */
const buyer = (request: FastifyRequest) => request.userId!;

/** Spec §7 cart calls. Every change answers the whole cart, so the screen needs no refetch. */
export function cartRoutes({ db, authenticate }: ModuleContext) {
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
            summary: "The buyer's cart: the spec's items map and priced lines",
            response: { 200: CartResponse, 401: ErrorBody },
          },
        },
        async (request) => cart.getCart(db, buyer(request)),
      );
    }

    app.post(
      '/api/cart/items/:productId',
      {
        schema: {
          tags,
          security,
          summary: 'Add a quantity to the line of this product, variant and source',
          params: CartItemParams,
          body: CartItemAddBody,
          response: { 200: CartResponse, ...errors },
        },
      },
      async (request) => {
        await cart.addItem(db, buyer(request), request.params.productId, request.body);
        return cart.getCart(db, buyer(request));
      },
    );

    app.patch(
      '/api/cart/items/:productId',
      {
        schema: {
          tags,
          security,
          summary: 'Set the quantity of the line of this product, variant and source',
          params: CartItemParams,
          body: CartItemPatchBody,
          response: { 200: CartResponse, ...errors },
        },
      },
      async (request) => {
        await cart.setQuantity(db, buyer(request), request.params.productId, request.body);
        return cart.getCart(db, buyer(request));
      },
    );

    app.delete(
      '/api/cart/items/:productId',
      {
        schema: {
          tags,
          security,
          summary: 'Remove the line of this product, variant and source',
          params: CartItemParams,
          body: CartItemDeleteBody,
          response: { 200: CartResponse, ...errors },
        },
      },
      async (request) => {
        await cart.removeItem(db, buyer(request), request.params.productId, request.body);
        return cart.getCart(db, buyer(request));
      },
    );
  };
}
