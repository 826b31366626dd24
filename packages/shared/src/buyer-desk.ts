import { z } from 'zod';

/**
 * The buyers desk's contract (issue 19): the store's buyer accounts as staff see them — a list
 * searched by email, company or GSTIN and paged by keyset newest first; a buyer's page with
 * their profile, latest orders and sessions; and the owner's disable and enable of an account.
 */

export const BUYER_PAGE_MAX = 100;
/** The latest orders a buyer's page shows. */
export const BUYER_ORDERS_SHOWN = 50;
/** The latest sessions (sign-ins) a buyer's page shows. */
export const BUYER_SESSIONS_SHOWN = 50;

export const BuyerDeskQuery = z
  .object({
    /** Part of the email, the company name or the GSTIN, any case (two characters at least). */
    q: z.string().trim().min(2).max(100).optional(),
    /** The `next` of the previous page. */
    after: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(BUYER_PAGE_MAX).default(50),
  })
  .strict();
export type BuyerDeskQuery = z.infer<typeof BuyerDeskQuery>;

export const BuyerDeskRow = z.object({
  id: z.string(),
  email: z.string(),
  companyName: z.string(),
  gstin: z.string(),
  contactName: z.string(),
  /** The email was confirmed (an unverified account cannot sign in). */
  verified: z.boolean(),
  /** Staff disabled the account: it cannot sign in, and its sessions were ended. */
  disabled: z.boolean(),
  createdAt: z.iso.datetime(),
  orderCount: z.number().int(),
});
export type BuyerDeskRow = z.infer<typeof BuyerDeskRow>;

export const BuyerDeskList = z.object({
  items: z.array(BuyerDeskRow),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
});
export type BuyerDeskList = z.infer<typeof BuyerDeskList>;

export const BuyerParams = z
  .object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Not a buyer id') })
  .strict();

/** A buyer's account: every profile field, and its state. */
export const BuyerProfile = z.object({
  id: z.string(),
  email: z.string(),
  contactName: z.string(),
  companyName: z.string(),
  gstin: z.string(),
  phoneNumber: z.string(),
  businessType: z.string(),
  businessStreet: z.string(),
  businessCity: z.string(),
  businessState: z.string(),
  pincode: z.string().nullable(),
  businessCountry: z.string(),
  verified: z.boolean(),
  verifiedAt: z.iso.datetime().nullable(),
  disabled: z.boolean(),
  disabledAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type BuyerProfile = z.infer<typeof BuyerProfile>;

export const BuyerOrder = z.object({
  mkpOrderId: z.string(),
  createdAt: z.iso.datetime(),
  status: z.string(),
  statusLabel: z.string(),
  totalPaise: z.number().int(),
});
export type BuyerOrder = z.infer<typeof BuyerOrder>;

/**
 * A session: one sign-in's refresh-token family (the buyer's refresh tokens rotate within it).
 * `lastUsedAt` is its last refresh (null if never refreshed); `expiresAt` when it ends unless
 * used; `state` active, expired or revoked (logout, password change, reuse of a stolen token, or
 * the account disabled).
 */
export const BuyerSession = z.object({
  id: z.string(),
  startedAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});
export type BuyerSession = z.infer<typeof BuyerSession>;

export const BuyerDetail = z.object({
  buyer: BuyerProfile,
  /** Every order of the buyer, counted. */
  orderCount: z.number().int(),
  /** The latest BUYER_ORDERS_SHOWN orders, newest first. */
  orders: z.array(BuyerOrder),
  /** The latest BUYER_SESSIONS_SHOWN sessions, newest first. */
  sessions: z.array(BuyerSession),
});
export type BuyerDetail = z.infer<typeof BuyerDetail>;

export const BuyerDisableBody = z
  .object({
    /** Why, for the audit log (the buyer is not shown it). */
    reason: z
      .string()
      .trim()
      .min(3, 'Say why the account is disabled (3 characters at least)')
      .max(500, 'At most 500 characters'),
  })
  .strict();
export type BuyerDisableBody = z.infer<typeof BuyerDisableBody>;

/** The account after a disable or enable; `changed` false when it already was so. */
export const BuyerStatusResponse = z.object({
  buyer: BuyerProfile,
  changed: z.boolean(),
  /** Sessions ended by this disable (0 for an enable or a repeat). */
  sessionsRevoked: z.number().int(),
});
export type BuyerStatusResponse = z.infer<typeof BuyerStatusResponse>;
