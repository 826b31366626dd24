/**
 * A credit note (CGST Act §34; issue 21, decision 056): the value and tax of an invoice given
 * back, line by line, for the money a refund returned. Pure: the caller gives the invoice, the
 * credit notes already issued against it, the refund, the number and the date.
 *
 * - What a line can still be credited is its invoiced gross, taxable value, each head and units
 *   less what earlier credit notes took; no note ever takes more (the "open" line).
 * - A refund of lines credits those lines: unit price × units each, never more than the line
 *   has open; should a line have less open (an earlier refund of an amount took part of it),
 *   the rest is spread over the other lines as an amount is. The units come back.
 * - A refund of an amount is spread over the open lines in proportion to their open gross by the
 *   largest-remainder method: each line gets the floor of its exact share, and the paise left
 *   go one each to the lines with the largest fractions (ties to the earlier line), so the
 *   note's lines sum to the refund exactly. No units come back (quantity 0): the price fell.
 * - A cancellation's refund is an amount, but the goods were never supplied: its lines carry
 *   their open units.
 * - Each line's tax is reversed with the shared `lineTax` on its share (the same rule the
 *   invoice used), held to what the line has open; a share that empties the line takes exactly
 *   what is open, so a line's credits sum to its invoice to the paisa.
 */
import { lineTax, type SupplyType } from '@storefront/shared/gst';
import type { TaxDocument, TaxDocumentLine } from '@storefront/shared/tax-document';
import { amountInWords } from '@storefront/shared/amount-in-words';
import { totalsOf, type DocumentNumbering } from './document.js';

/** What of an invoice line is left to credit. */
export interface OpenLine {
  position: number;
  units: number;
  grossPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export function openLines(invoice: TaxDocument, credits: readonly TaxDocument[]): OpenLine[] {
  const open = new Map<number, OpenLine>(
    invoice.lines.map((line) => [
      line.orderLinePosition,
      {
        position: line.orderLinePosition,
        units: line.quantity,
        grossPaise: line.grossPaise,
        taxablePaise: line.taxablePaise,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
      },
    ]),
  );
  for (const credit of credits)
    for (const line of credit.lines) {
      const left = open.get(line.orderLinePosition);
      if (!left) continue;
      left.units -= line.quantity;
      left.grossPaise -= line.grossPaise;
      left.taxablePaise -= line.taxablePaise;
      left.cgstPaise -= line.cgstPaise;
      left.sgstPaise -= line.sgstPaise;
      left.igstPaise -= line.igstPaise;
    }
  return [...open.values()];
}

/**
 * `amountPaise` over `capacities` (position → paise) in proportion, by the largest-remainder
 * method: the shares sum to the amount exactly and none exceeds its capacity. The amount must
 * not exceed the capacities' sum.
 */
export function allocateProportionally(
  amountPaise: number,
  capacities: ReadonlyMap<number, number>,
): Map<number, number> {
  const total = [...capacities.values()].reduce((sum, capacity) => sum + capacity, 0);
  if (amountPaise > total)
    throw new RangeError(`cannot allocate ${amountPaise} paise over ${total} paise`);
  const shares = new Map<number, number>();
  if (amountPaise === 0 || total === 0) {
    for (const position of capacities.keys()) shares.set(position, 0);
    return shares;
  }
  // Exact in BigInt: amount × capacity can pass 2^53 for large orders.
  const fractions: { position: number; remainder: bigint }[] = [];
  let given = 0;
  for (const [position, capacity] of capacities) {
    const exact = BigInt(amountPaise) * BigInt(capacity);
    const share = Number(exact / BigInt(total));
    shares.set(position, share);
    given += share;
    fractions.push({ position, remainder: exact % BigInt(total) });
  }
  fractions.sort((a, b) =>
    a.remainder === b.remainder ? a.position - b.position : a.remainder > b.remainder ? -1 : 1,
  );
  for (let i = 0; i < amountPaise - given; i++) {
    const { position } = fractions[i]!;
    shares.set(position, shares.get(position)! + 1);
  }
  return shares;
}

/** The taxable value and heads of `sharePaise` of an open line, never more than it has open. */
export function creditLineTax(
  open: OpenLine,
  sharePaise: number,
  rateBp: number,
  supply: SupplyType,
): Pick<OpenLine, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise'> {
  if (sharePaise < 0 || sharePaise > open.grossPaise)
    throw new RangeError(`a share of ${sharePaise} paise of a line with ${open.grossPaise} open`);
  if (sharePaise === open.grossPaise)
    return {
      taxablePaise: open.taxablePaise,
      cgstPaise: open.cgstPaise,
      sgstPaise: open.sgstPaise,
      igstPaise: open.igstPaise,
    };
  const openTax = open.cgstPaise + open.sgstPaise + open.igstPaise;
  const ruled = lineTax(sharePaise, rateBp, supply);
  // Held between the bounds the open line sets: taxable ≤ open taxable, tax ≤ open tax.
  const taxable = Math.max(Math.min(ruled.taxablePaise, open.taxablePaise), sharePaise - openTax);
  const tax = sharePaise - taxable;
  if (supply === 'inter')
    return { taxablePaise: taxable, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  let cgst = Math.min(Math.ceil(tax / 2), open.cgstPaise);
  let sgst = tax - cgst;
  if (sgst > open.sgstPaise) {
    sgst = open.sgstPaise;
    cgst = tax - sgst;
  }
  return { taxablePaise: taxable, cgstPaise: cgst, sgstPaise: sgst, igstPaise: 0 };
}

/** The refund a credit note gives the value of. */
export interface CreditedRefund {
  amountPaise: number;
  /** By line: the order's line positions and units; null for an amount. */
  lines: readonly { position: number; quantity: number }[] | null;
  /** A cancellation: the goods were not supplied, so the open units come back too. */
  cancellation: boolean;
  reason: string;
}

/** Each line's share of the refund and the units that come back with it. */
export function creditShares(
  open: readonly OpenLine[],
  refund: CreditedRefund,
  unitPricePaise: ReadonlyMap<number, number>,
): { position: number; sharePaise: number; units: number }[] {
  const byPosition = new Map(open.map((line) => [line.position, line]));
  const shares = new Map<number, number>(open.map((line) => [line.position, 0]));
  const units = new Map<number, number>(open.map((line) => [line.position, 0]));
  let spread = refund.amountPaise;
  if (refund.lines) {
    const asked = new Map<number, number>();
    for (const { position, quantity } of refund.lines)
      asked.set(position, (asked.get(position) ?? 0) + quantity);
    for (const [position, quantity] of asked) {
      const line = byPosition.get(position);
      if (!line) throw new RangeError(`the invoice has no line ${position}`);
      const share = Math.min((unitPricePaise.get(position) ?? 0) * quantity, line.grossPaise);
      shares.set(position, share);
      units.set(position, Math.min(quantity, Math.max(line.units, 0)));
      spread -= share;
    }
  }
  if (spread > 0) {
    const room = new Map(
      open.map((line) => [line.position, line.grossPaise - shares.get(line.position)!]),
    );
    for (const [position, extra] of allocateProportionally(spread, room))
      shares.set(position, shares.get(position)! + extra);
  }
  if (refund.cancellation)
    for (const line of open)
      if (shares.get(line.position)! > 0) units.set(line.position, Math.max(line.units, 0));
  return open
    .map((line) => ({
      position: line.position,
      sharePaise: shares.get(line.position)!,
      units: units.get(line.position)!,
    }))
    .filter((share) => share.sharePaise > 0);
}

/**
 * The credit note of `refund` against `invoice`, after the `credits` already issued against
 * it. Throws when the refund is more than the invoice has open (it never is: a refund is at most
 * what is left of the payment, and the payment is the invoice's total).
 */
export function buildCreditNote(
  invoice: TaxDocument,
  credits: readonly TaxDocument[],
  refund: CreditedRefund,
  numbering: DocumentNumbering,
): TaxDocument {
  if (invoice.kind !== 'invoice') throw new TypeError('a credit note names an invoice');
  if (!Number.isSafeInteger(refund.amountPaise) || refund.amountPaise <= 0)
    throw new RangeError(`a credit of ${refund.amountPaise} paise`);
  const open = openLines(invoice, credits);
  const openGross = open.reduce((sum, line) => sum + line.grossPaise, 0);
  if (refund.amountPaise > openGross)
    throw new RangeError(
      `a credit of ${refund.amountPaise} paise against invoice ${invoice.number}, which has ${openGross} paise left`,
    );
  const invoiced = new Map(invoice.lines.map((line) => [line.orderLinePosition, line]));
  const openByPosition = new Map(open.map((line) => [line.position, line]));
  const unitPrices = new Map(
    invoice.lines.map((line) => [line.orderLinePosition, line.unitPricePaise]),
  );
  const lines = creditShares(open, refund, unitPrices).map(
    ({ position, sharePaise, units }, index): TaxDocumentLine => {
      const line = invoiced.get(position)!;
      const tax = creditLineTax(
        openByPosition.get(position)!,
        sharePaise,
        line.rateBp,
        invoice.supplyType,
      );
      return {
        serial: index + 1,
        orderLinePosition: position,
        description: line.description,
        sku: line.sku,
        hsn: line.hsn,
        quantity: units,
        unit: line.unit,
        unitPricePaise: units > 0 ? line.unitPricePaise : 0,
        grossPaise: sharePaise,
        taxablePaise: tax.taxablePaise,
        rateBp: line.rateBp,
        cgstPaise: tax.cgstPaise,
        sgstPaise: tax.sgstPaise,
        igstPaise: tax.igstPaise,
      };
    },
  );
  const totals = totalsOf(lines);
  return {
    kind: 'credit_note',
    number: numbering.number,
    issueDate: numbering.issueDate,
    financialYear: numbering.financialYear,
    orderNumber: invoice.orderNumber,
    orderDate: invoice.orderDate,
    supplier: invoice.supplier,
    recipient: invoice.recipient,
    shipTo: invoice.shipTo,
    placeOfSupply: invoice.placeOfSupply,
    supplyType: invoice.supplyType,
    reverseCharge: false,
    lines,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
    signatory: invoice.signatory,
    original: { number: invoice.number, issueDate: invoice.issueDate },
    reason: refund.reason,
  };
}
