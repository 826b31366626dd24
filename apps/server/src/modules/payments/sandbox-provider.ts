/**
 * The built-in sandbox gateway as a provider. Starting a payment opens a transaction in the
 * gateway's own ledger and sends the buyer to /sandbox-pay/<id>; its callbacks are HMAC-signed
 * with a timestamp; its status call reads the gateway's ledger. Its refund API settles at once,
 * as a gateway would in the end: COMPLETED, or FAILED when the transaction was not paid or the
 * amount is more than is left of it; the same refund id answers the same refund.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/connect.js';
import { sandboxGatewayRefunds, sandboxGatewayTransactions } from '../../db/schema.js';
import {
  CallbackRejected,
  RefundUnknown,
  type PaymentProvider,
  type RefundResult,
} from './provider.js';
import { SIGNATURE_HEADER, checkSignature } from './sandbox-signature.js';

export const SandboxCallbackBody = z
  .object({
    eventId: z.string().min(1).max(100),
    transactionId: z.string().min(1).max(100),
    state: z.enum(['COMPLETED', 'FAILED']),
    amount: z.number().int().nonnegative(),
  })
  .strict();

type LedgerRefund = typeof sandboxGatewayRefunds.$inferSelect;

function refundResult(row: LedgerRefund): RefundResult {
  return {
    state: row.state as 'COMPLETED' | 'FAILED',
    providerReference: row.refundId,
    error: row.reason,
    raw: {
      refundId: row.refundId,
      transactionId: row.transactionId,
      amount: Number(row.amountPaise),
      state: row.state,
      ...(row.reason ? { reason: row.reason } : {}),
    },
  };
}

export function createSandboxProvider(
  db: Db,
  secret: string,
  clock: () => Date = () => new Date(),
): PaymentProvider {
  return {
    name: 'sandbox',
    async start(input) {
      await db.insert(sandboxGatewayTransactions).values({
        transactionId: input.merchantTransactionId,
        merchantOrderRef: input.mkpOrderId,
        amountPaise: input.amountPaise,
        callbackUrl: input.callbackUrl,
        redirectUrl: input.redirectUrl,
      });
      return {
        redirectUrl: `/sandbox-pay/${encodeURIComponent(input.merchantTransactionId)}`,
        providerReference: input.merchantTransactionId,
        raw: { transactionId: input.merchantTransactionId, state: 'PENDING' },
      };
    },
    verifyCallback({ headers, rawBody }) {
      const header = headers[SIGNATURE_HEADER];
      const problem = checkSignature(
        secret,
        rawBody,
        Array.isArray(header) ? header[0] : header,
        clock(),
      );
      if (problem) throw new CallbackRejected(`signature ${problem}`);
      let body: z.infer<typeof SandboxCallbackBody>;
      try {
        body = SandboxCallbackBody.parse(JSON.parse(rawBody));
      } catch {
        throw new CallbackRejected('malformed body');
      }
      return {
        eventId: body.eventId,
        merchantTransactionId: body.transactionId,
        state: body.state,
        amountPaise: body.amount,
        bodyAuthenticated: true,
        raw: body,
      };
    },
    async fetchStatus(merchantTransactionId) {
      const [row] = await db
        .select()
        .from(sandboxGatewayTransactions)
        .where(eq(sandboxGatewayTransactions.transactionId, merchantTransactionId));
      if (!row) throw new Error(`sandbox gateway: unknown transaction ${merchantTransactionId}`);
      return {
        state: row.state as 'PENDING' | 'COMPLETED' | 'FAILED',
        amountPaise: Number(row.amountPaise),
        raw: {
          transactionId: row.transactionId,
          state: row.state,
          amount: Number(row.amountPaise),
        },
      };
    },
    async refund({ merchantRefundId, merchantTransactionId, amountPaise }) {
      return db.transaction(async (tx) => {
        const [known] = await tx
          .select()
          .from(sandboxGatewayRefunds)
          .where(eq(sandboxGatewayRefunds.refundId, merchantRefundId));
        if (known) return refundResult(known);
        // The transaction's row is locked so that two refunds of it are judged one at a time.
        const [paid] = await tx
          .select({
            state: sandboxGatewayTransactions.state,
            amountPaise: sandboxGatewayTransactions.amountPaise,
            refunded:
              sql<number>`(SELECT coalesce(sum(amount_paise), 0)::bigint FROM ${sandboxGatewayRefunds} WHERE transaction_id = ${merchantTransactionId} AND state = 'COMPLETED')`.mapWith(
                Number,
              ),
          })
          .from(sandboxGatewayTransactions)
          .where(eq(sandboxGatewayTransactions.transactionId, merchantTransactionId))
          .for('update');
        if (!paid) throw new Error(`sandbox gateway: unknown transaction ${merchantTransactionId}`);
        const reason =
          paid.state !== 'COMPLETED'
            ? 'TRANSACTION_NOT_PAID'
            : amountPaise > Number(paid.amountPaise) - paid.refunded
              ? 'AMOUNT_EXCEEDS_REFUNDABLE'
              : null;
        const [row] = await tx
          .insert(sandboxGatewayRefunds)
          .values({
            refundId: merchantRefundId,
            transactionId: merchantTransactionId,
            amountPaise,
            state: reason ? 'FAILED' : 'COMPLETED',
            reason,
            createdAt: clock(),
          })
          .returning();
        return refundResult(row!);
      });
    },
    async fetchRefundStatus(merchantRefundId) {
      const [row] = await db
        .select()
        .from(sandboxGatewayRefunds)
        .where(eq(sandboxGatewayRefunds.refundId, merchantRefundId));
      if (!row) throw new RefundUnknown(`sandbox gateway: unknown refund ${merchantRefundId}`);
      return refundResult(row);
    },
  };
}
