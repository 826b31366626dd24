import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ObjectId } from '@storefront/shared/catalog';
import { ErrorBody } from '@storefront/shared/errors';
import { AppError } from '../../lib/errors.js';
import type { Authenticate } from '../../module-context.js';
import type { PaymentProvider } from './provider.js';
import { MAX_ATTEMPTS_PER_ORDER, type PaymentsService } from './service.js';
import { checkedBuyer } from '../users/authenticate.js';

const OrderParams = z.object({ orderId: ObjectId }).strict();

export function paymentRoutes(
  service: PaymentsService,
  provider: PaymentProvider,
  authenticate: Authenticate,
) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['payments'];

    app.get(
      '/api/payments/pay/:orderId',
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary:
            'Answers the gateway URL to send the buyer to: the order’s open payment attempt, or ' +
            `a new one (409 payment_attempts_exhausted once an order has had ${MAX_ATTEMPTS_PER_ORDER})`,
          security: [{ bearer: [] }],
          params: OrderParams,
          response: {
            200: z.object({ paymentUrl: z.string() }),
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            502: ErrorBody,
          },
        },
      },
      async (request) => service.startPayment(checkedBuyer(request), request.params.orderId),
    );

    app.post(
      '/api/payments/status/:orderId',
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary: 'After the buyer returns from the gateway: ask the gateway for the truth',
          security: [{ bearer: [] }],
          params: OrderParams,
          response: {
            200: z.object({ pStatus: z.string() }),
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
          },
        },
      },
      async (request) => service.refreshOrder(checkedBuyer(request), request.params.orderId),
    );

    // The gateway's server-to-server callback. Its raw bytes are what the signature covers,
    // so this scope parses JSON (and the text/plain some gateways send) as a string.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_request, body, done) => done(null, body),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/api/payments/callback/:provider',
        {
          schema: {
            tags,
            summary:
              'Gateway callback (signed); applied exactly once. 404 for a transaction we never ' +
              'started; 502 when its status could not be confirmed, so the gateway retries.',
            params: z.object({ provider: z.string() }).strict(),
            response: {
              200: z.object({ received: z.literal(true), outcome: z.string() }),
              400: ErrorBody,
              401: ErrorBody,
              404: ErrorBody,
              502: ErrorBody,
            },
          },
        },
        async (request) => {
          if (request.params.provider !== provider.name)
            throw new AppError('not_found', 'unknown_provider', 'Unknown payment provider');
          const outcome = await service.receiveCallback({
            headers: request.headers,
            rawBody: typeof request.body === 'string' ? request.body : '',
          });
          if (outcome === 'flagged')
            throw new AppError(
              'invalid_data',
              'amount_mismatch',
              'Amount does not match the order',
            );
          return { received: true as const, outcome };
        },
      );
    });
  };
}
