/** Cart and order objects shaped like the API's answers, and a session, for component tests. */
import { vi } from 'vitest';
import type { CartLineView, CartResponse } from '@storefront/shared/cart';
import { lineTax, taxTotals } from '@storefront/shared/gst';
import type { Order } from '@storefront/shared/orders';
import { priceLine } from '@storefront/shared/pricing';
import type { Session } from '../lib/contexts/session';

export const SIGNED_IN: Session = {
  user: {
    name: 'Asha Mehta',
    email: 'buyer@example.com',
    phone: '9876543210',
    companyName: 'Mehta Traders',
    city: 'Pune',
    gstNumber: '27AAPFU0939F1ZV',
  },
  isLoading: false,
  signOut: () => undefined,
};

/** Tiers of ₹100.00 (1-9) and ₹90.00 (10+), Ex-India Customs (×1.15). */
export function cartLine(overrides: Partial<CartLineView> = {}): CartLineView {
  const pricing = overrides.pricing ?? {
    spPaise: 10_000,
    tiers: [
      { minQuantity: 1, maxQuantity: 9, pricePaise: 10_000 },
      { minQuantity: 10, maxQuantity: 999_999, pricePaise: 9_000 },
    ],
    gstRateBp: 1800,
  };
  const quantity = overrides.quantity ?? 2;
  const source = overrides.source ?? 'Ex-india custom';
  const price = priceLine(pricing, quantity, source);
  const tax = lineTax(price.lineTotalPaise, pricing.gstRateBp);
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
    gst: {
      hsn: '7323',
      rate: tax.rateBp / 100,
      taxable: tax.taxablePaise / 100,
      tax: tax.integratedPaise / 100,
      cgst: 0,
      sgst: 0,
      igst: tax.integratedPaise / 100,
    },
    ...overrides,
  };
}

export function cartOf(lines: CartLineView[]): CartResponse {
  const total = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  // Each line's tax, worked out again (a test may have changed its total), and summed.
  const tax = taxTotals(
    lines.map((line) => lineTax(Math.round(line.lineTotal * 100), line.pricing.gstRateBp)),
  );
  return {
    items: {},
    lines,
    lineCount: lines.length,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: total,
    total,
    tax: {
      taxable: tax.taxablePaise / 100,
      cgst: 0,
      sgst: 0,
      igst: tax.integratedPaise / 100,
      tax: tax.taxPaise / 100,
      heads: ['GST'],
      supplyType: null,
      placeOfSupply: null,
    },
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
        gst: null,
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
    // An order from before issue 21: no billing details or tax recorded.
    billing: null,
    shippingStateCode: null,
    tax: null,
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
