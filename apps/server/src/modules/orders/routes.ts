import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@storefront/shared/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@storefront/shared/constants';
import {
  IdempotencyKey,
  OrderCreateBody,
  OrderCreateResponse,
  OrderListResponse,
  OrderParams,
  OrderResponse,
  OrderShippingBody,
} from '@storefront/shared/orders';
import { ReorderResponse } from '@storefront/shared/quick-order';
import type { ModuleContext } from '../../module-context.js';
import { checkedBuyer, routeCaller } from '../users/authenticate.js';
import { reorder } from './reorder.js';
import * as orders from './service.js';

const CreateHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey.optional() });

/** Spec §7 orders calls; every route is the signed-in buyer's own. */
export function buyerOrderRoutes(
  { db, config, authenticate, taxSetup, now }: ModuleContext,
  options: { lockTimeoutMs?: number },
) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // Before validation: an anonymous caller gets 401, not a description of the payload.
    app.addHook('onRequest', authenticate);
    const tags = ['orders'];
    const security = [{ bearer: [] }];

    app.post(
      '/api/orders/',
      {
        // The cart's read checks the buyer's session (decision 092).
        config: { checksSession: true },
        schema: {
          tags,
          security,
          summary:
            'Place an order from the cart, taxed line by line (Idempotency-Key replays the first answer)',
          headers: CreateHeaders,
          body: OrderCreateBody,
          response: {
            201: OrderCreateResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            409: ErrorBody,
            422: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const result = await orders.createOrder(
          db,
          routeCaller(request),
          request.body,
          request.headers[IDEMPOTENCY_KEY_HEADER],
          { setup: await taxSetup.current(), env: config.env },
          { lockTimeoutMs: options.lockTimeoutMs },
        );
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(result.body);
      },
    );

    app.get(
      '/api/orders/',
      {
        schema: {
          tags,
          security,
          summary: "The buyer's orders, newest first",
          response: { 200: OrderListResponse, 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request) => ({ payload: await orders.listOrders(db, checkedBuyer(request)) }),
    );

    app.get(
      '/api/orders/order/:id',
      {
        schema: {
          tags,
          security,
          summary: "One of the buyer's orders, with its status history",
          params: OrderParams,
          response: {
            200: OrderResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
          },
        },
      },
      async (request) => ({
        payload: await orders.getOrder(db, checkedBuyer(request), request.params.id),
      }),
    );

    app.post(
      '/api/orders/:id/reorder',
      {
        schema: {
          tags,
          security,
          summary:
            "Put one of the buyer's orders back in the cart at today's prices, each line fitted to today's minimum, pack size and stock; answers the lines added as ordered, adjusted (with why) and unavailable (with why), and the cart",
          params: OrderParams,
          response: {
            200: ReorderResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
          },
        },
      },
      async (request) =>
        reorder(db, checkedBuyer(request), request.params.id, await taxSetup.current()),
    );
    app.put(
      '/api/orders/:id/shipping',
      {
        schema: {
          tags,
          security,
          summary:
            "Change an unpaid order's ship-to (and billing details): the payment step's way back to shipping",
          params: OrderParams,
          body: OrderShippingBody,
          response: {
            200: OrderResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            422: ErrorBody,
          },
        },
      },
      async (request) => ({
        payload: await orders.changeOrderShipping(
          db,
          checkedBuyer(request),
          request.params.id,
          request.body,
          { setup: await taxSetup.current(), env: config.env },
          { paymentWindowMs: config.payments.paymentWindowMs, now: now() },
        ),
      }),
    );
  };
}
