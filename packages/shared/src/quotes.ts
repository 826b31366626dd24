import { z } from 'zod';
import { ObjectId } from './catalog.js';
import { Quantity, Source, VariantIndex } from './cart.js';
import { QUOTE_LINES_MAX, QUOTE_NOTE_MAX } from './constants.js';
import { OrderCreateBody } from './orders.js';
import { QUOTE_STATUSES } from './quote-labels.js';

/**
 * The quotes API contract (issue 22, decision 060): a buyer asks for a price on lines of any
 * quantity, the store answers with a unit price per line (paise incl. GST, like every catalog
 * price) and an expiry, or declines; accepting the latest answer before it expires makes one
 * order at those prices. Amounts are integer paise.
 */

export const QuoteStatus = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatus>;

const Paise = z
  .number({ error: 'A price must be a whole number of paise' })
  .int({ error: 'A price must be a whole number of paise' })
  .min(1, { error: 'A price must be at least 1 paisa' })
  .max(100_000_000_00, { error: 'A price must be at most ₹10,00,00,000' });

const Text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${what} must be at most ${max} characters` });

export const QuoteRequestLine = z
  .object({
    productId: ObjectId,
    variantIndex: VariantIndex,
    source: Source,
    quantity: Quantity,
    targetPricePaise: Paise.nullable().optional(),
  })
  .strict();

/** POST /api/quotes/: the lines (from the cart or a product page) and the buyer's note. */
export const QuoteRequestBody = z
  .object({
    note: Text(QUOTE_NOTE_MAX, 'The note').default(''),
    lines: z
      .array(QuoteRequestLine)
      .min(1, { error: 'A quote needs at least one line' })
      .max(QUOTE_LINES_MAX, { error: `A quote has at most ${QUOTE_LINES_MAX} lines` }),
  })
  .strict();
export type QuoteRequestBody = z.input<typeof QuoteRequestBody>;

export const QuoteMessageBody = z
  .object({
    body: Text(QUOTE_NOTE_MAX, 'A message').min(1, { error: 'Write a message' }),
  })
  .strict();

/** POST /api/staff/quotes/:id/answer: a unit price per line, in line order, and the expiry. */
export const QuoteAnswerBody = z
  .object({
    unitPricesPaise: z.array(Paise).min(1).max(QUOTE_LINES_MAX),
    expiresAt: z.iso.datetime({ offset: true, error: 'expiresAt must be an ISO date-time' }),
  })
  .strict();

export const QuoteDeclineBody = z
  .object({ reason: Text(QUOTE_NOTE_MAX, 'The reason').min(1, { error: 'Give a reason' }) })
  .strict();

/** Why the buyer withdraws a request or declines a price: optional, shown to the store. */
const BuyerReason = Text(QUOTE_NOTE_MAX, 'The reason').default('');

/** POST /api/quotes/:id/withdraw: the buyer no longer wants a price for a request not yet priced. */
export const QuoteWithdrawBody = z.object({ reason: BuyerReason }).strict();
export type QuoteWithdrawBody = z.input<typeof QuoteWithdrawBody>;

/**
 * POST /api/quotes/:id/decline: the buyer turns down the price they saw (its version, as for
 * accepting: a price replaced meanwhile is refused, so the new one is reviewed first).
 */
export const QuoteBuyerDeclineBody = z
  .object({ version: z.number().int().min(1), reason: BuyerReason })
  .strict();
export type QuoteBuyerDeclineBody = z.input<typeof QuoteBuyerDeclineBody>;

/** POST /api/quotes/:id/accept: the version accepted and the order's address (as a checkout). */
export const QuoteAcceptBody = z.object({
  version: z.number().int().min(1),
  order: OrderCreateBody,
});

export const QuoteParams = z.object({ id: ObjectId }).strict();
/** A page of the staff's queue (newest first). */
export const QUOTE_PAGE_SIZE = 25;
export const StaffQuoteQuery = z
  .object({
    status: QuoteStatus.optional(),
    /** The `next` of the previous page. */
    after: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(QUOTE_PAGE_SIZE),
  })
  .strict();

export const QuoteLine = z.object({
  position: z.number().int(),
  productId: z.string(),
  variantIndex: z.number().int().nullable(),
  source: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  targetPricePaise: z.number().int().nullable(),
});

export const QuoteVersion = z.object({
  version: z.number().int(),
  unitPricesPaise: z.array(z.number().int()),
  totalPaise: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
});

export type QuoteVersion = z.infer<typeof QuoteVersion>;

export const QuoteMessage = z.object({
  author: z.enum(['buyer', 'staff']),
  body: z.string(),
  createdAt: z.string(),
});

export const Quote = z.object({
  id: z.string(),
  status: QuoteStatus,
  note: z.string(),
  /** Why it was declined or withdrawn: the store's reason, or the buyer's when they gave one. */
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(QuoteLine),
  /** Every version sent, oldest first; the last is the one that can be accepted. */
  versions: z.array(QuoteVersion),
  messages: z.array(QuoteMessage),
  /** The order its acceptance made, and that order's number (MKP-…), as the console links it. */
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** For staff: who asked. */
  buyer: z.object({ email: z.string(), companyName: z.string() }).optional(),
});
export type Quote = z.infer<typeof Quote>;

export const QuoteSummary = Quote.pick({ id: true, status: true, createdAt: true }).extend({
  lineCount: z.number().int(),
  /** The first line's product, to know the quote by. */
  title: z.string(),
  /** The latest version's total and expiry; null until one is sent. */
  totalPaise: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  buyer: z.object({ email: z.string(), companyName: z.string() }).optional(),
});

export type QuoteSummary = z.infer<typeof QuoteSummary>;

export const QuoteResponse = z.object({ payload: Quote });
/** The buyer's list (all their quotes), and a page of the staff's queue with the next one's cursor. */
export const QuoteListResponse = z.object({
  payload: z.array(QuoteSummary),
  /** The staff's queue: pass as `after` for the next page; null on the last. */
  next: z.string().nullable().optional(),
});
