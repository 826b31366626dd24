import { z } from 'zod';
import { PAYMENT_STATUSES } from './order-status.js';
import { BillingDetails, LineGst, TaxSummary } from './tax-summary.js';

/**
 * The order desk's contract (issue 19): the staff's list of orders with its filters, sorts and
 * keyset pages, and an order as staff see it — buyer and company, payments and their gateway
 * callbacks, status history, emails sent.
 */

export const DESK_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc'] as const;
export type DeskSort = (typeof DESK_SORTS)[number];
export const DESK_PAGE_MAX = 100;

/** A moment as ISO 8601, from 1970 on (PostgreSQL refuses the year 0). */
export const Instant = z.iso
  .datetime({ offset: true })
  .refine((value) => Date.parse(value) >= 0, 'A date from 1970 on');

/** An amount in rupees as a person types it: digits, and at most two decimals (no -0, no 1e3). */
const Rupees = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'An amount in rupees, like 1500 or 1499.50')
  .transform(Number);

export const DeskOrderQuery = z
  .object({
    status: z.enum(PAYMENT_STATUSES).optional(),
    /** Placed on or after / before, ISO 8601. */
    from: Instant.optional(),
    to: Instant.optional(),
    /** The buyer: part of the email or company name, or a whole GSTIN. */
    buyer: z.string().trim().min(2).max(100).optional(),
    minTotal: Rupees.optional(),
    maxTotal: Rupees.optional(),
    /** Part of the order number (three characters at least). */
    q: z.string().trim().toUpperCase().min(3).max(40).optional(),
    sort: z.enum(DESK_SORTS).default('newest'),
    /** The `next` of the previous page. */
    after: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(DESK_PAGE_MAX).default(50),
  })
  .strict();
export type DeskOrderQuery = z.infer<typeof DeskOrderQuery>;

export const DeskBuyer = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  companyName: z.string(),
  gstNumber: z.string(),
});

/** What the list and an order's page both show of an order. */
const DeskOrderBase = z.object({
  id: z.string(),
  mkpOrderId: z.string(),
  createdAt: z.iso.datetime(),
  pStatus: z.string(),
  statusLabel: z.string(),
  total: z.number(),
  totalPaise: z.number().int(),
});

export const DeskOrderRow = DeskOrderBase.extend({
  itemCount: z.number().int(),
  buyer: DeskBuyer,
  shipTo: z.string(),
});
export type DeskOrderRow = z.infer<typeof DeskOrderRow>;

export const DeskOrderList = z.object({
  orders: z.array(DeskOrderRow),
  /**
   * Orders matching the filters, counted up to `countCap` (then at least that many); on the
   * first page only (null on the pages after it).
   */
  count: z.number().int().nullable(),
  countCap: z.number().int(),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
});
export type DeskOrderList = z.infer<typeof DeskOrderList>;

export const DeskOrderParams = z
  .object({ mkpOrderId: z.string().regex(/^MKP-\d{8}-[0-9A-Z]{6}$/, 'Not an order number') })
  .strict();

export const REFUND_STATUSES = ['REQUESTED', 'PENDING', 'COMPLETED', 'FAILED'] as const;
export const REFUND_CAUSES = [
  'staff',
  'cancellation',
  'duplicate_payment',
  'late_payment',
] as const;

/** A refund as staff see it: what was asked, by whom, and where the gateway has it. */
export const DeskRefund = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  amountPaise: z.number().int(),
  cause: z.enum(REFUND_CAUSES),
  reason: z.string(),
  /** By line: the order's line positions and quantities; null for an amount. */
  lines: z.array(z.object({ position: z.number().int(), quantity: z.number().int() })).nullable(),
  status: z.enum(REFUND_STATUSES),
  provider: z.string(),
  merchantRefundId: z.string(),
  requestedBy: z.object({
    type: z.enum(['staff', 'buyer', 'system', 'operator']),
    email: z.string().nullable(),
  }),
  /** The gateway's reason, for a failed refund. */
  error: z.string().nullable(),
  retryOf: z.number().int().nullable(),
  /** The refund that retried this failed one, if any. */
  retriedBy: z.number().int().nullable(),
  /** A failed refund paid back outside the gateway: who settled it, and how. */
  resolution: z.object({ email: z.string(), note: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type DeskRefund = z.infer<typeof DeskRefund>;

export const DeskOrderDetail = DeskOrderBase.extend({
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** What the buyer paid for this order (0 until paid). */
  paidPaise: z.number().int(),
  /** Refunds that reached the buyer. */
  refundedPaise: z.number().int(),
  /** What may still be refunded: paid, less every refund not failed. */
  refundablePaise: z.number().int(),
  refunds: z.array(DeskRefund),
  buyer: DeskBuyer.extend({
    phoneNumber: z.string(),
    businessAddress: z.string(),
  }),
  shipping: z.object({
    recipientName: z.string(),
    address: z.array(z.string()),
    phoneNumber: z.string(),
  }),
  lines: z.array(
    z.object({
      position: z.number().int(),
      /** Units already in a refund that has not failed. */
      refundedQuantity: z.number().int(),
      title: z.string(),
      sku: z.string(),
      sellerSku: z.string().nullable(),
      source: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      lineTotal: z.number(),
      /** The line's GST as sold (issue 21); null on orders from before it. */
      gst: LineGst.nullable(),
    }),
  ),
  /** Whom the order is billed to (issue 21); null on orders from before it. */
  billing: BillingDetails.nullable(),
  /** The order's GST with its place of supply and heads; null on orders from before issue 21. */
  tax: TaxSummary.nullable(),
  payments: z.array(
    z.object({
      id: z.number().int(),
      provider: z.string(),
      merchantTransactionId: z.string(),
      status: z.string(),
      flagged: z.string().nullable(),
      amount: z.number(),
      createdAt: z.iso.datetime(),
      /** The gateway's last answer about it, as received. */
      evidence: z.unknown(),
      /** How a member settled it, when it needed attention. */
      resolution: z.object({ email: z.string(), note: z.string() }).nullable(),
      callbacks: z.array(
        z.object({ eventId: z.string(), receivedAt: z.iso.datetime(), payload: z.unknown() }),
      ),
    }),
  ),
  history: z.array(
    z.object({
      from: z.string().nullable(),
      to: z.string(),
      cause: z.string(),
      detail: z.record(z.string(), z.unknown()).nullable(),
      at: z.iso.datetime(),
    }),
  ),
  emails: z.array(
    z.object({
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      state: z.enum(['pending', 'sent', 'given_up']),
      at: z.iso.datetime(),
    }),
  ),
});
export type DeskOrderDetail = z.infer<typeof DeskOrderDetail>;

export const DeskOrderActionResponse = z.object({ mkpOrderId: z.string(), pStatus: z.string() });

/**
 * A refund request (finance): a reason, and either an amount or lines with quantities (their
 * value at the price paid). Never more than is left to refund; at least ₹1, as gateways require.
 */
export const RefundBody = z
  .object({
    reason: z.string().trim().min(3, { error: 'Give the reason for the refund' }).max(500),
    amountPaise: z.number().int().min(100, { error: 'A refund is at least ₹1' }).optional(),
    lines: z
      .array(
        z
          .object({
            position: z.number().int().min(0),
            quantity: z.number().int().min(1),
          })
          .strict(),
      )
      .min(1)
      .max(500)
      .optional(),
  })
  .strict()
  .refine((body) => (body.amountPaise === undefined) !== (body.lines === undefined), {
    error: 'Give either an amount or lines, not both',
  });
export type RefundBody = z.infer<typeof RefundBody>;

/** A cancellation's answer: the order's status, and the full refund a paid order's started. */
export const DeskCancelResponse = DeskOrderActionResponse.extend({
  refund: DeskRefund.nullable(),
});
export type DeskCancelResponse = z.infer<typeof DeskCancelResponse>;

export const RefundResponse = z.object({
  refund: DeskRefund,
  order: DeskOrderActionResponse,
});
export type RefundResponse = z.infer<typeof RefundResponse>;

export const RefundParams = z.object({ refundId: z.coerce.number().int().min(1) }).strict();
export const PaymentParams = z.object({ paymentId: z.coerce.number().int().min(1) }).strict();

/** Settling an attention item by hand (checked at the gateway, refunded outside): a note. */
export const ResolvePaymentBody = z
  .object({ note: z.string().trim().min(3, { error: 'Say how it was settled' }).max(500) })
  .strict();

/** Refunding a payment the order did not need (paid twice, or paid after it was cancelled). */
export const RefundPaymentBody = z
  .object({
    reason: z.string().trim().min(3, { error: 'Give the reason for the refund' }).max(500),
  })
  .strict();

export const ATTENTION_REASONS = ['refund_due', 'amount_mismatch', 'refund_failed'] as const;

/** Payments needing attention (issue 19): what went wrong, the evidence, and what resolves it. */
export const AttentionItem = z.object({
  reason: z.enum(ATTENTION_REASONS),
  paymentId: z.number().int(),
  /** The failed refund, for 'refund_failed'. */
  refundId: z.number().int().nullable(),
  mkpOrderId: z.string(),
  orderStatus: z.string(),
  amountPaise: z.number().int(),
  orderTotalPaise: z.number().int(),
  provider: z.string(),
  merchantTransactionId: z.string(),
  createdAt: z.iso.datetime(),
  /** The gateway's answer or the refund's error, as received. */
  evidence: z.unknown(),
});
export type AttentionItem = z.infer<typeof AttentionItem>;
export const AttentionList = z.object({ items: z.array(AttentionItem) });
export type AttentionList = z.infer<typeof AttentionList>;
