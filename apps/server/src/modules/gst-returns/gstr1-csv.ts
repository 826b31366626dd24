/**
 * GSTR-1 as CSV (decision 055): one file a table, with the headers of the Returns Offline Tool's
 * Excel/CSV template (its worksheets b2b, b2cl, b2cs, exp, cdnr, cdnur, hsn(b2b), hsn(b2c)), a
 * row per document and rate as the template has it; plus documents.csv, the month's register of
 * every document with its taxes and, for a credit note, its invoice (which the return's own
 * tables no longer carry). All in one zip, so the month is one download and its files cannot be
 * mixed with another month's.
 *
 * The template's rows carry the rate and taxable value, not the tax: the tool works the tax out
 * itself, and may differ by a paisa from the invoices, which round each line (decision 052). The
 * JSON carries the invoices' own tax and is the file to upload; these files are for review and
 * for the tool's import. Dates are dd-Mmm-yyyy as the template asks, no byte-order mark (the
 * tool reads plain UTF-8), RFC 4180 quoting where a cell needs it.
 */
import yazl from 'yazl';
import { rupeesText } from '@storefront/shared/rupees-text';
import type { TaxDocument } from '@storefront/shared/tax-document';
import type { B2csRow, DocumentEntry, Gstr1Model, HsnRow, NoteTable } from './gstr1.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' → '31-Mar-2027', the template's date. */
export const templateDate = (date: string) =>
  `${date.slice(8, 10)}-${MONTHS[Number(date.slice(5, 7)) - 1]}-${date.slice(0, 4)}`;

/** A rate in basis points as the template's per cent: 1800 → "18", 25 → "0.25". */
export const rateText = (rateBp: number) => String(rateBp / 100);

/**
 * A text cell: quoted when it holds a comma, quote or line break; one a spreadsheet would run as
 * a formula (=, +, -, @, tab, CR first) gets a leading apostrophe. Numbers are written as they
 * are (a negative sum must stay a number).
 */
export function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

type Cell = { text: string } | { number: string };
const text = (value: string): Cell => ({ text: value });
const num = (value: string): Cell => ({ number: value });

function csvOf(headers: readonly string[], rows: readonly Cell[][]): string {
  const line = (cells: readonly Cell[]) =>
    cells.map((cell) => ('text' in cell ? textCell(cell.text) : cell.number)).join(',');
  return [headers.map(textCell).join(','), ...rows.map(line)].map((row) => `${row}\r\n`).join('');
}

const place = (entry: { placeOfSupply: { code: string; name: string } }) =>
  `${entry.placeOfSupply.code}-${entry.placeOfSupply.name}`;

const CESS = num('0.00');

export const B2B_HEADERS = [
  'GSTIN/UIN of Recipient',
  'Receiver Name',
  'Invoice Number',
  'Invoice date',
  'Invoice Value',
  'Place Of Supply',
  'Reverse Charge',
  'Applicable % of Tax Rate',
  'Invoice Type',
  'E-Commerce GSTIN',
  'Rate',
  'Taxable Value',
  'Cess Amount',
] as const;

export const B2CL_HEADERS = [
  'Invoice Number',
  'Invoice date',
  'Invoice Value',
  'Place Of Supply',
  'Applicable % of Tax Rate',
  'Rate',
  'Taxable Value',
  'Cess Amount',
  'E-Commerce GSTIN',
] as const;

export const B2CS_HEADERS = [
  'Type',
  'Place Of Supply',
  'Applicable % of Tax Rate',
  'Rate',
  'Taxable Value',
  'Cess Amount',
  'E-Commerce GSTIN',
] as const;

export const EXP_HEADERS = [
  'Export Type',
  'Invoice Number',
  'Invoice date',
  'Invoice Value',
  'Port Code',
  'Shipping Bill Number',
  'Shipping Bill Date',
  'Rate',
  'Taxable Value',
  'Cess Amount',
] as const;

export const CDNR_HEADERS = [
  'GSTIN/UIN of Recipient',
  'Receiver Name',
  'Note Number',
  'Note Date',
  'Note Type',
  'Place Of Supply',
  'Reverse Charge',
  'Note Supply Type',
  'Note Value',
  'Applicable % of Tax Rate',
  'Rate',
  'Taxable Value',
  'Cess Amount',
] as const;

export const CDNUR_HEADERS = [
  'UR Type',
  'Note Number',
  'Note Date',
  'Note Type',
  'Place Of Supply',
  'Note Value',
  'Applicable % of Tax Rate',
  'Rate',
  'Taxable Value',
  'Cess Amount',
] as const;

export const HSN_HEADERS = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
] as const;

/** The register's own headers (not a template's): every document with its taxes. */
export const DOCUMENT_HEADERS = [
  'Document Type',
  'Number',
  'Date',
  'Order Number',
  'Original Invoice Number',
  'Original Invoice Date',
  'Recipient',
  'GSTIN/UIN of Recipient',
  'Place Of Supply',
  'Supply Type',
  'Taxable Value',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Integrated Tax Amount',
  'Cess Amount',
  'Total Value',
] as const;

const yesNo = (value: boolean) => (value ? 'Y' : 'N');

const perRate = (entry: DocumentEntry, cells: (index: number) => Cell[]) =>
  entry.items.map((_, index) => cells(index));

function b2bRows(entries: readonly DocumentEntry[]): Cell[][] {
  return entries.flatMap((entry) =>
    perRate(entry, (index) => [
      text(entry.recipientGstin ?? ''),
      text(entry.recipientName),
      text(entry.number),
      text(templateDate(entry.issueDate)),
      num(rupeesText(entry.valuePaise)),
      text(place(entry)),
      text(yesNo(entry.reverseCharge)),
      text(''),
      text('Regular B2B'),
      text(''),
      num(rateText(entry.items[index]!.rateBp)),
      num(rupeesText(entry.items[index]!.taxablePaise)),
      CESS,
    ]),
  );
}

function b2clRows(entries: readonly DocumentEntry[]): Cell[][] {
  return entries.flatMap((entry) =>
    perRate(entry, (index) => [
      text(entry.number),
      text(templateDate(entry.issueDate)),
      num(rupeesText(entry.valuePaise)),
      text(place(entry)),
      text(''),
      num(rateText(entry.items[index]!.rateBp)),
      num(rupeesText(entry.items[index]!.taxablePaise)),
      CESS,
      text(''),
    ]),
  );
}

const b2csRows = (rows: readonly B2csRow[]): Cell[][] =>
  rows.map((row) => [
    text('OE'),
    text(place(row)),
    text(''),
    num(rateText(row.rateBp)),
    num(rupeesText(row.taxablePaise)),
    CESS,
    text(''),
  ]);

function expRows(entries: readonly DocumentEntry[]): Cell[][] {
  return entries.flatMap((entry) =>
    perRate(entry, (index) => [
      text('WPAY'),
      text(entry.number),
      text(templateDate(entry.issueDate)),
      num(rupeesText(entry.valuePaise)),
      text(''),
      text(''),
      text(''),
      num(rateText(entry.items[index]!.rateBp)),
      num(rupeesText(entry.items[index]!.taxablePaise)),
      CESS,
    ]),
  );
}

function cdnrRows(entries: readonly DocumentEntry[]): Cell[][] {
  return entries.flatMap((entry) =>
    perRate(entry, (index) => [
      text(entry.recipientGstin ?? ''),
      text(entry.recipientName),
      text(entry.number),
      text(templateDate(entry.issueDate)),
      text('C'),
      text(place(entry)),
      text(yesNo(entry.reverseCharge)),
      text('Regular B2B'),
      num(rupeesText(entry.valuePaise)),
      text(''),
      num(rateText(entry.items[index]!.rateBp)),
      num(rupeesText(entry.items[index]!.taxablePaise)),
      CESS,
    ]),
  );
}

function cdnurRows(entries: readonly (DocumentEntry & { urType: NoteTable })[]): Cell[][] {
  return entries.flatMap((entry) =>
    perRate(entry, (index) => [
      text(entry.urType),
      text(entry.number),
      text(templateDate(entry.issueDate)),
      text('C'),
      text(entry.urType === 'B2CL' ? place(entry) : ''),
      num(rupeesText(entry.valuePaise)),
      text(''),
      num(rateText(entry.items[index]!.rateBp)),
      num(rupeesText(entry.items[index]!.taxablePaise)),
      CESS,
    ]),
  );
}

const hsnRows = (rows: readonly HsnRow[]): Cell[][] =>
  rows.map((row) => [
    text(row.hsn),
    text(row.description),
    text(row.uqc),
    num(String(row.quantity)),
    num(rupeesText(row.valuePaise)),
    num(rateText(row.rateBp)),
    num(rupeesText(row.taxablePaise)),
    num(rupeesText(row.igstPaise)),
    num(rupeesText(row.cgstPaise)),
    num(rupeesText(row.sgstPaise)),
    CESS,
  ]);

const SUPPLY_LABELS = {
  intra: 'Intra-State',
  'intra-ut': 'Intra-State (UT)',
  inter: 'Inter-State',
};

const documentRows = (documents: readonly TaxDocument[]): Cell[][] =>
  documents.map((document) => [
    text(document.kind === 'invoice' ? 'Invoice' : 'Credit Note'),
    text(document.number),
    text(templateDate(document.issueDate)),
    text(document.orderNumber),
    text(document.original?.number ?? ''),
    text(document.original ? templateDate(document.original.issueDate) : ''),
    text(document.recipient.legalName),
    text(document.recipient.gstin ?? ''),
    text(`${document.placeOfSupply.code}-${document.placeOfSupply.name}`),
    text(SUPPLY_LABELS[document.supplyType]),
    num(rupeesText(document.totals.taxablePaise)),
    num(rupeesText(document.totals.cgstPaise)),
    num(rupeesText(document.totals.sgstPaise)),
    num(rupeesText(document.totals.igstPaise)),
    CESS,
    num(rupeesText(document.totals.totalPaise)),
  ]);

/** The zip's files, in the template's order, each a table's CSV text. */
export function gstr1CsvFiles(
  model: Gstr1Model,
  documents: readonly TaxDocument[],
): { name: string; text: string }[] {
  return [
    { name: 'b2b.csv', text: csvOf(B2B_HEADERS, b2bRows(model.b2b)) },
    { name: 'b2cl.csv', text: csvOf(B2CL_HEADERS, b2clRows(model.b2cl)) },
    { name: 'b2cs.csv', text: csvOf(B2CS_HEADERS, b2csRows(model.b2cs)) },
    { name: 'exp.csv', text: csvOf(EXP_HEADERS, expRows(model.exp)) },
    { name: 'cdnr.csv', text: csvOf(CDNR_HEADERS, cdnrRows(model.cdnr)) },
    { name: 'cdnur.csv', text: csvOf(CDNUR_HEADERS, cdnurRows(model.cdnur)) },
    { name: 'hsn(b2b).csv', text: csvOf(HSN_HEADERS, hsnRows(model.hsnB2b)) },
    { name: 'hsn(b2c).csv', text: csvOf(HSN_HEADERS, hsnRows(model.hsnB2c)) },
    { name: 'documents.csv', text: csvOf(DOCUMENT_HEADERS, documentRows(documents)) },
  ];
}

/** The files in a zip (deflated, dated `at`), as one buffer. */
export function zipOf(files: readonly { name: string; text: string }[], at: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(Buffer.from(file.text, 'utf8'), file.name, { mtime: at });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
