import { z } from 'zod';
import { PAYMENT_STATUSES } from './order-status.js';

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

export const DeskOrderDetail = DeskOrderBase.extend({
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
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
      title: z.string(),
      sku: z.string(),
      sellerSku: z.string().nullable(),
      source: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      lineTotal: z.number(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      provider: z.string(),
      merchantTransactionId: z.string(),
      status: z.string(),
      flagged: z.string().nullable(),
      amount: z.number(),
      createdAt: z.iso.datetime(),
      callbacks: z.array(z.object({ eventId: z.string(), receivedAt: z.iso.datetime() })),
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
