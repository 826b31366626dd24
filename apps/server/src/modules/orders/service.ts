/**
 * Orders (spec §3 "Order", §7 orders calls; docs/product-decisions.md #1, #5, #6, #7).
 *
 * - An order is made from the buyer's server-side cart in two round trips (decision 072): the
 *   cart is read with its products, every line priced with the shared `priceLine` and taxed,
 *   snapshotted; then one statement, the database function `place_order`, writes it all or
 *   nothing: it takes exactly the cart that was priced (DELETE, which locks its lines; a cart
 *   changed in between is read again), the stock, the order, its lines and its first history
 *   row. Nothing the client sends is a price.
 * - Idempotency-Key (reliability-and-security.md §2, brandur.org/idempotency-keys): the key is
 *   claimed with INSERT … ON CONFLICT DO NOTHING by that same statement, with a fingerprint of
 *   the request, and the response is stored with it. A duplicate blocks on the claim until the
 *   first commits, then replays the stored response; if the first fails, nothing was kept and
 *   the duplicate runs as the first. A duplicate that waits longer than the lock timeout gets
 *   409 `order_in_flight` (the IETF Idempotency-Key draft's answer to a request still being
 *   processed). A crash before commit leaves nothing, so a retry creates the order; a crash
 *   after commit leaves the response, so a retry replays it.
 * - Every status change is one guarded UPDATE plus a history row (`transitionOrderStatus`).
 * - Stock (issue 20, decision 048): only an active product's line can be ordered, in whole packs
 *   from its minimum up; the order takes its units from stock_levels in its own statement
 *   (none left → 409 and nothing written), each line records what it took and
 *   from which row, and `releaseOrderStock` gives them back once when the order is cancelled
 *   or lapses unpaid.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { SIGNUP_PLACEHOLDER } from '@storefront/shared/constants';
import { findCountry } from '@storefront/shared/countries';
import {
  findIndianState,
  indianStateByCode,
  isIndia,
  lineTax,
  taxTotals,
  type LineTax,
  type SupplyType,
} from '@storefront/shared/gst';
import { isValidGstin, normaliseGstin } from '@storefront/shared/gstin';
import { paiseToRupees } from '@storefront/shared/money';
import { priceLine } from '@storefront/shared/pricing';
import { countryNotServedMessage } from '@storefront/shared/store-settings';
import type { BillingDetails } from '@storefront/shared/tax-summary';
import {
  productUnavailableMessage,
  quantityProblem,
  stockShortMessage,
} from '@storefront/shared/stock';
import { statusBadge, UNPAID_STATUSES } from '@storefront/shared/order-status';
import type {
  Order,
  OrderCreateBody,
  OrderCreateResponse,
  OrderShipBody,
  OrderShippingBody,
} from '@storefront/shared/orders';
import type { Config } from '../../config.js';
import type { Db, DbOrTx, Tx } from '../../db/connect.js';
import { prepared } from '../../db/prepared.js';
import { setLockTimeout } from '../../db/lock-timeout.js';
import { orderLines, orderStatusHistory, orders } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newObjectId } from '../../lib/ids.js';
import {
  buyerDocumentHref,
  documentsJson,
  toDocumentRef,
  type DocumentJson,
} from '../invoices/refs.js';
import type { TaxSetup } from '../../module-context.js';
import {
  lineLabel,
  linePricing,
  productsForLines,
  readCartForOrder,
  variantOf,
  type AccountBilling,
  type CartLine,
  type StoredOrderAnswer,
} from '../cart/service.js';
import type { ProductForPricing } from '../catalog/service.js';
import { returnStock } from '../catalog/stock.js';
import { checkTakesOrders } from '../gst/settings.js';
import { effectiveRate, lineGstView, supplyOf, taxSummaryView, type Supply } from '../gst/tax.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';
import { callerId, type Caller } from '../users/authenticate.js';
import { saveOrderEntries, type OrderEntries } from '../address-book/service.js';
import { queueOrderUpdate } from './status-emails.js';

type Executor = Pick<Db, 'execute'>;

/** How long a duplicate request waits for the one holding its key (or its cart) before a 409. */
export const ORDER_LOCK_TIMEOUT_MS = 5000;
const LOCK_NOT_AVAILABLE = '55P03';
const ORDER_NUMBER_ATTEMPTS = 5;
/** How often a checkout reads its cart again when the cart changed before its write took it. */
const CHECKOUT_ATTEMPTS = 5;
/** The SQLSTATE of a PL/pgSQL RAISE EXCEPTION: place_order's refusals. */
const RAISED = 'P0001';

// ── Status transitions ──────────────────────────────────────────────────────

/**
 * Moves an order from one of `from` to `to` and records it, in one statement: the guarded
 * UPDATE re-checks the status after waiting for a concurrent writer (Read Committed), so of
 * two concurrent identical transitions exactly one returns true. The locking CTE supplies the
 * status the order really had, for the history row. Side effects belong after a true.
 */
export async function transitionOrderStatus(
  tx: Executor,
  orderId: string,
  from: readonly string[],
  to: string,
  cause: string,
  detail: Record<string, unknown> | null = null,
): Promise<boolean> {
  if (from.length === 0) return false;
  const result = await tx.execute(
    sql`WITH current AS (SELECT id, p_status FROM orders WHERE id = ${orderId} FOR UPDATE),
         moved AS (
           UPDATE orders o SET p_status = ${to}, updated_at = now()
             FROM current
            WHERE o.id = current.id
              AND o.p_status IN (${sql.join(
                from.map((s) => sql`${s}`),
                sql`, `,
              )})
           RETURNING o.id, current.p_status AS from_status)
        INSERT INTO order_status_history (order_id, from_status, to_status, cause, detail)
        SELECT id, from_status, ${to}, ${cause}, ${detail === null ? null : JSON.stringify(detail)}::jsonb
          FROM moved
        RETURNING id`,
  );
  return result.rows.length > 0;
}

/**
 * Records in the order's history something that needs an operator but does not change the
 * status (from = to): a payment flagged for its amount, a second payment that must be refunded.
 */
export async function recordOrderEvent(
  tx: Executor,
  orderId: string,
  cause: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO order_status_history (order_id, from_status, to_status, cause, detail)
        SELECT id, p_status, p_status, ${cause}, ${JSON.stringify(detail)}::jsonb
          FROM orders WHERE id = ${orderId}`,
  );
}

// ── Reading orders ──────────────────────────────────────────────────────────

/** The tax columns of an order line (issue 21); null on orders placed before it. */
interface LineTaxColumns {
  hsn: string | null;
  gstRateBp: number | null;
  taxablePaise: number | string | null;
  cgstPaise: number | string | null;
  sgstPaise: number | string | null;
  igstPaise: number | string | null;
}

/** An order row's ship-to, billing and place of supply, as SQL answers them. */
export interface OrderAddressColumns {
  recipient_name: string;
  shipping_address1: string;
  shipping_address2: string;
  shipping_address3: string;
  shipping_city: string;
  shipping_state: string;
  shipping_state_code: string | null;
  shipping_postal_code: string;
  shipping_country: string;
  shipping_phone_number: string;
  /** Billing and tax (issue 21); null on orders placed before it. */
  billing_gstin: string | null;
  billing_legal_name: string | null;
  billing_address1: string | null;
  billing_address2: string | null;
  billing_city: string | null;
  billing_state_code: string | null;
  billing_postal_code: string | null;
  place_of_supply: string | null;
  supply_type: string | null;
}

interface OrderRow extends OrderAddressColumns {
  id: string;
  mkp_order_id: string;
  created_at: Date | string;
  p_status: string;
  currency: string;
  source: number;
  total_paise: number | string;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  taxable_paise: number | string | null;
  cgst_paise: number | string | null;
  sgst_paise: number | string | null;
  igst_paise: number | string | null;
  refunds: { amountPaise: number | string; status: string; at: Date | string }[];
  lines: ({
    productId: string;
    variantIndex: number | null;
    title: string;
    sku: string;
    sellerSku: string | null;
    source: string;
    unitPricePaise: number | string;
    quantity: number;
    lineTotalPaise: number | string;
  } & LineTaxColumns)[];
  history: { from: string | null; to: string; cause: string; at: Date | string }[];
  documents: DocumentJson[];
}

const isoDate = (value: Date | string) => ({ $date: new Date(value).toISOString() });

/** A stored line's tax in the shared rule's terms, or null on a line from before issue 21. */
function storedLineTax(line: LineTaxColumns): LineTax | null {
  if (line.hsn === null || line.gstRateBp === null) return null;
  return {
    rateBp: Number(line.gstRateBp),
    taxablePaise: Number(line.taxablePaise),
    centralPaise: Number(line.cgstPaise),
    statePaise: Number(line.sgstPaise),
    integratedPaise: Number(line.igstPaise),
  };
}

/** The order's billed GSTIN, name and address as stored, or null on an order from before issue 21. */
export function storedBilling(row: {
  billing_gstin: string | null;
  billing_legal_name: string | null;
  billing_address1: string | null;
  billing_address2: string | null;
  billing_city: string | null;
  billing_state_code: string | null;
  billing_postal_code: string | null;
}): BillingDetails | null {
  if (row.billing_gstin === null) return null;
  const stateCode = row.billing_state_code ?? '';
  return {
    gstin: row.billing_gstin,
    legalName: row.billing_legal_name ?? '',
    address1: row.billing_address1 ?? '',
    address2: row.billing_address2 ?? '',
    city: row.billing_city ?? '',
    state: indianStateByCode(stateCode)?.name ?? stateCode,
    stateCode,
    postalCode: row.billing_postal_code ?? '',
  };
}

/** A stored order's tax as the contract shows it (rupees), or null on one from before issue 21. */
export function storedTax(row: {
  place_of_supply: string | null;
  supply_type: string | null;
  taxable_paise: number | string | null;
  cgst_paise: number | string | null;
  sgst_paise: number | string | null;
  igst_paise: number | string | null;
}) {
  if (row.place_of_supply === null || row.supply_type === null) return null;
  const centralPaise = Number(row.cgst_paise);
  const statePaise = Number(row.sgst_paise);
  const integratedPaise = Number(row.igst_paise);
  return taxSummaryView(
    {
      taxablePaise: Number(row.taxable_paise),
      centralPaise,
      statePaise,
      integratedPaise,
      taxPaise: centralPaise + statePaise + integratedPaise,
    },
    { placeOfSupply: row.place_of_supply, supplyType: row.supply_type as SupplyType },
  );
}

/** A stored line's tax as the contract shows it, or null on a line from before issue 21. */
export function storedLineGst(line: LineTaxColumns) {
  const tax = storedLineTax(line);
  return tax === null ? null : lineGstView(line.hsn!, tax);
}

function toOrder(row: OrderRow): Order {
  return {
    _id: { $oid: row.id },
    mkpOrderId: row.mkp_order_id,
    createdAt: isoDate(row.created_at),
    pStatus: row.p_status,
    currency: row.currency,
    source: Number(row.source),
    recipientName: row.recipient_name,
    shippingAddress1: row.shipping_address1,
    shippingAddress2: row.shipping_address2,
    shippingAddress3: row.shipping_address3,
    shippingCity: row.shipping_city,
    shippingState: row.shipping_state,
    shippingPostalCode: row.shipping_postal_code,
    shippingCountry: row.shipping_country,
    shippingPhoneNumber: row.shipping_phone_number,
    total_amount: paiseToRupees(Number(row.total_paise)),
    itemCount: row.lines.reduce((sum, line) => sum + line.quantity, 0),
    orderDetails: row.lines.map((line) => ({
      productId: line.productId,
      variantIndex: line.variantIndex,
      title: line.title,
      sku: line.sku,
      sellerSku: line.sellerSku,
      source: line.source,
      consumerPrice: paiseToRupees(Number(line.unitPricePaise)),
      quantity: line.quantity,
      lineTotal: paiseToRupees(Number(line.lineTotalPaise)),
      gst: storedLineGst(line),
    })),
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    trackingUrl: row.tracking_url,
    refunds: row.refunds.map((refund) => ({
      amount: paiseToRupees(Number(refund.amountPaise)),
      state: refund.status === 'COMPLETED' ? 'completed' : 'processing',
      at: isoDate(refund.at),
    })),
    statusHistory: row.history.map((h) => ({
      from: h.from,
      status: h.to,
      cause: h.cause,
      at: isoDate(h.at),
    })),
    documents: row.documents.map((d) => toDocumentRef(d, (id) => buyerDocumentHref(row.id, id))),
    billing: storedBilling(row),
    shippingStateCode: row.shipping_state_code,
    tax: storedTax(row),
  };
}

/** Orders with their lines and history in one statement; always scoped to one buyer. */
async function selectOrders(db: Executor, userId: string, orderId?: string): Promise<Order[]> {
  const result = await db.execute(
    sql`SELECT o.id, o.mkp_order_id, o.created_at, o.p_status, o.currency, o.source,
               o.recipient_name, o.shipping_address1, o.shipping_address2, o.shipping_address3,
               o.shipping_city, o.shipping_state, o.shipping_state_code, o.shipping_postal_code,
               o.shipping_country, o.shipping_phone_number, o.total_paise, o.carrier,
               o.tracking_number, o.tracking_url, o.billing_gstin, o.billing_legal_name,
               o.billing_address1, o.billing_address2, o.billing_city, o.billing_state_code,
               o.billing_postal_code, o.place_of_supply, o.supply_type, o.taxable_paise,
               o.cgst_paise, o.sgst_paise, o.igst_paise,
               COALESCE((SELECT json_agg(json_build_object(
                   'amountPaise', r.amount_paise, 'status', r.status, 'at', r.created_at)
                   ORDER BY r.id)
                  FROM refunds r WHERE r.order_id = o.id AND r.status <> 'FAILED'), '[]') AS refunds,
               COALESCE((SELECT json_agg(json_build_object(
                   'productId', l.product_id, 'variantIndex', l.variant_index, 'title', l.title,
                   'sku', l.sku, 'sellerSku', l.seller_sku, 'source', l.source,
                   'unitPricePaise', l.unit_price_paise, 'quantity', l.quantity,
                   'lineTotalPaise', l.line_total_paise, 'hsn', l.hsn, 'gstRateBp', l.gst_rate_bp,
                   'taxablePaise', l.taxable_paise, 'cgstPaise', l.cgst_paise,
                   'sgstPaise', l.sgst_paise, 'igstPaise', l.igst_paise) ORDER BY l.position)
                  FROM order_lines l WHERE l.order_id = o.id), '[]') AS lines,
               COALESCE((SELECT json_agg(json_build_object(
                   'from', h.from_status, 'to', h.to_status, 'cause', h.cause,
                   'at', h.created_at) ORDER BY h.id)
                  FROM order_status_history h WHERE h.order_id = o.id), '[]') AS history,
               ${documentsJson(sql`o.id`)} AS documents
          FROM orders o
         WHERE o.user_id = ${userId} ${orderId === undefined ? sql`` : sql`AND o.id = ${orderId}`}
         ORDER BY o.created_at DESC, o.id DESC`,
  );
  return (result.rows as unknown as OrderRow[]).map(toOrder);
}

/** The buyer's orders, newest first. */
export function listOrders(db: Db, userId: string): Promise<Order[]> {
  return selectOrders(db, userId);
}

/** One of the buyer's orders; another buyer's id is answered as unknown (404), never 403. */
export async function getOrder(db: DbOrTx, userId: string, orderId: string): Promise<Order> {
  const [order] = await selectOrders(db, userId, orderId);
  if (!order) throw notFound('order_not_found', 'Order not found');
  return order;
}

/** What the payments module reads of an order. */
export interface OrderForPayment {
  id: string;
  userId: string;
  mkpOrderId: string;
  pStatus: string;
  totalPaise: number;
}

const paymentColumns = {
  id: orders.id,
  userId: orders.userId,
  mkpOrderId: orders.mkpOrderId,
  pStatus: orders.pStatus,
  totalPaise: orders.totalPaise,
};

/** The buyer's own order, or null (another buyer's order is null too). */
export async function findOwnOrder(
  db: Db,
  userId: string,
  orderId: string,
): Promise<OrderForPayment | null> {
  const [order] = await db
    .select(paymentColumns)
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order ?? null;
}

/** Any order by id, for server-side flows (gateway callbacks, reconciliation). */
export async function findOrder(tx: Db | Tx, orderId: string): Promise<OrderForPayment | null> {
  const [order] = await tx.select(paymentColumns).from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

// ── Creating orders ─────────────────────────────────────────────────────────

/** Crockford's base 32: no I, L, O or U, so an order number read aloud is unambiguous. */
const ORDER_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const indiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'MKP-20261122-7K3F9Q': the order's date in India and 30 random bits. */
export function newOrderNumber(now = new Date()): string {
  const suffix = [...randomBytes(6)].map((b) => ORDER_NUMBER_ALPHABET[b & 31]).join('');
  return `MKP-${indiaDate.format(now).replaceAll('-', '')}-${suffix}`;
}

/** SHA-256 of the validated body (its keys in schema order, defaults applied). */
function fingerprint(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/** Only a created order (201) is stored under a key: a failure rolls the claim back with it. */
export interface CreateOrderResult {
  body: OrderCreateResponse;
  /** True when the answer is the stored response of an earlier request with the same key. */
  replayed: boolean;
}

export interface CreateOrderOptions {
  /** Order numbers to try; tests give colliding ones to prove a collision is retried. */
  orderNumber?: () => string;
  /**
   * How long the order's write waits for a lock (the Idempotency-Key's claim held by a
   * request still running, or the cart's lines held by another checkout) before answering 409
   * `order_in_flight`. Default ORDER_LOCK_TIMEOUT_MS.
   */
  lockTimeoutMs?: number;
}

/** What an order is taxed with: the store's tax setup, and the server's environment (store_not_ready). */
export interface OrderTaxContext {
  setup: TaxSetup;
  env: Config['env'];
}

/** Where an order is delivered, its state resolved: an Indian address by its canonical name and code. */
interface ShipTo {
  state: string;
  stateCode: string | null;
}

/**
 * The checks of an order's address against the store (issue 21), before its cart is priced:
 * the store takes orders (409 store_not_ready in production while the registration has gaps),
 * ships to the country (422 country_not_served), and an Indian state is one of the list (the
 * body's schema checked it; here it is resolved).
 */
function shipTo(
  body: Pick<OrderCreateBody, 'shippingCountry' | 'shippingState'>,
  { setup, env }: OrderTaxContext,
): ShipTo {
  checkTakesOrders(setup.settings, env);
  const country = findCountry(body.shippingCountry);
  if (!country || !setup.settings.shipsTo.includes(country.name))
    throw new AppError(
      'unprocessable',
      'country_not_served',
      countryNotServedMessage(setup.settings.shipsTo),
    );
  if (!isIndia(country.name)) return { state: body.shippingState, stateCode: null };
  const state = findIndianState(body.shippingState);
  if (!state) throw new Error('OrderCreateBody lets only a known state through for India');
  return { state: state.name, stateCode: state.code };
}

/**
 * Whom the order bills: the checkout's billing details, else the account's GSTIN, company name
 * and business address (issue 21). An account whose GSTIN is not valid cannot be billed without
 * details given at checkout (422 billing_details_required): a tax invoice needs a valid GSTIN.
 */
function billingOf(
  body: Pick<OrderCreateBody, 'billing'>,
  account: AccountBilling,
): BillingDetails {
  if (body.billing) {
    const state = findIndianState(body.billing.state)!;
    return {
      gstin: body.billing.gstin,
      legalName: body.billing.legalName,
      address1: body.billing.address1,
      address2: body.billing.address2,
      city: body.billing.city,
      state: state.name,
      stateCode: state.code,
      postalCode: body.billing.postalCode,
    };
  }
  const gstin = normaliseGstin(account.gstin);
  const state = indianStateByCode(gstin.slice(0, 2));
  if (!isValidGstin(gstin) || !state)
    throw new AppError(
      'unprocessable',
      'billing_details_required',
      `Your account's GST number (${account.gstin || 'none'}) is not valid, so an invoice cannot be made out to it. Enter the billing details (GSTIN, legal name and address) at checkout.`,
    );
  // Rule 46(d) prints the recipient's address: a sign-up that left the street out stored the
  // spec's placeholder, which must not become the invoice's address.
  const street = account.street.trim();
  if (!street || street === SIGNUP_PLACEHOLDER)
    throw new AppError(
      'unprocessable',
      'billing_details_required',
      'Your account has no business street address, so an invoice cannot be made out to it. Enter the billing details (GSTIN, legal name and address) at checkout.',
    );
  return {
    gstin,
    legalName: account.companyName,
    address1: street,
    address2: '',
    city: account.city,
    state: state.name,
    stateCode: state.code,
    postalCode: account.pincode,
  };
}

/** What an order is made of, its lines already read (from the cart, or a quote's). */
interface OrderSource {
  userId: string;
  body: OrderCreateBody;
  tax: OrderTaxContext;
  cart: { line: CartLine; product: ProductForPricing }[];
  /**
   * A quote's unit prices (paise incl. GST), by line: when given, each line is charged its
   * quoted price instead of the catalog's, and the order-quantity rules (a minimum, packs) do
   * not apply to it: the store agreed to that quantity at that price (decision 060).
   */
  quotedUnitPaise?: readonly number[];
}

/** Where an order ships, whom it bills, and the place of supply and heads that follow. */
interface OrderParties {
  ship: ShipTo;
  billing: BillingDetails;
  supply: Supply;
}

/**
 * The address checks and the billing of an order (they refuse before its lines are priced).
 * The place of supply and the heads (decision 052): the billed GSTIN's state decides
 * (bill-to/ship-to), goods shipped abroad are an export.
 */
function orderParties(
  body: OrderCreateBody,
  tax: OrderTaxContext,
  account: AccountBilling,
): OrderParties {
  const ship = shipTo(body, tax);
  const billing = billingOf(body, account);
  const supply = supplyOf(
    tax.setup.settings.stateCode,
    { country: body.shippingCountry, stateCode: ship.stateCode },
    billing.gstin,
  );
  return { ship, billing, supply };
}

/** "Save this address" (issue 22): what the checkout asks to keep with the order, or null. */
function entriesToSave(
  body: OrderCreateBody,
  { ship, billing }: OrderParties,
): OrderEntries | null {
  if (!body.saveAddress && !body.saveBilling) return null;
  return {
    address: body.saveAddress
      ? {
          recipientName: body.recipientName,
          address1: body.shippingAddress1,
          address2: body.shippingAddress2,
          address3: body.shippingAddress3,
          city: body.shippingCity,
          state: ship.state,
          postalCode: body.shippingPostalCode,
          country: body.shippingCountry,
          phone: body.shippingPhoneNumber,
        }
      : undefined,
    billing: body.saveBilling ? billing : undefined,
  };
}

/** An order priced and taxed, as `place_order` writes it (decision 072), and its answer. */
interface PricedOrder {
  response: OrderCreateResponse;
  /** The orders row, by column. */
  order: Record<string, unknown>;
  lines: Record<string, unknown>[];
  /** What the lines of products read as tracked ask of stock (the others cost nothing). */
  stock: { line: number; productId: string; variantIndex: number | null; quantity: number }[];
  /** How a refusal for stock names each line ('Steel Mug (Blue)'), by position. */
  labels: string[];
}

/**
 * Prices and taxes an order's lines (each line's GST from its price, decision 052) and builds
 * its rows and its answer, before anything is written: the answer is built first, so the
 * order's time is the server's rather than the database's.
 */
function priceOrder(
  { userId, body, tax, cart, quotedUnitPaise }: OrderSource,
  { ship, billing, supply }: OrderParties,
  mkpOrderId: string,
): PricedOrder {
  const lines = cart.map(({ line, product }, position) => {
    const variant = variantOf(product, line.variantIndex);
    if (product.status !== 'active')
      throw conflict(
        'cart_line_unavailable',
        `${productUnavailableMessage(product.name)} Then try again.`,
      );
    if (variant === undefined)
      throw conflict(
        'cart_line_unavailable',
        `${product.name}: the chosen variant is no longer available. Remove it from your cart and try again.`,
      );
    const label = lineLabel(product, variant);
    const quoted = quotedUnitPaise?.[position];
    const rule = quoted === undefined ? quantityProblem(label, line.quantity, product) : null;
    if (rule) throw conflict('cart_line_quantity', `${rule} Change it in your cart and try again.`);
    const price =
      quoted === undefined
        ? priceLine(linePricing(product, variant), line.quantity, line.source)
        : { unitPaise: quoted, lineTotalPaise: quoted * line.quantity };
    // The product's rate and HSN as they are now; the line keeps them (decision 052).
    const gst = lineTax(
      price.lineTotalPaise,
      effectiveRate(product, tax.setup.rates),
      supply.supplyType,
    );
    return {
      label,
      position,
      productId: product.id,
      variantIndex: line.variantIndex,
      title: variant ? `${product.name} (${variant.option1})` : product.name,
      sku: variant?.sku ?? product.code,
      sellerSku: product.sellerSku,
      source: line.source,
      unitPricePaise: price.unitPaise,
      quantity: line.quantity,
      lineTotalPaise: price.lineTotalPaise,
      hsn: product.hsn,
      gstRateBp: gst.rateBp,
      taxablePaise: gst.taxablePaise,
      cgstPaise: gst.centralPaise,
      sgstPaise: gst.statePaise,
      igstPaise: gst.integratedPaise,
    };
  });
  const stored = lines.map(({ label: _label, ...line }) => line);
  const totalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  const totals = taxTotals(
    lines.map((line) => ({
      rateBp: line.gstRateBp,
      taxablePaise: line.taxablePaise,
      centralPaise: line.cgstPaise,
      statePaise: line.sgstPaise,
      integratedPaise: line.igstPaise,
    })),
  );
  const createdAt = new Date();
  const row = {
    id: newObjectId(),
    mkp_order_id: mkpOrderId,
    created_at: createdAt,
    p_status: 'UP',
    currency: body.currency,
    source: body.source,
    recipient_name: body.recipientName,
    shipping_address1: body.shippingAddress1,
    shipping_address2: body.shippingAddress2,
    shipping_address3: body.shippingAddress3,
    shipping_city: body.shippingCity,
    shipping_state: ship.state,
    shipping_state_code: ship.stateCode,
    shipping_postal_code: body.shippingPostalCode,
    shipping_country: body.shippingCountry,
    shipping_phone_number: body.shippingPhoneNumber,
    total_paise: totalPaise,
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    billing_gstin: billing.gstin,
    billing_legal_name: billing.legalName,
    billing_address1: billing.address1,
    billing_address2: billing.address2,
    billing_city: billing.city,
    billing_state_code: billing.stateCode,
    billing_postal_code: billing.postalCode,
    place_of_supply: supply.placeOfSupply,
    supply_type: supply.supplyType,
    taxable_paise: totals.taxablePaise,
    cgst_paise: totals.centralPaise,
    sgst_paise: totals.statePaise,
    igst_paise: totals.integratedPaise,
  };
  return {
    response: {
      payload: toOrder({
        ...row,
        refunds: [],
        lines: stored,
        history: [{ from: null, to: 'UP', cause: 'order_created', at: createdAt }],
        documents: [],
      }),
    },
    order: { ...row, user_id: userId, seller_state_code: tax.setup.settings.stateCode || null },
    lines: stored,
    // The units are taken by the write, which locks and reads the rows. Products the read saw
    // untracked cost nothing there (an order of them is made as they were).
    stock: lines
      .filter((_, i) => cart[i]!.product.stock.length > 0)
      .map((line) => ({
        line: line.position,
        productId: line.productId,
        variantIndex: line.variantIndex,
        quantity: line.quantity,
      })),
    labels: lines.map((line) => line.label),
  };
}

/** How a checkout's write claims its Idempotency-Key and takes the cart it priced. */
interface OrderClaim {
  key?: string;
  requestHash?: string;
  lockTimeoutMs?: number;
  /** The cart's lines as read and priced: the write takes exactly these, or nothing. */
  cart?: { id: number; line: CartLine }[];
}

/** The write found the cart changed since it was read, or its order number taken: run again. */
class OrderRetry extends Error {}

type Placed =
  | { outcome: 'created'; response: OrderCreateResponse }
  | { outcome: 'replayed'; stored: StoredOrderAnswer };

/** The refusal `place_order` raised (SQLSTATE P0001), if `error` is one. */
function raisedByPlaceOrder(error: unknown): { message: string; detail?: string } | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === RAISED) return e as { message: string; detail?: string };
  }
  return null;
}

/**
 * Writes a priced order in one statement, `place_order` (migration 0028, decision 072): the
 * key's claim (a duplicate's answer when it conflicts), the cart taken, the stock taken, the
 * order with its lines, its first history entry and the key's answer. The order number is
 * drawn again while it is taken. A refusal raised in the function left nothing written.
 */
async function placeOrder(
  ex: Executor,
  source: OrderSource,
  parties: OrderParties,
  claim: OrderClaim,
  orderNumber: () => string,
): Promise<Placed> {
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt++) {
    const priced = priceOrder(source, parties, orderNumber());
    const input = {
      lockTimeoutMs: claim.lockTimeoutMs ?? null,
      key: claim.key ?? null,
      requestHash: claim.requestHash ?? null,
      cart: claim.cart?.map(({ id, line }) => ({ id, ...line })) ?? null,
      stock: priced.stock,
      order: priced.order,
      lines: priced.lines,
      response: priced.response,
    };
    let placed: { replayed?: boolean; numberTaken?: boolean } & Partial<StoredOrderAnswer>;
    try {
      const result = await ex.execute(
        prepared(sql`SELECT place_order(${JSON.stringify(input)}::jsonb) AS placed`),
      );
      placed = (result.rows[0] as { placed: typeof placed }).placed;
    } catch (error) {
      const raised = raisedByPlaceOrder(error);
      if (raised?.message === 'out_of_stock') {
        const short = JSON.parse(raised.detail!) as { line: number; onHand: number; asked: number };
        throw conflict(
          'out_of_stock',
          stockShortMessage(priced.labels[short.line]!, short.onHand, short.asked),
        );
      }
      if (raised?.message === 'sold_out')
        throw conflict('out_of_stock', 'An item in your cart has just sold out; check your cart.');
      if (raised?.message === 'cart_changed' || raised?.message === 'order_number_taken')
        throw new OrderRetry(raised.message, { cause: error });
      throw error;
    }
    if (placed.numberTaken) continue;
    if (placed.replayed)
      return {
        outcome: 'replayed',
        stored: { requestHash: placed.requestHash!, responseBody: placed.responseBody },
      };
    return { outcome: 'created', response: priced.response };
  }
  throw new Error('No free order number after several attempts');
}

/** A quoted line, as the quote's acceptance orders it. */
export interface QuotedOrderLine {
  productId: string;
  variantIndex: number | null;
  source: string;
  quantity: number;
  unitPricePaise: number;
}

/**
 * The narrow entry point for a quote's acceptance (decision 060): an order of `lines` at their
 * quoted prices, inside the caller's transaction (the one that marks the quote accepted, so
 * the two commit together or not at all). The cart is not touched. The same checks as a
 * checkout otherwise: the store takes orders and ships there, each product is still sold and
 * its variant exists, the stock is reserved, each line is taxed from its quoted price.
 */
export async function createQuotedOrder(
  tx: Tx,
  userId: string,
  body: OrderCreateBody,
  tax: OrderTaxContext,
  lines: readonly QuotedOrderLine[],
  options: Pick<CreateOrderOptions, 'orderNumber'> = {},
): Promise<OrderCreateResponse> {
  const { account, products } = await productsForLines(
    tx,
    userId,
    lines.map((line) => line.productId),
  );
  const cart = lines.map((line) => ({
    line: {
      productId: line.productId,
      variantIndex: line.variantIndex,
      source: line.source,
      quantity: line.quantity,
    } as CartLine,
    product: products.get(line.productId)!,
  }));
  const parties = orderParties(body, tax, account);
  const entries = entriesToSave(body, parties);
  if (entries) await saveOrderEntries(tx, userId, entries);
  const placed = await placeOrder(
    tx,
    { userId, body, tax, cart, quotedUnitPaise: lines.map((line) => line.unitPricePaise) },
    parties,
    {},
    options.orderNumber ?? newOrderNumber,
  );
  if (placed.outcome !== 'created') throw new Error('an order without a key cannot replay');
  return placed.response;
}

function isLockTimeout(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return true;
  }
  return false;
}

/** A stored answer replayed, when the request is the one it answered (422 otherwise). */
function replayOf(stored: StoredOrderAnswer, requestHash: string): CreateOrderResult {
  if (stored.requestHash !== requestHash)
    throw new AppError(
      'unprocessable',
      'idempotency_key_reused',
      'This Idempotency-Key was used with a different request',
    );
  return { body: stored.responseBody as OrderCreateResponse, replayed: true };
}

/** A replay met inside the transaction that saved the checkout's entries: they are undone. */
class ReplayedInTransaction extends Error {
  constructor(readonly stored: StoredOrderAnswer) {
    super('replayed');
  }
}

/**
 * A checkout (decision 072): the cart read, priced and taxed, then written by `place_order` in
 * one statement outside any transaction (two round trips in all). The write takes exactly the
 * cart that was priced or nothing; when the cart changed in between (another checkout took
 * it, the buyer changed it) it is read again. A checkout that saves its address or billing
 * details does so in a transaction with the write.
 */
export async function createOrder(
  db: Db,
  caller: Caller,
  body: OrderCreateBody,
  idempotencyKey: string | undefined,
  tax: OrderTaxContext,
  options: CreateOrderOptions = {},
): Promise<CreateOrderResult> {
  const userId = callerId(caller);
  const orderNumber = options.orderNumber ?? newOrderNumber;
  const lockTimeoutMs = options.lockTimeoutMs ?? ORDER_LOCK_TIMEOUT_MS;
  const requestHash = fingerprint(body);
  try {
    for (let attempt = 0; attempt < CHECKOUT_ATTEMPTS; attempt++) {
      // Checks the caller's session too (decision 092): nothing is answered or written before.
      const read = await readCartForOrder(db, caller, idempotencyKey);
      // A committed claim holds its answer (decision 014), which stands whatever the cart and
      // the settings have become since.
      if (read.stored) return replayOf(read.stored, requestHash);
      if (read.lines.length === 0)
        throw conflict('cart_empty', 'Your cart is empty. Add items before checking out.');
      const source = { userId, body, tax, cart: read.lines };
      const parties = orderParties(body, tax, read.account);
      const claim = { key: idempotencyKey, requestHash, lockTimeoutMs, cart: read.lines };
      const entries = entriesToSave(body, parties);
      let placed: Placed;
      try {
        placed = entries
          ? await db.transaction(async (tx) => {
              await setLockTimeout(tx, lockTimeoutMs);
              await saveOrderEntries(tx, userId, entries);
              const inTx = await placeOrder(tx, source, parties, claim, orderNumber);
              if (inTx.outcome === 'replayed') throw new ReplayedInTransaction(inTx.stored);
              return inTx;
            })
          : await placeOrder(db, source, parties, claim, orderNumber);
      } catch (error) {
        if (error instanceof ReplayedInTransaction) return replayOf(error.stored, requestHash);
        if (error instanceof OrderRetry) continue;
        throw error;
      }
      if (placed.outcome === 'replayed') return replayOf(placed.stored, requestHash);
      return { body: placed.response, replayed: false };
    }
    // The cart changed under every attempt: another checkout of it, or edits, still going on.
    throw new OrderRetry('cart_changed');
  } catch (error) {
    if (isLockTimeout(error) || error instanceof OrderRetry)
      throw conflict(
        'order_in_flight',
        'Another checkout of this cart is still being processed; retry shortly',
      );
    throw error;
  }
}

// ── Changing an unpaid order's ship-to (issue 22) ───────────────────────────

export interface ChangeShippingOptions {
  /** How long an unpaid order waits for its payment (config.payments.paymentWindowMs). */
  paymentWindowMs: number;
  now: Date;
}

/**
 * The payment step's way back to shipping (issue 22, decision 066): the order exists already
 * (product decision #1), so its ship-to, and its billing details when given, are changed in
 * place rather than a second order made. Only the buyer's own order, still unpaid and inside
 * its payment window; a paid, cancelled or lapsed one is refused (409) and nothing changes.
 * The total stays (prices include GST), but the place of supply may move, and with it each
 * line's heads: worked out again from the line's stored gross and rate, with the seller's state
 * the order was taxed with. The change is recorded in the order's history.
 */
export async function changeOrderShipping(
  db: Db,
  userId: string,
  orderId: string,
  body: OrderShippingBody,
  tax: OrderTaxContext,
  { paymentWindowMs, now }: ChangeShippingOptions,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`SELECT id, mkp_order_id, p_status, created_at, seller_state_code, place_of_supply,
                 billing_gstin, billing_legal_name, billing_address1, billing_address2,
                 billing_city, billing_state_code, billing_postal_code
            FROM orders WHERE id = ${orderId} AND user_id = ${userId} FOR UPDATE`,
    );
    const order = locked.rows[0] as
      | (Parameters<typeof storedBilling>[0] & {
          id: string;
          mkp_order_id: string;
          p_status: string;
          created_at: Date | string;
          seller_state_code: string | null;
          place_of_supply: string | null;
        })
      | undefined;
    if (!order) throw notFound('order_not_found', 'Order not found');
    if (order.p_status === 'CANCELLED')
      throw conflict(
        'order_cancelled',
        `Order ${order.mkp_order_id} was cancelled; its shipping details can no longer change.`,
      );
    if (!(UNPAID_STATUSES as readonly string[]).includes(order.p_status))
      throw conflict(
        'order_already_paid',
        `Order ${order.mkp_order_id} is ${describeStatus(order.p_status)}; only an unpaid order's shipping details can change.`,
      );
    if (new Date(order.created_at).getTime() + paymentWindowMs <= now.getTime())
      throw conflict(
        'order_expired',
        `Order ${order.mkp_order_id} was not paid in time; its shipping details can no longer change. Place a new order from your cart.`,
      );

    const ship = shipTo(body, tax);
    let placeOfSupply = order.place_of_supply;
    const shipping = {
      recipientName: body.recipientName,
      shippingAddress1: body.shippingAddress1,
      shippingAddress2: body.shippingAddress2,
      shippingAddress3: body.shippingAddress3,
      shippingCity: body.shippingCity,
      shippingState: ship.state,
      shippingStateCode: ship.stateCode,
      shippingPostalCode: body.shippingPostalCode,
      shippingCountry: body.shippingCountry,
      shippingPhoneNumber: body.shippingPhoneNumber,
      updatedAt: now,
    };
    // An order from before issue 21 has no tax to work out again: its ship-to alone changes.
    const billed = storedBilling(order);
    if (order.place_of_supply === null || billed === null) {
      await tx.update(orders).set(shipping).where(eq(orders.id, order.id));
    } else {
      const billing = body.billing ? billingOf(body, NO_ACCOUNT) : billed;
      const sellerState = order.seller_state_code ?? tax.setup.settings.stateCode;
      const supply = supplyOf(
        sellerState,
        { country: body.shippingCountry, stateCode: ship.stateCode },
        billing.gstin,
      );
      const stored = await tx
        .select({
          position: orderLines.position,
          lineTotalPaise: orderLines.lineTotalPaise,
          gstRateBp: orderLines.gstRateBp,
        })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id));
      const lines = stored
        .filter((line) => line.gstRateBp !== null)
        .map((line) => ({
          position: line.position,
          ...lineTax(line.lineTotalPaise, line.gstRateBp!, supply.supplyType),
        }));
      const totals = taxTotals(lines);
      await tx.execute(sql`
        UPDATE order_lines l
           SET taxable_paise = x."taxablePaise", cgst_paise = x."centralPaise",
               sgst_paise = x."statePaise", igst_paise = x."integratedPaise"
          FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS x(
                 position integer, "taxablePaise" bigint, "centralPaise" bigint,
                 "statePaise" bigint, "integratedPaise" bigint)
         WHERE l.order_id = ${order.id} AND l.position = x.position`);
      await tx
        .update(orders)
        .set({
          ...shipping,
          billingGstin: billing.gstin,
          billingLegalName: billing.legalName,
          billingAddress1: billing.address1,
          billingAddress2: billing.address2,
          billingCity: billing.city,
          billingStateCode: billing.stateCode,
          billingPostalCode: billing.postalCode,
          placeOfSupply: supply.placeOfSupply,
          supplyType: supply.supplyType,
          taxablePaise: totals.taxablePaise,
          cgstPaise: totals.centralPaise,
          sgstPaise: totals.statePaise,
          igstPaise: totals.integratedPaise,
        })
        .where(eq(orders.id, order.id));
      placeOfSupply = supply.placeOfSupply;
    }
    await recordOrderEvent(tx, order.id, 'shipping_changed', {
      placeOfSupply: { from: order.place_of_supply, to: placeOfSupply },
      shippingState: ship.state,
      shippingCountry: body.shippingCountry,
    });
    return getOrder(tx, userId, order.id);
  });
}

/** Billing given in the body never reads the account (`billingOf` needs one only without it). */
const NO_ACCOUNT: AccountBilling = {
  gstin: '',
  companyName: '',
  street: '',
  city: '',
  state: '',
  pincode: '',
};

/**
 * Gives back the units an order's lines took (decision 048), inside the transaction that
 * cancels it: each line is marked released in the same statement that reads it, so a second
 * call (a retried cancellation, a lapse racing a cancellation) finds nothing left to give.
 * Returns how many lines gave units back.
 */
export async function releaseOrderStock(tx: Tx, orderId: string): Promise<number> {
  const released = await tx.execute(
    sql`UPDATE order_lines SET stock_released_at = now()
         WHERE order_id = ${orderId} AND stock_reserved IS NOT NULL AND stock_released_at IS NULL
        RETURNING product_id, stock_variant_position, stock_reserved`,
  );
  const rows = released.rows as {
    product_id: string;
    stock_variant_position: number | null;
    stock_reserved: number;
  }[];
  await returnStock(
    tx,
    rows.map((r) => ({
      productId: r.product_id,
      variantPosition: r.stock_variant_position,
      quantity: Number(r.stock_reserved),
    })),
  );
  return rows.length;
}

// ── Operator commands (product decision #7) ─────────────────────────────────────

async function orderByNumber(tx: Tx, mkpOrderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      pStatus: orders.pStatus,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      trackingUrl: orders.trackingUrl,
    })
    .from(orders)
    .where(eq(orders.mkpOrderId, mkpOrderId))
    .for('update');
  if (!order) throw notFound('order_not_found', `No order ${mkpOrderId}`);
  return order;
}

export const describeStatus = (status: string) => `${statusBadge(status).label} (${status})`;

export interface OperatorResult {
  mkpOrderId: string;
  pStatus: string;
}

/**
 * Marks a paid order shipped with its carrier, tracking number and tracking page, as `actor`,
 * in the audit log with it, and tells the buyer. The same shipment recorded again changes
 * nothing (a retried request); any other status is refused. The order's row is locked first,
 * so a cancellation running at once waits and then finds it shipped (or the other way round).
 */
export async function shipOrder(
  db: Db,
  actor: StaffActor,
  mkpOrderId: string,
  shipment: OrderShipBody,
  publicUrl: string,
): Promise<OperatorResult> {
  const trackingUrl = shipment.trackingUrl ?? null;
  return db.transaction(async (tx) => {
    const order = await orderByNumber(tx, mkpOrderId);
    if (
      order.pStatus === 'SHIPPED' &&
      order.carrier === shipment.carrier &&
      order.trackingNumber === shipment.trackingNumber &&
      order.trackingUrl === trackingUrl
    )
      return { mkpOrderId, pStatus: order.pStatus };
    const moved = await transitionOrderStatus(tx, order.id, ['PD'], 'SHIPPED', 'operator', {
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl,
      by: actor.actor,
    });
    if (!moved)
      throw conflict(
        'order_not_shippable',
        `Order ${mkpOrderId} is ${describeStatus(order.pStatus)}; only a paid order (PD) can be shipped.`,
      );
    await tx
      .update(orders)
      .set({ carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, trackingUrl })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, actor, {
      action: 'order.ship',
      targetType: 'order',
      targetId: mkpOrderId,
      before: { pStatus: order.pStatus },
      after: { pStatus: 'SHIPPED', ...shipment, trackingUrl },
    });
    await queueOrderUpdate(tx, publicUrl, order.id, {
      kind: 'shipped',
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl,
    });
    return { mkpOrderId, pStatus: 'SHIPPED' };
  });
}

/** Marks a shipped order delivered, as `actor`, and tells the buyer; delivered again is a no-op. */
export async function deliverOrder(
  db: Db,
  actor: StaffActor,
  mkpOrderId: string,
  publicUrl: string,
): Promise<OperatorResult> {
  return db.transaction(async (tx) => {
    const order = await orderByNumber(tx, mkpOrderId);
    if (order.pStatus === 'DELIVERED') return { mkpOrderId, pStatus: order.pStatus };
    const moved = await transitionOrderStatus(tx, order.id, ['SHIPPED'], 'DELIVERED', 'operator', {
      by: actor.actor,
    });
    if (!moved)
      throw conflict(
        'order_not_deliverable',
        `Order ${mkpOrderId} is ${describeStatus(order.pStatus)}; only a shipped order (SHIPPED) can be delivered.`,
      );
    await recordAudit(tx, actor, {
      action: 'order.deliver',
      targetType: 'order',
      targetId: mkpOrderId,
      before: { pStatus: order.pStatus },
      after: { pStatus: 'DELIVERED' },
    });
    await queueOrderUpdate(tx, publicUrl, order.id, { kind: 'delivered' });
    return { mkpOrderId, pStatus: 'DELIVERED' };
  });
}

/** What the returns module reads of an order (issue 22): its lines and when it was delivered. */
export interface OrderForReturn {
  id: string;
  userId: string;
  mkpOrderId: string;
  pStatus: string;
  /** When it last became DELIVERED; null if it never was. */
  deliveredAt: Date | null;
  lines: {
    position: number;
    title: string;
    sku: string;
    quantity: number;
    unitPricePaise: number;
  }[];
}

/**
 * An order for a return; `lock` takes its row (FOR UPDATE) in the caller's transaction so that
 * requests for its lines are judged one at a time; `userId` limits it to that buyer's. Null when
 * not found.
 */
export async function orderForReturn(
  tx: DbOrTx,
  orderId: string,
  options: { userId?: string; lock?: boolean } = {},
): Promise<OrderForReturn | null> {
  const { userId, lock = false } = options;
  const query = tx
    .select({
      id: orders.id,
      userId: orders.userId,
      mkpOrderId: orders.mkpOrderId,
      pStatus: orders.pStatus,
    })
    .from(orders)
    .where(
      userId ? and(eq(orders.id, orderId), eq(orders.userId, userId)) : eq(orders.id, orderId),
    );
  const [order] = lock ? await query.for('update') : await query;
  if (!order) return null;
  const lines = await tx
    .select({
      position: orderLines.position,
      title: orderLines.title,
      sku: orderLines.sku,
      quantity: orderLines.quantity,
      unitPricePaise: orderLines.unitPricePaise,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.position);
  const [delivered] = await tx
    .select({ at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.orderId, order.id),
        eq(orderStatusHistory.toStatus, 'DELIVERED'),
        sql`${orderStatusHistory.fromStatus} IS DISTINCT FROM 'DELIVERED'`,
      ),
    )
    .orderBy(desc(orderStatusHistory.id))
    .limit(1);
  return { ...order, deliveredAt: delivered?.at ?? null, lines };
}
