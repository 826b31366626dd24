/**
 * The store's HSN rate table (issue 21, decision 052): the GST rate of goods by HSN prefix, which
 * a product without a rate of its own takes (`rateForHsn`: the longest prefix wins, else 18 %).
 * The console's Tax rates page and PUT /api/staff/tax-rates validate with these.
 */
import { z } from 'zod';
import { GST_RATES_BP, formatRate, isGstRate } from './gst.js';

/** An HSN prefix the table may hold: 2 to 8 digits (chapter, heading, subheading, tariff item). */
export const HSN_PREFIX = /^\d{2,8}$/;
export const HSN_PREFIX_MESSAGE = 'An HSN prefix is 2 to 8 digits';

export const GST_RATE_MESSAGE = `Choose one of the GST rates: ${GST_RATES_BP.map(formatRate).join(', ')}`;

/** A GST rate in basis points: one of GST_RATES_BP (1800 = 18 %). */
export const GstRateBp = z
  .number({ message: GST_RATE_MESSAGE })
  .int({ message: GST_RATE_MESSAGE })
  .refine((value): boolean => isGstRate(value), { message: GST_RATE_MESSAGE });

export const TaxRateParams = z
  .object({ hsnPrefix: z.string().regex(HSN_PREFIX, { message: HSN_PREFIX_MESSAGE }) })
  .strict();

/** PUT /api/staff/tax-rates/{hsnPrefix}: sets (or adds) the prefix's rate. */
export const TaxRateBody = z
  .object({
    rateBp: GstRateBp,
    /** What the prefix covers, for the seller's own reference ("Soap", "Apparel ≤ ₹2,500"). */
    description: z.string().trim().max(200, { message: 'At most 200 characters' }).default(''),
  })
  .strict();
export type TaxRateBody = z.infer<typeof TaxRateBody>;
export type TaxRateInput = z.input<typeof TaxRateBody>;

export const TaxRate = z.object({
  hsnPrefix: z.string(),
  rateBp: z.number().int(),
  description: z.string(),
  updatedAt: z.iso.datetime(),
});
export type TaxRate = z.infer<typeof TaxRate>;

/** GET /api/staff/tax-rates: the table by prefix, and the rate of goods it does not cover. */
export const TaxRateList = z.object({
  rates: z.array(TaxRate),
  defaultRateBp: z.number().int(),
});
export type TaxRateList = z.infer<typeof TaxRateList>;
