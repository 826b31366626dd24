/**
 * The payment-confirmation email (spec §2 "Order-submitted confirmation": "a confirmation email
 * follows if payment succeeded"): the order's lines and total in rupees, plain text and HTML,
 * with a link to the order on PUBLIC_URL.
 */
import { formatRupees, rupeesToPaise } from '@storefront/shared/money';
import type { Order } from '@storefront/shared/orders';
import { href } from '@storefront/shared/routes';
import { escapeHtml } from '../../lib/html.js';
import type { EmailContent } from '../email/templates.js';

const rupees = (amount: number) => formatRupees(rupeesToPaise(amount));

export function paymentConfirmationEmail(input: {
  publicUrl: string;
  fullName: string;
  order: Order;
  /** The order's tax invoice, attached to the email (decision 056); null without one. */
  invoiceNumber: string | null;
}): EmailContent {
  const { order } = input;
  const link = `${input.publicUrl}${href.orderDetail(order._id.$oid)}`;
  const subject = `Payment received for order ${order.mkpOrderId}`;
  const text = [
    `Hello ${input.fullName},`,
    '',
    `We have received your payment of ${rupees(order.total_amount)} for order ${order.mkpOrderId}.`,
    '',
    ...order.orderDetails.map(
      (line) =>
        `- ${line.title} (SKU ${line.sku}): ${line.quantity} × ${rupees(line.consumerPrice)} = ${rupees(line.lineTotal)}`,
    ),
    '',
    `Order total: ${rupees(order.total_amount)}`,
    '',
    ...(input.invoiceNumber
      ? [`Your GST tax invoice ${input.invoiceNumber} is attached as a PDF.`, '']
      : []),
    `Shipping to: ${[order.recipientName, order.shippingAddress1, order.shippingAddress2, order.shippingAddress3, order.shippingCity, order.shippingState, order.shippingPostalCode].filter(Boolean).join(', ')}`,
    '',
    `Track your order: ${link}`,
  ].join('\n');
  const rows = order.orderDetails
    .map(
      (line) =>
        `<tr><td style="padding:6px 8px">${escapeHtml(line.title)}<br><small style="color:#6b7280">SKU ${escapeHtml(line.sku)}</small></td><td style="padding:6px 8px;text-align:right">${line.quantity}</td><td style="padding:6px 8px;text-align:right">${rupees(line.consumerPrice)}</td><td style="padding:6px 8px;text-align:right">${rupees(line.lineTotal)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>Hello ${escapeHtml(input.fullName)},</p>
<p>We have received your payment of <strong>${rupees(order.total_amount)}</strong> for order <strong>${escapeHtml(order.mkpOrderId)}</strong>.</p>
<table style="border-collapse: collapse; width: 100%; max-width: 640px">
<thead><tr style="background:#f3f4f6"><th style="padding:6px 8px;text-align:left">Item</th><th style="padding:6px 8px;text-align:right">Qty</th><th style="padding:6px 8px;text-align:right">Unit price</th><th style="padding:6px 8px;text-align:right">Total</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><td colspan="3" style="padding:6px 8px;text-align:right"><strong>Order total</strong></td><td style="padding:6px 8px;text-align:right"><strong>${rupees(order.total_amount)}</strong></td></tr></tfoot>
</table>
${
  input.invoiceNumber
    ? `<p>Your GST tax invoice <strong>${escapeHtml(input.invoiceNumber)}</strong> is attached as a PDF.</p>
`
    : ''
}<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px">View your order</a></p>
</body>
</html>
`;
  return { subject, text, html };
}
