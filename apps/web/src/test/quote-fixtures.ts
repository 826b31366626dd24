/** A quote of two lines, open, as the buyer's and the console's quote pages receive it, and two prices for it. */
import type { Quote } from '@storefront/shared/quotes';

export const QUOTE_ID = '65b0000000000000000000c1';

export const quoteOf = (over: Partial<Quote> = {}): Quote => ({
  id: QUOTE_ID,
  status: 'open',
  note: 'Monthly order for our stores',
  declineReason: null,
  createdAt: '2026-11-20T06:30:00.000Z',
  lines: [
    {
      position: 0,
      productId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      variantIndex: 1,
      source: 'Ex-india custom',
      title: 'Steel Water Bottle (Blue, M)',
      quantity: 300,
      targetPricePaise: 95_00,
    },
    {
      position: 1,
      productId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      variantIndex: null,
      source: 'Ex-india custom',
      title: 'Cotton Tote',
      quantity: 40,
      targetPricePaise: null,
    },
  ],
  versions: [],
  messages: [],
  orderId: null,
  orderNumber: null,
  ...over,
});

/** A first price, since lapsed, and the second that replaced it. */
export const V1 = {
  version: 1,
  unitPricesPaise: [99_00, 125_00],
  totalPaise: 300 * 99_00 + 40 * 125_00,
  expiresAt: '2026-11-25T18:29:59.000Z',
  createdAt: '2026-11-21T06:30:00.000Z',
};
export const V2 = {
  version: 2,
  unitPricesPaise: [96_00, 120_50],
  totalPaise: 300 * 96_00 + 40 * 120_50,
  expiresAt: '2099-12-04T18:29:59.000Z',
  createdAt: '2026-11-22T06:30:00.000Z',
};
