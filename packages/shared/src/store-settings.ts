/**
 * The seller's registration and the store's tax settings (issue 21, decision 052), as the
 * server reads them and the console edits them (owner only).
 */
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
