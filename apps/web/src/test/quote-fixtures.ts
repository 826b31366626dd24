/** A quote of two lines, open, as the buyer's and the console's quote pages receive it. */
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
  ...over,
});
