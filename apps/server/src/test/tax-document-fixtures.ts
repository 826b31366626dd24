/**
 * TaxDocuments for tests (issue 21): an invoice or a credit note as the issuing code would store
 * it, its figures computed with the shared rule (lineTax, placeOfSupply, supplyType,
 * amountInWords), so a test of the PDF, the returns or the e-invoice export states exact amounts
 * that agree with one another. Parties and addresses are made up but well formed (GSTINs carry
 * a valid check character).
 */
import { amountInWords } from '@storefront/shared/amount-in-words';
import {
  INDIA,
  documentNumber,
  financialYear,
  indianStateByCode,
  lineTax,
  placeOfSupply,
  supplyType,
} from '@storefront/shared/gst';
import { gstinCheckCharacter } from '@storefront/shared/gstin';
import type {
  EInvoiceRegistration,
  TaxAddress,
  TaxDocument,
  TaxDocumentKind,
  TaxDocumentLine,
  TaxParty,
} from '@storefront/shared/tax-document';

/** A GSTIN of the state with a valid check character: gstinFor('27') → '27AABCS1429B1Z…'. */
export function gstinFor(stateCode: string, pan = 'AABCS1429B', entity = '1'): string {
  const first14 = `${stateCode}${pan}${entity}Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

type Street = Omit<TaxAddress, 'stateCode' | 'stateName' | 'country'>;

/**
 * Two street addresses in each state the fixtures' parties are in: the first for the seller and
 * a ship-to, the second for a buyer.
 */
const ADDRESSES: Record<string, [Street, Street]> = {
  '27': [
    {
      lines: ['Unit 4, Sai Industrial Estate', 'Bhosari MIDC'],
      city: 'Pune',
      postalCode: '411026',
    },
    { lines: ['302, Trade Centre, Bandra Kurla Complex'], city: 'Mumbai', postalCode: '400051' },
  ],
  '29': [
    { lines: ['Plot 9, KIADB Industrial Area'], city: 'Hubballi', postalCode: '580030' },
    {
      lines: ['No. 18, 2nd Cross, Peenya Industrial Area', 'Phase 2'],
      city: 'Bengaluru',
      postalCode: '560058',
    },
  ],
  '04': [
    { lines: ['Plot 45, Industrial Area Phase I'], city: 'Chandigarh', postalCode: '160002' },
    { lines: ['SCO 112, Sector 17-C'], city: 'Chandigarh', postalCode: '160017' },
  ],
  '07': [
    { lines: ['B-42, Okhla Industrial Area', 'Phase 1'], city: 'New Delhi', postalCode: '110020' },
    { lines: ['14, Connaught Place'], city: 'New Delhi', postalCode: '110001' },
  ],
  '24': [
    { lines: ['Plot 221, GIDC Estate'], city: 'Ahmedabad', postalCode: '382445' },
    { lines: ['5th Floor, Alpha Plaza, Ring Road'], city: 'Surat', postalCode: '395002' },
  ],
  '33': [
    { lines: ['14, Ambattur Industrial Estate'], city: 'Chennai', postalCode: '600058' },
    { lines: ['22, Avinashi Road'], city: 'Coimbatore', postalCode: '641018' },
  ],
  '38': [
    { lines: ['Industrial Estate, Skalzangling'], city: 'Leh', postalCode: '194101' },
    { lines: ['Main Bazaar Road'], city: 'Leh', postalCode: '194101' },
  ],
};

/** An address in an Indian state or union territory that ADDRESSES knows (see there). */
export function indianAddress(stateCode: string, which: 0 | 1 = 1): TaxAddress {
  const street = ADDRESSES[stateCode]?.[which];
  const state = indianStateByCode(stateCode);
  if (!street || !state) throw new Error(`no fixture address for state ${stateCode}`);
  return { ...street, lines: [...street.lines], stateCode, stateName: state.name, country: INDIA };
}

/** The seller: a private limited company with a trade name. */
export function supplierParty(stateCode = '27', overrides: Partial<TaxParty> = {}): TaxParty {
  return {
    legalName: 'Sahyadri Trading Company Private Limited',
    tradeName: 'Sahyadri Wholesale',
    gstin: gstinFor(stateCode, 'AAKCS4821M'),
    address: indianAddress(stateCode, 0),
    phone: '+91 20 4012 7788',
    email: 'accounts@sahyadri.example',
    ...overrides,
  };
}

/** A registered business buyer. */
export function recipientParty(stateCode = '29', overrides: Partial<TaxParty> = {}): TaxParty {
  return {
    legalName: 'Kaveri Retail Ventures LLP',
    tradeName: null,
    gstin: gstinFor(stateCode, 'AAQFK7315R'),
    address: indianAddress(stateCode),
    phone: '+91 80 2837 1100',
    email: 'purchase@kaveri.example',
    ...overrides,
  };
}

export interface FixtureLine {
  description?: string;
  sku?: string;
  hsn?: string;
  quantity?: number;
  unit?: string;
  /** GST-inclusive price of one unit. */
  unitPricePaise?: number;
  rateBp?: number;
  orderLinePosition?: number;
}

/** Catalog-like lines at mixed rates, cycled by fixtureLines(n). */
const LINE_TEMPLATES: Required<Omit<FixtureLine, 'orderLinePosition'>>[] = [
  {
    description: 'Water-Resistant Laptop Backpack 15.6 inch',
    sku: 'BW-LB-156',
    hsn: '42029200',
    quantity: 10,
    unit: 'NOS',
    unitPricePaise: 1723_85,
    rateBp: 1800,
  },
  {
    description: 'Organic Cotton Baby Soap 125 g (Pack of 12)',
    sku: 'BB-BS-125-12',
    hsn: '34011190',
    quantity: 24,
    unit: 'PAC',
    unitPricePaise: 549_00,
    rateBp: 500,
  },
  {
    description: 'BPA-Free Feeding Bottle 250 ml',
    sku: 'BB-FB-250',
    hsn: '39241090',
    quantity: 36,
    unit: 'NOS',
    unitPricePaise: 189_00,
    rateBp: 500,
  },
  {
    description: 'Hard Shell Trolley Bag 65 cm, Polycarbonate, TSA lock, 4 spinner wheels',
    sku: 'BW-HT-65',
    hsn: '42021210',
    quantity: 3,
    unit: 'NOS',
    unitPricePaise: 6999_00,
    rateBp: 1800,
  },
  {
    description: 'Genuine Leather Bifold Wallet Classic',
    sku: 'BW-BW-CL',
    hsn: '42023120',
    quantity: 50,
    unit: 'NOS',
    unitPricePaise: 899_50,
    rateBp: 1800,
  },
];

/** n lines cycling through the templates, each with its own SKU and a quantity that varies. */
export function fixtureLines(count: number): FixtureLine[] {
  return Array.from({ length: count }, (_, i) => {
    const template = LINE_TEMPLATES[i % LINE_TEMPLATES.length]!;
    const round = Math.floor(i / LINE_TEMPLATES.length);
    return round === 0
      ? { ...template }
      : {
          ...template,
          description: `${template.description} (batch ${round + 1})`,
          sku: `${template.sku}-${round + 1}`,
          quantity: template.quantity + round,
        };
  });
}

export interface TaxDocumentFixtureOptions {
  kind?: TaxDocumentKind;
  /** Default: the 42nd of the kind's series in the issue date's financial year. */
  number?: string;
  /** India date, default '2026-11-26'. */
  issueDate?: string;
  orderNumber?: string;
  orderDate?: string;
  /** Default '27' (Maharashtra). */
  supplierStateCode?: string;
  /** Default '29' (Karnataka). */
  recipientStateCode?: string;
  supplier?: Partial<TaxParty>;
  recipient?: Partial<TaxParty>;
  /** A ship-to party in that state (the recipient's name), or none (default). */
  shipToStateCode?: string | null;
  /** Default: the first three of fixtureLines. */
  lines?: FixtureLine[];
  signatory?: string;
  /** A credit note's invoice; default for a credit note: INV/…/00042 of the issue date. */
  original?: { number: string; issueDate: string } | null;
  reason?: string | null;
}

/**
 * A TaxDocument with consistent figures: place of supply from the ship-to (or the recipient)
 * and the recipient's GSTIN, supply type from the supplier's state, each line's tax from
 * lineTax on its GST-inclusive total, totals the sums of the lines, the amount in words of the
 * total.
 */
export function taxDocumentFixture(options: TaxDocumentFixtureOptions = {}): TaxDocument {
  const kind = options.kind ?? 'invoice';
  const issueDate = options.issueDate ?? '2026-11-26';
  const fy = financialYear(issueDate);
  const supplier = supplierParty(options.supplierStateCode ?? '27', options.supplier);
  const recipient = recipientParty(options.recipientStateCode ?? '29', options.recipient);
  const shipTo = options.shipToStateCode
    ? {
        ...recipient,
        gstin: null,
        phone: null,
        email: null,
        address: indianAddress(options.shipToStateCode, 0),
      }
    : null;
  const posCode = placeOfSupply(shipTo?.address ?? recipient.address, recipient.gstin);
  const pos = indianStateByCode(posCode);
  const supply = supplyType(supplier.address.stateCode ?? '', posCode);
  const lines: TaxDocumentLine[] = (options.lines ?? fixtureLines(3)).map((input, i) => {
    const line = { ...LINE_TEMPLATES[0]!, ...input };
    const grossPaise = line.unitPricePaise * line.quantity;
    const tax = lineTax(grossPaise, line.rateBp, supply);
    return {
      serial: i + 1,
      orderLinePosition: input.orderLinePosition ?? i,
      description: line.description,
      sku: line.sku,
      hsn: line.hsn,
      quantity: line.quantity,
      unit: line.unit,
      unitPricePaise: line.unitPricePaise,
      grossPaise,
      taxablePaise: tax.taxablePaise,
      rateBp: tax.rateBp,
      cgstPaise: tax.centralPaise,
      sgstPaise: tax.statePaise,
      igstPaise: tax.integratedPaise,
    };
  });
  const sum = (pick: (line: TaxDocumentLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const totals = {
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    totalPaise: sum((l) => l.grossPaise),
  };
  const original =
    options.original !== undefined
      ? options.original
      : kind === 'credit_note'
        ? { number: documentNumber('INV', fy, 42), issueDate }
        : null;
  return {
    kind,
    number: options.number ?? documentNumber(kind === 'invoice' ? 'INV' : 'CN', fy, 42),
    issueDate,
    financialYear: fy,
    orderNumber: options.orderNumber ?? `MKP-${issueDate.replaceAll('-', '')}-7K3F9Q`,
    orderDate: options.orderDate ?? issueDate,
    supplier,
    recipient,
    shipTo,
    placeOfSupply: { code: posCode, name: pos?.name ?? 'Other Countries' },
    supplyType: supply,
    reverseCharge: false,
    lines,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
    signatory: options.signatory ?? 'Meera Kulkarni',
    original,
    reason:
      options.reason !== undefined
        ? options.reason
        : kind === 'credit_note'
          ? 'Goods returned by the buyer'
          : null,
  };
}

/** What the registration portal returns, in its shapes: a 64-hex IRN and a signed QR (a JWT). */
export function eInvoiceRegistrationFixture(
  overrides: Partial<EInvoiceRegistration> = {},
): EInvoiceRegistration {
  const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const irn = 'a5c12dca80e743321740b001fd70953e8738d109865d28ba4013750f2046f229';
  const payload = {
    data: JSON.stringify({
      SellerGstin: gstinFor('27', 'AAKCS4821M'),
      BuyerGstin: gstinFor('29', 'AAQFK7315R'),
      DocNo: 'INV/2627/00042',
      DocTyp: 'INV',
      DocDt: '26/11/2026',
      TotInvVal: 71032.5,
      ItemCnt: 3,
      MainHsnCode: '42029200',
      Irn: irn,
      IrnDt: '2026-11-26 14:05:00',
    }),
    iss: 'NIC',
  };
  // A signature's length and alphabet, not a real one: nothing here verifies it.
  const signature = Buffer.alloc(256, 0x5a).toString('base64url');
  return {
    irn,
    ackNumber: '112610012345678',
    ackDate: '2026-11-26 14:05:00',
    signedQr: `${base64url({ alg: 'RS256', kid: 'EDC57DE1358B5', typ: 'JWT' })}.${base64url(payload)}.${signature}`,
    ...overrides,
  };
}
