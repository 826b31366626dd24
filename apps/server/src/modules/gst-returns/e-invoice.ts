/**
 * A tax invoice or credit note as the e-invoice JSON the Invoice Registration Portal takes
 * (INV-01, NIC's e-Invoice schema version 1.1; decision 055, schemas/README.md), from the stored
 * document and nothing else.
 *
 * - TranDtls: GST, B2B (a registered buyer in India) or EXPWP (an export, IGST paid), reverse
 *   charge as the document says it. A supply to an unregistered buyer in India is B2C and is not
 *   e-invoiced: refused.
 * - DocDtls: INV or CRN, the number (never starting with 0, / or -: the series' prefix starts with
 *   a letter), the date as dd/mm/yyyy.
 * - Seller, buyer (with the place of supply) and, when the goods go elsewhere, ShipDtls. DispDtls
 *   is left out: the goods leave from the seller's registered address, which SellerDtls gives.
 *   An export's buyer is 'URP' with state 96 and PIN 999999, as the portal asks.
 * - ItemList: a line an item; its values before tax (UnitPrice to three decimals, TotAmt and
 *   AssAmt the line's taxable value, no discount: the price is already the net price), the rate,
 *   each head, and TotItemVal the line's GST-inclusive total. HSN must be 6 or 8 digits.
 * - ValDtls: the document's totals; RefDtls of a credit note names its invoice.
 *
 * The portal refuses a double quote in any text, so one becomes a single quote; every other
 * character is kept, and whatever still breaks the schema is reported, not trimmed away.
 */
import { OUTSIDE_INDIA_CODE } from '@storefront/shared/gst';
import type { TaxAddress, TaxDocument, TaxParty } from '@storefront/shared/tax-document';
import type { Issue } from './schema-validation.js';

export const E_INVOICE_VERSION = '1.1';
/** The portal's limit of items in one e-invoice. */
export const E_INVOICE_MAX_ITEMS = 1000;
/** An e-invoice's HSN: 6 digits at least (8 allowed), whatever the turnover. */
export const E_INVOICE_HSN = /^(\d{6}|\d{8})$/;
/** The PIN code the portal takes for an address outside India. */
const FOREIGN_PIN = 999999;

const rupees = (paise: number) => paise / 100;

/** Half up to thousandths of a rupee: paise ÷ quantity, in integers, then one division. */
export function unitPrice(taxablePaise: number, quantity: number): number {
  const milli = Math.floor((2 * taxablePaise * 10 + quantity) / (2 * quantity));
  return milli / 1000;
}

/** 'YYYY-MM-DD' → 'dd/mm/yyyy'. */
export const eInvoiceDate = (date: string) =>
  `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** Text as the portal takes it: whitespace collapsed, a double quote made single, at most `max`. */
function clean(value: string, max: number): string {
  return value.replace(/\s+/g, ' ').replace(/"/g, "'").trim().slice(0, max).trim();
}

/** Optional text: left out when empty or shorter than the schema's minimum. */
function optional(value: string | null | undefined, min: number, max: number) {
  const text = value ? clean(value, max) : '';
  return text.length >= min ? text : undefined;
}

/** A phone number as the portal takes it: its digits, 6 to 12 of them, else left out. */
function phone(value: string | null): string | undefined {
  const digits = (value ?? '').replace(/\D/g, '');
  return /^\d{6,12}$/.test(digits) ? digits : undefined;
}

function email(value: string | null): string | undefined {
  const text = (value ?? '').trim();
  return text.length >= 6 && text.length <= 100 && /^[a-zA-Z0-9+_.-]+@[a-zA-Z0-9.-]+$/.test(text)
    ? text
    : undefined;
}

const inIndia = (address: TaxAddress) => address.stateCode !== null;

function addressOf(address: TaxAddress, locationMax: number) {
  const [first = '', ...rest] = address.lines;
  return {
    Addr1: clean(first || address.city, 100),
    Addr2: optional(rest.join(', '), 3, 100),
    Loc: clean(address.city, locationMax),
    Pin: inIndia(address) ? Number(address.postalCode.replace(/\s/g, '')) : FOREIGN_PIN,
    Stcd: address.stateCode ?? OUTSIDE_INDIA_CODE,
  };
}

/** Drops the keys whose value is undefined (the schema has no null). */
function defined<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

function party(who: TaxParty) {
  return {
    LglNm: clean(who.legalName, 100),
    TrdNm:
      who.tradeName && who.tradeName !== who.legalName
        ? optional(who.tradeName, 3, 100)
        : undefined,
  };
}

/**
 * Why a document cannot be an e-invoice before any schema is applied: a B2C supply, an HSN
 * shorter than 6 digits (each line named), too many lines. Empty when it can.
 */
export function eInvoiceRefusals(document: TaxDocument): Issue[] {
  const issues: Issue[] = [];
  if (document.recipient.gstin === null && document.placeOfSupply.code !== OUTSIDE_INDIA_CODE)
    issues.push({
      path: 'BuyerDtls.Gstin',
      code: 'b2c_not_e_invoiced',
      message: `${document.number} is to a buyer without a GSTIN in India (B2C); only supplies to registered buyers and exports are e-invoiced`,
    });
  document.lines.forEach((line, index) => {
    if (!E_INVOICE_HSN.test(line.hsn))
      issues.push({
        path: `ItemList.${index}.HsnCd`,
        code: 'hsn_too_short',
        message: `Line ${line.serial} (${line.description}, SKU ${line.sku}): HSN ${line.hsn} has ${line.hsn.length} digits; an e-invoice needs a 6- or 8-digit HSN`,
      });
  });
  if (document.lines.length > E_INVOICE_MAX_ITEMS)
    issues.push({
      path: 'ItemList',
      code: 'too_many_items',
      message: `${document.number} has ${document.lines.length} lines; an e-invoice has at most ${E_INVOICE_MAX_ITEMS}`,
    });
  return issues;
}

/** The INV-01 JSON of a document (call eInvoiceRefusals first). */
export function eInvoiceJson(document: TaxDocument): Record<string, unknown> {
  const exported = document.placeOfSupply.code === OUTSIDE_INDIA_CODE;
  const { supplier, recipient, shipTo, totals } = document;
  const json: Record<string, unknown> = {
    Version: E_INVOICE_VERSION,
    TranDtls: {
      TaxSch: 'GST',
      SupTyp: exported ? 'EXPWP' : 'B2B',
      RegRev: document.reverseCharge ? 'Y' : 'N',
      IgstOnIntra: 'N',
    },
    DocDtls: {
      Typ: document.kind === 'invoice' ? 'INV' : 'CRN',
      No: document.number,
      Dt: eInvoiceDate(document.issueDate),
    },
    SellerDtls: defined({
      Gstin: supplier.gstin ?? '',
      ...party(supplier),
      ...addressOf(supplier.address, 50),
      Ph: phone(supplier.phone),
      Em: email(supplier.email),
    }),
    BuyerDtls: defined({
      Gstin: exported ? 'URP' : (recipient.gstin ?? ''),
      ...party(recipient),
      Pos: document.placeOfSupply.code,
      ...addressOf(recipient.address, 100),
      Ph: phone(recipient.phone),
      Em: email(recipient.email),
    }),
  };
  if (shipTo)
    json.ShipDtls = defined({
      Gstin: shipTo.gstin ?? (exported ? 'URP' : undefined),
      ...party(shipTo),
      ...addressOf(shipTo.address, 100),
    });
  json.ItemList = document.lines.map((line) => ({
    SlNo: String(line.serial),
    PrdDesc: clean(line.description, 300),
    IsServc: 'N',
    HsnCd: line.hsn,
    Qty: line.quantity,
    Unit: line.unit,
    UnitPrice: unitPrice(line.taxablePaise, line.quantity),
    TotAmt: rupees(line.taxablePaise),
    Discount: 0,
    AssAmt: rupees(line.taxablePaise),
    GstRt: line.rateBp / 100,
    IgstAmt: rupees(line.igstPaise),
    CgstAmt: rupees(line.cgstPaise),
    SgstAmt: rupees(line.sgstPaise),
    CesRt: 0,
    CesAmt: 0,
    CesNonAdvlAmt: 0,
    StateCesRt: 0,
    StateCesAmt: 0,
    StateCesNonAdvlAmt: 0,
    OthChrg: 0,
    TotItemVal: rupees(line.grossPaise),
  }));
  json.ValDtls = {
    AssVal: rupees(totals.taxablePaise),
    CgstVal: rupees(totals.cgstPaise),
    SgstVal: rupees(totals.sgstPaise),
    IgstVal: rupees(totals.igstPaise),
    CesVal: 0,
    StCesVal: 0,
    Discount: 0,
    OthChrg: 0,
    RndOffAmt: 0,
    TotInvVal: rupees(totals.totalPaise),
  };
  if (document.original)
    json.RefDtls = defined({
      InvRm: optional(document.reason, 3, 100),
      PrecDocDtls: [
        { InvNo: document.original.number, InvDt: eInvoiceDate(document.original.issueDate) },
      ],
    });
  return json;
}
