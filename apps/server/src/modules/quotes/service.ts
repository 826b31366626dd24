/**
 * Quotes (issue 22, decision 060): a buyer asks for a price on lines of any quantity; the
 * store (owner, finance) answers each line with a unit price (paise incl. GST) and an expiry,
 * or declines with a reason; both sides write messages on it. Every answer is a new version
 * (quote_versions is append-only); only the latest, unexpired version can be accepted, once:
 * acceptance locks the quote's row, so two accepts at once make one order (the second finds it
 * accepted). The order is made by orders' createQuotedOrder in the same transaction. The
 * buyer may instead withdraw a request not yet priced or decline the price they saw (decision
 * 073): final, like the store's decline, and emailed to the quote desk's members.
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { formatRupees } from '@storefront/shared/money';
import type { OrderCreateResponse } from '@storefront/shared/orders';
import { quoteReference } from '@storefront/shared/quote-labels';
import type { Quote, QuoteStatus } from '@storefront/shared/quotes';
import type { QuoteRequestBody as RequestSchema } from '@storefront/shared/quotes';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/connect.js';
import { quoteLines, quoteMessages, quotes, quoteVersions, users } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newObjectId } from '../../lib/ids.js';
import { decodeCreatedCursor, encodeCreatedCursor } from '../../lib/timestamp-text.js';
import { lineLabel, productsForLines, variantOf } from '../cart/service.js';
import { enqueueEmail } from '../email/outbox.js';
import { quoteEmail } from '../email/templates.js';
import { createQuotedOrder, findOrder, type OrderTaxContext } from '../orders/service.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';
import { activeMembersAllowed } from '../staff/service.js';

type RequestBody = z.output<typeof RequestSchema>;

const quoteNotFound = () => notFound('quote_not_found', 'Quote not found');

/** Who works the quote desk, and so is told what buyers do on it: the owner and finance. */
export const QUOTE_DESK_ROLES = ['finance'] as const;

/** What a quote shows as its status: an answered quote past its latest expiry is expired. */
function shownStatus(status: string, expiresAt: Date | null, now: Date): QuoteStatus {
  if (status === 'answered' && expiresAt && expiresAt <= now) return 'expired';
  return status as QuoteStatus;
}

/** The status filter as SQL on quotes joined to their latest version `v`. */
function statusFilter(status: QuoteStatus, now: Date): SQL {
  const at = now.toISOString();
  if (status === 'expired')
    return sql`q.status = 'answered' AND v.expires_at <= ${at}::timestamptz`;
  if (status === 'answered')
    return sql`q.status = 'answered' AND v.expires_at > ${at}::timestamptz`;
  return sql`q.status = ${status}`;
}

export async function requestQuote(
  db: Db,
  userId: string,
  body: RequestBody,
  now: Date,
): Promise<Quote> {
  const id = newObjectId();
  await db.transaction(async (tx) => {
    const ids = [...new Set(body.lines.map((line) => line.productId))];
    const { products } = await productsForLines(tx, userId, ids);
    const lines = body.lines.map((line, position) => {
      const product = products.get(line.productId);
      if (!product || product.status !== 'active')
        throw notFound('product_not_found', `Line ${position + 1}: product not found`);
      const variant = variantOf(product, line.variantIndex ?? null);
      if (variant === undefined)
        throw new AppError(
          'unprocessable',
          'variant_required',
          `Line ${position + 1}: choose one of ${product.name}'s variants`,
        );
      return {
        quoteId: id,
        position,
        productId: line.productId,
        variantIndex: line.variantIndex ?? null,
        source: line.source,
        title: lineLabel(product, variant),
        quantity: line.quantity,
        targetPricePaise: line.targetPricePaise ?? null,
      };
    });
    await tx.insert(quotes).values({ id, userId, note: body.note, createdAt: now, updatedAt: now });
    await tx.insert(quoteLines).values(lines);
  });
  return getQuote(db, id, { userId, now });
}

/** A quote with its lines, versions and messages; `userId` limits it to that buyer's (404). */
export async function getQuote(
  db: DbOrTx,
  id: string,
  { userId, now, withBuyer = false }: { userId?: string; now: Date; withBuyer?: boolean },
): Promise<Quote> {
  const [row] = await db
    .select({ quote: quotes, email: users.email, companyName: users.companyName })
    .from(quotes)
    .innerJoin(users, eq(users.id, quotes.userId))
    .where(
      userId === undefined ? eq(quotes.id, id) : and(eq(quotes.id, id), eq(quotes.userId, userId)),
    );
  if (!row) throw quoteNotFound();
  const [lines, versions, messages] = await Promise.all([
    db
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, id))
      .orderBy(asc(quoteLines.position)),
    db
      .select()
      .from(quoteVersions)
      .where(eq(quoteVersions.quoteId, id))
      .orderBy(asc(quoteVersions.version)),
    db
      .select()
      .from(quoteMessages)
      .where(eq(quoteMessages.quoteId, id))
      .orderBy(asc(quoteMessages.id)),
  ]);
  const latest = versions.at(-1);
  const { quote } = row;
  const order = quote.orderId ? await findOrder(db, quote.orderId) : null;
  return {
    id: quote.id,
    status: shownStatus(quote.status, latest?.expiresAt ?? null, now),
    note: quote.note,
    declineReason: quote.declineReason,
    createdAt: quote.createdAt.toISOString(),
    orderId: quote.orderId,
    orderNumber: order?.mkpOrderId ?? null,
    lines: lines.map((line) => ({
      position: line.position,
      productId: line.productId,
      variantIndex: line.variantIndex,
      source: line.source,
      title: line.title,
      quantity: line.quantity,
      targetPricePaise: line.targetPricePaise,
    })),
    versions: versions.map((v) => ({
      version: v.version,
      unitPricesPaise: v.unitPricesPaise,
      totalPaise: v.unitPricesPaise.reduce((sum, price, i) => sum + price * lines[i]!.quantity, 0),
      expiresAt: v.expiresAt.toISOString(),
      createdAt: v.createdAt.toISOString(),
    })),
    messages: messages.map((m) => ({
      author: m.author as 'buyer' | 'staff',
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
    ...(withBuyer ? { buyer: { email: row.email, companyName: row.companyName } } : {}),
  };
}

/**
 * The buyer's quotes (userId, all of them) or a page of the staff queue (status filter; keyset
 * paged newest first by created_at and id, `next` the cursor of the page after).
 */
export async function listQuotes(
  db: Db,
  {
    userId,
    status,
    after,
    limit = 500,
    now,
  }: { userId?: string; status?: QuoteStatus; after?: string; limit?: number; now: Date },
) {
  const where = [
    userId === undefined ? sql`true` : sql`q.user_id = ${userId}`,
    status === undefined ? sql`true` : statusFilter(status, now),
  ];
  if (after !== undefined) {
    const [createdAt, id] = decodeCreatedCursor(after);
    where.push(sql`(q.created_at, q.id) < (${createdAt}::timestamptz, ${id})`);
  }
  // The latest version's total: each line's quoted unit price (by position) times its quantity.
  const result = await db.execute(sql`
    SELECT q.id, q.status, q.created_at, q.created_at::text AS sort_key, v.expires_at,
           u.email, u.company_name,
           (SELECT count(*) FROM quote_lines l WHERE l.quote_id = q.id)::int AS line_count,
           (SELECT l.title FROM quote_lines l WHERE l.quote_id = q.id
             ORDER BY l.position LIMIT 1) AS first_title,
           (SELECT sum((v.unit_prices_paise->>l.position)::bigint * l.quantity)
              FROM quote_lines l WHERE l.quote_id = q.id)::bigint AS total_paise
      FROM quotes q
      JOIN users u ON u.id = q.user_id
      LEFT JOIN quote_versions v ON v.quote_id = q.id AND v.version = q.current_version
     WHERE ${sql.join(where, sql` AND `)}
     ORDER BY q.created_at DESC, q.id DESC
     LIMIT ${limit + 1}`);
  const rows = result.rows as {
    id: string;
    status: string;
    created_at: string | Date;
    sort_key: string;
    expires_at: string | Date | null;
    email: string;
    company_name: string;
    line_count: number;
    first_title: string | null;
    total_paise: string | number | null;
  }[];
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    payload: page.map((row) => {
      const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
      return {
        id: row.id,
        status: shownStatus(row.status, expiresAt, now),
        createdAt: new Date(row.created_at).toISOString(),
        lineCount: Number(row.line_count),
        title: row.first_title ?? '',
        totalPaise: row.total_paise === null ? null : Number(row.total_paise),
        expiresAt: expiresAt?.toISOString() ?? null,
        ...(userId === undefined
          ? { buyer: { email: row.email, companyName: row.company_name } }
          : {}),
      };
    }),
    next: rows.length > limit && last ? encodeCreatedCursor(last.sort_key, last.id) : null,
  };
}

/** The quote's row, locked for the rest of the transaction; 404 when not (this buyer's). */
async function lockQuote(tx: Tx, id: string, userId?: string) {
  const [row] = await tx
    .select()
    .from(quotes)
    .where(
      userId === undefined ? eq(quotes.id, id) : and(eq(quotes.id, id), eq(quotes.userId, userId)),
    )
    .for('update');
  if (!row) throw quoteNotFound();
  return row;
}

const quoteExpired = () => conflict('quote_expired', 'This quote has expired; ask for a new price');

async function versionOf(tx: Tx, quoteId: string, version: number) {
  const [row] = await tx
    .select()
    .from(quoteVersions)
    .where(and(eq(quoteVersions.quoteId, quoteId), eq(quoteVersions.version, version)));
  return row!;
}

/**
 * The version the buyer acts on (accepts or declines), refused (409) unless it is the price
 * they saw: priced, not replaced since, not expired.
 */
async function versionSeen(
  tx: Tx,
  quote: { id: string; currentVersion: number },
  seen: number,
  now: Date,
) {
  if (quote.currentVersion === 0)
    throw conflict('quote_not_answered', 'This quote has not been priced yet');
  if (seen !== quote.currentVersion)
    throw conflict(
      'quote_superseded',
      `Version ${seen} was replaced by version ${quote.currentVersion}; review the new price`,
    );
  const version = await versionOf(tx, quote.id, quote.currentVersion);
  if (version.expiresAt <= now) throw quoteExpired();
  return version;
}

/** Refuses (409) a quote that is final: accepted, declined by the store, or closed by the buyer. */
function checkOpen(status: string): void {
  if (status === 'accepted')
    throw conflict('quote_accepted', 'This quote was accepted and became an order');
  if (status === 'declined') throw conflict('quote_declined', 'This quote was declined');
  if (status === 'withdrawn') throw conflict('quote_withdrawn', 'This request was withdrawn');
  if (status === 'buyer_declined')
    throw conflict('quote_buyer_declined', 'This price was declined by the buyer');
}

/** Emails the quote's buyer about it, in the caller's transaction (the outbox). */
async function tellBuyer(
  tx: DbOrTx,
  publicUrl: string,
  quoteId: string,
  subject: string,
  lines: string[],
): Promise<void> {
  const [buyer] = await tx
    .select({ email: users.email, fullName: users.fullName })
    .from(quotes)
    .innerJoin(users, eq(users.id, quotes.userId))
    .where(eq(quotes.id, quoteId));
  if (!buyer) return;
  await enqueueEmail(tx, {
    kind: 'quote_update',
    to: buyer.email,
    content: quoteEmail({
      reader: 'buyer',
      publicUrl,
      fullName: buyer.fullName,
      quoteId,
      subject,
      lines,
    }),
  });
}

/** Emails every active member of the quote desk about a buyer's step, in the caller's transaction. */
async function tellQuoteDesk(
  tx: Tx,
  publicUrl: string,
  quoteId: string,
  subject: string,
  lines: string[],
): Promise<void> {
  for (const member of await activeMembersAllowed(tx, QUOTE_DESK_ROLES))
    await enqueueEmail(tx, {
      kind: 'quote_desk_notice',
      to: member.email,
      content: quoteEmail({
        reader: 'desk',
        publicUrl,
        fullName: member.fullName,
        quoteId,
        subject,
        lines,
      }),
    });
}

/** What the buyer does to end a quote: withdraw the request, or decline the version they saw. */
export type BuyerClosing = { action: 'withdraw' } | { action: 'decline'; version: number };

/**
 * The buyer ends their quote (decision 073): a request not yet priced is withdrawn, a price
 * (the current, unexpired version they name) is declined. Final like the store's decline;
 * refused (409) once accepted, expired, replaced or already ended; the desk is emailed.
 */
export async function closeQuote(
  db: Db,
  userId: string,
  id: string,
  closing: BuyerClosing,
  reason: string,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<Quote> {
  await db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id, userId);
    checkOpen(quote.status);
    if (closing.action === 'decline') await versionSeen(tx, quote, closing.version, now);
    else if (quote.currentVersion > 0) {
      // Priced meanwhile: declined once reviewed, not withdrawn; an expired price is final.
      const current = await versionOf(tx, id, quote.currentVersion);
      if (current.expiresAt <= now) throw quoteExpired();
      throw conflict(
        'quote_answered',
        'This request has been priced meanwhile; review the price, then accept or decline it',
      );
    }
    const status = closing.action === 'withdraw' ? 'withdrawn' : 'buyer_declined';
    await tx
      .update(quotes)
      .set({ status, declineReason: reason === '' ? null : reason, updatedAt: now })
      .where(eq(quotes.id, id));
    const [buyer] = await tx
      .select({ companyName: users.companyName, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    const who = `${buyer!.companyName} (${buyer!.email})`;
    const reference = quoteReference(id);
    await tellQuoteDesk(
      tx,
      publicUrl,
      id,
      closing.action === 'withdraw'
        ? `Quote ${reference} was withdrawn by the buyer`
        : `The price of quote ${reference} was declined by the buyer`,
      [
        closing.action === 'withdraw'
          ? `${who} withdrew quote request ${reference} before it was priced.`
          : `${who} declined version ${quote.currentVersion} of quote ${reference}.`,
        reason === '' ? 'They gave no reason.' : `Their reason: ${reason}`,
      ],
    );
  });
  return getQuote(db, id, { userId, now });
}

export async function answerQuote(
  db: Db,
  who: StaffActor,
  id: string,
  body: { unitPricesPaise: number[]; expiresAt: string },
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<Quote> {
  await db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id);
    checkOpen(quote.status);
    const lines = await tx
      .select({ quantity: quoteLines.quantity })
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, id))
      .orderBy(asc(quoteLines.position));
    if (body.unitPricesPaise.length !== lines.length)
      throw new AppError(
        'unprocessable',
        'quote_prices_mismatch',
        `Give one unit price for each of the quote's ${lines.length} lines`,
      );
    const expiresAt = new Date(body.expiresAt);
    if (expiresAt <= now)
      throw new AppError('unprocessable', 'quote_expiry_past', 'The expiry must be in the future');
    const version = quote.currentVersion + 1;
    await tx.insert(quoteVersions).values({
      quoteId: id,
      version,
      unitPricesPaise: body.unitPricesPaise,
      expiresAt,
      staffId: who.staffId,
      createdAt: now,
    });
    await tx
      .update(quotes)
      .set({ status: 'answered', currentVersion: version, updatedAt: now })
      .where(eq(quotes.id, id));
    const total = body.unitPricesPaise.reduce((sum, p, i) => sum + p * lines[i]!.quantity, 0);
    await recordAudit(tx, who, {
      action: 'quote.answer',
      targetType: 'quote',
      targetId: id,
      before: { status: quote.status, version: quote.currentVersion },
      after: { status: 'answered', version, unitPricesPaise: body.unitPricesPaise, expiresAt },
    });
    await tellBuyer(tx, publicUrl, id, 'Your quote has been answered', [
      `We have priced your quote: ${formatRupees(total)} in all, GST included.`,
      `The price holds until ${expiresAt.toUTCString()}. Accept it from your quote's page to place the order.`,
    ]);
  });
  return getQuote(db, id, { now, withBuyer: true });
}

export async function declineQuote(
  db: Db,
  who: StaffActor,
  id: string,
  reason: string,
  { now, publicUrl }: { now: Date; publicUrl: string },
): Promise<Quote> {
  await db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id);
    checkOpen(quote.status);
    await tx
      .update(quotes)
      .set({ status: 'declined', declineReason: reason, updatedAt: now })
      .where(eq(quotes.id, id));
    await recordAudit(tx, who, {
      action: 'quote.decline',
      targetType: 'quote',
      targetId: id,
      before: { status: quote.status },
      after: { status: 'declined', reason },
    });
    await tellBuyer(tx, publicUrl, id, 'Your quote was declined', [
      'We are unable to offer a price for your quote.',
      `Reason: ${reason}`,
    ]);
  });
  return getQuote(db, id, { now, withBuyer: true });
}

/** A message on the quote: the buyer's (userId) or a member's (who, audited, emailed). */
export async function addMessage(
  db: Db,
  id: string,
  body: string,
  by: { userId: string } | { who: StaffActor; publicUrl: string },
  now: Date,
): Promise<Quote> {
  const userId = 'userId' in by ? by.userId : undefined;
  await db.transaction(async (tx) => {
    await lockQuote(tx, id, userId);
    await tx.insert(quoteMessages).values({
      quoteId: id,
      author: 'who' in by ? 'staff' : 'buyer',
      staffId: 'who' in by ? by.who.staffId : null,
      body,
      createdAt: now,
    });
    await tx.update(quotes).set({ updatedAt: now }).where(eq(quotes.id, id));
    if ('who' in by) {
      await recordAudit(tx, by.who, {
        action: 'quote.message',
        targetType: 'quote',
        targetId: id,
        after: { body },
      });
      await tellBuyer(tx, by.publicUrl, id, 'A new message on your quote', [body]);
    }
  });
  return getQuote(db, id, { userId, now, withBuyer: userId === undefined });
}

/**
 * The buyer accepts the latest version: one order at its prices, before it expires, once.
 * The quote's row lock makes a second accept wait and then find it accepted (409).
 */
export async function acceptQuote(
  db: Db,
  userId: string,
  id: string,
  body: { version: number; order: Parameters<typeof createQuotedOrder>[2] },
  tax: OrderTaxContext,
  now: Date,
): Promise<OrderCreateResponse> {
  return db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id, userId);
    checkOpen(quote.status);
    const version = await versionSeen(tx, quote, body.version, now);
    const lines = await tx
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, id))
      .orderBy(asc(quoteLines.position));
    const order = await createQuotedOrder(
      tx,
      userId,
      body.order,
      tax,
      lines.map((line, i) => ({
        productId: line.productId,
        variantIndex: line.variantIndex,
        source: line.source,
        quantity: line.quantity,
        unitPricePaise: version.unitPricesPaise[i]!,
      })),
    );
    await tx
      .update(quotes)
      .set({ status: 'accepted', orderId: order.payload._id.$oid, updatedAt: now })
      .where(eq(quotes.id, id));
    return order;
  });
}
