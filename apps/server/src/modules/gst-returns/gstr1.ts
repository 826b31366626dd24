/**
 * GSTR-1 for a month from the tax documents issued in it (issue 21, decision 055): which table
 * each document belongs to, its figures by rate, and the HSN-wise summary, all in paise, read
 * from the stored documents (never recomputed). gstr1-json.ts and gstr1-csv.ts write this model
 * in the offline tool's layouts; a rupee figure is made once, from a sum of paise.
 *
 * The tables (CGST Rules, GSTR-1; the GST portal's Returns Offline Tool):
 * - b2b (4A): invoices to a registered buyer in India, by the buyer's GSTIN.
 * - b2cl (5): inter-state invoices to an unregistered buyer above ₹1,00,000 (₹2,50,000 before
 *   1 August 2024), by place of supply.
 * - b2cs (7): every other supply to an unregistered buyer, summed by place of supply and rate,
 *   net of the credit notes against them.
 * - exp (6A): exports (place of supply 96), IGST paid.
 * - cdnr (9B): credit notes to a registered buyer, by GSTIN; cdnur: to an unregistered buyer,
 *   against a B2CL invoice or an export.
 * - hsn (12): by HSN, unit and rate, supplies to registered buyers (hsn_b2b) apart from the
 *   rest (hsn_b2c, from May 2025), credit notes subtracted.
 */
import { OUTSIDE_INDIA_CODE, type SupplyType } from '@storefront/shared/gst';
import type { TaxDocument, TaxDocumentLine } from '@storefront/shared/tax-document';

/** A document of the month, with what its table depends on besides itself. */
export interface ReturnDocument {
  document: TaxDocument;
  /** A credit note's invoice as stored (its total decides B2CL), when it is on file. */
  originalInvoice: { totalPaise: number; issueDate: string } | null;
}

/** The figures of one rate within a document, or a summary row: sums of line figures. */
export interface RateFigures {
  rateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface DocumentEntry {
  number: string;
  issueDate: string;
  recipientGstin: string | null;
  recipientName: string;
  /** The document's value: what the buyer paid, or gets back. */
  valuePaise: number;
  placeOfSupply: { code: string; name: string };
  supplyType: SupplyType;
  reverseCharge: boolean;
  /** By rate, lowest first. */
  items: RateFigures[];
}

export interface B2csRow extends RateFigures {
  supplyType: 'INTRA' | 'INTER';
  placeOfSupply: { code: string; name: string };
}

export interface HsnRow extends RateFigures {
  hsn: string;
  description: string;
  uqc: string;
  quantity: number;
  /** Taxable value and taxes. */
  valuePaise: number;
}

export type NoteTable = 'B2CL' | 'EXPWP';

export interface Gstr1Model {
  gstin: string;
  /** The return period, MMYYYY. */
  fp: string;
  b2b: DocumentEntry[];
  b2cl: DocumentEntry[];
  b2cs: B2csRow[];
  exp: DocumentEntry[];
  cdnr: DocumentEntry[];
  cdnur: (DocumentEntry & { urType: NoteTable })[];
  hsnB2b: HsnRow[];
  hsnB2c: HsnRow[];
}

/** The offline tool's HSN description is at most 30 characters. */
export const HSN_DESCRIPTION_MAX = 30;

/** Table 5's threshold on the invoice's date: ₹2,50,000 until 31 July 2024, ₹1,00,000 since. */
export function b2clLimitPaise(invoiceDate: string): number {
  return invoiceDate <= '2024-07-31' ? 250_000_00 : 100_000_00;
}

/** '2027-04' → '042027'. */
export const returnPeriod = (month: string) => `${month.slice(5, 7)}${month.slice(0, 4)}`;

export const isExport = (document: TaxDocument) =>
  document.placeOfSupply.code === OUTSIDE_INDIA_CODE;

/** A registered buyer in India: the document is B2B (and may be e-invoiced). */
export const isB2b = (document: TaxDocument) =>
  document.recipient.gstin !== null && !isExport(document);

function isB2cl(document: TaxDocument, totalPaise: number, issueDate: string): boolean {
  return (
    document.recipient.gstin === null &&
    !isExport(document) &&
    document.supplyType === 'inter' &&
    totalPaise > b2clLimitPaise(issueDate)
  );
}

/** A document's lines summed by rate (each line already rounded; nothing is rounded here). */
export function figuresByRate(lines: readonly TaxDocumentLine[]): RateFigures[] {
  const byRate = new Map<number, RateFigures>();
  for (const line of lines) {
    const figures = byRate.get(line.rateBp) ?? {
      rateBp: line.rateBp,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    };
    figures.taxablePaise += line.taxablePaise;
    figures.cgstPaise += line.cgstPaise;
    figures.sgstPaise += line.sgstPaise;
    figures.igstPaise += line.igstPaise;
    byRate.set(line.rateBp, figures);
  }
  return [...byRate.values()].sort((a, b) => a.rateBp - b.rateBp);
}

function entryOf(document: TaxDocument): DocumentEntry {
  return {
    number: document.number,
    issueDate: document.issueDate,
    recipientGstin: document.recipient.gstin,
    recipientName: document.recipient.legalName,
    valuePaise: document.totals.totalPaise,
    placeOfSupply: document.placeOfSupply,
    supplyType: document.supplyType,
    reverseCharge: document.reverseCharge,
    items: figuresByRate(document.lines),
  };
}

const byDocument = (a: DocumentEntry, b: DocumentEntry) =>
  a.issueDate.localeCompare(b.issueDate) || a.number.localeCompare(b.number);

/** Entries grouped by recipient GSTIN (GSTIN order), each group's documents by date. */
export function byRecipient(entries: readonly DocumentEntry[]): [string, DocumentEntry[]][] {
  const groups = new Map<string, DocumentEntry[]>();
  for (const entry of entries) {
    const key = entry.recipientGstin ?? '';
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([gstin, group]) => [gstin, group.sort(byDocument)]);
}

/** Entries grouped by place of supply (code order), each group's documents by date. */
export function byPlaceOfSupply(entries: readonly DocumentEntry[]): [string, DocumentEntry[]][] {
  const groups = new Map<string, DocumentEntry[]>();
  for (const entry of entries)
    groups.set(entry.placeOfSupply.code, [...(groups.get(entry.placeOfSupply.code) ?? []), entry]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, group]) => [code, group.sort(byDocument)]);
}

function addFigures(into: RateFigures, from: RateFigures, sign: 1 | -1): void {
  into.taxablePaise += sign * from.taxablePaise;
  into.cgstPaise += sign * from.cgstPaise;
  into.sgstPaise += sign * from.sgstPaise;
  into.igstPaise += sign * from.igstPaise;
}

/**
 * The month's GSTR-1 from its documents. Every document lands in exactly one of the document
 * tables (or is summed into b2cs) and in the HSN summary, so the tables' sums are the documents'.
 */
export function buildGstr1(
  gstin: string,
  month: string,
  documents: readonly ReturnDocument[],
): Gstr1Model {
  const model: Gstr1Model = {
    gstin,
    fp: returnPeriod(month),
    b2b: [],
    b2cl: [],
    b2cs: [],
    exp: [],
    cdnr: [],
    cdnur: [],
    hsnB2b: [],
    hsnB2c: [],
  };
  const b2cs = new Map<string, B2csRow>();
  const hsn = { b2b: new Map<string, HsnRow>(), b2c: new Map<string, HsnRow>() };

  for (const { document, originalInvoice } of documents) {
    const entry = entryOf(document);
    const note = document.kind === 'credit_note';
    if (isB2b(document)) (note ? model.cdnr : model.b2b).push(entry);
    else if (isExport(document)) {
      if (note) model.cdnur.push({ ...entry, urType: 'EXPWP' });
      else model.exp.push(entry);
    } else if (
      note
        ? originalInvoice !== null &&
          isB2cl(document, originalInvoice.totalPaise, originalInvoice.issueDate)
        : isB2cl(document, document.totals.totalPaise, document.issueDate)
    ) {
      if (note) model.cdnur.push({ ...entry, urType: 'B2CL' });
      else model.b2cl.push(entry);
    } else {
      const supplyType = document.supplyType === 'inter' ? 'INTER' : 'INTRA';
      for (const figures of entry.items) {
        const key = `${document.placeOfSupply.code}|${figures.rateBp}|${supplyType}`;
        const row = b2cs.get(key) ?? {
          supplyType,
          placeOfSupply: document.placeOfSupply,
          rateBp: figures.rateBp,
          taxablePaise: 0,
          cgstPaise: 0,
          sgstPaise: 0,
          igstPaise: 0,
        };
        addFigures(row, figures, note ? -1 : 1);
        b2cs.set(key, row);
      }
    }

    const half = isB2b(document) ? hsn.b2b : hsn.b2c;
    const sign = note ? -1 : 1;
    for (const line of document.lines) {
      const key = `${line.hsn}|${line.unit}|${line.rateBp}`;
      const row = half.get(key) ?? {
        hsn: line.hsn,
        description: line.description.trim().slice(0, HSN_DESCRIPTION_MAX).trim(),
        uqc: line.unit,
        quantity: 0,
        rateBp: line.rateBp,
        taxablePaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        valuePaise: 0,
      };
      row.quantity += sign * line.quantity;
      addFigures(row, line, sign);
      row.valuePaise += sign * line.grossPaise;
      half.set(key, row);
    }
  }

  model.b2cs = [...b2cs.values()].sort(
    (a, b) =>
      a.placeOfSupply.code.localeCompare(b.placeOfSupply.code) ||
      a.rateBp - b.rateBp ||
      a.supplyType.localeCompare(b.supplyType),
  );
  const hsnOrder = (a: HsnRow, b: HsnRow) =>
    a.hsn.localeCompare(b.hsn) || a.uqc.localeCompare(b.uqc) || a.rateBp - b.rateBp;
  model.hsnB2b = [...hsn.b2b.values()].sort(hsnOrder);
  model.hsnB2c = [...hsn.b2c.values()].sort(hsnOrder);
  for (const table of [model.b2b, model.b2cl, model.exp, model.cdnr]) table.sort(byDocument);
  model.cdnur.sort(byDocument);
  return model;
}
