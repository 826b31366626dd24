/**
 * The buyer's email about a credit note (CGST Act §34; decision 056): what was credited against
 * which invoice and why, the note's PDF attached (the outbox worker makes it when it sends), and
 * the order's page where both documents stay.
 */
import { formatRupees } from '@storefront/shared/money';
import type { TaxDocument } from '@storefront/shared/tax-document';
import { orderEmail, type EmailContent } from '../email/templates.js';

export function creditNoteEmail(input: {
  publicUrl: string;
  /** The buyer's name; greeted by it only if it passes the sign-up rule (templates.ts). */
  fullName: string;
  orderId: string;
  invoice: TaxDocument;
  note: { number: string; issueDate: string; totalPaise: number };
  reason: string;
}): EmailContent {
  const { invoice, note } = input;
  const subject = `Credit note ${note.number} for order ${invoice.orderNumber}`;
  const lines = [
    `We have issued credit note ${note.number} dated ${note.issueDate} for ${formatRupees(note.totalPaise)} against tax invoice ${invoice.number} of ${invoice.issueDate} (order ${invoice.orderNumber}).`,
    `Reason: ${input.reason}`,
    `The credit note is attached as a PDF${invoice.recipient.gstin ? `, for your records of GSTIN ${invoice.recipient.gstin}` : ''}. It stays on your order's page as well.`,
  ];
  return orderEmail({ ...input, subject, lines });
}
