import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from './gstin.js';
import { BillingInput, OrderCreateBody, type OrderCreateInput } from './orders.js';
import {
  countryNotServedMessage,
  registrationGaps,
  StoreSettingsBody,
  type StoreSettingsInput,
} from './store-settings.js';

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const MAHARASHTRA = gstin('27AAECS1234K1Z');
const KARNATAKA = gstin('29AABCB1234F1Z');

const settings: StoreSettingsInput = {
  legalName: 'Sahyadri Wholesale Supplies Private Limited',
  tradeName: 'Sahyadri B2B',
  gstin: MAHARASHTRA,
  address1: 'Unit 12, Bhiwandi Logistics Park',
  address2: '',
  city: 'Thane',
  stateCode: '27',
  postalCode: '421302',
  phone: '+91 22 4000 1234',
  email: 'accounts@example.com',
  shipsTo: ['India'],
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
  eInvoicing: false,
  signatory: 'Priya Kulkarni',
};

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the store settings form', () => {
  it('accepts a complete registration, which has no gaps', () => {
    const parsed = StoreSettingsBody.parse(settings);
    expect(registrationGaps(parsed)).toEqual([]);
  });

  it('takes a registration filled in bit by bit, and says what is still missing', () => {
    const parsed = StoreSettingsBody.parse({ ...settings, gstin: '', legalName: '', city: '' });
    expect(registrationGaps(parsed)).toEqual([
      'legal name',
      'a valid GSTIN',
      'registered address',
      "the registered address's state, matching the GSTIN",
    ]);
  });

  it.each([
    [{ gstin: '27AAECS1234K1Z' }, 'gstin: GST number must be 15 characters'],
    [{ gstin: MAHARASHTRA.slice(0, 14) + 'Q' }, 'gstin: GST number check digit does not match'],
    [
      { stateCode: '29' },
      "stateCode: The registered address's state must be the GSTIN's state (Maharashtra)",
    ],
    [{ stateCode: '99' }, 'stateCode: Choose a state or union territory from the list'],
    [{ postalCode: '0421302' }, 'postalCode: A PIN code is 6 digits'],
    [{ email: 'accounts' }, 'email: Valid email is required'],
    [{ shipsTo: [] }, 'shipsTo: Choose at least one country the store ships to'],
    [{ shipsTo: ['India', 'Atlantis'] }, 'shipsTo.1: Atlantis is not on the country list'],
    [
      { invoicePrefix: '1NV' },
      'invoicePrefix: 1 to 4 capital letters or digits, starting with a letter',
    ],
    [
      { invoicePrefix: 'INVOICE' },
      'invoicePrefix: 1 to 4 capital letters or digits, starting with a letter',
    ],
    [
      { creditNotePrefix: 'inv' },
      'creditNotePrefix: Credit notes need a prefix of their own, not the invoices’ one',
    ],
  ] as const)('refuses %j: %s', (change, message) => {
    expect(messages(StoreSettingsBody.safeParse({ ...settings, ...change }))).toEqual([message]);
  });

  it('stores countries by their names, once each, and prefixes and GSTINs in capitals', () => {
    const parsed = StoreSettingsBody.parse({
      ...settings,
      gstin: ` ${MAHARASHTRA.toLowerCase()} `,
      shipsTo: ['in', 'India', 'np'],
      invoicePrefix: 'sf',
    });
    expect(parsed.shipsTo).toEqual(['India', 'Nepal']);
    expect(parsed.invoicePrefix).toBe('SF');
    expect(parsed.gstin).toBe(MAHARASHTRA);
  });

  it('says where the store ships in one sentence', () => {
    expect(countryNotServedMessage(['India'])).toBe(
      'We ship only to India. Choose a delivery address there.',
    );
    expect(countryNotServedMessage(['India', 'Nepal', 'Sri Lanka'])).toBe(
      'We ship only to India, Nepal and Sri Lanka. Choose a delivery address there.',
    );
  });
});

const order: OrderCreateInput = {
  recipientName: 'Asha Mehta',
  shippingAddress1: '14 Linking Road',
  shippingCity: 'Mumbai',
  shippingState: 'Maharashtra',
  shippingPostalCode: '400050',
  shippingCountry: 'in',
  shippingPhoneNumber: '9876543210',
};

describe("an order's state and billing details", () => {
  it('an Indian address names a state or union territory, by name or code in any case', () => {
    for (const shippingState of ['Maharashtra', 'maharashtra', '27', 'TAMIL NADU', '4'])
      expect(OrderCreateBody.safeParse({ ...order, shippingState }).success).toBe(true);
    expect(messages(OrderCreateBody.safeParse({ ...order, shippingState: 'Bombay' }))).toEqual([
      'shippingState: Choose a state or union territory from the list',
    ]);
    expect(
      messages(
        OrderCreateBody.safeParse({ ...order, shippingCountry: 'India', shippingState: 'MH' }),
      ),
    ).toEqual(['shippingState: Choose a state or union territory from the list']);
  });

  it('an address abroad keeps a free-text state', () => {
    expect(
      OrderCreateBody.safeParse({ ...order, shippingCountry: 'np', shippingState: 'Bagmati' })
        .success,
    ).toBe(true);
  });

  const billing = {
    gstin: KARNATAKA,
    legalName: 'Bench Traders Private Limited',
    address1: '1 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560001',
  };

  it('bills a valid GSTIN with an address in its own state', () => {
    expect(BillingInput.parse({ ...billing, state: '29' })).toEqual({
      ...billing,
      state: '29',
      address2: '',
    });
    expect(messages(BillingInput.safeParse({ ...billing, state: 'Maharashtra' }))).toEqual([
      "state: The billing state must be the GSTIN's state (Karnataka)",
    ]);
    const wrongCheck = KARNATAKA.slice(0, 14) + (KARNATAKA.endsWith('A') ? 'B' : 'A');
    expect(messages(BillingInput.safeParse({ ...billing, gstin: wrongCheck }))).toEqual([
      'gstin: GST number check digit does not match',
    ]);
    expect(messages(BillingInput.safeParse({ ...billing, state: 'Mysore' }))).toEqual([
      'state: Choose a state or union territory from the list',
    ]);
    expect(BillingInput.safeParse({ ...billing, pan: 'X' }).success).toBe(false);
  });
});
