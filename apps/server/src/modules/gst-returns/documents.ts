/**
 * The tax documents as the returns read them (issue 21, decision 055): the console's list of a
 * month's documents, paged by keyset (issue date and id, newest first) with the month's sums by
 * kind; the documents of a month for GSTR-1, each credit note with its invoice's total; one
 * document; and the e-invoice registration recorded against a document, audited, never
 * overwritten unless asked.
 */
import { and, asc, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OUTSIDE_INDIA_CODE, type SupplyType } from '@storefront/shared/gst';
import type {
  EInvoiceRegistrationBody,
  EInvoiceStatus,
  TaxDocumentList,
  TaxDocumentListQuery,
  TaxDocumentRow,
  TaxDocumentSums,
} from '@storefront/shared/gst-returns';
import type { TaxDocument } from '@storefront/shared/tax-document';
import type { Db, DbOrTx } from '../../db/connect.js';
import { taxDocuments } from '../../db/schema.js';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js';
import { staffDocumentHref } from '../invoices/refs.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';
import type { ReturnDocument } from './gstr1.js';

/** 'YYYY-MM' → its first day and the next month's, as India dates. */
export function monthRange(month: string): [string, string] {
  const year = Number(month.slice(0, 4));
  const next = Number(month.slice(5, 7)) + 1;
  const end = next > 12 ? `${year + 1}-01` : `${year}-${String(next).padStart(2, '0')}`;
  return [`${month}-01`, `${end}-01`];
}

const inMonth = (month: string): SQL => {
  const [from, to] = monthRange(month);
  return and(gte(taxDocuments.issueDate, from), lt(taxDocuments.issueDate, to))!;
};

/** registered, pending, or not_applicable (B2C in India), from a row's GSTIN, place and IRN. */
export function eInvoiceStatus(row: {
  recipientGstin: string | null;
  placeOfSupplyCode: string;
  irn: string | null;
}): EInvoiceStatus {
  if (row.irn) return 'registered';
  return row.recipientGstin === null && row.placeOfSupplyCode !== OUTSIDE_INDIA_CODE
    ? 'not_applicable'
    : 'pending';
}

const listColumns = {
  id: taxDocuments.id,
  kind: taxDocuments.kind,
  number: taxDocuments.number,
  issueDate: taxDocuments.issueDate,
  recipientGstin: taxDocuments.recipientGstin,
  taxablePaise: taxDocuments.taxablePaise,
  cgstPaise: taxDocuments.cgstPaise,
  sgstPaise: taxDocuments.sgstPaise,
  igstPaise: taxDocuments.igstPaise,
  totalPaise: taxDocuments.totalPaise,
  irn: taxDocuments.irn,
  ackNumber: taxDocuments.ackNumber,
  ackDate: taxDocuments.ackDate,
  orderNumber: sql<string>`${taxDocuments.document}->>'orderNumber'`,
  recipientName: sql<string>`${taxDocuments.document}->'recipient'->>'legalName'`,
  placeOfSupply: sql<{ code: string; name: string }>`${taxDocuments.document}->'placeOfSupply'`,
  supplyType: sql<SupplyType>`${taxDocuments.document}->>'supplyType'`,
  original: sql<{ number: string; issueDate: string } | null>`${taxDocuments.document}->'original'`,
};

interface ListRow {
  id: number;
  kind: string;
  number: string;
  issueDate: string;
  recipientGstin: string | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  irn: string | null;
  ackNumber: string | null;
  ackDate: string | null;
  orderNumber: string;
  recipientName: string;
  placeOfSupply: { code: string; name: string };
  supplyType: SupplyType;
  original: { number: string; issueDate: string } | null;
}

function toRow(row: ListRow): TaxDocumentRow {
  return {
    id: row.id,
    kind: row.kind as TaxDocumentRow['kind'],
    number: row.number,
    issueDate: row.issueDate,
    orderNumber: row.orderNumber,
    href: staffDocumentHref(row.orderNumber, row.id),
    recipient: { legalName: row.recipientName, gstin: row.recipientGstin },
    placeOfSupply: row.placeOfSupply,
    supplyType: row.supplyType,
    taxablePaise: Number(row.taxablePaise),
    cgstPaise: Number(row.cgstPaise),
    sgstPaise: Number(row.sgstPaise),
    igstPaise: Number(row.igstPaise),
    totalPaise: Number(row.totalPaise),
    original: row.original
      ? { number: row.original.number, issueDate: row.original.issueDate }
      : null,
    eInvoice: {
      status: eInvoiceStatus({
        recipientGstin: row.recipientGstin,
        placeOfSupplyCode: row.placeOfSupply.code,
        irn: row.irn,
      }),
      irn: row.irn,
      ackNumber: row.ackNumber,
      ackDate: row.ackDate,
    },
  };
}

const encodeCursor = (issueDate: string, id: number) =>
  Buffer.from(JSON.stringify([issueDate, id])).toString('base64url');

function decodeCursor(cursor: string): [string, number] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      (value[1] as number) > 0
    )
      return [value[0], value[1] as number];
  } catch {
    // answered below
  }
  throw invalid('invalid_cursor', 'This page link is not valid; start from the first page');
}

const ZERO_SUMS: TaxDocumentSums = {
  count: 0,
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  totalPaise: 0,
};

/** The month's sums of each kind, from the totals copied out of the documents. */
export async function monthSums(
  db: DbOrTx,
  month: string,
): Promise<{ invoices: TaxDocumentSums; creditNotes: TaxDocumentSums }> {
  const rows = await db
    .select({
      kind: taxDocuments.kind,
      count: sql<number>`count(*)::int`,
      taxablePaise: sql<string>`coalesce(sum(${taxDocuments.taxablePaise}), 0)::text`,
      cgstPaise: sql<string>`coalesce(sum(${taxDocuments.cgstPaise}), 0)::text`,
      sgstPaise: sql<string>`coalesce(sum(${taxDocuments.sgstPaise}), 0)::text`,
      igstPaise: sql<string>`coalesce(sum(${taxDocuments.igstPaise}), 0)::text`,
      totalPaise: sql<string>`coalesce(sum(${taxDocuments.totalPaise}), 0)::text`,
    })
    .from(taxDocuments)
    .where(inMonth(month))
    .groupBy(taxDocuments.kind);
  const sums = (kind: string): TaxDocumentSums => {
    const row = rows.find((candidate) => candidate.kind === kind);
    if (!row) return ZERO_SUMS;
    return {
      count: Number(row.count),
      taxablePaise: Number(row.taxablePaise),
      cgstPaise: Number(row.cgstPaise),
      sgstPaise: Number(row.sgstPaise),
      igstPaise: Number(row.igstPaise),
      totalPaise: Number(row.totalPaise),
    };
  };
  return { invoices: sums('invoice'), creditNotes: sums('credit_note') };
}

/** A page of documents, newest first; the month's sums on a month's first page. */
export async function listTaxDocuments(
  db: Db,
  query: TaxDocumentListQuery,
  eInvoicing: boolean,
): Promise<TaxDocumentList> {
  const where: SQL[] = [];
  if (query.month) where.push(inMonth(query.month));
  if (query.kind) where.push(eq(taxDocuments.kind, query.kind));
  if (query.cursor) {
    const [issueDate, id] = decodeCursor(query.cursor);
    where.push(
      or(
        lt(taxDocuments.issueDate, issueDate),
        and(eq(taxDocuments.issueDate, issueDate), lt(taxDocuments.id, id)),
      )!,
    );
  }
  const rows = await db
    .select(listColumns)
    .from(taxDocuments)
    .where(and(...where))
    .orderBy(desc(taxDocuments.issueDate), desc(taxDocuments.id))
    .limit(query.limit + 1);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    documents: shown.map(toRow),
    summary: query.month && !query.cursor ? await monthSums(db, query.month) : null,
    eInvoicing,
    next: rows.length > query.limit && last ? encodeCursor(last.issueDate, last.id) : null,
  };
}

/** One document's row as the list shows it; 404 for an unknown id. */
export async function taxDocumentRow(db: DbOrTx, id: number): Promise<TaxDocumentRow> {
  const [row] = await db.select(listColumns).from(taxDocuments).where(eq(taxDocuments.id, id));
  if (!row) throw notFound('tax_document_not_found', `There is no tax document ${id}`);
  return toRow(row);
}

/** One document as issued; 404 for an unknown id. */
export async function storedDocument(db: DbOrTx, id: number): Promise<TaxDocument> {
  const [row] = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(eq(taxDocuments.id, id));
  if (!row) throw notFound('tax_document_not_found', `There is no tax document ${id}`);
  return row.document as TaxDocument;
}

/**
 * Every document issued in the month (India dates), in the order issued, each credit note with
 * its invoice's total and date (from the invoice's own row).
 */
export async function monthDocuments(db: DbOrTx, month: string): Promise<ReturnDocument[]> {
  const invoice = alias(taxDocuments, 'invoice');
  const rows = await db
    .select({
      document: taxDocuments.document,
      invoiceTotalPaise: invoice.totalPaise,
      invoiceIssueDate: invoice.issueDate,
    })
    .from(taxDocuments)
    .leftJoin(invoice, eq(invoice.id, taxDocuments.invoiceId))
    .where(inMonth(month))
    .orderBy(asc(taxDocuments.issueDate), asc(taxDocuments.id));
  return rows.map((row) => ({
    document: row.document as TaxDocument,
    originalInvoice:
      row.invoiceTotalPaise === null || row.invoiceIssueDate === null
        ? null
        : { totalPaise: Number(row.invoiceTotalPaise), issueDate: row.invoiceIssueDate },
  }));
}

/** The signed QR's claims, when its payload is NIC's: `data` holding the invoice's particulars. */
function signedQrClaims(signedQr: string): { Irn?: unknown; DocNo?: unknown } {
  const payload = signedQr.split('.')[1]!;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    claims = undefined;
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims))
    throw new AppError(
      'invalid_data',
      'signed_qr_unreadable',
      'Not a signed QR code',
      {},
      {
        signedQr: "The signed QR code's middle part is not readable: copy the whole code again",
      },
    );
  const data = (claims as { data?: unknown }).data;
  if (typeof data === 'string') {
    try {
      return JSON.parse(data) as { Irn?: unknown; DocNo?: unknown };
    } catch {
      return {};
    }
  }
  return typeof data === 'object' && data !== null ? (data as { Irn?: unknown }) : {};
}

/** 'YYYY-MM-DD HH:MM:SS' in India at `instant`. */
function indiaDateTime(instant: Date): string {
  return new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

const registrationOf = (row: {
  irn: string | null;
  ackNumber: string | null;
  ackDate: string | null;
  signedQr: string | null;
}) =>
  row.irn === null
    ? null
    : { irn: row.irn, ackNumber: row.ackNumber, ackDate: row.ackDate, signedQr: row.signedQr };

/**
 * Records what the registration portal returned for a document, as `actor`, audited. A document
 * registered already keeps its registration (409) unless `replace` is set, when the old values
 * go to the audit entry; the same values again change nothing.
 */
export async function recordEInvoice(
  db: Db,
  actor: StaffActor,
  id: number,
  body: Required<Omit<EInvoiceRegistrationBody, 'replace'>> & { replace?: boolean },
  now: Date,
): Promise<TaxDocumentRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        number: taxDocuments.number,
        document: taxDocuments.document,
        recipientGstin: taxDocuments.recipientGstin,
        issueDate: taxDocuments.issueDate,
        irn: taxDocuments.irn,
        ackNumber: taxDocuments.ackNumber,
        ackDate: taxDocuments.ackDate,
        signedQr: taxDocuments.signedQr,
      })
      .from(taxDocuments)
      .where(eq(taxDocuments.id, id))
      .for('update');
    if (!row) throw notFound('tax_document_not_found', `There is no tax document ${id}`);
    const document = row.document as TaxDocument;
    if (row.recipientGstin === null && document.placeOfSupply.code !== OUTSIDE_INDIA_CODE)
      throw new AppError(
        'unprocessable',
        'e_invoice_not_applicable',
        `${row.number} is to a buyer without a GSTIN in India (B2C), which is not e-invoiced`,
      );

    const next = {
      irn: body.irn,
      ackNumber: body.ackNumber,
      ackDate: body.ackDate,
      signedQr: body.signedQr,
    };
    if (next.ackDate.slice(0, 10) < row.issueDate)
      throw new AppError(
        'invalid_data',
        'ack_before_issue',
        'Acknowledged before it was issued',
        {},
        {
          ackDate: `The acknowledgement is dated before the document (${row.issueDate})`,
        },
      );
    if (next.ackDate > indiaDateTime(now))
      throw new AppError(
        'invalid_data',
        'ack_in_future',
        'Acknowledged in the future',
        {},
        {
          ackDate: 'The acknowledgement date is later than now (India time)',
        },
      );
    const claims = signedQrClaims(next.signedQr);
    if (typeof claims.Irn === 'string' && claims.Irn.toLowerCase() !== next.irn)
      throw new AppError(
        'invalid_data',
        'signed_qr_mismatch',
        'QR code of another IRN',
        {},
        {
          signedQr: `This signed QR code is for IRN ${claims.Irn}, not the IRN entered`,
        },
      );
    if (typeof claims.DocNo === 'string' && claims.DocNo !== row.number)
      throw new AppError(
        'invalid_data',
        'signed_qr_mismatch',
        'QR code of another document',
        {},
        {
          signedQr: `This signed QR code is for document ${claims.DocNo}, not ${row.number}`,
        },
      );

    const before = registrationOf(row);
    if (
      before &&
      before.irn === next.irn &&
      before.ackNumber === next.ackNumber &&
      before.ackDate === next.ackDate &&
      before.signedQr === next.signedQr
    )
      return taxDocumentRow(tx, id);
    if (before && !body.replace)
      throw conflict(
        'e_invoice_recorded',
        `${row.number} already has IRN ${before.irn} (acknowledgement ${before.ackNumber ?? '-'}); to record another, replace it`,
      );

    const updated = await tx
      .update(taxDocuments)
      .set(next)
      .where(
        before ? eq(taxDocuments.id, id) : and(eq(taxDocuments.id, id), isNull(taxDocuments.irn)),
      )
      .returning({ id: taxDocuments.id });
    if (updated.length !== 1)
      throw conflict('e_invoice_recorded', `${row.number} was registered meanwhile; reload it`);
    await recordAudit(tx, actor, {
      action: before ? 'tax_document.e_invoice_replace' : 'tax_document.e_invoice_record',
      targetType: 'tax_document',
      targetId: row.number,
      before,
      after: next,
    });
    return taxDocumentRow(tx, id);
  });
}
