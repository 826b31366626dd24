/**
 * The seller's registration and the store's tax settings (issue 21, decision 052), as the
 * server reads them and the console edits them (owner only).
 */
import { z } from 'zod';
import { isValidGstin } from './gstin.js';

export interface StoreSettings {
  legalName: string;
  tradeName: string;
  gstin: string;
  address1: string;
  address2: string;
  city: string;
  /** GST state code of the registered address: the GSTIN's first two characters. */
  stateCode: string;
  postalCode: string;
  phone: string;
  email: string;
  /** Countries the store ships to, by the spec's country names. */
  shipsTo: string[];
  invoicePrefix: string;
  creditNotePrefix: string;
  eInvoicing: boolean;
  signatory: string;
}

/**
 * What the registration still lacks before the store may take orders in production (empty when
 * complete): a tax invoice cannot be issued without these (Rule 46(a)).
 */
export function registrationGaps(settings: StoreSettings): string[] {
  const gaps: string[] = [];
  if (!settings.legalName.trim()) gaps.push('legal name');
  if (!isValidGstin(settings.gstin)) gaps.push('a valid GSTIN');
  if (!settings.address1.trim() || !settings.city.trim() || !settings.postalCode.trim())
    gaps.push('registered address');
  if (!settings.stateCode || settings.gstin.slice(0, 2) !== settings.stateCode)
    gaps.push("the registered address's state, matching the GSTIN");
  return gaps;
}

/**
 * GET /api/store (public, cacheable like the catalog): who sells, from which state (which
 * decides CGST + SGST against IGST), and the countries the store ships to.
 */
export const StorePublic = z.object({
  legalName: z.string(),
  tradeName: z.string(),
  gstin: z.string(),
  stateCode: z.string(),
  stateName: z.string(),
  shipsTo: z.array(z.string()),
});
export type StorePublic = z.infer<typeof StorePublic>;
