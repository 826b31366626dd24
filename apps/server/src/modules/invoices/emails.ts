/**
 * The buyer's email about a credit note (CGST Act §34; decision 056): what was credited against
 * which invoice and why, the note's PDF attached (the outbox worker makes it when it sends), and
 * the order's page where both documents stay.
 */
import { PersonName } from '@storefront/shared/accounts';
import { formatRupees } from '@storefront/shared/money';
import { href } from '@storefront/shared/routes';
import type { TaxDocument } from '@storefront/shared/tax-document';
import { escapeHtml } from '../../lib/html.js';
import type { EmailContent } from '../email/templates.js';

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
  const link = `${input.publicUrl}${href.orderDetail(input.orderId)}`;
  const subject = `Credit note ${note.number} for order ${invoice.orderNumber}`;
  const lines = [
    `We have issued credit note ${note.number} dated ${note.issueDate} for ${formatRupees(note.totalPaise)} against tax invoice ${invoice.number} of ${invoice.issueDate} (order ${invoice.orderNumber}).`,
    `Reason: ${input.reason}`,
    `The credit note is attached as a PDF${invoice.recipient.gstin ? `, for your records of GSTIN ${invoice.recipient.gstin}` : ''}. It stays on your order's page as well.`,
  ];
  const hello = PersonName.safeParse(input.fullName).success
    ? `Hello ${input.fullName},`
    : 'Hello,';
  const text = [hello, '', ...lines.flatMap((line) => [line, '']), `Your order: ${link}`].join(
    '\n',
  );
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>${escapeHtml(hello)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px">View your order</a></p>
</body>
</html>
`;
  return { subject, text, html };
}
