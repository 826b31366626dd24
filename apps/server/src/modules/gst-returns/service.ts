/**
 * The returns' services (issue 21, decision 055): a month's GSTR-1 as the offline tool's JSON or
 * as a zip of its CSV tables, and a document's e-invoice JSON; each checked against its schema
 * before it is answered, and each export audited (they carry buyers' GSTINs and the seller's
 * figures). The seller's GSTIN is the settings'; a month with documents issued under another
 * GSTIN is refused rather than mixed into this one's return.
 */
import { registrationGaps, type StoreSettings } from '@storefront/shared/store-settings';
import type { Gstr1Format } from '@storefront/shared/gst-returns';
import type { Db } from '../../db/connect.js';
import { AppError, conflict } from '../../lib/errors.js';
import { readStoreSettings } from '../gst/settings.js';
import { recordAudit, type StaffActor } from '../staff/audit.js';
import { monthDocuments, storedDocument } from './documents.js';
import { eInvoiceJson, eInvoiceRefusals } from './e-invoice.js';
import { buildGstr1, returnPeriod } from './gstr1.js';
import { gstr1CsvFiles, zipOf } from './gstr1-csv.js';
import { gstr1Json } from './gstr1-json.js';
import { eInvoiceSchemaIssues, gstr1SchemaIssues, type Issue } from './schema-validation.js';

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string | Buffer;
}

function requireRegistration(settings: StoreSettings): void {
  const gaps = registrationGaps(settings);
  if (gaps.length)
    throw conflict(
      'registration_incomplete',
      `The store's GST registration lacks ${gaps.join(', ')}; complete the settings first`,
    );
}

/**
 * Which document or HSN row a GSTR-1 issue is about, for a person: the nearest object on its path
 * with a document number or an HSN code ('b2b.0.inv.2.val' → 'INV/2728/00042: b2b.0.inv.2.val …').
 */
export function namedIssue(json: unknown, issue: Issue): Issue {
  let node: unknown = json;
  let name: string | undefined;
  for (const segment of issue.path.split('.')) {
    if (typeof node !== 'object' || node === null) break;
    node = (node as Record<string, unknown>)[segment];
    if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      const found =
        record.inum ??
        record.nt_num ??
        (record.hsn_sc ? `HSN ${String(record.hsn_sc)}` : undefined);
      if (typeof found === 'string') name = found;
    }
  }
  return name ? { ...issue, message: `${name}: ${issue.message}` } : issue;
}

/** An export the schema refuses: a fault of the data (or of this code), never a file to file. */
function refuse(code: string, detail: string, issues: Issue[]): AppError {
  return new AppError('unprocessable', code, detail, {}, undefined, issues);
}

export async function exportGstr1(
  db: Db,
  actor: StaffActor,
  month: string,
  format: Gstr1Format,
  now: Date,
): Promise<ExportFile> {
  const settings = await readStoreSettings(db);
  requireRegistration(settings);
  const documents = await monthDocuments(db, month);
  const foreign = documents.filter(({ document }) => document.supplier.gstin !== settings.gstin);
  if (foreign.length)
    throw conflict(
      'documents_of_another_gstin',
      `${foreign.length} document(s) of ${month} (${foreign
        .slice(0, 3)
        .map(({ document }) => document.number)
        .join(
          ', ',
        )}) were issued under GSTIN ${foreign[0]!.document.supplier.gstin}, not ${settings.gstin}: a return is one GSTIN's`,
    );
  const model = buildGstr1(settings.gstin, month, documents);
  const json = gstr1Json(model);
  const issues = gstr1SchemaIssues(json).map((issue) => namedIssue(json, issue));
  if (issues.length)
    throw refuse(
      'gstr1_invalid',
      `GSTR-1 for ${month} does not fit the portal's layout: ${issues
        .slice(0, 5)
        .map((issue) => issue.message)
        .join('; ')}`,
      issues,
    );

  await recordAudit(db, actor, {
    action: 'gst_returns.gstr1_export',
    targetType: 'gstr1',
    targetId: month,
    after: { format, documents: documents.length },
  });
  const name = `GSTR1_${settings.gstin}_${returnPeriod(month)}`;
  if (format === 'json')
    return {
      filename: `${name}.json`,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(json),
    };
  return {
    filename: `${name}_csv.zip`,
    contentType: 'application/zip',
    body: await zipOf(
      gstr1CsvFiles(
        model,
        documents.map(({ document }) => document),
      ),
      now,
    ),
  };
}

/** A file name of a document number: 'INV/2627/00042' → 'INV-2627-00042'. */
const fileSafe = (number: string) => number.replace(/[^A-Za-z0-9-]/g, '-');

export async function exportEInvoice(db: Db, actor: StaffActor, id: number): Promise<ExportFile> {
  const settings = await readStoreSettings(db);
  if (!settings.eInvoicing)
    throw conflict(
      'e_invoicing_off',
      'E-invoicing is off in the store settings; turn it on when the turnover requires it',
    );
  const document = await storedDocument(db, id);
  const refusals = eInvoiceRefusals(document);
  if (refusals.length)
    throw refuse(
      'e_invoice_refused',
      `${document.number} cannot be exported as an e-invoice: ${refusals.map((issue) => issue.message).join('; ')}`,
      refusals,
    );
  const json = eInvoiceJson(document);
  const issues = eInvoiceSchemaIssues(json);
  if (issues.length)
    throw refuse(
      'e_invoice_invalid',
      `${document.number} does not fit the e-invoice schema: ${issues
        .slice(0, 5)
        .map((issue) => issue.message)
        .join('; ')}`,
      issues,
    );
  await recordAudit(db, actor, {
    action: 'tax_document.e_invoice_export',
    targetType: 'tax_document',
    targetId: document.number,
  });
  return {
    filename: `e-invoice_${fileSafe(document.number)}.json`,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(json, null, 2),
  };
}

/** Recording an IRN needs e-invoicing on, as exporting does. */
export async function requireEInvoicing(db: Db): Promise<void> {
  const settings = await readStoreSettings(db);
  if (!settings.eInvoicing)
    throw conflict(
      'e_invoicing_off',
      'E-invoicing is off in the store settings; turn it on when the turnover requires it',
    );
}
