/** Cart and order objects shaped like the API's answers, and a session, for component tests. */
import { vi } from 'vitest';
import type { CartLineView, CartResponse } from '@storefront/shared/cart';
import {
  indianStateByCode,
  lineTax,
  OUTSIDE_INDIA_CODE,
  supplyType,
  taxHeads,
  type SupplyType,
} from '@storefront/shared/gst';
import type { Order } from '@storefront/shared/orders';
import { priceLine } from '@storefront/shared/pricing';
import type { StorePublic } from '@storefront/shared/store-settings';
import type { LineGst, TaxSummary } from '@storefront/shared/tax-summary';
import type { Session } from '../lib/contexts/session';

/** The seller of the tests: registered in Maharashtra (27). */
export const STORE: StorePublic = {
  legalName: 'Storefront Trading Private Limited',
  tradeName: 'Storefront',
  gstin: '27AAPFU0939F1ZV',
  stateCode: '27',
  stateName: 'Maharashtra',
  shipsTo: ['India'],
};

/** A line's GST as the server computes it (shared lineTax), in the API's rupees. */
export function lineGst(
  grossPaise: number,
  {
    rateBp = 1800,
    supply = 'inter',
    hsn = '7323',
  }: { rateBp?: number; supply?: SupplyType; hsn?: string } = {},
): LineGst {
  const tax = lineTax(grossPaise, rateBp, supply);
  return {
    hsn,
    rate: rateBp / 100,
    taxable: tax.taxablePaise / 100,
    tax: (grossPaise - tax.taxablePaise) / 100,
    cgst: tax.centralPaise / 100,
    sgst: tax.statePaise / 100,
    igst: tax.integratedPaise / 100,
  };
}

/**
 * The tax of lines as the server sums it: with a place of supply (a GST state code, or '96'
 * abroad) its heads against the seller's state; without one, all in igst under 'GST'.
 */
export function taxOf(
  lines: readonly LineGst[],
  placeCode: string | null,
  sellerState = STORE.stateCode,
): TaxSummary {
  const cents = (pick: (line: LineGst) => number) =>
    lines.reduce((sum, line) => sum + Math.round(pick(line) * 100), 0) / 100;
  const supply = placeCode === null ? null : supplyType(sellerState, placeCode);
  return {
    taxable: cents((l) => l.taxable),
    cgst: cents((l) => l.cgst),
    sgst: cents((l) => l.sgst),
    igst: cents((l) => l.igst),
    tax: cents((l) => l.tax),
    heads: supply === null ? ['GST'] : [...taxHeads(supply)],
    supplyType: supply,
    placeOfSupply:
      placeCode === null
        ? null
        : {
            code: placeCode,
            name:
              placeCode === OUTSIDE_INDIA_CODE
                ? 'Other Countries'
                : (indianStateByCode(placeCode)?.name ?? placeCode),
          },
  };
}

export const SIGNED_IN: Session = {
  user: {
    name: 'Asha Mehta',
    email: 'buyer@example.com',
    phone: '9876543210',
    companyName: 'Mehta Traders',
    city: 'Pune',
    gstNumber: '27AABCM1234F1ZX',
    businessStreet: '14 Linking Road, Bandra West',
    businessState: 'Maharashtra',
    pincode: '400050',
  },
  isLoading: false,
  signOut: () => undefined,
};

/** Tiers of ₹100.00 (1-9) and ₹90.00 (10+), Ex-India Customs (×1.15). */
export function cartLine(overrides: Partial<CartLineView> = {}): CartLineView {
  const pricing = overrides.pricing ?? {
    spPaise: 10_000,
    gstRateBp: 1800,
    tiers: [
      { minQuantity: 1, maxQuantity: 9, pricePaise: 10_000 },
      { minQuantity: 10, maxQuantity: 999_999, pricePaise: 9_000 },
    ],
  };
  const quantity = overrides.quantity ?? 2;
  const source = overrides.source ?? 'Ex-india custom';
  const price = priceLine(pricing, quantity, source);
  return {
    id: 'aaaaaaaaaaaaaaaaaaaaaaaa:1:Ex-india custom',
    productId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    variantIndex: 1,
    source,
    quantity,
    product: {
      _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      name: 'Steel Water Bottle',
      code: 'HK-1',
      images: ['products/HK-1'],
      salePrice: 100,
    },
    option1: 'Blue, M',
    sku: 'HK-1-BLUE-M',
    basePrice: price.basePaise / 100,
    multiplier: price.multiplier,
    unitPrice: price.unitPaise / 100,
    lineTotal: price.lineTotalPaise / 100,
    minOrderQuantity: 1,
    orderMultiple: 1,
    available: null,
    problem: null,
    pricing,
    gst: lineGst(price.lineTotalPaise, { rateBp: pricing.gstRateBp }),
    ...overrides,
  };
}

/**
 * The cart as GET /api/cart/ answers it: without a place of supply (every change's answer, or
 * no ship-to yet) its tax is unsplit; with one, each line and the total carry the heads.
 */
export function cartOf(
  lines: CartLineView[],
  placeCode: string | null = null,
  sellerState = STORE.stateCode,
): CartResponse {
  const supply = placeCode === null ? 'inter' : supplyType(sellerState, placeCode);
  const taxed = lines.map((line) => ({
    ...line,
    gst: lineGst(Math.round(line.lineTotal * 100), {
      rateBp: line.pricing.gstRateBp,
      supply,
      hsn: line.gst.hsn,
    }),
  }));
  const total = lines.reduce((sum, line) => sum + Math.round(line.lineTotal * 100), 0) / 100;
  return {
    items: {},
    lines: taxed,
    lineCount: lines.length,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: total,
    total,
    tax: taxOf(
      taxed.map((line) => line.gst),
      placeCode,
      sellerState,
    ),
  };
}

let counter = 0;

export function order(overrides: Partial<Order> = {}): Order {
  counter += 1;
  const id = counter.toString(16).padStart(24, 'b');
  return {
    _id: { $oid: id },
    mkpOrderId: `MKP-20261122-${String(counter).padStart(6, 'A')}`,
    createdAt: { $date: '2026-11-22T06:30:00.000Z' },
    pStatus: 'UP',
    currency: 'INR',
    source: 1,
    recipientName: 'Asha Mehta',
    shippingAddress1: '12 MG Road',
    shippingAddress2: '',
    shippingAddress3: '',
    shippingCity: 'Pune',
    shippingState: 'Maharashtra',
    shippingPostalCode: '411001',
    shippingCountry: 'in',
    shippingPhoneNumber: '9876543210',
    total_amount: 1150,
    itemCount: 10,
    orderDetails: [
      {
        productId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        variantIndex: null,
        title: 'Steel Water Bottle',
        sku: 'HK-1',
        sellerSku: null,
        source: 'Ex-india custom',
        consumerPrice: 115,
        quantity: 10,
        lineTotal: 1150,
        gst: lineGst(115_000, { supply: 'intra' }),
      },
    ],
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    refunds: [],
    statusHistory: [
      {
        from: null,
        status: 'UP',
        cause: 'order_created',
        at: { $date: '2026-11-22T06:30:00.000Z' },
      },
    ],
    documents: [],
    billing: {
      gstin: '27AABCM1234F1ZX',
      legalName: 'Mehta Traders Pvt Ltd',
      address1: '14 Linking Road',
      address2: 'Bandra West',
      city: 'Mumbai',
      state: 'Maharashtra',
      stateCode: '27',
      postalCode: '400050',
    },
    shippingStateCode: '27',
    tax: taxOf([lineGst(115_000, { supply: 'intra' })], '27'),
    ...overrides,
  };
}

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Replaces fetch with `answer`, recording each call's method, path, headers and JSON body.
 * `answer` returns [status, body], or throws to fail like a network error.
 */
export function recordFetch(
  answer: (call: RecordedCall) => [number, unknown] | Promise<[number, unknown]>,
) {
  const calls: RecordedCall[] = [];
  const fetchMock = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const [status, body] = await answer(call);
    return new Response(JSON.stringify(body), {
      status,
      statusText: status === 200 || status === 201 ? 'OK' : 'Error',
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
