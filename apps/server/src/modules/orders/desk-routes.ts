/**
 * The order desk's API (issue 19) under /api/staff/orders: the list, its CSV export and an
 * order's page for any member, ship and deliver for fulfilment (and owners), each action (and
 * each export) in the audit log as the signed-in member.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@storefront/shared/errors';
import {
  DeskOrderActionResponse,
  DeskOrderDetail,
  DeskOrderList,
  DeskOrderParams,
  DeskOrderQuery,
} from '@storefront/shared/order-desk';
import { DeskOrderExportQuery } from '@storefront/shared/order-desk-export';
import { OrderShipBody } from '@storefront/shared/orders';
import { BUYER_DATA_ROLES, roleAllows } from '@storefront/shared/staff';
import type { ModuleContext } from '../../module-context.js';
import { actorOf } from '../staff/audit.js';
import { deskOrder, listDeskOrders } from './desk.js';
import { exportDeskOrders } from './desk-export.js';
import { deliverOrder, shipOrder } from './service.js';

const errors = (...statuses: (400 | 401 | 403 | 404 | 409)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

export function deskRoutes({ db, config, now, requireStaff }: ModuleContext) {
  // Orders carry buyers' names, addresses and GSTINs: not for catalog staff.
  const buyerData = requireStaff(BUYER_DATA_ROLES);
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
          summary: 'Orders, filtered, sorted and paged by keyset (fulfilment, finance)',
          querystring: DeskOrderQuery,
          response: { 200: DeskOrderList, ...errors(400, 401, 403) },
        },
        onRequest: buyerData,
      },
      async (request) => listDeskOrders(db, request.query),
    );

    app.get(
      '/api/staff/orders/export.csv',
      {
        // A HEAD would run the whole export (and its audit entry) for nobody.
        exposeHeadRoute: false,
        schema: {
          tags,
          security,
          summary:
            'Every order the list shows for the same filters and sort, as a CSV file; audited (fulfilment, finance)',
          querystring: DeskOrderExportQuery,
          response: {
            200: {
              description:
                'RFC 4180 CSV, UTF-8 with a byte-order mark; one row an order, columns as EXPORT_COLUMNS',
              content: { 'text/csv': { schema: z.string() } },
            },
            ...errors(400, 401, 403),
          },
        },
        onRequest: buyerData,
      },
      async (request, reply) => {
        const file = await exportDeskOrders(db, actorOf(request), request.query, now());
        // The type provider types this body as its schema's string; the stream writes that string.
        return (reply as FastifyReply)
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );

    app.get(
      '/api/staff/orders/:mkpOrderId',
      {
        schema: {
          tags,
          security,
          summary: 'An order with its buyer, payments, history and emails (fulfilment, finance)',
          params: DeskOrderParams,
          response: { 200: DeskOrderDetail, ...errors(400, 401, 403, 404) },
        },
        onRequest: buyerData,
      },
      async (request) =>
        deskOrder(db, request.params.mkpOrderId, {
          gatewayEvidence: roleAllows(request.staff!.role, ['finance']),
        }),
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
