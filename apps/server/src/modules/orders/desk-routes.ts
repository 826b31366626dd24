/**
 * The order desk's API (issue 19) under /api/staff/orders: the list and an order's page for any
 * member, ship and deliver for fulfilment (and owners), each action in the audit log as the
 * signed-in member.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody } from '@storefront/shared/errors';
import {
  DeskOrderActionResponse,
  DeskOrderDetail,
  DeskOrderList,
  DeskOrderParams,
  DeskOrderQuery,
} from '@storefront/shared/order-desk';
import { OrderShipBody } from '@storefront/shared/orders';
import { STAFF_ROLES } from '@storefront/shared/staff';
import type { ModuleContext } from '../../module-context.js';
import { actorOf } from '../staff/audit.js';
import { deskOrder, listDeskOrders } from './desk.js';
import { deliverOrder, shipOrder } from './service.js';

const errors = (...statuses: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

export function deskRoutes({ db, config, requireStaff }: ModuleContext) {
  const anyMember = requireStaff(STAFF_ROLES);
  const fulfilment = requireStaff(['fulfilment']);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['order desk'];
    const security = [{ staffSession: [] }];

    app.get(
      '/api/staff/orders',
      {
        schema: {
          tags,
          security,
          summary: 'Orders, filtered, sorted and paged by keyset (any member)',
          querystring: DeskOrderQuery,
          response: { 200: DeskOrderList, ...errors(400, 401, 403) },
        },
        onRequest: anyMember,
      },
      async (request) => listDeskOrders(db, request.query),
    );

    app.get(
      '/api/staff/orders/:mkpOrderId',
      {
        schema: {
          tags,
          security,
          summary: 'An order with its buyer, payments, history and emails (any member)',
          params: DeskOrderParams,
          response: { 200: DeskOrderDetail, ...errors(400, 401, 403, 404) },
        },
        onRequest: anyMember,
      },
      async (request) => deskOrder(db, request.params.mkpOrderId),
    );

    app.post(
      '/api/staff/orders/:mkpOrderId/ship',
      {
        schema: {
          tags,
          security,
          summary: 'Mark a paid order shipped, with carrier and tracking number (fulfilment)',
          params: DeskOrderParams,
          body: OrderShipBody,
          response: { 200: DeskOrderActionResponse, ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: fulfilment,
      },
      async (request) =>
        shipOrder(db, actorOf(request), request.params.mkpOrderId, request.body, config.publicUrl),
    );

    app.post(
      '/api/staff/orders/:mkpOrderId/deliver',
      {
        schema: {
          tags,
          security,
          summary: 'Mark a shipped order delivered (fulfilment)',
          params: DeskOrderParams,
          response: { 200: DeskOrderActionResponse, ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: fulfilment,
      },
      async (request) =>
        deliverOrder(db, actorOf(request), request.params.mkpOrderId, config.publicUrl),
    );
  };
}
