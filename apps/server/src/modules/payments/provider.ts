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

export interface RefundInput {
  /** Ours, fresh per refund (≤63 characters of [A-Za-z0-9_-]); the gateway dedupes on it. */
  merchantRefundId: string;
  /** The attempt whose money goes back. */
  merchantTransactionId: string;
  amountPaise: number;
}

/** PENDING until the gateway settles it; the status call is asked until it is final. */
export type RefundState = 'PENDING' | 'COMPLETED' | 'FAILED';

export interface RefundResult {
  state: RefundState;
  providerReference: string | null;
  /** The gateway's reason, for a failed refund. */
  error: string | null;
  raw: unknown;
}

/** An authentic refund event: only a hint, the refund's status call says what happened. */
export interface ParsedRefundCallback {
  refund: true;
  merchantRefundId: string;
  raw: unknown;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'phonepe';
  start(input: StartPaymentInput): Promise<StartPaymentResult>;
  /**
   * Throws CallbackRejected when the callback is not authentic or is stale; answers a refund
   * event apart, and null for an authentic event about neither, which is only acknowledged.
   */
  verifyCallback(request: CallbackRequest): ParsedCallback | ParsedRefundCallback | null;
  /** Throws when the gateway cannot answer (unknown transaction, timeout, refusal). */
  fetchStatus(merchantTransactionId: string, options?: StatusOptions): Promise<StatusResult>;
  /**
   * Asks the gateway to return money. Sending the same merchantRefundId again answers the same
   * refund (never a second one). Throws when the gateway could not be reached or refused the
   * request outright; a refund it accepted and then failed answers state FAILED.
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /** The refund's state at the gateway; throws RefundUnknown when the gateway has none. */
  fetchRefundStatus(merchantRefundId: string): Promise<RefundResult>;
}

export class CallbackRejected extends Error {}

/** The gateway answered that it has no refund under this merchant refund id. */
export class RefundUnknown extends Error {}
