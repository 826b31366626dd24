/**
 * The built-in sandbox gateway as a provider. Starting a payment opens a transaction in the
 * gateway's own ledger and sends the buyer to /sandbox-pay/<id>; its callbacks are HMAC-signed
 * with a timestamp; its status call reads the gateway's ledger.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/connect.js';
import { sandboxGatewayTransactions } from '../../db/schema.js';
import { CallbackRejected, type PaymentProvider } from './provider.js';
import { SIGNATURE_HEADER, checkSignature } from './sandbox-signature.js';

export const SandboxCallbackBody = z
  .object({
    eventId: z.string().min(1).max(100),
    transactionId: z.string().min(1).max(100),
    state: z.enum(['COMPLETED', 'FAILED']),
    amount: z.number().int().nonnegative(),
  })
  .strict();

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
  };
}
