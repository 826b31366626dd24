/**
 * The seller's registration and the store's tax settings (issue 21, decision 052), as the
 * server reads them and the console edits them (owner only).
 */
import { z } from 'zod';
import { COUNTRIES, findCountry } from './countries.js';
import { SERIES_PREFIX, indianStateByCode } from './gst.js';
import { GSTIN_PROBLEM_MESSAGES, gstinProblem, isValidGstin, normaliseGstin } from './gstin.js';

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

// ── The settings form and its API (the console's Settings page, PUT /api/staff/settings) ──────

const TEXT_MAX = 200;
const text = z.string().trim().max(TEXT_MAX, `At most ${TEXT_MAX} characters`);
/** A field that may be left blank, else must pass `check` (the registration may be filled in bit by bit). */
const blankOr = (check: (value: string) => boolean, message: string) =>
  text.refine((value) => value === '' || check(value), { message });

export const STATE_CHOICE_MESSAGE = 'Choose a state or union territory from the list';
export const SERIES_PREFIX_MESSAGE = '1 to 4 capital letters or digits, starting with a letter';

/** The registration's GSTIN: blank, or one the shared rules accept (their messages). */
const SettingsGstin = z
  .string()
  .transform(normaliseGstin)
  .superRefine((value, ctx) => {
    if (value === '') return;
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: GSTIN_PROBLEM_MESSAGES[problem] });
  });

const SeriesPrefix = z
  .string()
  .trim()
  .toUpperCase()
  .regex(SERIES_PREFIX, { message: SERIES_PREFIX_MESSAGE });

/** The countries the store ships to: names (or codes) of the checkout's list, stored as names. */
const ShipsTo = z
  .array(z.string().max(TEXT_MAX))
  .min(1, { message: 'Choose at least one country the store ships to' })
  .max(COUNTRIES.length)
  .superRefine((values, ctx) => {
    values.forEach((value, i) => {
      if (!findCountry(value))
        ctx.addIssue({ code: 'custom', path: [i], message: `${value} is not on the country list` });
    });
  })
  .transform((values) => [...new Set(values.map((value) => findCountry(value)?.name ?? value))]);

/**
 * PUT /api/staff/settings, and the console's form (one schema, two enforcers). Registration
 * fields may be left blank (`registrationGaps` then says what the store still needs before it
 * takes orders in production); what is filled in must be valid, and the registered state must be
 * the GSTIN's.
 */
export const StoreSettingsBody = z
  .object({
    legalName: text,
    tradeName: text,
    gstin: SettingsGstin,
    address1: text,
    address2: text,
    city: text,
    stateCode: blankOr((code) => indianStateByCode(code) !== undefined, STATE_CHOICE_MESSAGE),
    postalCode: blankOr((pin) => /^[1-9]\d{5}$/.test(pin), 'A PIN code is 6 digits'),
    phone: blankOr(
      (phone) => /^\+?\d[\d -]{8,18}\d$/.test(phone),
      'A phone number of at least 10 digits',
    ),
    email: blankOr((email) => z.email().safeParse(email).success, 'Valid email is required'),
    shipsTo: ShipsTo,
    invoicePrefix: SeriesPrefix,
    creditNotePrefix: SeriesPrefix,
    eInvoicing: z.boolean(),
    /** Who signs the invoices (Rule 46(q)): "For {legal name}, authorised signatory". */
    signatory: text,
  })
  .strict()
  .superRefine((body, ctx) => {
    if (isValidGstin(body.gstin) && indianStateByCode(body.stateCode)) {
      const state = indianStateByCode(body.gstin.slice(0, 2));
      if (body.stateCode !== body.gstin.slice(0, 2))
        ctx.addIssue({
          code: 'custom',
          path: ['stateCode'],
          message: `The registered address's state must be the GSTIN's state (${state?.name ?? body.gstin.slice(0, 2)})`,
        });
    }
    if (body.invoicePrefix === body.creditNotePrefix)
      ctx.addIssue({
        code: 'custom',
        path: ['creditNotePrefix'],
        message: 'Credit notes need a prefix of their own, not the invoices’ one',
      });
  });
export type StoreSettingsBody = z.infer<typeof StoreSettingsBody>;
export type StoreSettingsInput = z.input<typeof StoreSettingsBody>;

/** GET and PUT /api/staff/settings: the settings, what the registration lacks, and who saved them. */
export const StoreSettingsView = z.object({
  settings: z.object({
    legalName: z.string(),
    tradeName: z.string(),
    gstin: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    stateCode: z.string(),
    postalCode: z.string(),
    phone: z.string(),
    email: z.string(),
    shipsTo: z.array(z.string()),
    invoicePrefix: z.string(),
    creditNotePrefix: z.string(),
    eInvoicing: z.boolean(),
    signatory: z.string(),
  }),
  /** `registrationGaps`: empty when the registration is complete. */
  gaps: z.array(z.string()),
  /** Whether orders are taken now: always outside production, else only without gaps. */
  takingOrders: z.boolean(),
  updatedAt: z.iso.datetime(),
  /** The member who saved them last (email); null before anyone did. */
  updatedBy: z.string().nullable(),
});
export type StoreSettingsView = z.infer<typeof StoreSettingsView>;

/**
 * GET /api/store (public, cached like the catalog): who sells and where the store ships. The
 * checkout names the seller's state to say which heads apply; the shipping policy lists shipsTo.
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

/** "India", "India and Nepal", "India, Nepal and Sri Lanka". */
export function countryList(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

/** What an order to a country the store does not ship to is refused with (422 country_not_served). */
export function countryNotServedMessage(shipsTo: readonly string[]): string {
  return `We ship only to ${countryList(shipsTo)}. Choose a delivery address there.`;
}

/** What an order is refused with while the registration has gaps in production (409 store_not_ready). */
export function storeNotReadyMessage(gaps: readonly string[]): string {
  return `The store cannot take orders yet: the seller's GST registration is incomplete (missing ${countryList(gaps)}). Please try again later.`;
}
