import { z } from 'zod';
import { ObjectId, Oid } from './catalog.js';
import { ORDER_CURRENCY, ORDER_SOURCE } from './constants.js';
import { findIndianState, isIndia } from './gst.js';
import { GST_STATE_CODES, GSTIN_PROBLEM_MESSAGES, gstinProblem, normaliseGstin } from './gstin.js';
import { STATE_CHOICE_MESSAGE } from './store-settings.js';
import { BillingDetails, LineGst, TaxDocumentRef, TaxSummary } from './tax-summary.js';

/**
 * The orders API contract (spec §3 "Order create payload", "Order"; §5 checkout; §7;
 * product decisions #1, #5, #6, #7). Amounts are rupees. The client never sends a price: the create
 * payload is strict, so a `total_amount`, `price` or `orderDetails` field is refused (400), and
 * the server prices every line from its own cart with `priceLine`.
 */

const FIELD_MAX = 200;

/** A required line of an address form, with its message (spec §5: no format checks). */
export function required(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(FIELD_MAX, { error: `At most ${FIELD_MAX} characters` });
}
/** An optional line of an address form, sent as ''. */
export const optionalLine = z
  .string()
  .trim()
  .max(FIELD_MAX, { error: `At most ${FIELD_MAX} characters` })
  .default('');

/** Messages of the checkout form's required fields (spec §5 "Checkout"). */
export const CHECKOUT_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  recipientName: 'Recipient name is required',
  address1: 'Address line 1 is required',
  city: 'City is required',
  state: 'State / Province is required',
  postalCode: 'ZIP / Postal code is required',
  country: 'Country is required',
  phone: 'Phone number is required',
} as const;

/** A GSTIN as the shared rules check it (gstin.ts), with their messages. */
const Gstin = z
  .string()
  .transform(normaliseGstin)
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: GSTIN_PROBLEM_MESSAGES[problem] });
  });

/** A state or union territory of India, by name or GST code in any case (`findIndianState`). */
const IndianStateField = required(CHECKOUT_MESSAGES.state).refine(
  (value) => findIndianState(value) !== undefined,
  { message: STATE_CHOICE_MESSAGE },
);

/** The fields of a billing entity: a GSTIN, its legal name and its registered address. */
export const billingShape = {
  gstin: Gstin,
  legalName: required('Legal name is required'),
  address1: required(CHECKOUT_MESSAGES.address1),
  address2: optionalLine,
  city: required(CHECKOUT_MESSAGES.city),
  /** A state's name or GST state code. */
  state: IndianStateField,
  postalCode: required(CHECKOUT_MESSAGES.postalCode),
};

/**
 * The billing state is the GSTIN's (its first two digits are the state code): a registration
 * whose code is no place with an address (97 Other Territory, 99 Centre Jurisdiction) matches
 * no state, so it cannot be billed at one.
 */
export function checkBillingState(
  billing: { gstin: string; state: string },
  ctx: z.RefinementCtx,
): void {
  const code = billing.gstin.slice(0, 2);
  const registered = findIndianState(code);
  const state = findIndianState(billing.state);
  if (state && registered?.code !== state.code && code in GST_STATE_CODES)
    ctx.addIssue({
      code: 'custom',
      path: ['state'],
      message: `The billing state must be the GSTIN's state (${registered?.name ?? GST_STATE_CODES[code]})`,
    });
}

/**
 * Whom the order is billed to (issue 21, Rule 46(d)): a GSTIN, its legal name and its registered
 * address, whose state must be the GSTIN's. Without it the server bills the account's GSTIN,
 * company name and business address.
 */
export const BillingInput = z.object(billingShape).strict().superRefine(checkBillingState);
export type BillingInput = z.infer<typeof BillingInput>;
/** What the checkout's billing form holds (address line 2 may be left out). */
export type BillingInputValues = z.input<typeof BillingInput>;

/** Where an order ships (spec §3): the create payload's shipping fields. */
const orderShippingShape = {
  recipientName: required(CHECKOUT_MESSAGES.recipientName),
  shippingAddress1: required(CHECKOUT_MESSAGES.address1),
  shippingAddress2: optionalLine,
  shippingAddress3: optionalLine,
  shippingCity: required(CHECKOUT_MESSAGES.city),
  shippingState: required(CHECKOUT_MESSAGES.state),
  shippingPostalCode: required(CHECKOUT_MESSAGES.postalCode),
  shippingCountry: required(CHECKOUT_MESSAGES.country),
  shippingPhoneNumber: required(CHECKOUT_MESSAGES.phone),
};

function checkShippingState(
  body: { shippingCountry: string; shippingState: string },
  ctx: z.RefinementCtx,
): void {
  if (isIndia(body.shippingCountry) && !findIndianState(body.shippingState))
    ctx.addIssue({ code: 'custom', path: ['shippingState'], message: STATE_CHOICE_MESSAGE });
}

/**
 * POST /api/orders/ (spec §3). Address lines 2 and 3 are optional and sent as ''. An Indian
 * address names a state or union territory (issue 21), which the order stores by its name and
 * GST state code.
 */
export const OrderCreateBody = z
  .object({
    currency: z.literal(ORDER_CURRENCY).default(ORDER_CURRENCY),
    source: z.literal(ORDER_SOURCE).default(ORDER_SOURCE),
    ...orderShippingShape,
    billing: BillingInput.optional(),
    /** Save the shipping address to the buyer's address book with the order (issue 22). */
    saveAddress: z.boolean().optional(),
    /** Save the billing details as a billing entity with the order (issue 22). */
    saveBilling: z.boolean().optional(),
  })
  .strict()
  .superRefine(checkShippingState);
/** What the server handles (defaults applied). */
export type OrderCreateBody = z.infer<typeof OrderCreateBody>;
/** What a client may send (currency, source and address lines 2 and 3 may be left out). */
export type OrderCreateInput = z.input<typeof OrderCreateBody>;

/**
 * PUT /api/orders/{id}/shipping (issue 22): the payment step's way back to shipping changes the
 * unpaid order's ship-to and, when given, its billing details; the server works out again what
 * depends on them (the place of supply and the tax heads).
 */
export const OrderShippingBody = z
  .object({ ...orderShippingShape, billing: BillingInput.optional() })
  .strict()
  .superRefine(checkShippingState);
export type OrderShippingBody = z.infer<typeof OrderShippingBody>;
export type OrderShippingInput = z.input<typeof OrderShippingBody>;

/**
 * Who receives the parcel: what the checkout asks alone when the order ships to the billing
 * address (issue 21).
 */
export const CheckoutRecipientForm = z.object({
  firstName: required(CHECKOUT_MESSAGES.firstName),
  lastName: required(CHECKOUT_MESSAGES.lastName),
  phone: required(CHECKOUT_MESSAGES.phone),
});
export type CheckoutRecipientForm = z.infer<typeof CheckoutRecipientForm>;

/**
 * The checkout shipping form (spec §5): the same messages, mapped onto the create payload; an
 * Indian address's state is one of the list, as the create payload requires (issue 21).
 */
export const CheckoutShippingForm = z
  .object({
    firstName: required(CHECKOUT_MESSAGES.firstName),
    lastName: required(CHECKOUT_MESSAGES.lastName),
    address1: required(CHECKOUT_MESSAGES.address1),
    address2: optionalLine,
    address3: optionalLine,
    city: required(CHECKOUT_MESSAGES.city),
    state: required(CHECKOUT_MESSAGES.state),
    postalCode: required(CHECKOUT_MESSAGES.postalCode),
    country: required(CHECKOUT_MESSAGES.country),
    phone: required(CHECKOUT_MESSAGES.phone),
  })
  .superRefine((form, ctx) => {
    if (isIndia(form.country) && form.state && !findIndianState(form.state))
      ctx.addIssue({ code: 'custom', path: ['state'], message: STATE_CHOICE_MESSAGE });
  });
export type CheckoutShippingForm = z.infer<typeof CheckoutShippingForm>;

export function orderCreateBodyFromForm(form: CheckoutShippingForm): OrderCreateBody {
  return {
    currency: ORDER_CURRENCY,
    source: ORDER_SOURCE,
    recipientName: `${form.firstName} ${form.lastName}`,
    shippingAddress1: form.address1,
    shippingAddress2: form.address2,
    shippingAddress3: form.address3,
    shippingCity: form.city,
    shippingState: form.state,
    shippingPostalCode: form.postalCode,
    shippingCountry: form.country,
    shippingPhoneNumber: form.phone,
  };
}

/** Header of POST /api/orders/: one key per checkout attempt (≤255 characters, Stripe's bound). */
export const IdempotencyKey = z
  .string()
  .min(1, { error: 'Idempotency-Key must be 1 to 255 printable characters' })
  .max(255, { error: 'Idempotency-Key must be 1 to 255 printable characters' })
  .regex(/^[\x21-\x7e]+$/, { error: 'Idempotency-Key must be 1 to 255 printable characters' });

export const OrderDate = z.object({ $date: z.iso.datetime() });

/** One line of an order as it was priced when placed (a snapshot; later catalog edits do not change it). */
export const OrderLine = z.object({
  productId: ObjectId,
  variantIndex: z.number().int().nullable(),
  title: z.string(),
  /** The variant's SKU, or the product code without options. */
  sku: z.string(),
  /** The supplier's SKU; null shows as 'N/A'. */
  sellerSku: z.string().nullable(),
  source: z.string(),
  /** Unit price, rupees. */
  consumerPrice: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
  /** The line's GST as it was sold (issue 21); null on orders from before it. */
  gst: LineGst.nullable(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/** A status change (product decision #7): the tracking view's timeline reads these (product decision #6). */
export const OrderStatusChange = z.object({
  from: z.string().nullable(),
  status: z.string(),
  /**
   * 'order_created', 'payment_callback', 'status_query', 'reconciliation', 'operator', ...; an
   * entry with from = status notes what an operator must see: 'payment_amount_mismatch',
   * 'payment_refund_due' (decision 025).
   */
  cause: z.string(),
  at: OrderDate,
});
export type OrderStatusChange = z.infer<typeof OrderStatusChange>;

export const Order = z.object({
  _id: Oid,
  mkpOrderId: z.string(),
  createdAt: OrderDate,
  pStatus: z.string(),
  currency: z.string(),
  source: z.number().int(),
  recipientName: z.string(),
  shippingAddress1: z.string(),
  shippingAddress2: z.string(),
  shippingAddress3: z.string(),
  shippingCity: z.string(),
  shippingState: z.string(),
  shippingPostalCode: z.string(),
  shippingCountry: z.string(),
  shippingPhoneNumber: z.string(),
  /** Rupees, 2 decimals: the sum of the line totals (no tax or shipping, spec §9). */
  total_amount: z.number(),
  /** Sum of the line quantities. */
  itemCount: z.number().int(),
  orderDetails: z.array(OrderLine),
  /** Set when staff mark the order shipped. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The carrier's tracking page, when staff gave one (https only). */
  trackingUrl: z.string().nullable(),
  /** Money going back to the buyer, oldest first: rupees, and whether it has reached them. */
  refunds: z.array(
    z.object({
      amount: z.number(),
      state: z.enum(['processing', 'completed']),
      at: OrderDate,
    }),
  ),
  /** Oldest first. */
  statusHistory: z.array(OrderStatusChange),
  /** The tax invoice (once paid) and any credit notes, oldest first, with their PDFs' addresses. */
  documents: z.array(TaxDocumentRef),
  /** Whom the order is billed to (issue 21); null on orders from before it. */
  billing: BillingDetails.nullable(),
  /** The GST state code of an Indian ship-to address; null abroad and on older orders. */
  shippingStateCode: z.string().nullable(),
  /** The order's GST, with its place of supply and heads; null on orders from before issue 21. */
  tax: TaxSummary.nullable(),
});
export type Order = z.infer<typeof Order>;

/** POST /api/orders/ answers 201 with the whole order (spec: the client reads payload._id.$oid). */
export const OrderCreateResponse = z.object({ payload: Order });
export type OrderCreateResponse = z.infer<typeof OrderCreateResponse>;
export const OrderListResponse = z.object({ payload: z.array(Order) });
export type OrderListResponse = z.infer<typeof OrderListResponse>;
export const OrderResponse = z.object({ payload: Order });
export type OrderResponse = z.infer<typeof OrderResponse>;
export const OrderParams = z.object({ id: ObjectId }).strict();

/** A shipment as staff record it (`npm run store -- order:ship`, the console's order desk). */
export const OrderShipBody = z
  .object({
    carrier: z.string().trim().min(1, { error: 'Carrier is required' }).max(100),
    trackingNumber: z.string().trim().min(1, { error: 'Tracking number is required' }).max(100),
    /** The carrier's page for this parcel: https only, as it becomes a link in the buyer's email. */
    trackingUrl: z
      .url({ protocol: /^https$/, error: 'Tracking URL must be an https:// address' })
      .max(500)
      .optional(),
  })
  .strict();
export type OrderShipBody = z.infer<typeof OrderShipBody>;

/** A cancellation, by the buyer or by staff: the reason is kept in the order's history. */
export const OrderCancelBody = z.object({ reason: z.string().trim().max(500).optional() }).strict();
export type OrderCancelBody = z.infer<typeof OrderCancelBody>;
