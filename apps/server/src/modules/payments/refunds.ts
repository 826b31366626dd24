/**
 * Money going back, and the cancellations that send it (issue 19, decision 044).
 *
 * - A refund is a row written under a lock on its order before the gateway is asked, so that
 *   its amount is judged against every other refund of the order one at a time: never more
 *   than the buyer paid, by amount or by line. The same Idempotency-Key on an order answers the
 *   same refund (fifty duplicate requests make one). The gateway is asked after the commit, and
 *   again by reconciliation if that request died; it dedupes on our merchant refund id.
 * - A refund's state moves forward only: REQUESTED → PENDING → COMPLETED | FAILED. When what has
 *   reached the buyer covers what they paid, a paid order becomes Refunded; a cancelled one
 *   stays Cancelled. A failed refund is retried as a new row, never resent under its id.
 * - Cancelling is a guarded transition from the statuses before shipping; a paid order's
 *   cancellation writes its full refund in the same transaction. Unpaid orders lapse after the
 *   payment window; their attempts stay watched, and one that completes after all is refunded
 *   at once (payments/service.ts writes that refund with the late payment).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  CANCELLABLE_STATUSES,
  PAID_STATUSES,
  statusBadge,
  UNPAID_STATUSES,
} from '@storefront/shared/order-status';
import type {
  AttentionItem,
  DeskRefund,
  RefundBody,
  RefundResponse,
} from '@storefront/shared/order-desk';
import type { Db, DbOrTx, Tx } from '../../db/connect.js';
import { orderLines, orders, payments, refunds } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { issueCreditNote } from '../invoices/service.js';
import { recordOrderEvent, releaseOrderStock, transitionOrderStatus } from '../orders/service.js';
import { queueOrderUpdate } from '../orders/status-emails.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';
import { RefundUnknown, type PaymentProvider, type RefundResult } from './provider.js';

/**
 * A refund whose money is spoken for: on its way or back with the buyer, or failed at the
 * gateway and then paid back by hand (its `resolution`). Only a failed, unsettled refund frees
 * its amount. Takes the SQL name of the refund's row.
 */
export const spent = (r: SQL) => sql`(${r}.status <> 'FAILED' OR ${r}.resolution IS NOT NULL)`;

/** What reached the buyer: completed at the gateway, or failed there and paid back by hand. */
export const settled = (r: SQL) =>
  sql`(${r}.status = 'COMPLETED' OR (${r}.status = 'FAILED' AND ${r}.resolution IS NOT NULL))`;

/**
 * What needs a person, written once for the queue and the dashboard's count: a flagged payment
 * nobody resolved and nobody is refunding, and a failed refund neither retried nor settled by
 * hand. Each takes the SQL name of its row (`payments` or an alias; `refunds` or an alias).
 */
export const needsAttention = {
  flaggedPayment: (p: SQL) =>
    sql`${p}.flagged IS NOT NULL AND ${p}.resolved_at IS NULL AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = ${p}.id AND ${spent(sql`r`)})`,
  failedRefund: (f: SQL) =>
    sql`${f}.status = 'FAILED' AND ${f}.resolution IS NULL AND NOT EXISTS (SELECT 1 FROM refunds n WHERE n.retry_of = ${f}.id)`,
};

/** Who asks: a staff member (audited), the buyer of the order, or the store itself. */
export type Requester =
  { type: 'staff'; actor: StaffActor } | { type: 'buyer'; userId: string } | { type: 'system' };

export interface RefundsOptions {
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  clock?: () => Date;
  /** How long an unpaid order waits for its payment before it is cancelled. */
  paymentWindowMs: number;
}

/** The unpaid-order window when none is configured (issue 19). */
export const DEFAULT_PAYMENT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A refund written by a request is that request's to send for this long before the worker's. */
const SEND_GRACE_MS = 30_000;
/** Sends that could not reach the gateway before the refund is failed (then retryable by hand). */
export const MAX_REFUND_SENDS = 8;
/** The least a gateway refunds (PhonePe: 100 paise). */
export const MIN_REFUND_PAISE = 100;
/** Refunds and expiries handled per reconciliation pass. */
const BATCH = 100;

type RefundRow = typeof refunds.$inferSelect;

interface LockedOrder {
  id: string;
  mkpOrderId: string;
  userId: string;
  pStatus: string;
  totalPaise: number;
}

const describe = (status: string) => `${statusBadge(status).label} (${status})`;

function newRefundId(mkpOrderId: string): string {
  // ≤63 characters of [A-Za-z0-9_-], as PhonePe allows; fresh per refund.
  return `RF-${mkpOrderId.replace(/[^A-Za-z0-9]/g, '')}-${randomBytes(5).toString('hex')}`;
}

/** The next look at a refund the gateway has not settled: often at first, then less. */
function nextRefundCheck(createdAt: Date, now: Date): Date {
  const age = now.getTime() - createdAt.getTime();
  const wait = age < 10 * 60_000 ? 30_000 : age < 24 * 3_600_000 ? 5 * 60_000 : 3_600_000;
  return new Date(now.getTime() + wait);
}

/** How long after a failed send the gateway is tried again: 30 s doubling, at most 30 minutes. */
const sendBackoffMs = (sends: number) => Math.min(30_000 * 2 ** (sends - 1), 30 * 60_000);

export function toDeskRefund(row: RefundRow, retriedBy: number | null): DeskRefund {
  const by = row.requestedBy as { type: DeskRefund['requestedBy']['type']; email?: string };
  return {
    id: row.id,
    paymentId: row.paymentId,
    amountPaise: row.amountPaise,
    cause: row.cause as DeskRefund['cause'],
    reason: row.reason,
    lines: row.lines ?? null,
    status: row.status as DeskRefund['status'],
    provider: row.provider,
    merchantRefundId: row.merchantRefundId,
    requestedBy: { type: by.type, email: by.email ?? null },
    error: row.error,
    retryOf: row.retryOf,
    retriedBy,
    resolution: row.resolution ? { email: row.resolution.email, note: row.resolution.note } : null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

function requestedBy(requester: Requester): Record<string, unknown> {
  if (requester.type === 'staff')
    return {
      type: requester.actor.staffId ? 'staff' : 'operator',
      id: requester.actor.staffId,
      email: requester.actor.actor,
    };
  return { type: requester.type };
}

async function lockOrder(tx: Tx, where: ReturnType<typeof eq>): Promise<LockedOrder> {
  const [order] = await tx
    .select({
      id: orders.id,
      mkpOrderId: orders.mkpOrderId,
      userId: orders.userId,
      pStatus: orders.pStatus,
      totalPaise: orders.totalPaise,
    })
    .from(orders)
    .where(where)
    .for('update');
  if (!order) throw notFound('order_not_found', 'Order not found');
  return order;
}

/** The attempt that paid the order (its money is what a refund of the order returns). */
async function payingAttempt(db: DbOrTx, orderId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'COMPLETED'),
        isNull(payments.flagged),
      ),
    );
  return payment ?? null;
}

/** What of a payment is spoken for (see `spent`). */
async function refundedOf(db: DbOrTx, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::bigint`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), spent(sql`refunds`)));
  return row?.sum ?? 0;
}

/** Units of each line in these refunds, by line position. */
export function unitsByLine(rows: readonly Pick<RefundRow, 'lines'>[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const { lines } of rows)
    for (const line of lines ?? [])
      units.set(line.position, (units.get(line.position) ?? 0) + line.quantity);
  return units;
}

/** Units of each line already in a refund whose money is spoken for, by line position. */
export async function refundedQuantities(
  db: DbOrTx,
  orderId: string,
): Promise<Map<number, number>> {
  return unitsByLine(
    await db
      .select({ lines: refunds.lines })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), spent(sql`refunds`))),
  );
}

/** Writes a refund (REQUESTED); the caller sends it after its transaction commits. */
export async function writeRefund(
  tx: DbOrTx,
  input: {
    order: { id: string; mkpOrderId: string };
    payment: { id: number; provider: string };
    amountPaise: number;
    cause: RefundRow['cause'];
    reason: string;
    lines?: { position: number; quantity: number }[] | null;
    requester: Requester;
    requestKey?: string | null;
    retryOf?: number | null;
    now: Date;
    /** When reconciliation may send it: after the request's grace, or at once. */
    sendFrom: Date;
  },
): Promise<RefundRow> {
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: input.order.id,
      paymentId: input.payment.id,
      provider: input.payment.provider,
      merchantRefundId: newRefundId(input.order.mkpOrderId),
      amountPaise: input.amountPaise,
      cause: input.cause,
      reason: input.reason,
      lines: input.lines ?? null,
      requestedBy: requestedBy(input.requester),
      requestKey: input.requestKey ?? null,
      retryOf: input.retryOf ?? null,
      nextCheckAt: input.sendFrom,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  await recordOrderEvent(tx, input.order.id, 'refund_requested', {
    refundId: row!.id,
    amountPaise: input.amountPaise,
    cause: input.cause,
    reason: input.reason,
    by: requestedBy(input.requester),
  });
  return row!;
}

/**
 * Where each of these refunds stands at the gateway, by id (the returns module shows it): its
 * own state, or, when the gateway refused it and it was retried (`retry_of`, as many times as it
 * took), the state of its latest retry.
 */
export async function refundStatuses(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    WITH RECURSIVE chain(root, id, depth) AS (
      SELECT r.id, r.id, 0 FROM refunds r WHERE r.id IN (${sql.join(
        ids.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})
      UNION ALL
      SELECT chain.root, r.id, chain.depth + 1 FROM refunds r JOIN chain ON r.retry_of = chain.id
    )
    SELECT DISTINCT ON (chain.root) chain.root AS root, r.status AS status
      FROM chain JOIN refunds r ON r.id = chain.id
     ORDER BY chain.root, chain.depth DESC`);
  const rows = result.rows as unknown as { root: number | string; status: string }[];
  return new Map(rows.map((row) => [Number(row.root), row.status]));
}

export interface CancelResult {
  mkpOrderId: string;
  orderId: string;
  pStatus: string;
  refund: DeskRefund | null;
}

export interface RefundsService {
  cancelOrder(
    requester: Requester,
    order: { mkpOrderId: string } | { id: string; userId: string },
    reason?: string,
  ): Promise<CancelResult>;
  refundOrder(
    actor: StaffActor,
    mkpOrderId: string,
    body: RefundBody,
    requestKey: string,
  ): Promise<RefundResponse>;
  /** Refunds in full a payment the order did not need (paid twice, or after cancelling). */
  refundPayment(
    actor: StaffActor,
    paymentId: number,
    reason: string,
    requestKey: string,
  ): Promise<RefundResponse>;
  retryRefund(actor: StaffActor, refundId: number): Promise<RefundResponse>;
  /** Settles an attention item by hand: a flagged payment, or a failed refund. */
  resolve(
    actor: StaffActor,
    item: { paymentId: number } | { refundId: number },
    note: string,
  ): Promise<void>;
  attention(): Promise<AttentionItem[]>;
  /** A refund webhook: the status call says what happened. */
  refreshRefund(merchantRefundId: string): Promise<void>;
  /** Sends the refunds due and asks about the pending ones; answers how many it handled. */
  reconcile(): Promise<number>;
  /** Cancels unpaid orders past the payment window; answers how many. */
  expireUnpaidOrders(): Promise<number>;
}

/**
 * The orders expiry cancels: unpaid and created before `cutoff` (the payment window ago). An
 * order with an attempt still being watched may be paid right now: it waits for it. Also what
 * /metrics counts as the expiry backlog (backlogs.ts).
 */
export function lapsedUnpaidOrders(cutoff: Date): SQL {
  return and(
    inArray(orders.pStatus, [...UNPAID_STATUSES]),
    lte(orders.createdAt, cutoff),
    sql`NOT EXISTS (SELECT 1 FROM ${payments} p WHERE p.order_id = ${orders.id} AND p.next_check_at IS NOT NULL)`,
  )!;
}

export function createRefundsService(
  db: Db,
  provider: PaymentProvider,
  options: RefundsOptions,
): RefundsService {
  const { log, publicUrl } = options;
  const clock = options.clock ?? (() => new Date());

  async function refundView(refundId: number): Promise<DeskRefund> {
    const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!row) throw notFound('refund_not_found', 'Refund not found');
    const [retry] = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(eq(refunds.retryOf, refundId));
    return toDeskRefund(row, retry?.id ?? null);
  }

  async function response(refundId: number): Promise<RefundResponse> {
    const refund = await refundView(refundId);
    const [order] = await db
      .select({ mkpOrderId: orders.mkpOrderId, pStatus: orders.pStatus })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(refunds.id, refundId));
    return { refund, order: order! };
  }

  /**
   * When a refund's money is back with the buyer: a refund of the order's own payment gets its
   * credit note, and a paid order whose payment is refunded in full becomes Refunded. Answers
   * what was paid and what is back, for the email.
   */
  async function moneyBack(tx: Tx, refund: RefundRow, orderId: string, detail: object) {
    const paying = await payingAttempt(tx, orderId);
    if (paying?.id !== refund.paymentId) {
      return { paidPaise: refund.amountPaise, refundedPaise: refund.amountPaise };
    }
    // The money of the order's own payment is back: its credit note (decision 056).
    await issueCreditNote(
      tx,
      { orderId, refund, ofOrderPayment: true, publicUrl },
      { at: clock(), log },
    );
    const [sums] = await tx
      .select({
        back: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::bigint`.mapWith(Number),
      })
      .from(refunds)
      .where(and(eq(refunds.paymentId, refund.paymentId), settled(sql`refunds`)));
    if (sums!.back >= paying.amountPaise)
      await transitionOrderStatus(tx, orderId, PAID_STATUSES, 'REFUNDED', 'refund', {
        ...detail,
      });
    return { paidPaise: paying.amountPaise, refundedPaise: sums!.back };
  }

  /**
   * The gateway's answer, applied forward only, with what follows on the order. `onlyFrom`: the
   * status the refund must still have (a send's verdict never overwrites a later answer).
   */
  async function applyRefundResult(
    refundId: number,
    result: RefundResult,
    onlyFrom?: RefundRow['status'],
  ): Promise<void> {
    const now = clock();
    const outcome = await db.transaction(async (tx) => {
      const [refund] = await tx
        .select()
        .from(refunds)
        .where(eq(refunds.id, refundId))
        .for('update');
      if (!refund || refund.status === 'COMPLETED' || refund.status === 'FAILED') return null;
      if (onlyFrom && refund.status !== onlyFrom) return null;
      if (result.state === 'PENDING') {
        await tx
          .update(refunds)
          .set({
            status: 'PENDING',
            providerReference: result.providerReference ?? refund.providerReference,
            raw: result.raw as object,
            error: null,
            nextCheckAt: nextRefundCheck(refund.createdAt, now),
            updatedAt: now,
          })
          .where(eq(refunds.id, refundId));
        return null;
      }
      // The refund's row, then its order's: no path holding an order's lock waits for a refund
      // row that exists already (writes insert new ones), so this order cannot deadlock.
      const order = await lockOrder(tx, eq(orders.id, refund.orderId));
      await tx
        .update(refunds)
        .set({
          status: result.state,
          providerReference: result.providerReference ?? refund.providerReference,
          raw: result.raw as object,
          error: result.error,
          nextCheckAt: null,
          completedAt: result.state === 'COMPLETED' ? now : null,
          updatedAt: now,
        })
        .where(eq(refunds.id, refundId));
      const detail = {
        refundId,
        merchantRefundId: refund.merchantRefundId,
        amountPaise: refund.amountPaise,
        ...(result.error ? { error: result.error } : {}),
      };
      if (result.state === 'FAILED') {
        await recordOrderEvent(tx, order.id, 'refund_failed', detail);
        return 'FAILED' as const;
      }
      await recordOrderEvent(tx, order.id, 'refund_completed', detail);
      const { paidPaise, refundedPaise } = await moneyBack(tx, refund, order.id, detail);
      await queueOrderUpdate(tx, publicUrl, order.id, {
        kind: 'refunded',
        payment:
          refund.cause === 'duplicate_payment' || refund.cause === 'late_payment'
            ? refund.cause
            : 'order',
        amountPaise: refund.amountPaise,
        refundedPaise,
        paidPaise,
      });
      return 'COMPLETED' as const;
    });
    if (outcome === 'FAILED') log.warn({ refundId, error: result.error }, 'refund failed');
    else if (outcome === 'COMPLETED') log.info({ refundId }, 'refund completed');
  }

  /**
   * Asks the gateway to make a REQUESTED refund. When the gateway cannot be reached or refuses,
   * the refund stays REQUESTED and is sent again with backoff: the gateway may have it even so.
   * It fails only on the gateway's word: after MAX_REFUND_SENDS, if its status call says it does
   * not know the refund (else it would be paid twice: the retry goes under a new id).
   */
  async function send(refundId: number): Promise<void> {
    const [refund] = await db
      .select({
        merchantRefundId: refunds.merchantRefundId,
        amountPaise: refunds.amountPaise,
        sendAttempts: refunds.sendAttempts,
        status: refunds.status,
        provider: refunds.provider,
        merchantTransactionId: payments.merchantTransactionId,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.id, refundId));
    // A refund of another provider's payment (the store switched) is that provider's to send.
    if (!refund || refund.status !== 'REQUESTED' || refund.provider !== provider.name) return;
    const sends = refund.sendAttempts + 1;
    await db.update(refunds).set({ sendAttempts: sends }).where(eq(refunds.id, refundId));
    let result: RefundResult;
    try {
      result = await provider.refund({
        merchantRefundId: refund.merchantRefundId,
        merchantTransactionId: refund.merchantTransactionId,
        amountPaise: refund.amountPaise,
      });
    } catch (error) {
      const now = clock();
      const message = String(error instanceof Error ? error.message : error).slice(0, 500);
      log.warn({ err: error, refundId, sends }, 'refund not accepted by the gateway');
      if (sends >= MAX_REFUND_SENDS) {
        const known = await provider
          .fetchRefundStatus(refund.merchantRefundId)
          .catch((asked: unknown) => (asked instanceof RefundUnknown ? 'unknown' : null));
        if (known === 'unknown') {
          await applyRefundResult(
            refundId,
            {
              state: 'FAILED',
              providerReference: null,
              error: `The gateway refused the refund ${sends} times and does not have it: ${message}`,
              raw: null,
            },
            'REQUESTED',
          );
          return;
        }
        if (known) {
          await applyRefundResult(refundId, known, 'REQUESTED');
          return;
        }
      }
      await db
        .update(refunds)
        .set({
          error: message,
          updatedAt: now,
          nextCheckAt: new Date(now.getTime() + sendBackoffMs(sends)),
        })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'REQUESTED')));
      return;
    }
    await applyRefundResult(refundId, result, 'REQUESTED');
  }

  async function sendQuietly(refundId: number | undefined) {
    if (refundId === undefined) return;
    await send(refundId).catch((error: unknown) =>
      log.warn({ err: error, refundId }, 'refund send failed; reconciliation retries it'),
    );
  }

  const service: RefundsService = {
    async cancelOrder(requester, which, reason) {
      const now = clock();
      const outcome = await db.transaction(async (tx) => {
        const order = await lockOrder(
          tx,
          'mkpOrderId' in which
            ? eq(orders.mkpOrderId, which.mkpOrderId)
            : and(eq(orders.id, which.id), eq(orders.userId, which.userId))!,
        );
        if (order.pStatus === 'CANCELLED') return { order, refund: null, changed: false };
        if (requester.type === 'system') {
          // A lapse is for orders still unpaid with no attempt that may yet complete, judged
          // under the order's lock (a payment may have landed since the sweep chose it).
          const watched = await tx
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.orderId, order.id), sql`${payments.nextCheckAt} IS NOT NULL`))
            .limit(1);
          if (watched.length > 0 || !(UNPAID_STATUSES as readonly string[]).includes(order.pStatus))
            throw conflict('payment_in_progress', `Order ${order.mkpOrderId} may yet be paid`);
        }
        const cause =
          requester.type === 'buyer'
            ? 'buyer'
            : requester.type === 'system'
              ? 'expiry'
              : 'operator';
        const moved = await transitionOrderStatus(
          tx,
          order.id,
          CANCELLABLE_STATUSES,
          'CANCELLED',
          cause,
          { reason: reason ?? null, by: requestedBy(requester) },
        );
        if (!moved)
          throw conflict(
            'order_not_cancellable',
            `Order ${order.mkpOrderId} is ${describe(order.pStatus)}; an order can be cancelled only before it ships. A delivered order's items can be returned and refunded instead.`,
          );
        // Its units go back on the shelf with the cancellation, whoever cancelled or lapsed it.
        await releaseOrderStock(tx, order.id);
        let refund: RefundRow | null = null;
        if (order.pStatus === 'PD') {
          const payment = await payingAttempt(tx, order.id);
          const left = payment ? payment.amountPaise - (await refundedOf(tx, payment.id)) : 0;
          // Under ₹1 no gateway refunds (PhonePe's minimum): the history says so, for staff.
          if (payment && left > 0 && left < MIN_REFUND_PAISE)
            await recordOrderEvent(tx, order.id, 'refund_below_minimum', { amountPaise: left });
          if (payment && left >= MIN_REFUND_PAISE)
            refund = await writeRefund(tx, {
              order,
              payment,
              amountPaise: left,
              cause: 'cancellation',
              reason: reason || 'Order cancelled before shipping',
              requester,
              now,
              sendFrom: new Date(now.getTime() + SEND_GRACE_MS),
            });
        }
        if (requester.type === 'staff')
          await recordAudit(tx, requester.actor, {
            action: 'order.cancel',
            targetType: 'order',
            targetId: order.mkpOrderId,
            before: { pStatus: order.pStatus },
            after: {
              pStatus: 'CANCELLED',
              reason: reason ?? null,
              refundPaise: refund?.amountPaise ?? 0,
            },
          });
        await queueOrderUpdate(tx, publicUrl, order.id, {
          kind: 'cancelled',
          by:
            requester.type === 'buyer' ? 'buyer' : requester.type === 'system' ? 'expiry' : 'store',
          refundPaise: refund?.amountPaise ?? 0,
          paid: order.pStatus === 'PD',
        });
        return { order, refund, changed: true };
      });
      await sendQuietly(outcome.refund?.id);
      const [after] = await db
        .select({ pStatus: orders.pStatus })
        .from(orders)
        .where(eq(orders.id, outcome.order.id));
      return {
        mkpOrderId: outcome.order.mkpOrderId,
        orderId: outcome.order.id,
        pStatus: after?.pStatus ?? 'CANCELLED',
        refund: outcome.refund ? await refundView(outcome.refund.id) : null,
      };
    },

    async refundOrder(actor, mkpOrderId, body, requestKey) {
      const now = clock();
      const refundId = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, eq(orders.mkpOrderId, mkpOrderId));
        const [known] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.orderId, order.id), eq(refunds.requestKey, requestKey)));
        if (known) {
          const same =
            known.reason === body.reason &&
            (body.lines
              ? JSON.stringify(known.lines) === JSON.stringify(body.lines)
              : known.lines === null && known.amountPaise === body.amountPaise);
          if (!same)
            throw new AppError(
              'unprocessable',
              'idempotency_key_reused',
              'This Idempotency-Key was used for a different refund of this order',
            );
          return { id: known.id, created: false };
        }
        if (!(PAID_STATUSES as readonly string[]).includes(order.pStatus))
          throw conflict(
            'order_not_refundable',
            `Order ${mkpOrderId} is ${describe(order.pStatus)}; only a paid, shipped or delivered order can be refunded (a cancelled order's refund starts with its cancellation).`,
          );
        const payment = await payingAttempt(tx, order.id);
        if (!payment) throw conflict('order_not_refundable', `Order ${mkpOrderId} has no payment`);
        const left = payment.amountPaise - (await refundedOf(tx, payment.id));
        let amountPaise = body.amountPaise ?? 0;
        if (body.lines) {
          const lines = await tx
            .select({
              position: orderLines.position,
              quantity: orderLines.quantity,
              unitPricePaise: orderLines.unitPricePaise,
            })
            .from(orderLines)
            .where(eq(orderLines.orderId, order.id));
          const byPosition = new Map(lines.map((line) => [line.position, line]));
          const refunded = await refundedQuantities(tx, order.id);
          const asked = new Map<number, number>();
          for (const { position, quantity } of body.lines)
            asked.set(position, (asked.get(position) ?? 0) + quantity);
          amountPaise = 0;
          for (const [position, quantity] of asked) {
            const line = byPosition.get(position);
            if (!line)
              throw new AppError(
                'invalid_data',
                'unknown_line',
                `Order ${mkpOrderId} has no line ${position + 1}`,
              );
            const open = line.quantity - (refunded.get(position) ?? 0);
            if (quantity > open)
              throw conflict(
                'refund_exceeds_line',
                `Line ${position + 1} has ${open} of ${line.quantity} units left to refund`,
              );
            amountPaise += line.unitPricePaise * quantity;
          }
        }
        if (amountPaise < MIN_REFUND_PAISE)
          throw new AppError('unprocessable', 'refund_too_small', 'A refund is at least ₹1');
        if (left - amountPaise > 0 && left - amountPaise < MIN_REFUND_PAISE)
          throw new AppError(
            'unprocessable',
            'refund_leaves_remainder',
            `This would leave ${left - amountPaise} paise, less than any gateway refunds; refund ${(left / 100).toFixed(2)} rupees instead`,
          );
        if (amountPaise > left)
          throw conflict(
            'refund_exceeds_paid',
            `At most ${(left / 100).toFixed(2)} rupees of order ${mkpOrderId} is left to refund`,
          );
        const refund = await writeRefund(tx, {
          order,
          payment,
          amountPaise,
          cause: 'staff',
          reason: body.reason,
          lines: body.lines ?? null,
          requester: { type: 'staff', actor },
          requestKey,
          now,
          sendFrom: new Date(now.getTime() + SEND_GRACE_MS),
        });
        await recordAudit(tx, actor, {
          action: 'order.refund',
          targetType: 'order',
          targetId: mkpOrderId,
          before: { pStatus: order.pStatus, refundedPaise: payment.amountPaise - left },
          after: {
            refundId: refund.id,
            amountPaise,
            reason: body.reason,
            lines: body.lines ?? null,
          },
        });
        return { id: refund.id, created: true };
      });
      if (refundId.created) await sendQuietly(refundId.id);
      return response(refundId.id);
    },

    async refundPayment(actor, paymentId, reason, requestKey) {
      const now = clock();
      const refundId = await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ orderId: payments.orderId })
          .from(payments)
          .where(eq(payments.id, paymentId));
        if (!found) throw notFound('payment_not_found', 'Payment not found');
        const order = await lockOrder(tx, eq(orders.id, found.orderId));
        const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
        const [known] = await tx
          .select()
          .from(refunds)
          .where(and(eq(refunds.orderId, order.id), eq(refunds.requestKey, requestKey)));
        if (known) {
          if (known.paymentId !== paymentId || known.reason !== reason)
            throw new AppError(
              'unprocessable',
              'idempotency_key_reused',
              'This Idempotency-Key was used for a different refund of this order',
            );
          return { id: known.id, created: false };
        }
        if (payment!.flagged !== 'refund_due' || payment!.resolvedAt)
          throw conflict(
            'payment_not_refundable',
            'Only a payment the order did not need (paid twice, or after the order was cancelled) is refunded here; refund an order from its page.',
          );
        const left = payment!.amountPaise - (await refundedOf(tx, paymentId));
        if (left <= 0)
          throw conflict('refund_exceeds_paid', 'This payment has already been refunded');
        const refund = await writeRefund(tx, {
          order,
          payment: payment!,
          amountPaise: left,
          cause: 'duplicate_payment',
          reason,
          requester: { type: 'staff', actor },
          requestKey,
          now,
          sendFrom: new Date(now.getTime() + SEND_GRACE_MS),
        });
        await recordAudit(tx, actor, {
          action: 'payment.refund',
          targetType: 'payment',
          targetId: payment!.merchantTransactionId,
          before: { flagged: payment!.flagged, refundedPaise: payment!.amountPaise - left },
          after: { refundId: refund.id, amountPaise: left, reason },
        });
        return { id: refund.id, created: true };
      });
      if (refundId.created) await sendQuietly(refundId.id);
      return response(refundId.id);
    },

    async retryRefund(actor, refundId) {
      const now = clock();
      const outcome = await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ orderId: refunds.orderId })
          .from(refunds)
          .where(eq(refunds.id, refundId));
        if (!found) throw notFound('refund_not_found', 'Refund not found');
        const order = await lockOrder(tx, eq(orders.id, found.orderId));
        const [failed] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
        const [retried] = await tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(eq(refunds.retryOf, refundId));
        if (retried) return { id: retried.id, created: false };
        if (failed!.status !== 'FAILED' || failed!.resolution)
          throw conflict(
            'refund_not_retryable',
            `Refund ${refundId} is ${failed!.resolution ? 'settled by hand' : failed!.status.toLowerCase()}; only a failed refund can be retried.`,
          );
        const [payment] = await tx
          .select()
          .from(payments)
          .where(eq(payments.id, failed!.paymentId));
        if (payment!.resolvedAt)
          throw conflict(
            'refund_not_retryable',
            'This payment was settled by hand; its refund is not sent again',
          );
        const left = payment!.amountPaise - (await refundedOf(tx, payment!.id));
        if (failed!.amountPaise > left)
          throw conflict(
            'refund_exceeds_paid',
            `Only ${(left / 100).toFixed(2)} rupees of this payment is left to refund`,
          );
        const refund = await writeRefund(tx, {
          order,
          payment: payment!,
          amountPaise: failed!.amountPaise,
          cause: failed!.cause,
          reason: failed!.reason,
          lines: failed!.lines,
          requester: { type: 'staff', actor },
          retryOf: refundId,
          now,
          sendFrom: new Date(now.getTime() + SEND_GRACE_MS),
        });
        await recordAudit(tx, actor, {
          action: 'refund.retry',
          targetType: 'order',
          targetId: order.mkpOrderId,
          before: { refundId, status: 'FAILED', error: failed!.error },
          after: { refundId: refund.id, amountPaise: refund.amountPaise },
        });
        return { id: refund.id, created: true };
      });
      if (outcome.created) await sendQuietly(outcome.id);
      return response(outcome.id);
    },

    async resolve(actor, item, note) {
      const resolution = { staffId: actor.staffId, email: actor.actor, note };
      await db.transaction(async (tx) => {
        // The order's lock first, as every path that decides what is refunded takes it.
        const [found] =
          'paymentId' in item
            ? await tx
                .select({ orderId: payments.orderId })
                .from(payments)
                .where(eq(payments.id, item.paymentId))
            : await tx
                .select({ orderId: refunds.orderId })
                .from(refunds)
                .where(eq(refunds.id, item.refundId));
        if (!found)
          throw 'paymentId' in item
            ? notFound('payment_not_found', 'Payment not found')
            : notFound('refund_not_found', 'Refund not found');
        const order = await lockOrder(tx, eq(orders.id, found.orderId));
        if ('paymentId' in item) {
          const [payment] = await tx.select().from(payments).where(eq(payments.id, item.paymentId));
          if (payment!.resolvedAt) return;
          if (!payment!.flagged)
            throw conflict('nothing_to_resolve', 'This payment does not need attention');
          if ((await refundedOf(tx, payment!.id)) > 0)
            throw conflict(
              'refund_in_progress',
              'A refund of this payment is under way or done; settle it from the refund instead',
            );
          await tx
            .update(payments)
            .set({ resolvedAt: clock(), resolution })
            .where(eq(payments.id, payment!.id));
          await recordAudit(tx, actor, {
            action: 'payment.resolve',
            targetType: 'payment',
            targetId: payment!.merchantTransactionId,
            before: { flagged: payment!.flagged, resolution: null },
            after: { flagged: payment!.flagged, resolution: note },
          });
          return;
        }
        const [refund] = await tx.select().from(refunds).where(eq(refunds.id, item.refundId));
        if (refund!.resolution) return;
        if (refund!.status !== 'FAILED')
          throw conflict('nothing_to_resolve', 'Only a failed refund is settled by hand');
        const [retry] = await tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(eq(refunds.retryOf, refund!.id));
        if (retry)
          throw conflict(
            'refund_retried',
            `Refund ${refund!.id} was retried as refund ${retry.id}; settle that one if it fails`,
          );
        await tx.update(refunds).set({ resolution }).where(eq(refunds.id, refund!.id));
        await recordAudit(tx, actor, {
          action: 'refund.resolve',
          targetType: 'refund',
          targetId: refund!.merchantRefundId,
          before: { status: refund!.status, resolution: null },
          after: { status: refund!.status, resolution: note },
        });
        // Paid back by hand is back with the buyer: the order may now be refunded in full.
        await moneyBack(tx, { ...refund!, resolution }, order.id, {
          refundId: refund!.id,
          settledBy: actor.actor,
        });
      });
    },

    async attention() {
      const flagged = await db
        .select({
          payment: payments,
          mkpOrderId: orders.mkpOrderId,
          orderStatus: orders.pStatus,
          orderTotalPaise: orders.totalPaise,
        })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        // A payment being refunded (or refunded) needs nobody; a failed refund shows below.
        .where(needsAttention.flaggedPayment(sql`payments`))
        .orderBy(desc(payments.id))
        .limit(500);
      const failed = await db
        .select({
          refund: refunds,
          merchantTransactionId: payments.merchantTransactionId,
          mkpOrderId: orders.mkpOrderId,
          orderStatus: orders.pStatus,
          orderTotalPaise: orders.totalPaise,
        })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(needsAttention.failedRefund(sql`refunds`))
        .orderBy(desc(refunds.id))
        .limit(500);
      return [
        ...failed.map((row): AttentionItem => ({
          reason: 'refund_failed',
          paymentId: row.refund.paymentId,
          refundId: row.refund.id,
          mkpOrderId: row.mkpOrderId,
          orderStatus: row.orderStatus,
          amountPaise: row.refund.amountPaise,
          orderTotalPaise: row.orderTotalPaise,
          provider: row.refund.provider,
          merchantTransactionId: row.merchantTransactionId,
          createdAt: row.refund.createdAt.toISOString(),
          evidence: { error: row.refund.error, gateway: row.refund.raw },
        })),
        ...flagged.map((row): AttentionItem => ({
          reason: row.payment.flagged as 'refund_due' | 'amount_mismatch',
          paymentId: row.payment.id,
          refundId: null,
          mkpOrderId: row.mkpOrderId,
          orderStatus: row.orderStatus,
          amountPaise: row.payment.amountPaise,
          orderTotalPaise: row.orderTotalPaise,
          provider: row.payment.provider,
          merchantTransactionId: row.payment.merchantTransactionId,
          createdAt: row.payment.createdAt.toISOString(),
          evidence: row.payment.rawStatus,
        })),
      ];
    },

    async refreshRefund(merchantRefundId) {
      const [refund] = await db
        .select({ id: refunds.id, status: refunds.status })
        .from(refunds)
        .where(
          and(eq(refunds.merchantRefundId, merchantRefundId), eq(refunds.provider, provider.name)),
        );
      if (!refund) throw notFound('unknown_refund', 'Unknown refund');
      if (refund.status !== 'PENDING' && refund.status !== 'REQUESTED') return;
      let result: RefundResult;
      try {
        result = await provider.fetchRefundStatus(merchantRefundId);
      } catch (error) {
        // The gateway retries its webhook; reconciliation asks on its own schedule meanwhile.
        log.warn({ err: error, merchantRefundId }, 'refund webhook not confirmed');
        throw new AppError(
          'bad_gateway',
          'status_unavailable',
          'The refund status could not be confirmed; please retry',
        );
      }
      await applyRefundResult(refund.id, result);
    },

    async reconcile() {
      const now = clock();
      // Claimed by moving each one's next look forward, as payments' reconciliation does.
      const due = await db.transaction(async (tx) => {
        const rows = await tx
          .select({
            id: refunds.id,
            status: refunds.status,
            merchantRefundId: refunds.merchantRefundId,
          })
          .from(refunds)
          .where(and(eq(refunds.provider, provider.name), lte(refunds.nextCheckAt, now)))
          .orderBy(refunds.nextCheckAt)
          .limit(BATCH)
          .for('update', { skipLocked: true });
        if (rows.length)
          await tx
            .update(refunds)
            .set({ nextCheckAt: new Date(now.getTime() + SEND_GRACE_MS) })
            .where(
              inArray(
                refunds.id,
                rows.map((row) => row.id),
              ),
            );
        return rows;
      });
      for (const refund of due) {
        if (refund.status === 'REQUESTED') await sendQuietly(refund.id);
        else
          await provider
            .fetchRefundStatus(refund.merchantRefundId)
            .then((result) => applyRefundResult(refund.id, result))
            .catch((error: unknown) =>
              log.warn({ err: error, refundId: refund.id }, 'refund status call failed'),
            );
      }
      return due.length;
    },

    async expireUnpaidOrders() {
      const cutoff = new Date(clock().getTime() - options.paymentWindowMs);
      const lapsed = await db
        .select({ id: orders.id, userId: orders.userId })
        .from(orders)
        .where(lapsedUnpaidOrders(cutoff))
        .limit(BATCH);
      let expired = 0;
      for (const order of lapsed) {
        await service
          .cancelOrder({ type: 'system' }, order, 'Payment not received in time')
          .then(() => expired++)
          // Paid or cancelled meanwhile: nothing to expire.
          .catch((error: unknown) => {
            if (!(error instanceof AppError)) throw error;
          });
      }
      return expired;
    },
  };
  return service;
}
