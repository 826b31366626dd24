/**
 * Tax invoices and credit notes (issue 21, decisions 052 and 056): issued inside the
 * transaction of the change that calls for them, stored whole, read back for their PDFs.
 *
 * - An invoice is issued when the order is paid, in the payment's transaction, after the
 *   guarded move to PD (so at most one transaction per order gets here; the order's row is
 *   locked, and the unique index on an order's invoice stands behind it). Orders from before
 *   issue 21 (no tax columns) get none.
 * - A credit note is issued when a refund's money is back with the buyer (the gateway completed
 *   it, or staff settled a failed one by hand), for a refund of the order's payment (a refund of
 *   lines, of an amount, or a paid order's cancellation): one per refund.
 * - Each is written in a savepoint: should one fail (a store without its registration, an
 *   order whose stored tax does not add up), the payment or refund still stands, the series
 *   gets its number back, and the order's history says why there is no document.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { documentNumber, financialYear } from '@storefront/shared/gst';
import { registrationGaps } from '@storefront/shared/store-settings';
import type {
  EInvoiceRegistration,
  TaxDocument,
  TaxDocumentKind,
} from '@storefront/shared/tax-document';
import type { DbOrTx, Tx } from '../../db/connect.js';
import type { TaxSetupSource } from '../../module-context.js';
import { orders, taxDocuments } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { enqueueEmail } from '../email/outbox.js';
import { readStoreSettings } from '../gst/settings.js';
import { recordOrderEvent } from '../orders/service.js';
import { orderAddressee } from '../orders/status-emails.js';
import { orderTaxFacts } from '../orders/tax-facts.js';
import { buildCreditNote, type CreditedRefund } from './credit-note.js';
import { buildInvoice } from './document.js';
import type { DocumentJson } from './refs.js';
import { creditNoteEmail } from './emails.js';
import { takeSequence } from './series.js';

/** The causes of a refund of the supply itself (a second payment's refund is not). */
const CREDITED_CAUSES: ReadonlySet<string> = new Set(['staff', 'cancellation']);

const indiaDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The date in India (YYYY-MM-DD) of a moment: a document's date of issue. */
export const indiaDate = (at: Date) => indiaDateFormat.format(at);

export interface IssuedDocument {
  id: number;
  kind: TaxDocumentKind;
  number: string;
  issueDate: string;
  totalPaise: number;
}

export interface IssueContext {
  at: Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const issuedColumns = {
  id: taxDocuments.id,
  kind: taxDocuments.kind,
  number: taxDocuments.number,
  issueDate: taxDocuments.issueDate,
  totalPaise: taxDocuments.totalPaise,
};

function issued(row: {
  id: number;
  kind: string;
  number: string;
  issueDate: string;
  totalPaise: number;
}): IssuedDocument {
  return { ...row, kind: row.kind as TaxDocumentKind };
}

/** Writes a document with the next number of its series, in a savepoint of `tx`. */
async function writeDocument(
  tx: Tx,
  input: {
    kind: TaxDocumentKind;
    prefix: string;
    at: Date;
    orderId: string;
    invoiceId: number | null;
    refundId: number | null;
    build: (numbering: { number: string; issueDate: string; financialYear: string }) => TaxDocument;
  },
): Promise<IssuedDocument> {
  const issueDate = indiaDate(input.at);
  const year = financialYear(issueDate);
  // Last of the transaction's work but the insert: the series' row stays locked to the commit.
  const sequence = await takeSequence(tx, input.kind, year);
  const number = documentNumber(input.prefix, year, sequence);
  const document = input.build({ number, issueDate, financialYear: year });
  const [row] = await tx
    .insert(taxDocuments)
    .values({
      kind: input.kind,
      number,
      financialYear: year,
      sequence,
      orderId: input.orderId,
      invoiceId: input.invoiceId,
      refundId: input.refundId,
      issueDate,
      recipientGstin: document.recipient.gstin,
      taxablePaise: document.totals.taxablePaise,
      cgstPaise: document.totals.cgstPaise,
      sgstPaise: document.totals.sgstPaise,
      igstPaise: document.totals.igstPaise,
      totalPaise: document.totals.totalPaise,
      document,
    })
    .returning(issuedColumns);
  return issued(row!);
}

/** Runs `issue` in a savepoint; a failure is undone, recorded on the order and logged. */
async function inSavepoint(
  tx: Tx,
  orderId: string,
  context: IssueContext,
  what: 'invoice' | 'credit_note',
  detail: Record<string, unknown>,
  issue: (savepoint: Tx) => Promise<IssuedDocument>,
): Promise<IssuedDocument | null> {
  try {
    return await tx.transaction((savepoint) => issue(savepoint));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    context.log.warn({ err: error, orderId, ...detail }, `${what} not issued`);
    await recordOrderEvent(tx, orderId, `${what}_not_issued`, { ...detail, error: message });
    return null;
  }
}

/** The order's invoice, if it has one. */
export async function findInvoice(db: DbOrTx, orderId: string): Promise<IssuedDocument | null> {
  const [row] = await db
    .select(issuedColumns)
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  return row ? issued(row) : null;
}

/** An invoice's issue also needs the seller's details: the process's kept tax setup. */
export interface InvoiceContext extends IssueContext {
  taxSetup: TaxSetupSource;
}

/**
 * Issues the tax invoice of an order that has just been paid, in the payment's transaction
 * (the caller moved the order to PD in it, which locked the order's row). Answers the invoice
 * (the one already issued, if any), or null for an order from before issue 21 or when it could
 * not be issued (recorded on the order).
 */
export async function issueInvoice(
  tx: Tx,
  orderId: string,
  context: InvoiceContext,
): Promise<IssuedDocument | null> {
  const existing = await findInvoice(tx, orderId);
  if (existing) return existing;
  const order = await orderTaxFacts(tx, orderId);
  if (!order) return null;
  // The process's setup, as the order's own tax was: a payment racing a settings save may take
  // either version even reading the row (nothing locks it), and the notification's delay only
  // widens that race. The number comes from the series whatever the setup says.
  const { settings } = await context.taxSetup.inTransaction(tx);
  const gaps = registrationGaps(settings);
  if (gaps.length > 0) {
    context.log.warn({ orderId, gaps }, 'invoice not issued: the registration is incomplete');
    await recordOrderEvent(tx, orderId, 'invoice_not_issued', {
      error: `The store's registration lacks ${gaps.join(', ')}`,
    });
    return null;
  }
  return inSavepoint(tx, orderId, context, 'invoice', {}, (savepoint) =>
    writeDocument(savepoint, {
      kind: 'invoice',
      prefix: settings.invoicePrefix,
      at: context.at,
      orderId,
      invoiceId: null,
      refundId: null,
      build: (numbering) => buildInvoice(order, settings, numbering),
    }),
  );
}

/** A refund as its credit note needs it. */
export interface RefundForCredit {
  id: number;
  amountPaise: number;
  cause: string;
  reason: string;
  lines: { position: number; quantity: number }[] | null;
}

/**
 * Issues the credit note of a refund whose money is back with the buyer, in the transaction
 * that records it (the order's row locked), and queues it to the buyer. For a refund of the
 * order's own payment (`ofOrderPayment`) of an invoiced order only; one per refund (the one
 * already issued is answered again).
 */
export async function issueCreditNote(
  tx: Tx,
  input: {
    orderId: string;
    refund: RefundForCredit;
    ofOrderPayment: boolean;
    publicUrl: string;
  },
  context: IssueContext,
): Promise<IssuedDocument | null> {
  const { orderId, refund } = input;
  if (!input.ofOrderPayment || !CREDITED_CAUSES.has(refund.cause)) return null;
  const [known] = await tx
    .select(issuedColumns)
    .from(taxDocuments)
    .where(eq(taxDocuments.refundId, refund.id));
  if (known) return issued(known);
  const [invoice] = await tx
    .select({ id: taxDocuments.id, document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')));
  if (!invoice) return null;
  const credits = await tx
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.invoiceId, invoice.id), eq(taxDocuments.kind, 'credit_note')))
    .orderBy(asc(taxDocuments.id));
  const settings = await readStoreSettings(tx);
  const credited: CreditedRefund = {
    amountPaise: refund.amountPaise,
    lines: refund.lines,
    cancellation: refund.cause === 'cancellation',
    reason: refund.reason,
  };
  const note = await inSavepoint(
    tx,
    orderId,
    context,
    'credit_note',
    { refundId: refund.id },
    (savepoint) =>
      writeDocument(savepoint, {
        kind: 'credit_note',
        prefix: settings.creditNotePrefix,
        at: context.at,
        orderId,
        invoiceId: invoice.id,
        refundId: refund.id,
        build: (numbering) =>
          buildCreditNote(
            invoice.document as TaxDocument,
            credits.map((credit) => credit.document as TaxDocument),
            credited,
            numbering,
          ),
      }),
  );
  if (note) {
    const buyer = await orderAddressee(tx, orderId);
    if (buyer)
      await enqueueEmail(tx, {
        kind: 'credit_note',
        to: buyer.email,
        orderId,
        content: creditNoteEmail({
          publicUrl: input.publicUrl,
          fullName: buyer.fullName,
          orderId,
          invoice: invoice.document as TaxDocument,
          note,
          reason: refund.reason,
        }),
        attachments: [{ taxDocumentId: note.id }],
      });
  }
  return note;
}

// ── Reading documents back ────────────────────────────────────────────────

export interface StoredDocument {
  id: number;
  orderId: string;
  document: TaxDocument;
  registration: EInvoiceRegistration | null;
}

type StoredRow = typeof taxDocuments.$inferSelect;

function stored(row: StoredRow): StoredDocument {
  const { irn, ackNumber, ackDate, signedQr } = row;
  return {
    id: row.id,
    orderId: row.orderId,
    document: row.document as TaxDocument,
    registration:
      irn && ackNumber && ackDate && signedQr ? { irn, ackNumber, ackDate, signedQr } : null,
  };
}

const documentNotFound = () => notFound('document_not_found', 'Tax document not found');

/** One of the buyer's own orders' documents; another buyer's is unknown (404), as its order. */
export async function buyerDocument(
  db: DbOrTx,
  userId: string,
  orderId: string,
  documentId: number,
): Promise<StoredDocument> {
  const [row] = await db
    .select({ document: taxDocuments })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(eq(taxDocuments.id, documentId), eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw documentNotFound();
  return stored(row.document);
}

/** A document of the order with this number, for the console. */
export async function staffDocument(
  db: DbOrTx,
  mkpOrderId: string,
  documentId: number,
): Promise<StoredDocument> {
  const [row] = await db
    .select({ document: taxDocuments })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(eq(taxDocuments.id, documentId), eq(orders.mkpOrderId, mkpOrderId)));
  if (!row) throw documentNotFound();
  return stored(row.document);
}

/** A document by its id (the email worker's attachments). */
export async function storedDocument(db: DbOrTx, documentId: number): Promise<StoredDocument> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, documentId));
  if (!row) throw documentNotFound();
  return stored(row);
}

/**
 * The credit note each refund caused, by the refund's id: its own, or its retry's when the
 * gateway refused it and a retry (`retry_of`, as many times as it took) brought the money back.
 * A return request shows its refund's credit note with this.
 */
export async function creditNotesOfRefunds(
  db: DbOrTx,
  refundIds: readonly number[],
): Promise<Map<number, DocumentJson>> {
  if (refundIds.length === 0) return new Map();
  const ids = sql.join(
    refundIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const result = await db.execute(sql`
    WITH RECURSIVE chain(root, id) AS (
      SELECT r.id, r.id FROM refunds r WHERE r.id IN (${ids})
      UNION ALL
      SELECT chain.root, r.id FROM refunds r JOIN chain ON r.retry_of = chain.id
    )
    SELECT chain.root AS root, d.id, d.kind, d.number, d.issue_date AS "issueDate",
           d.total_paise AS "totalPaise"
      FROM chain JOIN tax_documents d ON d.refund_id = chain.id AND d.kind = 'credit_note'`);
  const rows = result.rows as unknown as (DocumentJson & { root: number | string })[];
  return new Map(rows.map(({ root, ...document }) => [Number(root), document]));
}
