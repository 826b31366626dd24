/**
 * An order's tax documents as its readers list them (`TaxDocumentRef`): the buyer's order and
 * the console's, each with the PDF's address on that reader's own route. The orders module
 * reads them in the same statement as the order, with `documentsJson`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '@storefront/shared/money';
import type { TaxDocumentRef } from '@storefront/shared/tax-summary';

/** The buyer's download: GET /api/orders/:id/tax-documents/:documentId.pdf. */
export const buyerDocumentHref = (orderId: string, documentId: number) =>
  `/api/orders/${orderId}/tax-documents/${documentId}.pdf`;

/** The console's download: GET /api/staff/orders/:mkpOrderId/tax-documents/:documentId.pdf. */
export const staffDocumentHref = (mkpOrderId: string, documentId: number) =>
  `/api/staff/orders/${mkpOrderId}/tax-documents/${documentId}.pdf`;

/** A row of `documentsJson`. */
export interface DocumentJson {
  id: number | string;
  kind: 'invoice' | 'credit_note';
  number: string;
  issueDate: string;
  totalPaise: number | string;
}

/** The order's documents, invoice first, as a JSON array; `order` is the order's id column. */
export const documentsJson = (order: SQL): SQL =>
  sql`COALESCE((SELECT json_agg(json_build_object(
        'id', d.id, 'kind', d.kind, 'number', d.number, 'issueDate', d.issue_date,
        'totalPaise', d.total_paise) ORDER BY d.id)
      FROM tax_documents d WHERE d.order_id = ${order}), '[]')`;

export function toDocumentRef(row: DocumentJson, href: (id: number) => string): TaxDocumentRef {
  return {
    kind: row.kind,
    number: row.number,
    issueDate: row.issueDate,
    total: paiseToRupees(Number(row.totalPaise)),
    href: href(Number(row.id)),
  };
}
