/**
 * The refund dialog's arithmetic, in integer paise: rupees as typed into paise, and the value
 * of lines chosen at the price paid — the same value the server computes (payments/refunds.ts).
 */
import type { DeskOrderDetail } from '@storefront/shared/order-desk';

/** Rupees as a person types them ('1500', '1499.50') in paise; undefined if not such an amount. */
export function paiseFromRupees(text: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Units of a line that may still be refunded. */
export function openQuantity(line: DeskOrderDetail['lines'][number]): number {
  return Math.max(0, line.quantity - line.refundedQuantity);
}

/** The value in paise of `quantities` (by line position) at each line's unit price. */
export function linesValuePaise(
  lines: DeskOrderDetail['lines'],
  quantities: Record<number, number>,
): number {
  return lines.reduce(
    (sum, line) => sum + Math.round(line.unitPrice * 100) * (quantities[line.position] ?? 0),
    0,
  );
}
