/**
 * A stored tax document as a file: its PDF, rendered from the document as issued and its
 * e-invoice registration (the same bytes every time), named after its number. The downloads
 * and the email worker's attachments both use it.
 */
import { taxDocumentFilename } from '@storefront/shared/tax-document';
import type { DbOrTx } from '../../db/connect.js';
import type { EmailAttachmentRef } from '../email/outbox.js';
import type { OutgoingAttachment } from '../email/transport.js';
import { renderTaxDocumentPdf } from './pdf.js';
import { storedDocument, type StoredDocument } from './service.js';

export async function renderStoredDocument(stored: StoredDocument): Promise<OutgoingAttachment> {
  return {
    filename: taxDocumentFilename(stored.document.number),
    content: await renderTaxDocumentPdf(stored.document, stored.registration),
    contentType: 'application/pdf',
  };
}

/** The email worker's attachment of a tax document, by id. */
export async function taxDocumentAttachment(
  db: DbOrTx,
  ref: EmailAttachmentRef,
): Promise<OutgoingAttachment> {
  return renderStoredDocument(await storedDocument(db, ref.taxDocumentId));
}
