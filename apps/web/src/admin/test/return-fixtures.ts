/** A return request as the console's API answers it (decision 061), for component tests. */
import type { DeskReturnRequest } from '@storefront/shared/return-requests';

/** A waiting request for 2 units of one ₹115.00 line. */
export function deskReturn(over: Partial<DeskReturnRequest> = {}): DeskReturnRequest {
  return {
    id: 41,
    orderId: 'e'.repeat(24),
    mkpOrderId: 'MKP-20261120-AAAAAA',
    status: 'requested',
    reason: 'damaged',
    description: 'Two bottles arrived dented.',
    lines: [
      {
        position: 0,
        title: 'Steel Water Bottle',
        sku: 'HK-1',
        quantity: 2,
        unitPricePaise: 115_00,
        amountPaise: 230_00,
      },
    ],
    amountPaise: 230_00,
    photos: [],
    decisionNote: null,
    refundId: null,
    refundStatus: null,
    creditNote: null,
    createdAt: '2026-11-21T06:30:00.000Z',
    decidedAt: null,
    receivedAt: null,
    refundedAt: null,
    buyerEmail: 'buyer@example.com',
    companyName: 'Mehta Traders',
    ...over,
  };
}
