/**
 * The GST parts of the cart and order contracts (issue 21, decision 052). Amounts are rupees
 * (2 decimals), as everywhere in the API; the server computes every figure with
 * `@storefront/shared/gst` and the web app shows them.
 */
import { z } from 'zod';

export const SupplyTypeField = z.enum(['intra', 'intra-ut', 'inter']);

/** The tax of one cart or order line. */
export const LineGst = z.object({
  hsn: z.string(),
  /** Percent: 18, 5, 0.25. */
  rate: z.number(),
  /** The line total without GST. */
  taxable: z.number(),
  /** CGST + SGST/UTGST + IGST of the line. */
  tax: z.number(),
  cgst: z.number(),
  /** SGST, or UTGST when the supply type is 'intra-ut'. */
  sgst: z.number(),
  igst: z.number(),
});
export type LineGst = z.infer<typeof LineGst>;

/**
 * The tax of a cart or an order in total. Before the place of supply is known (a cart without a
 * ship-to state), `supplyType` and `placeOfSupply` are null and the tax is all in `igst`: only
 * its split between the heads depends on the place of supply.
 */
export const TaxSummary = z.object({
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  /** cgst + sgst + igst. */
  tax: z.number(),
  /** The heads this supply shows, in order: ['CGST', 'SGST'], ['CGST', 'UTGST'] or ['IGST']. */
  heads: z.array(z.string()),
  supplyType: SupplyTypeField.nullable(),
  /** GST state code and name; '96' 'Other Countries' for an export. */
  placeOfSupply: z.object({ code: z.string(), name: z.string() }).nullable(),
});
export type TaxSummary = z.infer<typeof TaxSummary>;

/** Whom an order is billed to (Rule 46(d)): a GSTIN, its legal name and registered address. */
export const BillingDetails = z.object({
  gstin: z.string(),
  legalName: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  /** The state's name, and its GST state code (the GSTIN's first two characters). */
  state: z.string(),
  stateCode: z.string(),
  postalCode: z.string(),
});
export type BillingDetails = z.infer<typeof BillingDetails>;

/** A tax document of an order as the buyer and the console list it. */
export const TaxDocumentRef = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  /** India date, YYYY-MM-DD. */
  issueDate: z.string(),
  /** Rupees: what the invoice charged or the credit note gives back. */
  total: z.number(),
  /** The PDF's address for the one asking (the buyer's or the console's route). */
  href: z.string(),
});
export type TaxDocumentRef = z.infer<typeof TaxDocumentRef>;

/** A tax document's id in its PDF's address (`…/tax-documents/{id}.pdf`). */
export const TaxDocumentId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
