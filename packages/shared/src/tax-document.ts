/**
 * A tax invoice or credit note as issued (issue 21, decision 052): every particular Rule 46 of
 * the CGST Rules asks for, and for a credit note (CGST Act §34) the invoice it corrects. Stored
 * whole with the document (`tax_documents.document`), so its PDF, the GSTR-1 returns and the
 * e-invoice export all read the same figures and never recompute a past document with today's
 * rates or settings. Money is integer paise.
 */
import type { SupplyType } from './gst.js';

export type TaxDocumentKind = 'invoice' | 'credit_note';

/** The file name a document's PDF downloads as: its number, '/' made '-' ('INV-2627-00042.pdf'). */
export const taxDocumentFilename = (number: string) => `${number.replaceAll('/', '-')}.pdf`;

export interface TaxAddress {
  /** Street lines, the non-empty ones only. */
  lines: string[];
  city: string;
  postalCode: string;
  /** GST state code ('27'); null outside India. */
  stateCode: string | null;
  /** The state's name ('Maharashtra'), or the region named in a foreign address. */
  stateName: string;
  country: string;
}

export interface TaxParty {
  /** Legal name (Rule 46(a), (d)). */
  legalName: string;
  /** Trade name, when the party has one different from the legal name. */
  tradeName: string | null;
  /** Null for an unregistered recipient. */
  gstin: string | null;
  address: TaxAddress;
  phone: string | null;
  email: string | null;
}

export interface TaxDocumentLine {
  /** 1-based, as printed. */
  serial: number;
  /** The order line's position, for a credit note's lines to name theirs. */
  orderLinePosition: number;
  description: string;
  sku: string;
  hsn: string;
  quantity: number;
  /** The unit quantity code of the GST portal ('NOS', 'PCS', 'KGS'…). */
  unit: string;
  /** GST-inclusive price of one unit, as the buyer saw it. */
  unitPricePaise: number;
  /** GST-inclusive line total: taxable + cgst + sgst + igst. */
  grossPaise: number;
  taxablePaise: number;
  rateBp: number;
  cgstPaise: number;
  /** SGST, or UTGST when the supply type is 'intra-ut'. */
  sgstPaise: number;
  igstPaise: number;
}

export interface TaxDocumentTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** taxable + all taxes: what the buyer paid (an invoice) or gets back (a credit note). */
  totalPaise: number;
}

export interface TaxDocument {
  kind: TaxDocumentKind;
  /** ≤ 16 characters, unique in its financial year (Rule 46(b)). */
  number: string;
  /** India date of issue, YYYY-MM-DD (Rule 46(c)). */
  issueDate: string;
  /** '2026-27'. */
  financialYear: string;
  orderNumber: string;
  /** The order's date (India), YYYY-MM-DD. */
  orderDate: string;
  supplier: TaxParty;
  recipient: TaxParty;
  /** Where the goods go, when it differs from the recipient's address (Rule 46(o)). */
  shipTo: TaxParty | null;
  /** GST state code and name; '96' and 'Other Countries' for an export (Rule 46(n)). */
  placeOfSupply: { code: string; name: string };
  supplyType: SupplyType;
  /** Rule 46(p): always false for this store's supplies. */
  reverseCharge: boolean;
  lines: TaxDocumentLine[];
  totals: TaxDocumentTotals;
  /** The total in words, Indian system: 'Rupees One Lakh Twenty Thousand and Fifty Paise Only'. */
  amountInWords: string;
  /** Rule 46(q): printed as "For {legalName}" above "{signatory}, Authorised Signatory". */
  signatory: string;
  /** A credit note's invoice, and why it was issued. */
  original: { number: string; issueDate: string } | null;
  reason: string | null;
}

/** What the e-invoice registration portal returned for a document, as staff recorded it. */
export interface EInvoiceRegistration {
  /** 64 hexadecimal characters. */
  irn: string;
  ackNumber: string;
  ackDate: string;
  /** The signed QR code's content (a JWT), printed as a QR code on the PDF. */
  signedQr: string;
}
