/**
 * Tax documents for the returns' tests (decision 055), until the documents issued at payment
 * reach these tests: a TaxDocument made as issuing makes one (each line's tax by the shared
 * lineTax, totals the lines' sums, place of supply and heads by the shared rule), stored with an
 * order of its own, and the seller's registration in the store settings.
 *
 * The PDF work keeps a factory of its own (test/tax-document-fixtures.ts); when both are on main,
 * this file's `taxDocumentFixture` gives way to that one where it covers the same ground.
 */
import { eq } from 'drizzle-orm';
import {
  financialYear,
  lineTax,
  placeOfSupply,
  supplyType,
  indianStateByCode,
} from '@storefront/shared/gst';
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import type { StoreSettings } from '@storefront/shared/store-settings';
import type { TaxDocument, TaxDocumentKind, TaxParty } from '@storefront/shared/tax-document';
import { orders, storeSettings, taxDocuments, users } from '../db/schema.js';
import { newObjectId } from '../lib/ids.js';
import type { Database } from '../db/connect.js';
import { buyerRow } from './buyers.js';

/** A GSTIN with its check character: '29AABCK1234M1Z' → '29AABCK1234M1Z?'. */
export const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;

function partyIn(
  stateCode: string | null,
  legalName: string,
  registration: string | null,
  city: string,
  postalCode: string,
  country = 'India',
): TaxParty {
  return {
    legalName,
    tradeName: null,
    gstin: registration,
    address: {
      lines: ['Plot 12, Industrial Estate', 'Phase 2'],
      city,
      postalCode,
      stateCode,
      stateName: stateCode ? indianStateByCode(stateCode)!.name : 'Dubai',
      country,
    },
    phone: '+91 98400 12345',
    email: 'accounts@example.com',
  };
}

/** The seller: Pune, Maharashtra (27). */
export const SELLER = partyIn(
  '27',
  'Sahyadri Tools Private Limited',
  gstin('27AAPFU0939F1Z'),
  'Pune',
  '411001',
);
export const BUYERS = {
  /** Another state: IGST. */
  karnataka: partyIn('29', 'Kaveri Traders LLP', gstin('29AABCK1234M1Z'), 'Bengaluru', '560001'),
  /** The seller's state: CGST + SGST. */
  maharashtra: partyIn('27', 'Godavari Stores', gstin('27AABCG4321K1Z'), 'Nashik', '422001'),
  /** A union territory without a legislature, seller there too would be UTGST; from Maharashtra IGST. */
  chandigarh: partyIn('04', 'Sukhna Supplies', gstin('04AABCS5678L1Z'), 'Chandigarh', '160017'),
  /** No GSTIN, in Delhi. */
  unregistered: partyIn('07', 'Yamuna Workshop', null, 'New Delhi', '110001'),
  /** Abroad. */
  abroad: partyIn(null, 'Gulf Hardware FZE', null, 'Dubai', '00000', 'United Arab Emirates'),
} as const;

export interface FixtureLine {
  description: string;
  hsn: string;
  rateBp: number;
  quantity: number;
  /** GST-inclusive. */
  unitPricePaise: number;
  unit?: string;
  sku?: string;
}

export interface FixtureOptions {
  kind?: TaxDocumentKind;
  number: string;
  issueDate: string;
  recipient: TaxParty;
  supplier?: TaxParty;
  shipTo?: TaxParty | null;
  lines: FixtureLine[];
  /** A credit note's invoice. */
  original?: { number: string; issueDate: string };
  orderNumber?: string;
}

let orderSerial = 0;
const nextOrderNumber = () =>
  `MKP-20270101-${String(++orderSerial).padStart(6, '0').replace(/^0/, 'A')}`;

/** A document as issuing would store it, its figures from the shared rule. */
export function taxDocumentFixture(options: FixtureOptions): TaxDocument {
  const supplier = options.supplier ?? SELLER;
  const shipTo = options.shipTo ?? null;
  const destination = (shipTo ?? options.recipient).address;
  const pos = placeOfSupply(
    { country: destination.country, stateCode: destination.stateCode },
    options.recipient.gstin,
  );
  const supply = supplyType(supplier.address.stateCode!, pos);
  const lines = options.lines.map((line, index) => {
    const grossPaise = line.unitPricePaise * line.quantity;
    const tax = lineTax(grossPaise, line.rateBp, supply);
    return {
      serial: index + 1,
      orderLinePosition: index,
      description: line.description,
      sku: line.sku ?? `SKU-${index + 1}`,
      hsn: line.hsn,
      quantity: line.quantity,
      unit: line.unit ?? 'NOS',
      unitPricePaise: line.unitPricePaise,
      grossPaise,
      taxablePaise: tax.taxablePaise,
      rateBp: line.rateBp,
      cgstPaise: tax.centralPaise,
      sgstPaise: tax.statePaise,
      igstPaise: tax.integratedPaise,
    };
  });
  const sum = (pick: (line: (typeof lines)[number]) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const totals = {
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    totalPaise: sum((line) => line.grossPaise),
  };
  const kind = options.kind ?? 'invoice';
  return {
    kind,
    number: options.number,
    issueDate: options.issueDate,
    financialYear: financialYear(options.issueDate),
    orderNumber: options.orderNumber ?? nextOrderNumber(),
    orderDate: options.original?.issueDate ?? options.issueDate,
    supplier,
    recipient: options.recipient,
    shipTo,
    placeOfSupply: {
      code: pos,
      name: pos === '96' ? 'Other Countries' : indianStateByCode(pos)!.name,
    },
    supplyType: supply,
    reverseCharge: false,
    lines,
    totals,
    // Not read by the returns; the PDF's fixture spells it out.
    amountInWords: `Rupees ${Math.floor(totals.totalPaise / 100)} and ${totals.totalPaise % 100} paise`,
    signatory: 'A. Kulkarni',
    original: kind === 'credit_note' ? (options.original ?? null) : null,
    reason: kind === 'credit_note' ? 'Goods returned' : null,
  };
}

const buyerOf = new WeakMap<Database, Promise<string>>();

/** One buyer row per database, the owner of the fixtures' orders. */
function fixtureBuyer(database: Database): Promise<string> {
  let id = buyerOf.get(database);
  if (!id) {
    const row = buyerRow();
    id = database.db
      .insert(users)
      .values(row)
      .then(() => row.id);
    buyerOf.set(database, id);
  }
  return id;
}

/**
 * Stores a document as issuing stores it (an invoice with an order of its own, a credit note on
 * its invoice's order), its totals copied out; answers its id.
 */
export async function insertTaxDocument(
  database: Database,
  document: TaxDocument,
  options: { invoiceId?: number } = {},
): Promise<number> {
  const { db } = database;
  let orderId: string;
  if (options.invoiceId) {
    const [invoice] = await db
      .select({ orderId: taxDocuments.orderId })
      .from(taxDocuments)
      .where(eq(taxDocuments.id, options.invoiceId));
    orderId = invoice!.orderId;
  } else {
    orderId = newObjectId();
    const to = (document.shipTo ?? document.recipient).address;
    await db.insert(orders).values({
      id: orderId,
      mkpOrderId: document.orderNumber,
      userId: await fixtureBuyer(database),
      pStatus: 'PD',
      recipientName: document.recipient.legalName,
      shippingAddress1: to.lines[0] ?? '',
      shippingCity: to.city,
      shippingState: to.stateName,
      shippingPostalCode: to.postalCode,
      shippingCountry: to.country,
      shippingPhoneNumber: '9840012345',
      totalPaise: document.totals.totalPaise,
    });
  }
  const [row] = await db
    .insert(taxDocuments)
    .values({
      kind: document.kind,
      number: document.number,
      financialYear: document.financialYear,
      sequence: Number(document.number.split('/').at(-1)),
      orderId,
      invoiceId: options.invoiceId ?? null,
      issueDate: document.issueDate,
      recipientGstin: document.recipient.gstin,
      taxablePaise: document.totals.taxablePaise,
      cgstPaise: document.totals.cgstPaise,
      sgstPaise: document.totals.sgstPaise,
      igstPaise: document.totals.igstPaise,
      totalPaise: document.totals.totalPaise,
      document,
    })
    .returning({ id: taxDocuments.id });
  return row!.id;
}

/** The seller's registration (SELLER) in the settings, with `patch` over it. */
export async function registerSeller(
  database: Database,
  patch: Partial<StoreSettings> = {},
): Promise<void> {
  await database.db
    .update(storeSettings)
    .set({
      legalName: SELLER.legalName,
      gstin: SELLER.gstin!,
      address1: SELLER.address.lines[0]!,
      address2: SELLER.address.lines[1]!,
      city: SELLER.address.city,
      stateCode: SELLER.address.stateCode!,
      postalCode: SELLER.address.postalCode,
      signatory: 'A. Kulkarni',
      ...patch,
    })
    .where(eq(storeSettings.id, 1));
}
