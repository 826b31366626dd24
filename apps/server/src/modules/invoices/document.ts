/**
 * A tax invoice as issued (Rule 46 of the CGST Rules; issue 21, decision 052), built from what
 * the order stored when it was placed (its billing details, place of supply and each line's
 * HSN, rate and tax) and the seller's registration: nothing is recomputed, so the invoice says
 * exactly what the buyer was charged. Pure: the caller gives the number and the date.
 */
import { findIndianState, OUTSIDE_INDIA_CODE } from '@storefront/shared/gst';
import type { StoreSettings } from '@storefront/shared/store-settings';
import type {
  TaxAddress,
  TaxDocument,
  TaxDocumentLine,
  TaxDocumentTotals,
  TaxParty,
} from '@storefront/shared/tax-document';
import { amountInWords } from '@storefront/shared/amount-in-words';
import type { OrderTaxFacts } from '../orders/tax-facts.js';

/**
 * The unit quantity code every line prints: the catalog sells counted goods and keeps no unit of
 * measure per product, and 'NOS' (numbers) is the GST portal's code for counted goods.
 */
export const DEFAULT_UNIT = 'NOS';

/** The GST portal's name of the place of supply outside India. */
export const OUTSIDE_INDIA_NAME = 'Other Countries';

export interface DocumentNumbering {
  number: string;
  /** India date, YYYY-MM-DD. */
  issueDate: string;
  financialYear: string;
}

const nonEmpty = (...parts: (string | null | undefined)[]) =>
  parts.map((part) => (part ?? '').trim()).filter((part) => part !== '');

export function placeOfSupplyName(code: string): string {
  if (code === OUTSIDE_INDIA_CODE) return OUTSIDE_INDIA_NAME;
  return findIndianState(code)?.name ?? code;
}

function supplierOf(settings: StoreSettings): TaxParty {
  return {
    legalName: settings.legalName.trim(),
    tradeName:
      settings.tradeName.trim() && settings.tradeName.trim() !== settings.legalName.trim()
        ? settings.tradeName.trim()
        : null,
    gstin: settings.gstin,
    address: {
      lines: nonEmpty(settings.address1, settings.address2),
      city: settings.city.trim(),
      postalCode: settings.postalCode.trim(),
      stateCode: settings.stateCode,
      stateName: placeOfSupplyName(settings.stateCode),
      country: 'India',
    },
    phone: settings.phone.trim() || null,
    email: settings.email.trim() || null,
  };
}

function shippingAddressOf(order: OrderTaxFacts): TaxAddress {
  return {
    lines: nonEmpty(order.shippingAddress1, order.shippingAddress2, order.shippingAddress3),
    city: order.shippingCity.trim(),
    postalCode: order.shippingPostalCode.trim(),
    stateCode: order.shippingStateCode,
    stateName: order.shippingStateCode
      ? placeOfSupplyName(order.shippingStateCode)
      : order.shippingState.trim(),
    country: order.shippingCountry.trim(),
  };
}

/** Whom the invoice is to (Rule 46(d)): the billed GSTIN and address, else the consignee. */
function recipientOf(order: OrderTaxFacts): TaxParty {
  const phone = order.shippingPhoneNumber.trim() || null;
  if (!order.billingLegalName?.trim() || !order.billingAddress1?.trim())
    return {
      legalName: order.recipientName.trim(),
      tradeName: null,
      gstin: null,
      address: shippingAddressOf(order),
      phone,
      email: order.buyerEmail,
    };
  const stateCode = order.billingStateCode ?? order.billingGstin?.slice(0, 2) ?? null;
  return {
    legalName: order.billingLegalName.trim(),
    tradeName: null,
    gstin: order.billingGstin?.trim() || null,
    address: {
      lines: nonEmpty(order.billingAddress1, order.billingAddress2),
      city: (order.billingCity ?? '').trim(),
      postalCode: (order.billingPostalCode ?? '').trim(),
      stateCode,
      stateName: stateCode ? placeOfSupplyName(stateCode) : '',
      country: 'India',
    },
    phone,
    email: order.buyerEmail,
  };
}

const addressKey = (address: TaxAddress) =>
  [...address.lines, address.city, address.postalCode, address.stateCode ?? address.stateName]
    .join('|')
    .toLowerCase()
    .replace(/[^a-z0-9|]+/g, '');

/** The consignee (Rule 46(o)), when the goods go somewhere other than the billed address. */
function shipToOf(order: OrderTaxFacts, recipient: TaxParty): TaxParty | null {
  const address = shippingAddressOf(order);
  if (addressKey(address) === addressKey(recipient.address)) return null;
  return {
    legalName: order.recipientName.trim(),
    tradeName: null,
    gstin: null,
    address,
    phone: order.shippingPhoneNumber.trim() || null,
    email: null,
  };
}

export function totalsOf(lines: readonly TaxDocumentLine[]): TaxDocumentTotals {
  const totals = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
  for (const line of lines) {
    totals.taxablePaise += line.taxablePaise;
    totals.cgstPaise += line.cgstPaise;
    totals.sgstPaise += line.sgstPaise;
    totals.igstPaise += line.igstPaise;
    totals.totalPaise += line.grossPaise;
  }
  return totals;
}

/**
 * The invoice of a paid order. Throws when a line's stored tax does not add up to its total:
 * such an invoice would misstate the tax, and the caller records that instead of issuing it.
 */
export function buildInvoice(
  order: OrderTaxFacts,
  settings: StoreSettings,
  numbering: DocumentNumbering,
): TaxDocument {
  const documentLines = [...order.lines]
    .sort((a, b) => a.position - b.position)
    .map((line, index): TaxDocumentLine => {
      const tax = line.cgstPaise + line.sgstPaise + line.igstPaise;
      if (line.taxablePaise + tax !== line.lineTotalPaise)
        throw new RangeError(
          `order ${order.mkpOrderId} line ${line.position}: taxable ${line.taxablePaise} + tax ${tax} ≠ total ${line.lineTotalPaise}`,
        );
      return {
        serial: index + 1,
        orderLinePosition: line.position,
        description: line.title,
        sku: line.sku,
        hsn: line.hsn,
        quantity: line.quantity,
        unit: DEFAULT_UNIT,
        unitPricePaise: line.unitPricePaise,
        grossPaise: line.lineTotalPaise,
        taxablePaise: line.taxablePaise,
        rateBp: line.gstRateBp,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
      };
    });
  const totals = totalsOf(documentLines);
  const recipient = recipientOf(order);
  return {
    kind: 'invoice',
    number: numbering.number,
    issueDate: numbering.issueDate,
    financialYear: numbering.financialYear,
    orderNumber: order.mkpOrderId,
    orderDate: order.orderDate,
    supplier: supplierOf(settings),
    recipient,
    shipTo: shipToOf(order, recipient),
    placeOfSupply: { code: order.placeOfSupply, name: placeOfSupplyName(order.placeOfSupply) },
    supplyType: order.supplyType,
    reverseCharge: false,
    lines: documentLines,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
    signatory: settings.signatory.trim(),
    original: null,
    reason: null,
  };
}
