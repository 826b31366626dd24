/**
 * Returns of delivered goods (issue 22, decision 061). The buyer asks to return units of the
 * lines of their own delivered order within RETURN_WINDOW_DAYS of its delivery, for a reason,
 * with photos; staff accept or refuse it (with a reason), then mark the goods received, which
 * refunds the lines' value through the order desk's refunds (and their credit note, decision
 * 056). Every request is judged under its order's lock, so two at once cannot both take the
 * same units; the amount is the order lines' sold unit prices × units, never the client's.
 *
 * requested → accepted | refused; accepted → received → refunded. Each step is audited (staff)
 * and emailed to the buyer through the outbox, in the transaction that made it.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { formatRupees } from '@storefront/shared/money';
import {
  OPEN_RETURN_STATUSES,
  RETURN_PHOTOS_MAX,
  RETURN_REASON_LABELS,
  RETURN_WINDOW_DAYS,
  RETURN_WINDOW_MS,
  type DeskReturnList,
  type DeskReturnQuery,
  type DeskReturnRequest,
  type Returnability,
  type ReturnCreateBody,
  type ReturnList,
  type ReturnReason,
  type ReturnRequest,
  type ReturnStatus,
} from '@storefront/shared/return-requests';
import type { Db, DbOrTx, Tx } from '../../db/connect.js';
import { orders, returnPhotos, returnRequests, users } from '../../db/schema.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { enqueueEmail } from '../email/outbox.js';
import { orderEmail } from '../email/templates.js';
import { reencodeImage } from '../images/upload.js';
import { buyerDocumentHref, staffDocumentHref, toDocumentRef } from '../invoices/refs.js';
import { creditNotesOfRefunds } from '../invoices/service.js';
import { orderForReturn, type OrderForReturn } from '../orders/service.js';
import { orderAddressee } from '../orders/status-emails.js';
import { refundedQuantities, refundStatuses, type RefundsService } from '../payments/refunds.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';

type Row = typeof returnRequests.$inferSelect;

export const returnNotFound = () => notFound('return_not_found', 'Return not found');

/** Units of each line held by this order's open or refunded requests, by position. */
async function unitsInReturns(tx: DbOrTx, orderId: string, except?: number) {
  const rows = await tx
    .select({ id: returnRequests.id, lines: returnRequests.lines, status: returnRequests.status })
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId));
  const open = new Set<number>();
  const pending = new Map<number, number>();
  for (const row of rows) {
    if (row.id === except) continue;
    const holds = (OPEN_RETURN_STATUSES as readonly string[]).includes(row.status);
    for (const line of row.lines) {
      if (holds) open.add(line.position);
      // Refunded requests are counted by their refunds (with the desk's refunds by line).
      if (holds) pending.set(line.position, (pending.get(line.position) ?? 0) + line.quantity);
    }
  }
  return { open, pending };
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * What of the order may be returned at `now`: the rule every request is judged by (decision
 * 061), and what the buyer's screens show (decision 064). Only a DELIVERED order, within
 * RETURN_WINDOW_DAYS of its last delivery; a line's units less those refunded (by any refund)
 * and those in open requests; a line in an open request takes no second one.
 */
async function returnability(tx: DbOrTx, order: OrderForReturn, now: Date): Promise<Returnability> {
  const { open, pending } = await unitsInReturns(tx, order.id);
  const refunded = await refundedQuantities(tx, order.id);
  const lines = order.lines.map((line) => ({
    position: line.position,
    unitsLeft: Math.max(
      line.quantity - (refunded.get(line.position) ?? 0) - (pending.get(line.position) ?? 0),
      0,
    ),
    inOpenReturn: open.has(line.position),
  }));
  const deliveredAt = order.pStatus === 'DELIVERED' ? order.deliveredAt : null;
  const closesAt = deliveredAt ? new Date(deliveredAt.getTime() + RETURN_WINDOW_MS) : null;
  const state: Returnability['state'] = !closesAt
    ? 'not_delivered'
    : now.getTime() > closesAt.getTime()
      ? 'window_closed'
      : lines.some((line) => line.unitsLeft > 0 && !line.inOpenReturn)
        ? 'open'
        : 'nothing_left';
  return { state, deliveredAt: iso(deliveredAt), closesAt: iso(closesAt), lines };
}

function priced(order: OrderForReturn, lines: readonly { position: number; quantity: number }[]) {
  const byPosition = new Map(order.lines.map((line) => [line.position, line]));
  const out = lines.map(({ position, quantity }) => {
    const line = byPosition.get(position);
    return {
      position,
      title: line?.title ?? '',
      sku: line?.sku ?? '',
      quantity,
      unitPricePaise: line?.unitPricePaise ?? 0,
      amountPaise: (line?.unitPricePaise ?? 0) * quantity,
    };
  });
  return { lines: out, amountPaise: out.reduce((sum, line) => sum + line.amountPaise, 0) };
}

/** Where a credit note's PDF is for this reader: the buyer's order route, or the console's. */
type DocumentHref = (order: { id: string; mkpOrderId: string }, documentId: number) => string;
const buyerHref: DocumentHref = (order, documentId) => buyerDocumentHref(order.id, documentId);
const staffHref: DocumentHref = (order, documentId) =>
  staffDocumentHref(order.mkpOrderId, documentId);

/** The requests as the API shows them, with their lines priced from the order. */
async function views(db: DbOrTx, rows: Row[], href: DocumentHref): Promise<ReturnRequest[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((row) => row.orderId))];
  const photos = await db
    .select({
      id: returnPhotos.id,
      returnId: returnPhotos.returnId,
      width: returnPhotos.width,
      height: returnPhotos.height,
      bytes: sql<number>`octet_length(${returnPhotos.data})`.mapWith(Number),
    })
    .from(returnPhotos)
    .where(
      inArray(
        returnPhotos.returnId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(returnPhotos.id);
  const refundIds = rows.flatMap((row) => (row.refundId === null ? [] : [row.refundId]));
  const statuses = await refundStatuses(db, refundIds);
  const creditNotes = await creditNotesOfRefunds(db, refundIds);
  const orderRows = new Map<string, OrderForReturn>();
  for (const orderId of orderIds) {
    const order = await orderForReturn(db, orderId);
    if (order) orderRows.set(orderId, order);
  }
  return rows.map((row) => {
    const order = orderRows.get(row.orderId)!;
    const { lines, amountPaise } = priced(order, row.lines);
    const creditNote = row.refundId === null ? undefined : creditNotes.get(row.refundId);
    return {
      id: row.id,
      orderId: row.orderId,
      mkpOrderId: order.mkpOrderId,
      status: row.status as ReturnStatus,
      reason: row.reason as ReturnReason,
      description: row.description,
      lines,
      amountPaise,
      photos: photos
        .filter((photo) => photo.returnId === row.id)
        .map(({ id, width, height, bytes }) => ({ id, width, height, bytes })),
      decisionNote: row.decisionNote,
      refundId: row.refundId,
      refundStatus: row.refundId === null ? null : (statuses.get(row.refundId) ?? null),
      creditNote: creditNote
        ? toDocumentRef(creditNote, (documentId) => href(order, documentId))
        : null,
      createdAt: row.createdAt.toISOString(),
      decidedAt: iso(row.decidedAt),
      receivedAt: iso(row.receivedAt),
      refundedAt: iso(row.refundedAt),
    };
  });
}

type ReturnEmail = 'requested' | 'accepted' | 'refused' | 'received';

function wording(
  kind: ReturnEmail,
  mkpOrderId: string,
  view: { amountPaise: number; reason: string; note: string | null },
) {
  switch (kind) {
    case 'requested':
      return {
        subject: `We have your return request for order ${mkpOrderId}`,
        lines: [
          `We have received your request to return items of order ${mkpOrderId} (${view.reason}).`,
          'We will look at it and write to you once it is accepted or refused.',
        ],
      };
    case 'accepted':
      return {
        subject: `Your return for order ${mkpOrderId} is accepted`,
        lines: [
          `Your return of items of order ${mkpOrderId} is accepted. Please send them back to us; once they arrive we refund ${formatRupees(view.amountPaise)}.`,
          ...(view.note ? [`Note from the store: ${view.note}`] : []),
        ],
      };
    case 'refused':
      return {
        subject: `Your return for order ${mkpOrderId} was refused`,
        lines: [
          `We could not accept your return of items of order ${mkpOrderId}.`,
          `Reason: ${view.note ?? ''}`,
        ],
      };
    case 'received':
      return {
        subject: `We received your returned items for order ${mkpOrderId}`,
        lines: [
          `The items you returned from order ${mkpOrderId} have arrived. A refund of ${formatRupees(view.amountPaise)} to your original payment method has been started.`,
        ],
      };
  }
}

export interface ReturnsOptions {
  publicUrl: string;
  clock: () => Date;
}

export function createReturnsService(db: Db, refunds: RefundsService, options: ReturnsOptions) {
  const { publicUrl, clock } = options;

  async function email(tx: Tx, row: Row, kind: ReturnEmail, order: OrderForReturn) {
    const to = await orderAddressee(tx, row.orderId);
    if (!to) return;
    const { amountPaise } = priced(order, row.lines);
    const { subject, lines } = wording(kind, order.mkpOrderId, {
      amountPaise,
      reason: RETURN_REASON_LABELS[row.reason as ReturnReason].toLowerCase(),
      note: row.decisionNote,
    });
    await enqueueEmail(tx, {
      kind: 'return_update',
      to: to.email,
      orderId: row.orderId,
      content: orderEmail({
        publicUrl,
        fullName: to.fullName,
        orderId: row.orderId,
        subject,
        lines,
      }),
    });
  }

  /** The request and its order, both locked (order first, as every refund path does). */
  async function lockReturn(tx: Tx, returnId: number, userId?: string) {
    const [found] = await tx
      .select({ orderId: returnRequests.orderId, userId: returnRequests.userId })
      .from(returnRequests)
      .where(eq(returnRequests.id, returnId));
    if (!found || (userId !== undefined && found.userId !== userId)) throw returnNotFound();
    const order = await orderForReturn(tx, found.orderId, { lock: true });
    const [row] = await tx
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.id, returnId))
      .for('update');
    return { order: order!, row: row! };
  }

  async function one(returnId: number): Promise<ReturnRequest> {
    const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, returnId));
    if (!row) throw returnNotFound();
    return (await views(db, [row], buyerHref))[0]!;
  }

  const wrongState = (row: Row, action: string, from: string) =>
    conflict(
      'return_wrong_status',
      `Return ${row.id} is ${row.status}; only a ${from} return can be ${action}.`,
    );

  /** Writes the refund of a received return (the desk's path) and marks it refunded. */
  async function refund(actor: StaffActor, returnId: number): Promise<void> {
    const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, returnId));
    if (!row) throw returnNotFound();
    if (row.status === 'refunded') return;
    if (row.status !== 'received') throw wrongState(row, 'refunded', 'received');
    const [order] = await db
      .select({ mkpOrderId: orders.mkpOrderId })
      .from(orders)
      .where(eq(orders.id, row.orderId));
    // The same key for the same return: asked twice, the desk answers its one refund.
    const result = await refunds.refundOrder(
      actor,
      order!.mkpOrderId,
      {
        reason: `Return ${row.id}: ${RETURN_REASON_LABELS[row.reason as ReturnReason]}`,
        lines: row.lines,
      },
      `return-${row.id}`,
    );
    await db.transaction(async (tx) => {
      const { row: locked } = await lockReturn(tx, returnId);
      if (locked.status !== 'received') return;
      const now = clock();
      await tx
        .update(returnRequests)
        .set({ status: 'refunded', refundId: result.refund.id, refundedAt: now, updatedAt: now })
        .where(eq(returnRequests.id, returnId));
      await recordAudit(tx, actor, {
        action: 'return.refund',
        targetType: 'return',
        targetId: String(returnId),
        before: { status: 'received' },
        after: {
          status: 'refunded',
          refundId: result.refund.id,
          amountPaise: result.refund.amountPaise,
        },
      });
    });
  }

  return {
    async create(userId: string, orderId: string, body: ReturnCreateBody): Promise<ReturnRequest> {
      const id = await db.transaction(async (tx) => {
        const order = await orderForReturn(tx, orderId, { userId, lock: true });
        if (!order) throw notFound('order_not_found', 'Order not found');
        const now = clock();
        const judged = await returnability(tx, order, now);
        if (judged.state === 'not_delivered')
          throw conflict(
            'order_not_returnable',
            `Order ${order.mkpOrderId} has not been delivered; only a delivered order's items can be returned.`,
          );
        if (judged.state === 'window_closed')
          throw conflict(
            'return_window_closed',
            `Order ${order.mkpOrderId} was delivered more than ${RETURN_WINDOW_DAYS} days ago; returns are accepted within ${RETURN_WINDOW_DAYS} days of delivery.`,
          );
        const asked = new Map<number, number>();
        for (const { position, quantity } of body.lines)
          asked.set(position, (asked.get(position) ?? 0) + quantity);
        const byPosition = new Map(order.lines.map((line) => [line.position, line]));
        const left = new Map(judged.lines.map((line) => [line.position, line]));
        for (const [position, quantity] of asked) {
          const line = byPosition.get(position);
          const state = left.get(position);
          if (!line || !state)
            throw invalid('unknown_line', `Order ${order.mkpOrderId} has no line ${position + 1}`);
          if (state.inOpenReturn)
            throw conflict(
              'return_already_open',
              `Line ${position + 1} (${line.title}) is already in an open return request.`,
            );
          if (quantity > state.unitsLeft)
            throw conflict(
              'return_exceeds_line',
              `Line ${position + 1} has ${state.unitsLeft} of ${line.quantity} units left to return.`,
            );
        }
        const lines = [...asked].map(([position, quantity]) => ({ position, quantity }));
        const [row] = await tx
          .insert(returnRequests)
          .values({
            orderId: order.id,
            userId,
            reason: body.reason,
            description: body.description,
            lines,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await email(tx, row!, 'requested', order);
        return row!.id;
      });
      return one(id);
    },

    /** The order's requests, newest first, and what of it may be returned now. */
    async listOwn(userId: string, orderId: string): Promise<ReturnList> {
      const order = await orderForReturn(db, orderId, { userId });
      if (!order) throw notFound('order_not_found', 'Order not found');
      const rows = await db
        .select()
        .from(returnRequests)
        .where(eq(returnRequests.orderId, orderId))
        .orderBy(desc(returnRequests.id));
      return {
        items: await views(db, rows, buyerHref),
        returnable: await returnability(db, order, clock()),
      };
    },

    /** Adds a photo to the buyer's own request while it waits for a decision. */
    async addPhoto(userId: string, returnId: number, data: Buffer) {
      // Decoded and re-encoded before any lock: the slow part, on the buyer's bytes only.
      const image = await reencodeImage(data);
      return db.transaction(async (tx) => {
        const { row } = await lockReturn(tx, returnId, userId);
        if (row.status !== 'requested') throw wrongState(row, 'given photos', 'requested');
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
          .from(returnPhotos)
          .where(eq(returnPhotos.returnId, returnId));
        if (count!.n >= RETURN_PHOTOS_MAX)
          throw conflict('too_many_photos', `A return takes at most ${RETURN_PHOTOS_MAX} photos.`);
        const [photo] = await tx
          .insert(returnPhotos)
          .values({
            returnId,
            contentType: image.extension === 'png' ? 'image/png' : 'image/jpeg',
            width: image.width,
            height: image.height,
            data: image.data,
          })
          .returning({ id: returnPhotos.id });
        return {
          id: photo!.id,
          width: image.width,
          height: image.height,
          bytes: image.data.length,
        };
      });
    },

    /** A photo's bytes, for its buyer (userId) or staff (no userId). */
    async photo(returnId: number, photoId: number, userId?: string) {
      const [row] = await db
        .select({
          data: returnPhotos.data,
          contentType: returnPhotos.contentType,
          userId: returnRequests.userId,
        })
        .from(returnPhotos)
        .innerJoin(returnRequests, eq(returnRequests.id, returnPhotos.returnId))
        .where(and(eq(returnPhotos.id, photoId), eq(returnPhotos.returnId, returnId)));
      if (!row || (userId !== undefined && row.userId !== userId))
        throw notFound('photo_not_found', 'Photo not found');
      const data = Buffer.from(row.data);
      return {
        data,
        contentType: row.contentType,
        etag: `"${createHash('sha256').update(data).digest('hex').slice(0, 32)}"`,
      };
    },

    /** A page of requests, newest first, by status; keyset-paged by id. */
    async deskList({ status, before, limit }: DeskReturnQuery): Promise<DeskReturnList> {
      const found = await db
        .select({ row: returnRequests, email: users.email, companyName: users.companyName })
        .from(returnRequests)
        .innerJoin(users, eq(users.id, returnRequests.userId))
        .where(
          and(
            status ? eq(returnRequests.status, status) : undefined,
            before === undefined ? undefined : lt(returnRequests.id, before),
          ),
        )
        .orderBy(desc(returnRequests.id))
        .limit(limit + 1);
      const rows = found.slice(0, limit);
      const shown = await views(
        db,
        rows.map((r) => r.row),
        staffHref,
      );
      return {
        items: shown.map((view, i) => ({
          ...view,
          buyerEmail: rows[i]!.email,
          companyName: rows[i]!.companyName,
        })),
        next: found.length > limit ? rows.at(-1)!.row.id : null,
      };
    },

    async deskOne(returnId: number): Promise<DeskReturnRequest> {
      const [found] = await db
        .select({ row: returnRequests, email: users.email, companyName: users.companyName })
        .from(returnRequests)
        .innerJoin(users, eq(users.id, returnRequests.userId))
        .where(eq(returnRequests.id, returnId));
      if (!found) throw returnNotFound();
      const [view] = await views(db, [found.row], staffHref);
      return { ...view!, buyerEmail: found.email, companyName: found.companyName };
    },

    /** Accepts or refuses a waiting request; deciding it again the same way changes nothing. */
    async decide(
      actor: StaffActor,
      returnId: number,
      decision: 'accepted' | 'refused',
      note: string | null,
    ) {
      await db.transaction(async (tx) => {
        const { order, row } = await lockReturn(tx, returnId);
        if (row.status === decision) return;
        if (row.status !== 'requested') throw wrongState(row, decision, 'requested');
        const now = clock();
        const [after] = await tx
          .update(returnRequests)
          .set({ status: decision, decisionNote: note || null, decidedAt: now, updatedAt: now })
          .where(eq(returnRequests.id, returnId))
          .returning();
        await recordAudit(tx, actor, {
          action: decision === 'accepted' ? 'return.accept' : 'return.refuse',
          targetType: 'return',
          targetId: String(returnId),
          before: { status: row.status, mkpOrderId: order.mkpOrderId },
          after: { status: decision, note: note || null },
        });
        await email(tx, after!, decision, order);
      });
      return this.deskOne(returnId);
    },

    /** Marks an accepted request's goods received and refunds them (the desk's refund). */
    async receive(actor: StaffActor, returnId: number) {
      await db.transaction(async (tx) => {
        const { order, row } = await lockReturn(tx, returnId);
        if (row.status === 'received' || row.status === 'refunded') return;
        if (row.status !== 'accepted') throw wrongState(row, 'received', 'accepted');
        const now = clock();
        const [after] = await tx
          .update(returnRequests)
          .set({ status: 'received', receivedAt: now, updatedAt: now })
          .where(eq(returnRequests.id, returnId))
          .returning();
        await recordAudit(tx, actor, {
          action: 'return.receive',
          targetType: 'return',
          targetId: String(returnId),
          before: { status: 'accepted', mkpOrderId: order.mkpOrderId },
          after: { status: 'received' },
        });
        await email(tx, after!, 'received', order);
      });
      // Should the desk refuse the refund, the return stays received and is refunded later.
      await refund(actor, returnId);
      return this.deskOne(returnId);
    },

    /** Refunds a received request whose refund did not go through on receipt. */
    async refund(actor: StaffActor, returnId: number) {
      await refund(actor, returnId);
      return this.deskOne(returnId);
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
