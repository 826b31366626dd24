/**
 * PLANNED CONTRACTS — TO BE REPLACED by the shared ones.
 *
 * The dashboard, payments-needing-attention and buyers routes of the staff API are being built
 * on main now; their contracts will be in packages/shared when that work is merged. Until then
 * the console builds against the shapes agreed for them, written here. When they land, delete
 * this file and import the schemas from @storefront/shared (the names are meant to carry over);
 * where the shared shapes differ, the shared ones win and the pages follow them.
 */
import { z } from 'zod';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /api/staff/dashboard */
export const DashboardResponse = z.object({
  ordersToday: z.number().int(),
  revenueTodayPaise: z.number().int(),
  orders7d: z.number().int(),
  revenue7dPaise: z.number().int(),
  orders30d: z.number().int(),
  revenue30dPaise: z.number().int(),
  awaitingShipment: z.number().int(),
  paymentsNeedingAttention: z.number().int(),
  /** The last 30 days, oldest first. */
  daily: z.array(z.object({ date: Day, orders: z.number().int(), revenuePaise: z.number().int() })),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;

export const ATTENTION_REASONS = ['refund_due', 'amount_mismatch', 'refund_failed'] as const;

/** GET /api/staff/payments/attention */
export const PaymentsAttentionResponse = z.object({
  items: z.array(
    z.object({
      paymentId: z.number().int(),
      mkpOrderId: z.string(),
      orderId: z.string(),
      reason: z.enum(ATTENTION_REASONS),
      amountPaise: z.number().int(),
      orderTotalPaise: z.number().int(),
      provider: z.string(),
      merchantTransactionId: z.string(),
      createdAt: z.iso.datetime(),
      evidence: z.unknown(),
    }),
  ),
});
export type PaymentsAttentionResponse = z.infer<typeof PaymentsAttentionResponse>;

export const StaffBuyer = z.object({
  id: z.string(),
  email: z.string(),
  companyName: z.string(),
  gstin: z.string(),
  contactName: z.string(),
  verified: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.iso.datetime(),
  orderCount: z.number().int(),
});
export type StaffBuyer = z.infer<typeof StaffBuyer>;

/** GET /api/staff/buyers?q=&cursor= */
export const BuyerListResponse = z.object({
  items: z.array(StaffBuyer),
  nextCursor: z.string().nullable(),
});

/**
 * GET /api/staff/buyers/:id — "buyer + orders + sessions" was agreed without field names; these
 * are the console's assumption.
 */
export const BuyerDetailResponse = z.object({
  buyer: StaffBuyer,
  orders: z.array(
    z.object({
      mkpOrderId: z.string(),
      createdAt: z.iso.datetime(),
      pStatus: z.string(),
      totalPaise: z.number().int(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.iso.datetime(),
      lastUsedAt: z.iso.datetime().nullable(),
      expiresAt: z.iso.datetime(),
    }),
  ),
});
export type BuyerDetailResponse = z.infer<typeof BuyerDetailResponse>;

/** POST /api/staff/buyers/:id/disable and …/enable answer the buyer as it now is. */
export const BuyerActionResponse = StaffBuyer;
