/**
 * The payment-provider interface (ARCHITECTURE.md "Payments"): start a payment and get the
 * redirect URL, verify and parse a callback, fetch a transaction's status. The order's state
 * changes only from a verified callback or a status answer (product decision #7), never from the
 * browser's return.
 */

export type GatewayState = 'PENDING' | 'COMPLETED' | 'FAILED';

export interface StartPaymentInput {
  /** Fresh per attempt; the gateway's merchant order/transaction id. */
  merchantTransactionId: string;
  amountPaise: number;
  mkpOrderId: string;
  /** Where the gateway sends the buyer back (the order-submitted confirmation page). */
  redirectUrl: string;
  /** Where the gateway posts its server-to-server callback. */
  callbackUrl: string;
}

export interface StartPaymentResult {
  redirectUrl: string;
  providerReference: string | null;
  raw: unknown;
}

export interface CallbackRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface ParsedCallback {
  /** Unique per gateway event; a repeated delivery carries the same id. */
  eventId: string;
  merchantTransactionId: string;
  state: GatewayState;
  amountPaise: number | null;
  /**
   * True when the callback's body is authenticated (signed); false when only the sender is
   * (PhonePe's static Authorization header), in which case the status API must confirm it.
   */
  bodyAuthenticated: boolean;
  raw: unknown;
}

export interface StatusResult {
  state: GatewayState;
  amountPaise: number | null;
  raw: unknown;
}

export interface StatusOptions {
  /** The whole call's time budget, a token refresh included (a callback has 3–5 s to answer). */
  timeoutMs?: number;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'phonepe';
  start(input: StartPaymentInput): Promise<StartPaymentResult>;
  /**
   * Throws CallbackRejected when the callback is not authentic or is stale; answers null for an
   * authentic event that is not about a payment's state (a PhonePe refund event), which is only
   * acknowledged.
   */
  verifyCallback(request: CallbackRequest): ParsedCallback | null;
  /** Throws when the gateway cannot answer (unknown transaction, timeout, refusal). */
  fetchStatus(merchantTransactionId: string, options?: StatusOptions): Promise<StatusResult>;
}

export class CallbackRejected extends Error {}
