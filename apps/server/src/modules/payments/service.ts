/**
 * Payments: attempts, and the one path every gateway answer takes to change an order
 * (reliability-and-security.md §2). A callback, a status query after the buyer's return and the
 * reconciliation worker all end in `applyGatewayResult`, which in one transaction dedupes the
 * event, checks the amount against the order, moves the attempt forward only, and moves the
 * order with one guarded UPDATE (UP→PD, UP→PF, PF→PD), so a duplicate or concurrent answer
 * changes nothing the second time.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { paymentEvents, payments } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { GatewayState, PaymentProvider } from './provider.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What payments needs from the orders and email modules, given at wiring time. */
export interface PaymentsPorts {
  findOwnOrder(db: Db, userId: string, orderId: string): Promise<PaymentOrder | null>;
  findOrder(tx: Tx, orderId: string): Promise<PaymentOrder | null>;
  /** One guarded UPDATE plus a history row; true when this call moved the order. */
  transitionOrderStatus(
    tx: Tx,
    orderId: string,
    from: readonly string[],
    to: string,
    cause: string,
    detail: Record<string, unknown>,
  ): Promise<boolean>;
  /** Queues the payment-confirmation email in the same transaction. */
  notifyOrderPaid(tx: Tx, orderId: string): Promise<void>;
}

export interface PaymentOrder {
  id: string;
  mkpOrderId: string;
  pStatus: string;
  totalPaise: number;
}

const PAID_STATUSES = new Set(['PD', 'SHIPPED', 'DELIVERED']);
/** A pending attempt the gateway still calls pending after this long is given up (PhonePe: 20 min). */
export const ATTEMPT_TIMEOUT_MS = 20 * 60 * 1000;

export interface PaymentsService {
  startPayment(userId: string, orderId: string): Promise<{ paymentUrl: string }>;
  applyGatewayResult(result: GatewayResult): Promise<ApplyOutcome>;
  /** After the buyer's return from the gateway: ask the gateway, never trust the redirect. */
  refreshOrder(userId: string, orderId: string): Promise<{ pStatus: string }>;
  /** Asks the gateway about attempts pending longer than `olderThanMs`; returns how many it checked. */
  reconcile(olderThanMs: number, now?: Date): Promise<number>;
}

export interface GatewayResult {
  eventId: string;
  merchantTransactionId: string;
  state: GatewayState;
  amountPaise: number | null;
  cause: 'payment_callback' | 'status_query' | 'reconciliation';
  raw: unknown;
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'pending' | 'flagged' | 'unchanged';

function newTransactionId(mkpOrderId: string): string {
  // PhonePe allows ≤63 characters of [A-Za-z0-9_-]; a fresh suffix per attempt.
  return `${mkpOrderId.replace(/[^A-Za-z0-9_-]/g, '')}-${randomBytes(5).toString('hex')}`.slice(
    -63,
  );
}

export function createPaymentsService(
  db: Db,
  provider: PaymentProvider,
  ports: PaymentsPorts,
  urls: { publicUrl: string },
): PaymentsService {
  async function applyGatewayResult(result: GatewayResult): Promise<ApplyOutcome> {
    return db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.merchantTransactionId, result.merchantTransactionId))
        .for('update');
      if (!payment || payment.provider !== provider.name) {
        throw notFound('unknown_transaction', 'Unknown payment transaction');
      }
      if (result.state === 'PENDING') {
        await tx
          .update(payments)
          .set({ lastCheckedAt: new Date() })
          .where(eq(payments.id, payment.id));
        return 'pending';
      }
      const claimed = await tx
        .insert(paymentEvents)
        .values({
          provider: provider.name,
          eventId: result.eventId,
          paymentId: payment.id,
          payload: result.raw as object,
        })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (claimed.length === 0) return 'duplicate';

      const order = await ports.findOrder(tx, payment.orderId);
      if (!order) throw notFound('order_not_found', 'Order not found');
      if (
        result.amountPaise !== Number(payment.amountPaise) ||
        result.amountPaise !== order.totalPaise
      ) {
        // Never mark Paid on a mismatched amount; keep the evidence for an operator.
        await tx
          .update(payments)
          .set({
            flagged: 'amount_mismatch',
            rawStatus: result.raw as object,
            updatedAt: new Date(),
          })
          .where(eq(payments.id, payment.id));
        return 'flagged';
      }

      // The attempt moves forward only: PENDING → COMPLETED | FAILED, FAILED → COMPLETED.
      const moved = await tx
        .update(payments)
        .set({
          status: result.state,
          rawStatus: result.raw as object,
          lastCheckedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(payments.id, payment.id),
            result.state === 'COMPLETED'
              ? or(eq(payments.status, 'PENDING'), eq(payments.status, 'FAILED'))
              : eq(payments.status, 'PENDING'),
          ),
        )
        .returning({ id: payments.id });
      if (moved.length === 0) return 'unchanged';

      const detail = {
        merchantTransactionId: payment.merchantTransactionId,
        provider: provider.name,
        amountPaise: result.amountPaise,
      };
      if (result.state === 'COMPLETED') {
        const paid = await ports.transitionOrderStatus(
          tx,
          order.id,
          ['UP', 'PU', 'PF'],
          'PD',
          result.cause,
          detail,
        );
        if (paid) await ports.notifyOrderPaid(tx, order.id);
        return paid ? 'applied' : 'unchanged';
      }
      const failed = await ports.transitionOrderStatus(
        tx,
        order.id,
        ['UP', 'PU'],
        'PF',
        result.cause,
        detail,
      );
      return failed ? 'applied' : 'unchanged';
    });
  }

  async function queryAndApply(
    payment: { merchantTransactionId: string },
    cause: GatewayResult['cause'],
  ) {
    const status = await provider.fetchStatus(payment.merchantTransactionId);
    return applyGatewayResult({
      eventId: `status:${payment.merchantTransactionId}:${status.state}`,
      merchantTransactionId: payment.merchantTransactionId,
      state: status.state,
      amountPaise: status.amountPaise,
      cause,
      raw: status.raw,
    });
  }

  return {
    applyGatewayResult,

    async startPayment(userId, orderId) {
      const order = await ports.findOwnOrder(db, userId, orderId);
      if (!order) throw notFound('order_not_found', 'Order not found');
      if (PAID_STATUSES.has(order.pStatus)) {
        throw new AppError(
          'conflict',
          'order_already_paid',
          'This order is already paid; it cannot be paid again.',
        );
      }
      const merchantTransactionId = newTransactionId(order.mkpOrderId);
      const [attempt] = await db
        .insert(payments)
        .values({
          orderId: order.id,
          provider: provider.name,
          merchantTransactionId,
          amountPaise: order.totalPaise,
        })
        .returning({ id: payments.id });
      try {
        const started = await provider.start({
          merchantTransactionId,
          amountPaise: order.totalPaise,
          mkpOrderId: order.mkpOrderId,
          redirectUrl: `${urls.publicUrl}/order-success?orderId=${order.id}`,
          callbackUrl: `${urls.publicUrl}/api/payments/callback/${provider.name}`,
        });
        await db
          .update(payments)
          .set({
            providerReference: started.providerReference,
            rawCreate: started.raw as object,
            updatedAt: new Date(),
          })
          .where(eq(payments.id, attempt!.id));
        return { paymentUrl: started.redirectUrl };
      } catch (error) {
        await db
          .update(payments)
          .set({ status: 'ERROR', rawCreate: { error: String(error) }, updatedAt: new Date() })
          .where(eq(payments.id, attempt!.id));
        throw new AppError('bad_gateway', 'gateway_error', 'Payment processing failed');
      }
    },

    async refreshOrder(userId, orderId) {
      const order = await ports.findOwnOrder(db, userId, orderId);
      if (!order) throw notFound('order_not_found', 'Order not found');
      const pending = await db
        .select({ merchantTransactionId: payments.merchantTransactionId })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'PENDING')));
      for (const payment of pending) {
        await queryAndApply(payment, 'status_query').catch(() => 'unchanged');
      }
      const after = await ports.findOwnOrder(db, userId, orderId);
      return { pStatus: after?.pStatus ?? order.pStatus };
    },

    async reconcile(olderThanMs, now = new Date()) {
      const due = await db
        .select({
          id: payments.id,
          merchantTransactionId: payments.merchantTransactionId,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(
          and(
            eq(payments.provider, provider.name),
            eq(payments.status, 'PENDING'),
            lt(payments.createdAt, new Date(now.getTime() - olderThanMs)),
            or(
              isNull(payments.lastCheckedAt),
              lt(payments.lastCheckedAt, sql`now() - interval '5 seconds'`),
            ),
          ),
        )
        .limit(100);
      for (const payment of due) {
        const outcome = await queryAndApply(payment, 'reconciliation').catch(
          () => 'unchanged' as const,
        );
        if (
          outcome === 'pending' &&
          now.getTime() - payment.createdAt.getTime() > ATTEMPT_TIMEOUT_MS
        ) {
          // The gateway never decided: stop polling; the buyer can start a new attempt.
          await db
            .update(payments)
            .set({ status: 'EXPIRED', updatedAt: new Date() })
            .where(eq(payments.id, payment.id));
        }
      }
      return due.length;
    },
  };
}
