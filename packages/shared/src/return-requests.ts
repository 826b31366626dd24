import { z } from 'zod';
import { TaxDocumentRef } from './tax-summary.js';

/**
 * Returns of delivered goods (issue 22, decision 061): the buyer asks to return lines of a
 * delivered order within RETURN_WINDOW_DAYS of its delivery, for a reason, with photos; staff
 * accept or refuse, then mark the goods received, which refunds the returned lines' value
 * through the order desk's refunds. Not to be confused with GST returns (gst-returns.ts).
 */

/** The returns policy's window (spec static page "Returns"): 7 days from delivery. */
export const RETURN_WINDOW_DAYS = 7;
export const RETURN_WINDOW_MS = RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000;
/** Photos a request may carry, and the size of each upload (before it is re-encoded). */
export const RETURN_PHOTOS_MAX = 5;
export const RETURN_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const RETURN_REASONS = ['damaged', 'defective', 'wrong_item'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  defective: 'Defective',
  wrong_item: 'Wrong item',
};

/** requested → accepted | refused; accepted → received → refunded. */
export const RETURN_STATUSES = [
  'requested',
  'accepted',
  'refused',
  'received',
  'refunded',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** A request that still holds its lines (no second request for them meanwhile). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'accepted', 'received'];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  accepted: 'Return accepted — send the goods back',
  refused: 'Return refused',
  received: 'Goods received — refund on its way',
  refunded: 'Refunded',
};

export const ReturnLineInput = z
  .object({
    /** The order line's position (0-based, as order lines are numbered). */
    position: z.number().int().min(0).max(10_000),
    quantity: z.number().int().min(1).max(100_000),
  })
  .strict();

export const ReturnCreateBody = z
  .object({
    lines: z.array(ReturnLineInput).min(1, 'Choose at least one item to return').max(200),
    reason: z.enum(RETURN_REASONS, { error: 'Choose why you are returning the items' }),
    description: z.string().trim().min(10, 'Describe the problem in a sentence or two').max(2000),
  })
  .strict();
export type ReturnCreateBody = z.infer<typeof ReturnCreateBody>;

export const ReturnPhoto = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type ReturnPhoto = z.infer<typeof ReturnPhoto>;

export const ReturnLine = z.object({
  position: z.number().int(),
  title: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitPricePaise: z.number().int(),
  /** quantity × the line's sold unit price: what the return refunds for it. */
  amountPaise: z.number().int(),
});
export type ReturnLine = z.infer<typeof ReturnLine>;

export const ReturnRequest = z.object({
  id: z.number().int(),
  orderId: z.string(),
  mkpOrderId: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  description: z.string(),
  lines: z.array(ReturnLine),
  /** What the return refunds: the sum of its lines, worked out on the server. */
  amountPaise: z.number().int(),
  photos: z.array(ReturnPhoto),
  /** Staff's word on accepting or refusing (a refusal always has one). */
  decisionNote: z.string().nullable(),
  refundId: z.number().int().nullable(),
  /**
   * Where the refund stands at the gateway once written (REQUESTED, PENDING, COMPLETED, FAILED):
   * its latest retry's state when the gateway refused it and staff retried it.
   */
  refundStatus: z.string().nullable(),
  /**
   * The credit note the refund caused (decision 056), once its money is back with the buyer;
   * its PDF's address is on the reader's own route (the buyer's order, or the console's).
   */
  creditNote: TaxDocumentRef.nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type ReturnRequest = z.infer<typeof ReturnRequest>;

/** What of a line may still be asked back, by the server's rule (decision 061). */
export const ReturnableLine = z.object({
  position: z.number().int(),
  /** The line's quantity less units refunded (by any refund) and units in open requests. */
  unitsLeft: z.number().int(),
  /** The line is in an open request: no second request may take it meanwhile. */
  inOpenReturn: z.boolean(),
});
export type ReturnableLine = z.infer<typeof ReturnableLine>;

/**
 * Whether the order takes a return now, as the server judges a request (decision 064): the
 * screens show the button and say why not from this, never from a rule of their own.
 */
export const Returnability = z.object({
  /** 'open': a request may be made; else why not. */
  state: z.enum(['open', 'not_delivered', 'window_closed', 'nothing_left']),
  /** The last move to DELIVERED; null before delivery. */
  deliveredAt: z.string().nullable(),
  /** deliveredAt + RETURN_WINDOW_DAYS; null before delivery. */
  closesAt: z.string().nullable(),
  lines: z.array(ReturnableLine),
});
export type Returnability = z.infer<typeof Returnability>;

export const ReturnList = z.object({ items: z.array(ReturnRequest), returnable: Returnability });
export type ReturnList = z.infer<typeof ReturnList>;

/** A request as staff see it: with its buyer. */
export const DeskReturnRequest = ReturnRequest.extend({
  buyerEmail: z.string(),
  companyName: z.string(),
});
export type DeskReturnRequest = z.infer<typeof DeskReturnRequest>;
export const DeskReturnList = z.object({
  items: z.array(DeskReturnRequest),
  /** Pass as `before` for the next page; null on the last. */
  next: z.number().int().nullable(),
});
export type DeskReturnList = z.infer<typeof DeskReturnList>;

export const RETURN_PAGE_MAX = 100;

export const DeskReturnQuery = z
  .object({
    status: z.enum(RETURN_STATUSES).optional(),
    /** The id below which to continue (the last page's smallest id): newest first. */
    before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(RETURN_PAGE_MAX).default(25),
  })
  .strict();
export type DeskReturnQuery = z.infer<typeof DeskReturnQuery>;

export const ReturnParams = z
  .object({ returnId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) })
  .strict();
export const ReturnPhotoParams = z
  .object({
    returnId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    photoId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  })
  .strict();

export const ReturnAcceptBody = z.object({ note: z.string().trim().max(1000).optional() }).strict();
export const ReturnRefuseBody = z
  .object({ note: z.string().trim().min(3, 'Say why the return is refused').max(1000) })
  .strict();
