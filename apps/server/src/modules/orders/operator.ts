/**
 * The operator's access to order commands (product decision #7). A PGlite data directory belongs
 * to one process, so while the server runs the `store` CLI must ask the server rather than open
 * the database itself; these routes are what it asks. The token is derived from JWT_SECRET:
 * whoever can read that secret can already act as any buyer, so it grants nothing new, and the
 * CLI reading the same DATA_DIR (or env) finds it without another secret to manage.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody } from '@storefront/shared/errors';
import {
  OperatorOrderParams,
  OperatorOrderResponse,
  OrderShipBody,
} from '@storefront/shared/orders';
import type { ModuleContext } from '../../module-context.js';
import { bearerToken } from '../../lib/bearer-token.js';
import { AppError } from '../../lib/errors.js';
import { deliverOrder, shipOrder } from './service.js';

export function operatorToken(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('storefront-operator-v1').digest('base64url');
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export function operatorRoutes({ db, config }: ModuleContext) {
  const expected = digest(operatorToken(config.jwtSecret));
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', async (request, reply) => {
      const token = bearerToken(request);
      // Digests of equal length, so the comparison is constant-time whatever was sent.
      if (!token || !timingSafeEqual(digest(token), expected))
        throw new AppError('unauthorized', 'unauthorized', 'Operator token required');
      reply.header('cache-control', 'no-store');
    });
    const tags = ['operator'];
    const security = [{ bearer: [] }];
    const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

    app.post(
      '/api/operator/orders/:mkpOrderId/ship',
      {
        schema: {
          tags,
          security,
          summary: 'Mark a paid order shipped (operator)',
          params: OperatorOrderParams,
          body: OrderShipBody,
          response: { 200: OperatorOrderResponse, ...errors },
        },
      },
      async (request) => shipOrder(db, request.params.mkpOrderId, request.body),
    );

    app.post(
      '/api/operator/orders/:mkpOrderId/deliver',
      {
        schema: {
          tags,
          security,
          summary: 'Mark a shipped order delivered (operator)',
          params: OperatorOrderParams,
          response: { 200: OperatorOrderResponse, ...errors },
        },
      },
      async (request) => deliverOrder(db, request.params.mkpOrderId),
    );
  };
}
