/**
 * Payments: attempts, and the one path every gateway answer takes to change an order
 * (reliability-and-security.md §2, decision 017). A callback, a status query after the buyer's
 * return and the reconciliation worker all end in `applyGatewayResult`, which in one transaction
 * dedupes the event, checks the amount against the order, moves the attempt forward only, and
 * moves the order with one guarded UPDATE (UP→PD, UP→PF, PF→PD), so a duplicate or concurrent
 * answer changes nothing the second time. Attempts are asked about on PhonePe's cadence until
 * they reach a final state or time out (status-schedule.ts, decision 025). An order's open
 * attempt is offered again rather than a new one opened, and an order opens at most
 * MAX_ATTEMPTS_PER_ORDER, so the gateway calls one order can cause are bounded (issue 17).
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/connect.js';
import { paymentEvents, payments } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { writeRefund } from './refunds.js';
import {
  CallbackRejected,
  type CallbackRequest,
  type GatewayState,
  type ParsedCallback,
  type PaymentProvider,
} from './provider.js';
import {
  PHONEPE_SCHEDULE,
  firstCheckAt,
  planCheck,
  reusableUntil,
  type StatusCheckSchedule,
} from './status-schedule.js';

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
  /** A history row that leaves the status as it is, for what an operator must look at. */
  recordOrderEvent(
    tx: Tx,
    orderId: string,
    cause: string,
    detail: Record<string, unknown>,
  ): Promise<void>;
  /**
   * Issues the order's tax invoice in the transaction that moved it to PD (decision 056);
   * null for an order without one (from before issue 21, or not issuable: recorded on it).
   */
  issueInvoice(tx: Tx, orderId: string, at: Date): Promise<{ id: number; number: string } | null>;
  /** Queues the payment-confirmation email in the same transaction, with the invoice attached. */
  notifyOrderPaid(
    tx: Tx,
    orderId: string,
    invoice: { id: number; number: string } | null,
  ): Promise<void>;
}

export interface PaymentOrder {
  id: string;
  mkpOrderId: string;
  pStatus: string;
  totalPaise: number;
}

export interface PaymentsOptions {
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The time of every timestamp payments writes and of the status-check schedule. */
  clock?: () => Date;
  schedule?: StatusCheckSchedule;
  /** An authentic refund event (refunds.ts asks the gateway what became of it). */
  onRefundEvent?: (merchantRefundId: string) => Promise<void>;
  /** Each gateway result and what became of it (counted in /metrics). */
  onResult?: (state: GatewayResult['state'], outcome: ApplyOutcome) => void;
}

const PAID_STATUSES = new Set(['PD', 'SHIPPED', 'DELIVERED', 'REFUNDED']);
/**
 * Attempts whose outcome can still change: a FAILED one can turn COMPLETED (a late success), an
 * EXPIRED one too if the gateway calls back after we stopped asking. COMPLETED and FLAGGED are
 * final; ERROR never reached the gateway.
 */
const CAN_COMPLETE = ['PENDING', 'FAILED', 'EXPIRED'];
const CAN_FAIL = ['PENDING', 'EXPIRED'];
/**
 * PhonePe expects a callback's 2xx within 3–5 s, and the buyer waits on the return page: their
 * status calls get this budget. A call that runs out answers 502 (the gateway retries) or leaves
 * the status as it is; reconciliation asks again on its own schedule.
 */
export const INTERACTIVE_STATUS_TIMEOUT_MS = 2_500;
/** Attempts claimed per reconciliation pass. */
const RECONCILE_BATCH = 100;
/**
 * Attempts one order may open at the gateway (those it refused to start aside). An open one is
 * reused, so a new attempt opens only after one ended (declined, failed, expired, 15 minutes
 * old): five leave a buyer four failures, while an order costs the gateway at most five orders
 * and 5 × 46 status calls (status-schedule.ts). Beyond it: 409 payment_attempts_exhausted.
 */
export const MAX_ATTEMPTS_PER_ORDER = 5;
/**
 * An attempt without its URL after this long was lost by the request opening it (the process
 * stopped): it is not waited for. Longer than that request's gateway call (10 s).
 */
const OPENING_TIMEOUT_MS = 15_000;
/** How often a request waiting for another to open the order's attempt looks again. */
const OPENING_POLL_MS = 50;
/** The advisory lock class of "opening an order's attempt" (its second key: the order). */
const START_LOCK = 7_272_017;

/** What `startPayment` found under the lock on the order's attempts. */
type Claim =
  | { kind: 'reuse'; paymentUrl: string }
  | { kind: 'wait' }
  | { kind: 'open'; id: number; merchantTransactionId: string };

/** `payments.raw_create` of a started attempt: the URL the buyer was sent to, and the answer. */
interface RawCreate {
  paymentUrl: string;
  answer: unknown;
}

const paymentUrlOf = (rawCreate: unknown): string | undefined =>
  (rawCreate as Partial<RawCreate> | null)?.paymentUrl;

export interface PaymentsService {
  startPayment(userId: string, orderId: string): Promise<{ paymentUrl: string }>;
  /** A gateway's callback: verified, its attempt looked up, confirmed when its body is not signed. */
  receiveCallback(request: CallbackRequest): Promise<CallbackOutcome>;
  applyGatewayResult(result: GatewayResult): Promise<ApplyOutcome>;
  /** After the buyer's return from the gateway: ask the gateway, never trust the redirect. */
  refreshOrder(userId: string, orderId: string): Promise<{ pStatus: string }>;
  /** Asks the gateway about the attempts its schedule says are due; answers how many. */
  reconcile(): Promise<number>;
}

export interface GatewayResult {
  eventId: string;
  merchantTransactionId: string;
  state: GatewayState;
  /** The amount of the authenticated answer (a signed callback or the status API). */
  amountPaise: number | null;
  /** The amount an unsigned callback's body claimed; it must agree too (G10). */
  claimedAmountPaise?: number | null;
  cause: 'payment_callback' | 'status_query' | 'reconciliation';
  raw: unknown;
}

/**
 * 'flagged': the amount is not the order's; the attempt is FLAGGED, the order unchanged.
 * 'refund_due': the attempt completed but the order was already paid: the buyer paid twice.
 */
export type ApplyOutcome =
  'applied' | 'duplicate' | 'pending' | 'flagged' | 'refund_due' | 'unchanged';
/** 'ignored': an authentic event that is not about a payment's state. */
export type CallbackOutcome = ApplyOutcome | 'ignored';

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
  options: PaymentsOptions,
): PaymentsService {
  const { log } = options;
  const clock = options.clock ?? (() => new Date());
  const schedule = options.schedule ?? PHONEPE_SCHEDULE;

  async function applyGatewayResult(result: GatewayResult): Promise<ApplyOutcome> {
    const at = clock();
    const detail = {
      merchantTransactionId: result.merchantTransactionId,
      provider: provider.name,
      amountPaise: result.amountPaise,
    };
    const outcome = await db.transaction(async (tx): Promise<ApplyOutcome> => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.merchantTransactionId, result.merchantTransactionId))
        .for('update');
      if (!payment || payment.provider !== provider.name) {
        throw notFound('unknown_transaction', 'Unknown payment transaction');
      }
      if (result.state === 'PENDING') {
        await tx.update(payments).set({ lastCheckedAt: at }).where(eq(payments.id, payment.id));
        return 'pending';
      }
      const claimed = await tx
        .insert(paymentEvents)
        .values({
          provider: provider.name,
          eventId: result.eventId,
          paymentId: payment.id,
          payload: result.raw as object,
          receivedAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (claimed.length === 0) return 'duplicate';

      const order = await ports.findOrder(tx, payment.orderId);
      if (!order) throw notFound('order_not_found', 'Order not found');
      const expected = Number(payment.amountPaise);
      const claimedAmount = result.claimedAmountPaise ?? expected;
      if (
        result.amountPaise !== expected ||
        claimedAmount !== expected ||
        expected !== order.totalPaise
      ) {
        // Never mark Paid on a mismatched amount: the attempt stops (FLAGGED, no longer asked
        // about) with the evidence, for an operator.
        const flagged = await tx
          .update(payments)
          .set({
            status: 'FLAGGED',
            flagged: 'amount_mismatch',
            rawStatus: result.raw as object,
            lastCheckedAt: at,
            nextCheckAt: null,
            updatedAt: at,
          })
          .where(and(eq(payments.id, payment.id), inArray(payments.status, CAN_COMPLETE)))
          .returning({ id: payments.id });
        if (flagged.length > 0) {
          await ports.recordOrderEvent(tx, order.id, 'payment_amount_mismatch', {
            ...detail,
            claimedAmountPaise: result.claimedAmountPaise ?? null,
            orderTotalPaise: order.totalPaise,
          });
        }
        return 'flagged';
      }

      // The attempt moves forward only: PENDING → COMPLETED | FAILED, FAILED → COMPLETED, and
      // EXPIRED (we stopped asking) → whatever the gateway says after all.
      const moved = await tx
        .update(payments)
        .set({
          status: result.state,
          rawStatus: result.raw as object,
          lastCheckedAt: at,
          updatedAt: at,
          ...(result.state === 'COMPLETED' ? { nextCheckAt: null } : {}),
        })
        .where(
          and(
            eq(payments.id, payment.id),
            inArray(payments.status, result.state === 'COMPLETED' ? CAN_COMPLETE : CAN_FAIL),
          ),
        )
        .returning({ id: payments.id });
      if (moved.length === 0) return 'unchanged';

      if (result.state === 'COMPLETED') {
        const paid = await ports.transitionOrderStatus(
          tx,
          order.id,
          ['UP', 'PU', 'PF'],
          'PD',
          result.cause,
          detail,
        );
        if (paid) {
          // The invoice is issued when the order is paid (Rule 47: with the supply; this store
          // supplies only paid orders), in this transaction: paid and invoiced commit together.
          const invoice = await ports.issueInvoice(tx, order.id, at);
          await ports.notifyOrderPaid(tx, order.id, invoice);
          return 'applied';
        }
        // The order was paid by another attempt, or cancelled: this one took money the order
        // does not need. After a cancellation it goes back at once (the buyer gave up the
        // order); a second payment waits for staff in the attention queue.
        await tx.update(payments).set({ flagged: 'refund_due' }).where(eq(payments.id, payment.id));
        await ports.recordOrderEvent(tx, order.id, 'payment_refund_due', detail);
        const now = await ports.findOrder(tx, order.id);
        if (now?.pStatus === 'CANCELLED')
          await writeRefund(tx, {
            order,
            payment,
            amountPaise: payment.amountPaise,
            cause: 'late_payment',
            reason: 'Paid after the order was cancelled',
            requester: { type: 'system' },
            now: at,
            sendFrom: at,
          });
        return 'refund_due';
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
    options.onResult?.(result.state, outcome);
    if (outcome === 'flagged') {
      log.warn(
        { ...detail, claimedAmountPaise: result.claimedAmountPaise ?? null, cause: result.cause },
        'payment flagged: the amount is not the order’s',
      );
    } else if (outcome === 'refund_due') {
      log.warn(
        { ...detail, cause: result.cause },
        'payment completed on an order already paid: a refund is due',
      );
    } else if (outcome === 'applied') {
      log.info({ ...detail, state: result.state, cause: result.cause }, 'payment applied');
    }
    return outcome;
  }

  function callbackResult(parsed: ParsedCallback): Omit<GatewayResult, 'raw'> {
    return {
      eventId: parsed.eventId,
      merchantTransactionId: parsed.merchantTransactionId,
      state: parsed.state,
      amountPaise: parsed.amountPaise,
      cause: 'payment_callback',
    };
  }

  /** A callback's status call: within the callback's budget, or a 502 so the gateway retries. */
  async function confirmByStatus(merchantTransactionId: string) {
    try {
      return await provider.fetchStatus(merchantTransactionId, {
        timeoutMs: INTERACTIVE_STATUS_TIMEOUT_MS,
      });
    } catch (error) {
      log.warn(
        { err: error, merchantTransactionId },
        'payment callback not confirmed: the status call failed',
      );
      throw new AppError(
        'bad_gateway',
        'status_unavailable',
        'The payment status could not be confirmed; please retry',
      );
    }
  }

  async function queryAndApply(
    merchantTransactionId: string,
    cause: GatewayResult['cause'],
    timeoutMs?: number,
  ): Promise<ApplyOutcome> {
    const status = await provider.fetchStatus(merchantTransactionId, { timeoutMs });
    return applyGatewayResult({
      eventId: `status:${merchantTransactionId}:${status.state}`,
      merchantTransactionId,
      state: status.state,
      amountPaise: status.amountPaise,
      cause,
      raw: status.raw,
    });
  }

  /**
   * Under a lock on the order's attempts (every replica's requests queue on it): the open
   * attempt to send the buyer back to, one still being opened to wait for, or a new one (within
   * the cap), written before the gateway is asked so that a concurrent request finds it.
   */
  async function claimAttempt(order: PaymentOrder): Promise<Claim> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${START_LOCK}, hashtext(${order.id}))`);
      const now = clock();
      const attempts = await tx
        .select({
          provider: payments.provider,
          status: payments.status,
          rawCreate: payments.rawCreate,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), ne(payments.status, 'ERROR')));
      for (const attempt of attempts) {
        if (
          attempt.provider !== provider.name ||
          attempt.status !== 'PENDING' ||
          reusableUntil(attempt.createdAt, schedule) <= now
        )
          continue;
        const paymentUrl = paymentUrlOf(attempt.rawCreate);
        if (paymentUrl) return { kind: 'reuse', paymentUrl };
        // Still being opened, unless its request died on the way (it never will be).
        if (now.getTime() - attempt.createdAt.getTime() < OPENING_TIMEOUT_MS)
          return { kind: 'wait' };
      }
      if (attempts.length >= MAX_ATTEMPTS_PER_ORDER) {
        throw new AppError(
          'conflict',
          'payment_attempts_exhausted',
          `This order has had ${MAX_ATTEMPTS_PER_ORDER} payment attempts, the most one order may have. Please contact us to complete the payment.`,
        );
      }
      const merchantTransactionId = newTransactionId(order.mkpOrderId);
      const [attempt] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          provider: provider.name,
          merchantTransactionId,
          amountPaise: order.totalPaise,
          createdAt: now,
          updatedAt: now,
          nextCheckAt: firstCheckAt(now, schedule),
        })
        .returning({ id: payments.id });
      return { kind: 'open', id: attempt!.id, merchantTransactionId };
    });
  }

  /** Asks the gateway to start the claimed attempt and keeps the URL it answers for reuse. */
  async function openAttempt(
    order: PaymentOrder,
    id: number,
    merchantTransactionId: string,
  ): Promise<{ paymentUrl: string }> {
    try {
      const started = await provider.start({
        merchantTransactionId,
        amountPaise: order.totalPaise,
        mkpOrderId: order.mkpOrderId,
        redirectUrl: `${options.publicUrl}/order-success?orderId=${order.id}`,
        callbackUrl: `${options.publicUrl}/api/payments/callback/${provider.name}`,
      });
      const rawCreate: RawCreate = { paymentUrl: started.redirectUrl, answer: started.raw };
      await db
        .update(payments)
        .set({ providerReference: started.providerReference, rawCreate, updatedAt: clock() })
        .where(eq(payments.id, id));
      return { paymentUrl: started.redirectUrl };
    } catch (error) {
      log.warn({ err: error, merchantTransactionId }, 'the gateway refused to start a payment');
      await db
        .update(payments)
        .set({
          status: 'ERROR',
          rawCreate: { error: String(error) },
          nextCheckAt: null,
          updatedAt: clock(),
        })
        .where(eq(payments.id, id));
      throw new AppError('bad_gateway', 'gateway_error', 'Payment processing failed');
    }
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
      if (order.pStatus === 'CANCELLED') {
        throw new AppError(
          'conflict',
          'order_cancelled',
          'This order was cancelled; it can no longer be paid.',
        );
      }
      for (;;) {
        const claim = await claimAttempt(order);
        if (claim.kind === 'reuse') return { paymentUrl: claim.paymentUrl };
        if (claim.kind === 'open') return openAttempt(order, claim.id, claim.merchantTransactionId);
        // Another request is opening this order's attempt at the gateway: its URL is the answer.
        await sleep(OPENING_POLL_MS);
      }
    },

    async receiveCallback(request) {
      let parsed;
      try {
        parsed = provider.verifyCallback(request);
      } catch (error) {
        if (!(error instanceof CallbackRejected)) throw error;
        log.warn({ reason: error.message }, 'payment callback refused');
        throw new AppError('unauthorized', 'invalid_signature', 'Callback signature is not valid');
      }
      if (parsed === null) return 'ignored';
      if ('refund' in parsed) {
        await options.onRefundEvent?.(parsed.merchantRefundId);
        return 'ignored';
      }
      // Known before anything is asked of the gateway: an unknown transaction changes nothing.
      const [attempt] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.merchantTransactionId, parsed.merchantTransactionId),
            eq(payments.provider, provider.name),
          ),
        );
      if (!attempt) throw notFound('unknown_transaction', 'Unknown payment transaction');
      if (parsed.bodyAuthenticated) {
        return applyGatewayResult({ ...callbackResult(parsed), raw: parsed.raw });
      }
      // A body that is not signed (PhonePe) is only a hint: the status API is the truth, and
      // the amount the body claims must agree as well.
      const truth = await confirmByStatus(parsed.merchantTransactionId);
      return applyGatewayResult({
        ...callbackResult(parsed),
        state: truth.state,
        amountPaise: truth.amountPaise,
        claimedAmountPaise: parsed.amountPaise,
        raw: { callback: parsed.raw, status: truth.raw },
      });
    },

    async refreshOrder(userId, orderId) {
      const order = await ports.findOwnOrder(db, userId, orderId);
      if (!order) throw notFound('order_not_found', 'Order not found');
      const open = await db
        .select({ merchantTransactionId: payments.merchantTransactionId })
        .from(payments)
        .where(
          and(
            eq(payments.orderId, order.id),
            eq(payments.provider, provider.name),
            inArray(payments.status, ['PENDING', 'FAILED']),
            isNotNull(payments.nextCheckAt),
          ),
        );
      for (const { merchantTransactionId } of open) {
        await queryAndApply(
          merchantTransactionId,
          'status_query',
          INTERACTIVE_STATUS_TIMEOUT_MS,
        ).catch((error: unknown) => {
          log.warn({ err: error, merchantTransactionId }, 'payment status query failed');
        });
      }
      const after = await ports.findOwnOrder(db, userId, orderId);
      return { pStatus: after?.pStatus ?? order.pStatus };
    },

    async reconcile() {
      const now = clock();
      // Claim the due attempts by moving each one's next check forward in the same transaction:
      // another process skips them, and a status call that fails is not repeated at once.
      const claimed = await db.transaction(async (tx) => {
        const due = await tx
          .select({
            id: payments.id,
            merchantTransactionId: payments.merchantTransactionId,
            createdAt: payments.createdAt,
          })
          .from(payments)
          .where(and(eq(payments.provider, provider.name), lte(payments.nextCheckAt, now)))
          .orderBy(payments.nextCheckAt)
          .limit(RECONCILE_BATCH)
          .for('update', { skipLocked: true });
        const planned = due.map((attempt) => ({
          ...attempt,
          ...planCheck(attempt.createdAt, now, schedule),
        }));
        for (const attempt of planned) {
          await tx
            .update(payments)
            .set({ nextCheckAt: attempt.next })
            .where(eq(payments.id, attempt.id));
        }
        return planned;
      });
      for (const attempt of claimed) {
        await queryAndApply(attempt.merchantTransactionId, 'reconciliation').catch(
          (error: unknown) => {
            log.warn(
              { err: error, merchantTransactionId: attempt.merchantTransactionId },
              'payment reconciliation: the status call failed',
            );
          },
        );
        if (attempt.last) {
          // Past the timeout, whatever the gateway answered: a pending attempt expires and no
          // attempt is asked about again (the buyer can start a new one).
          await db
            .update(payments)
            .set({
              status: sql`CASE WHEN ${payments.status} = 'PENDING' THEN 'EXPIRED' ELSE ${payments.status} END`,
              nextCheckAt: null,
              updatedAt: now,
            })
            .where(eq(payments.id, attempt.id));
        }
      }
      return claimed.length;
    },
  };
}
