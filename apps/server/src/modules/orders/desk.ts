/**
 * The order desk (issue 19): orders as the seller's staff see them. The list filters by status,
 * dates, buyer, amount and order number, sorts by date or amount, and pages by keyset (the last
 * row's sort value and id), so page 500 costs what page 1 does at 100,000 orders; the count of
 * matches stops at COUNT_CAP. An order's page adds the buyer and company, payments with their
 * gateway callbacks, refunds and what is left to refund, the status history and the emails
 * sent about it.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  DeskOrderDetail,
  DeskOrderList,
  DeskOrderQuery,
  DeskOrderRow,
} from '@storefront/shared/order-desk';
import { paiseToRupees, rupeesToPaise } from '@storefront/shared/money';
import { PAID_STATUSES, statusBadge } from '@storefront/shared/order-status';
import type { Db } from '../../db/connect.js';
import { refunds } from '../../db/schema.js';
import { invalid, notFound } from '../../lib/errors.js';
import { isTimestampText } from '../../lib/timestamp-text.js';
import { toDeskRefund, unitsByLine } from '../payments/refunds.js';
import { storedBilling, storedLineGst, storedTax } from './service.js';

/**
 * Matches counted at most: beyond it the desk says "1,000+" rather than count them all. Counting
 * 10,000 took 17–90 ms of PGlite's one connection at 100,000 orders (the page itself 1–5 ms).
 */
export const COUNT_CAP = 1_000;

/**
 * A sort key: the column, its text (a cursor keeps it exactly, microseconds too), its type, and
 * whether a text is one (a cursor's key is checked before the cast).
 */
const BY_DATE = {
  key: sql`o.created_at`,
  keyText: sql`o.created_at::text`,
  cast: sql`timestamptz`,
  isKey: isTimestampText,
};
const BY_TOTAL = {
  key: sql`o.total_paise`,
  keyText: sql`o.total_paise::text`,
  cast: sql`bigint`,
  isKey: (text: string) => /^\d{1,15}$/.test(text),
};

const SORTS = {
  newest: { ...BY_DATE, dir: 'desc' },
  oldest: { ...BY_DATE, dir: 'asc' },
  total_desc: { ...BY_TOTAL, dir: 'desc' },
  total_asc: { ...BY_TOTAL, dir: 'asc' },
} as const;

/** A page's cursor: the sort it belongs to, the last row's sort key and id. */
const encodeCursor = (sort: DeskOrderQuery['sort'], key: string, id: string) =>
  Buffer.from(JSON.stringify([sort, key, id])).toString('base64url');

function decodeCursor(cursor: string, sort: DeskOrderQuery['sort']): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      value[0] === sort &&
      typeof value[1] === 'string' &&
      SORTS[sort].isKey(value[1]) &&
      typeof value[2] === 'string' &&
      /^[0-9a-f]{24}$/.test(value[2])
    )
      return [value[1], value[2]];
  } catch {
    // answered below
  }
  throw invalid('invalid_cursor', 'This page link is not valid; start from the first page');
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What selects and orders the desk's orders: the list's query without its paging. */
export type DeskSelection = Omit<DeskOrderQuery, 'after' | 'limit'>;

/** The selection's own consistency, before any query: 400 for an inverted amount range. */
export function checkSelection(query: DeskSelection): void {
  if (
    query.minTotal !== undefined &&
    query.maxTotal !== undefined &&
    query.minTotal > query.maxTotal
  )
    throw invalid('invalid_range', 'The lowest amount is above the highest');
}

/**
 * The filters, written once for the list, its count and the export (desk-export.ts); `placedBy`
 * (the export's) leaves out orders placed after that moment.
 */
function filtersOf(query: DeskSelection, placedBy?: Date): SQL[] {
  const where: SQL[] = [];
  if (query.status) where.push(sql`o.p_status = ${query.status}`);
  if (query.from) where.push(sql`o.created_at >= ${query.from}::timestamptz`);
  if (query.to) where.push(sql`o.created_at < ${query.to}::timestamptz`);
  if (query.minTotal !== undefined)
    where.push(sql`o.total_paise >= ${rupeesToPaise(query.minTotal)}`);
  if (query.maxTotal !== undefined)
    where.push(sql`o.total_paise <= ${rupeesToPaise(query.maxTotal)}`);
  if (query.q) where.push(sql`o.mkp_order_id LIKE ${like(query.q)}`);
  if (query.buyer)
    where.push(sql`(u.email ILIKE ${like(query.buyer)} OR u.company_name ILIKE ${like(query.buyer)}
                    OR u.gst_number = ${query.buyer.toUpperCase()})`);
  if (placedBy) where.push(sql`o.created_at <= ${placedBy.toISOString()}::timestamptz`);
  return where;
}

const whereOf = (conditions: SQL[]) =>
  conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;

/** The buyer's row is needed to filter only by buyer; a page joins it for its own rows. */
const buyerJoinOf = (query: DeskSelection) =>
  query.buyer ? sql`JOIN users u ON u.id = o.user_id` : sql``;

/** An order of a page as the database answers it. */
export interface DeskRowData {
  id: string;
  mkp_order_id: string;
  created_at: string | Date;
  sort_key: string;
  p_status: string;
  total_paise: string | number;
  item_count: string | number;
  user_id: string;
  email: string;
  full_name: string;
  company_name: string;
  gst_number: string;
  shipping_city: string;
  shipping_state: string;
  shipping_postal_code: string;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function toRow(row: DeskRowData): DeskOrderRow {
  const totalPaise = Number(row.total_paise);
  return {
    id: row.id,
    mkpOrderId: row.mkp_order_id,
    createdAt: iso(row.created_at),
    pStatus: row.p_status,
    statusLabel: statusBadge(row.p_status).label,
    total: paiseToRupees(totalPaise),
    totalPaise,
    itemCount: Number(row.item_count),
    buyer: {
      id: row.user_id,
      email: row.email,
      fullName: row.full_name,
      companyName: row.company_name,
      gstNumber: row.gst_number,
    },
    shipTo: `${row.shipping_city}, ${row.shipping_state}`,
  };
}

/**
 * One page of the selection's orders in its sort: up to `limit` of them after `after` (a row's
 * sort key and id), each with its buyer and item count.
 */
export async function deskPage(
  db: Db,
  query: DeskSelection,
  options: { after?: [string, string]; limit: number; placedBy?: Date },
): Promise<DeskRowData[]> {
  const sort = SORTS[query.sort];
  const page = filtersOf(query, options.placedBy);
  if (options.after) {
    const [key, id] = options.after;
    const comparison = sort.dir === 'desc' ? sql`<` : sql`>`;
    page.push(sql`(${sort.key}, o.id) ${comparison} (${key}::${sort.cast}, ${id})`);
  }
  const direction = sort.dir === 'desc' ? sql`DESC` : sql`ASC`;
  // The page as one JSON value: PGlite's thread parses one field instead of 50 rows of 15.
  const result = await db.execute(sql`
    SELECT coalesce(json_agg(json_build_object(
             'id', page.id, 'mkp_order_id', page.mkp_order_id, 'created_at', page.created_at,
             'sort_key', page.sort_key, 'p_status', page.p_status, 'total_paise', page.total_paise,
             'user_id', u.id, 'email', u.email, 'full_name', u.full_name,
             'company_name', u.company_name, 'gst_number', u.gst_number,
             'shipping_city', page.shipping_city, 'shipping_state', page.shipping_state,
             'shipping_postal_code', page.shipping_postal_code,
             'item_count', (SELECT coalesce(sum(l.quantity), 0) FROM order_lines l
                             WHERE l.order_id = page.id))
           ORDER BY page.position), '[]') AS rows
      FROM (SELECT o.id, o.mkp_order_id, o.created_at, ${sort.keyText} AS sort_key, o.p_status,
                   o.total_paise, o.user_id, o.shipping_city, o.shipping_state,
                   o.shipping_postal_code,
                   row_number() OVER (ORDER BY ${sort.key} ${direction}, o.id ${direction}) AS position
              FROM orders o ${buyerJoinOf(query)}
              ${whereOf(page)}
             ORDER BY ${sort.key} ${direction}, o.id ${direction}
             LIMIT ${options.limit}) page
      JOIN users u ON u.id = page.user_id`);
  return (result.rows[0] as { rows: DeskRowData[] }).rows;
}

/** How many orders the selection holds, counted up to `cap` (every one without). */
export async function countDeskOrders(
  db: Db,
  query: DeskSelection,
  options: { cap?: number; placedBy?: Date } = {},
): Promise<number> {
  const limit = options.cap === undefined ? sql`` : sql`LIMIT ${options.cap}`;
  const counted = await db.execute(sql`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM orders o ${buyerJoinOf(query)} ${whereOf(filtersOf(query, options.placedBy))}
      ${limit}) matched`);
  return Number((counted.rows[0] as { n: number }).n);
}

export async function listDeskOrders(db: Db, query: DeskOrderQuery): Promise<DeskOrderList> {
  checkSelection(query);
  const after = query.after ? decodeCursor(query.after, query.sort) : undefined;
  const rows = await deskPage(db, query, { after, limit: query.limit + 1 });
  // Counted for the first page only: the pages after it keep its count.
  const count = query.after ? null : await countDeskOrders(db, query, { cap: COUNT_CAP });
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    orders: shown.map(toRow),
    count,
    countCap: COUNT_CAP,
    next:
      rows.length > query.limit && last ? encodeCursor(query.sort, last.sort_key, last.id) : null,
  };
}

/** One order as the desk shows it; 404 for an unknown number. */
/**
 * One order as the desk shows it; 404 for an unknown number. The gateway's own answers and
 * callbacks (`evidence`, `payload`: payment-instrument details) only with `gatewayEvidence`,
 * for the members who settle payments.
 */
export async function deskOrder(
  db: Db,
  mkpOrderId: string,
  options: { gatewayEvidence: boolean },
): Promise<DeskOrderDetail> {
  const result = await db.execute(sql`
    SELECT o.*, u.email, u.full_name, u.company_name, u.gst_number, u.phone_number,
           concat_ws(', ', u.business_street, u.business_city, u.business_state, u.pincode,
                     u.business_country) AS business_address,
      (SELECT coalesce(json_agg(json_build_object(
                'title', l.title, 'sku', l.sku, 'sellerSku', l.seller_sku, 'source', l.source,
                'position', l.position, 'quantity', l.quantity, 'unitPaise', l.unit_price_paise,
                'linePaise', l.line_total_paise, 'hsn', l.hsn, 'gstRateBp', l.gst_rate_bp,
                'taxablePaise', l.taxable_paise, 'cgstPaise', l.cgst_paise,
                'sgstPaise', l.sgst_paise, 'igstPaise', l.igst_paise) ORDER BY l.position), '[]')
         FROM order_lines l WHERE l.order_id = o.id) AS lines,
      (SELECT coalesce(json_agg(json_build_object(
                'id', p.id, 'provider', p.provider,
                'merchantTransactionId', p.merchant_transaction_id, 'status', p.status,
                'flagged', p.flagged, 'amountPaise', p.amount_paise, 'createdAt', p.created_at,
                'evidence', p.raw_status, 'resolution', p.resolution,
                'callbacks', (SELECT coalesce(json_agg(json_build_object(
                                  'eventId', e.event_id, 'receivedAt', e.received_at,
                                  'payload', e.payload)
                                ORDER BY e.id), '[]')
                                FROM payment_events e WHERE e.payment_id = p.id))
              ORDER BY p.id), '[]')
         FROM payments p WHERE p.order_id = o.id) AS payments,
      (SELECT coalesce(json_agg(json_build_object(
                'from', h.from_status, 'to', h.to_status, 'cause', h.cause, 'detail', h.detail,
                'at', h.created_at) ORDER BY h.id), '[]')
         FROM order_status_history h WHERE h.order_id = o.id) AS history,
      (SELECT coalesce(json_agg(json_build_object(
                'kind', m.kind, 'to', m.to_address, 'subject', m.subject,
                'state', CASE WHEN m.sent_at IS NOT NULL THEN 'sent'
                              WHEN m.dead_at IS NOT NULL THEN 'given_up' ELSE 'pending' END,
                'at', coalesce(m.sent_at, m.created_at)) ORDER BY m.id), '[]')
         FROM email_outbox m WHERE m.order_id = o.id) AS emails
      FROM orders o JOIN users u ON u.id = o.user_id
     WHERE o.mkp_order_id = ${mkpOrderId}`);
  const row = result.rows[0] as Record<string, unknown> | undefined;
  if (!row) throw notFound('order_not_found', `No order ${mkpOrderId}`);
  const text = (name: string) => row[name] as string;
  const totalPaise = Number(row.total_paise);
  type Json = Record<string, unknown>;
  const refundRows = await db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, text('id')))
    .orderBy(desc(refunds.id));
  // The attempt that paid the order (a second payment or one flagged is not the order's).
  const paying = (row.payments as Json[]).find((p) => p.status === 'COMPLETED' && !p.flagged);
  const paidPaise = paying ? Number(paying.amountPaise) : 0;
  const ofPaying = refundRows.filter((r) => paying && r.paymentId === Number(paying.id));
  // As refunds.ts's `settled` and `spent`: a failed refund paid back by hand counts as paid back.
  const refundedPaise = ofPaying
    .filter((r) => r.status === 'COMPLETED' || (r.status === 'FAILED' && r.resolution))
    .reduce((sum, r) => sum + r.amountPaise, 0);
  const isSpent = (r: (typeof refundRows)[number]) => r.status !== 'FAILED' || !!r.resolution;
  const spokenFor = ofPaying.filter(isSpent).reduce((sum, r) => sum + r.amountPaise, 0);
  // From the rows already read, not another query.
  const refundedUnits = unitsByLine(refundRows.filter(isSpent));
  const refundable = (PAID_STATUSES as readonly string[]).includes(text('p_status'));
  return {
    id: text('id'),
    mkpOrderId: text('mkp_order_id'),
    createdAt: iso(text('created_at')),
    pStatus: text('p_status'),
    statusLabel: statusBadge(text('p_status')).label,
    total: paiseToRupees(totalPaise),
    totalPaise,
    carrier: (row.carrier as string | null) ?? null,
    trackingNumber: (row.tracking_number as string | null) ?? null,
    trackingUrl: (row.tracking_url as string | null) ?? null,
    paidPaise,
    refundedPaise,
    refundablePaise: refundable ? paidPaise - spokenFor : 0,
    refunds: refundRows.map((r) =>
      toDeskRefund(r, refundRows.find((other) => other.retryOf === r.id)?.id ?? null),
    ),
    buyer: {
      id: text('user_id'),
      email: text('email'),
      fullName: text('full_name'),
      companyName: text('company_name'),
      gstNumber: text('gst_number'),
      phoneNumber: text('phone_number'),
      businessAddress: text('business_address'),
    },
    shipping: {
      recipientName: text('recipient_name'),
      address: [
        text('shipping_address1'),
        text('shipping_address2'),
        text('shipping_address3'),
        `${text('shipping_city')}, ${text('shipping_state')} ${text('shipping_postal_code')}`,
        text('shipping_country'),
      ].filter((part) => part !== ''),
      phoneNumber: text('shipping_phone_number'),
    },
    lines: (row.lines as Json[]).map((l) => ({
      position: Number(l.position),
      refundedQuantity: refundedUnits.get(Number(l.position)) ?? 0,
      title: l.title as string,
      sku: l.sku as string,
      sellerSku: (l.sellerSku as string | null) ?? null,
      source: l.source as string,
      quantity: Number(l.quantity),
      unitPrice: paiseToRupees(Number(l.unitPaise)),
      lineTotal: paiseToRupees(Number(l.linePaise)),
      gst: storedLineGst(l as unknown as Parameters<typeof storedLineGst>[0]),
    })),
    billing: storedBilling(row as unknown as Parameters<typeof storedBilling>[0]),
    tax: storedTax(row as unknown as Parameters<typeof storedTax>[0]),
    payments: (row.payments as Json[]).map((p) => ({
      id: Number(p.id),
      provider: p.provider as string,
      merchantTransactionId: p.merchantTransactionId as string,
      status: p.status as string,
      flagged: (p.flagged as string | null) ?? null,
      amount: paiseToRupees(Number(p.amountPaise)),
      createdAt: iso(p.createdAt as string),
      evidence: options.gatewayEvidence ? (p.evidence ?? null) : null,
      resolution: (p.resolution as { email: string; note: string } | null) ?? null,
      callbacks: (p.callbacks as Json[]).map((e) => ({
        eventId: e.eventId as string,
        receivedAt: iso(e.receivedAt as string),
        payload: options.gatewayEvidence ? (e.payload ?? null) : null,
      })),
    })),
    history: (row.history as Json[]).map((h) => ({
      from: (h.from as string | null) ?? null,
      to: h.to as string,
      cause: h.cause as string,
      detail: (h.detail as Json | null) ?? null,
      at: iso(h.at as string),
    })),
    emails: (row.emails as Json[]).map((m) => ({
      kind: m.kind as string,
      to: m.to as string,
      subject: m.subject as string,
      state: m.state as 'pending' | 'sent' | 'given_up',
      at: iso(m.at as string),
    })),
  };
}
