/**
 * The buyers desk's API (issue 19) under /api/staff/buyers. Reading is for the roles whose work
 * needs a buyer's account: fulfilment (who to call about a delivery), finance (the company and
 * GSTIN of an invoice or refund) and owners; catalog staff edit products and have no need of
 * buyers' personal data (least privilege, ASVS 5.0 8.2.1). Disabling and enabling an account is
 * the owner's alone, each in the audit log as the signed-in member.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BuyerDeskList,
  BuyerDeskQuery,
  BuyerDetail,
  BuyerDisableBody,
  BuyerParams,
  BuyerStatusResponse,
} from '@storefront/shared/buyer-desk';
import { ErrorBody } from '@storefront/shared/errors';
import { BUYER_DATA_ROLES } from '@storefront/shared/staff';
import type { ModuleContext } from '../../module-context.js';
import { actorOf } from '../staff/audit.js';
import { buyerDetail, disableBuyer, enableBuyer, listBuyers } from './service.js';

const errors = (...statuses: (400 | 401 | 403 | 404)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

export function buyerRoutes({ db, now, requireStaff }: ModuleContext) {
  const readers = requireStaff(BUYER_DATA_ROLES);
  const owner = requireStaff(['owner']);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['buyers desk'];
    const security = [{ staffSession: [] }];

    app.get(
      '/api/staff/buyers',
      {
        schema: {
          tags,
          security,
          summary:
            'Buyer accounts, newest first, searched by email, company or GSTIN, paged by keyset (owner, fulfilment, finance)',
          querystring: BuyerDeskQuery,
          response: { 200: BuyerDeskList, ...errors(400, 401, 403) },
        },
        onRequest: readers,
      },
      async (request) => listBuyers(db, request.query),
    );

    app.get(
      '/api/staff/buyers/:id',
      {
        schema: {
          tags,
          security,
          summary:
            'A buyer’s account with their latest orders and sessions (owner, fulfilment, finance)',
          params: BuyerParams,
          response: { 200: BuyerDetail, ...errors(400, 401, 403, 404) },
        },
        onRequest: readers,
      },
      async (request) => buyerDetail(db, request.params.id, now()),
    );

    app.post(
      '/api/staff/buyers/:id/disable',
      {
        schema: {
          tags,
          security,
          summary:
            'Disable a buyer’s account: no sign-in, every session ended at once; a repeat changes nothing (owner)',
          params: BuyerParams,
          body: BuyerDisableBody,
          response: { 200: BuyerStatusResponse, ...errors(400, 401, 403, 404) },
        },
        onRequest: owner,
      },
      async (request) =>
        disableBuyer(db, actorOf(request), request.params.id, request.body.reason, now()),
    );

    app.post(
      '/api/staff/buyers/:id/enable',
      {
        schema: {
          tags,
          security,
          summary: 'Let a disabled buyer sign in again; a repeat changes nothing (owner)',
          params: BuyerParams,
          response: { 200: BuyerStatusResponse, ...errors(400, 401, 403, 404) },
        },
        onRequest: owner,
      },
      async (request) => enableBuyer(db, actorOf(request), request.params.id, now()),
    );
  };
}
