/**
 * The money side of the order desk (issue 19): cancel (fulfilment, starting a paid order's full
 * refund), refunds by amount or by line (finance, Idempotency-Key required: the same key makes
 * one refund), retries of a failed refund, and the queue of payments needing attention with the
 * actions that settle each; and the buyer's own cancellation of an order before it ships. Every
 * staff action is in the audit log as the signed-in member.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@storefront/shared/constants';
import { ErrorBody } from '@storefront/shared/errors';
import {
  AttentionList,
  DeskCancelResponse,
  DeskOrderParams,
  PaymentParams,
  RefundBody,
  RefundParams,
  RefundPaymentBody,
  RefundResponse,
  ResolvePaymentBody,
} from '@storefront/shared/order-desk';
import {
  IdempotencyKey,
  OrderCancelBody,
  OrderParams,
  OrderResponse,
} from '@storefront/shared/orders';
import type { ModuleContext } from '../../module-context.js';
import { getOrder } from '../orders/service.js';
import { actorOf } from '../staff/audit.js';
import type { RefundsService } from './refunds.js';
import { checkedBuyer } from '../users/authenticate.js';

const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 422)[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody]));

const KeyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey });

export function moneyDeskRoutes(
  { db, requireStaff, authenticate }: ModuleContext,
  refunds: RefundsService,
) {
  const fulfilment = requireStaff(['fulfilment']);
  const finance = requireStaff(['finance']);
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['order desk'];
    const security = [{ staffSession: [] }];

    app.post(
      '/api/staff/orders/:mkpOrderId/cancel',
      {
        schema: {
          tags,
          security,
          summary:
            'Cancel an order before it ships (fulfilment); a paid order’s cancellation starts its full refund. Cancelling a cancelled order changes nothing.',
          params: DeskOrderParams,
          body: OrderCancelBody,
          response: { 200: DeskCancelResponse, ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: fulfilment,
      },
      async (request) => {
        const result = await refunds.cancelOrder(
          { type: 'staff', actor: actorOf(request) },
          { mkpOrderId: request.params.mkpOrderId },
          request.body.reason,
        );
        return { mkpOrderId: result.mkpOrderId, pStatus: result.pStatus, refund: result.refund };
      },
    );

    app.post(
      '/api/staff/orders/:mkpOrderId/refunds',
      {
        schema: {
          tags,
          security,
          summary:
            'Refund a paid, shipped or delivered order, by amount or by line, never more than was paid (finance). The same Idempotency-Key answers the same refund.',
          params: DeskOrderParams,
          headers: KeyHeaders,
          body: RefundBody,
          response: { 200: RefundResponse, ...errors(400, 401, 403, 404, 409, 422) },
        },
        onRequest: finance,
      },
      async (request) =>
        refunds.refundOrder(
          actorOf(request),
          request.params.mkpOrderId,
          request.body,
          request.headers[IDEMPOTENCY_KEY_HEADER],
        ),
    );

    app.post(
      '/api/staff/refunds/:refundId/retry',
      {
        schema: {
          tags,
          security,
          summary:
            'Retry a failed refund as a new refund of the same amount (finance); retrying again answers that refund',
          params: RefundParams,
          response: { 200: RefundResponse, ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: finance,
      },
      async (request) => refunds.retryRefund(actorOf(request), request.params.refundId),
    );

    app.post(
      '/api/staff/refunds/:refundId/resolve',
      {
        schema: {
          tags,
          security,
          summary:
            'Settle a failed refund by hand (paid back outside the gateway), with a note (finance)',
          params: RefundParams,
          body: ResolvePaymentBody,
          response: { 204: z.null(), ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: finance,
      },
      async (request, reply) => {
        await refunds.resolve(actorOf(request), request.params, request.body.note);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/staff/payments/attention',
      {
        schema: {
          tags,
          security,
          summary:
            'Payments needing attention: paid twice or after cancelling (refund_due), the wrong amount (amount_mismatch), refunds that failed (finance)',
          response: { 200: AttentionList, ...errors(401, 403) },
        },
        onRequest: finance,
      },
      async () => ({ items: await refunds.attention() }),
    );

    app.post(
      '/api/staff/payments/:paymentId/refund',
      {
        schema: {
          tags,
          security,
          summary:
            'Refund in full a payment the order did not need (refund_due) (finance). The same Idempotency-Key answers the same refund.',
          params: PaymentParams,
          headers: KeyHeaders,
          body: RefundPaymentBody,
          response: { 200: RefundResponse, ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: finance,
      },
      async (request) =>
        refunds.refundPayment(
          actorOf(request),
          request.params.paymentId,
          request.body.reason,
          request.headers[IDEMPOTENCY_KEY_HEADER],
        ),
    );

    app.post(
      '/api/staff/payments/:paymentId/resolve',
      {
        schema: {
          tags,
          security,
          summary: 'Settle a flagged payment by hand, with a note of how (finance)',
          params: PaymentParams,
          body: ResolvePaymentBody,
          response: { 204: z.null(), ...errors(400, 401, 403, 404, 409) },
        },
        onRequest: finance,
      },
      async (request, reply) => {
        await refunds.resolve(actorOf(request), request.params, request.body.note);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/orders/:id/cancel',
      {
        onRequest: authenticate,
        schema: {
          tags: ['orders'],
          security: [{ bearer: [] }],
          summary:
            'The buyer cancels their own order before it ships; a paid one is refunded in full',
          params: OrderParams,
          body: OrderCancelBody,
          response: { 200: OrderResponse, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const userId = checkedBuyer(request);
        await refunds.cancelOrder(
          { type: 'buyer', userId },
          { id: request.params.id, userId },
          request.body.reason,
        );
        return { payload: await getOrder(db, userId, request.params.id) };
      },
    );
  };
}
