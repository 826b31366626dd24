import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@storefront/shared/staff';
import type { AttentionList, DeskOrderDetail, DeskRefund } from '@storefront/shared/order-desk';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../../../test/render-console';

const ORDER = 'MKP-20261120-AAAAAA';

const refund = (over: Partial<DeskRefund>): DeskRefund => ({
  id: 7,
  paymentId: 3,
  amountPaise: 500_00,
  cause: 'staff',
  reason: 'Damaged in transit',
  lines: null,
  status: 'COMPLETED',
  provider: 'sandbox',
  merchantRefundId: 'R-7',
  requestedBy: { type: 'staff', email: 'finance@shop.example' },
  error: null,
  retryOf: null,
  retriedBy: null,
  resolution: null,
  createdAt: '2026-11-21T06:30:00.000Z',
  completedAt: '2026-11-21T06:35:00.000Z',
  ...over,
});

/** A paid order of ₹3,000 (two lines), ₹500 of it refunded, one unit of the first line so. */
function paidOrder(over: Partial<DeskOrderDetail> = {}): DeskOrderDetail {
  return {
    id: 'o1',
    mkpOrderId: ORDER,
    createdAt: '2026-11-20T06:30:00.000Z',
    pStatus: 'PD',
    statusLabel: 'Paid',
    total: 3000,
    totalPaise: 3000_00,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    paidPaise: 3000_00,
    refundedPaise: 500_00,
    refundablePaise: 2500_00,
    refunds: [refund({ lines: [{ position: 0, quantity: 1 }] })],
    buyer: {
      id: 'b1',
      email: 'buyer@acme.example',
      fullName: 'Asha Mehta',
      companyName: 'Acme Traders',
      gstNumber: '27AABCM1234F1ZX',
      phoneNumber: '9876543210',
      businessAddress: 'Pune',
    },
    shipping: { recipientName: 'Asha Mehta', address: ['1 MG Road', 'Pune'], phoneNumber: '98' },
    lines: [
      {
        position: 0,
        refundedQuantity: 1,
        title: 'Steel bolts (box)',
        sku: 'BOLT-1',
        sellerSku: null,
        source: 'catalog',
        quantity: 4,
        unitPrice: 500,
        lineTotal: 2000,
        // 18 %, Maharashtra to Maharashtra: 200000 × 100 / 118 = 169491.5 → 169492 paise.
        gst: {
          hsn: '7318',
          rate: 18,
          taxable: 1694.92,
          tax: 305.08,
          cgst: 152.54,
          sgst: 152.54,
          igst: 0,
        },
      },
      {
        position: 1,
        refundedQuantity: 0,
        title: 'Washers (bag)',
        sku: 'WASH-1',
        sellerSku: null,
        source: 'catalog',
        quantity: 4,
        unitPrice: 250,
        lineTotal: 1000,
        gst: {
          hsn: '7318',
          rate: 18,
          taxable: 847.46,
          tax: 152.54,
          cgst: 76.27,
          sgst: 76.27,
          igst: 0,
        },
      },
    ],
    billing: {
      gstin: '27AABCM1234F1ZX',
      legalName: 'Acme Traders Private Limited',
      address1: '5 Industrial Estate',
      address2: 'Hadapsar',
      city: 'Pune',
      state: 'Maharashtra',
      stateCode: '27',
      postalCode: '411013',
    },
    tax: {
      taxable: 2542.38,
      cgst: 228.81,
      sgst: 228.81,
      igst: 0,
      tax: 457.62,
      heads: ['CGST', 'SGST'],
      supplyType: 'intra',
      placeOfSupply: { code: '27', name: 'Maharashtra' },
    },
    payments: [
      {
        id: 3,
        provider: 'sandbox',
        merchantTransactionId: 'T-3',
        status: 'COMPLETED',
        flagged: null,
        amount: 3000,
        createdAt: '2026-11-20T06:31:00.000Z',
        evidence: null,
        resolution: null,
        callbacks: [{ eventId: 'ev-1', receivedAt: '2026-11-20T06:32:00.000Z', payload: null }],
      },
    ],
    history: [],
    emails: [],
    ...over,
  };
}

function desk(
  role: StaffRole,
  order: DeskOrderDetail,
  more: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer> = () => undefined,
) {
  return fakeApi((request) => {
    if (request.path === '/api/staff/session') return { body: sessionOf(role) };
    if (request.method === 'GET' && request.path === `/api/staff/orders/${ORDER}`)
      return { body: order };
    return more(request);
  });
}

const refundAnswer = (amountPaise: number) => ({
  body: {
    refund: refund({ id: 8, amountPaise, status: 'REQUESTED', completedAt: null }),
    order: { mkpOrderId: ORDER, pStatus: 'PD' },
  },
});

const refundCalls = (requests: FakeRequest[]) =>
  requests.filter((request) => request.path === `/api/staff/orders/${ORDER}/refunds`);

async function openRefund() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Refund' }, FIRST_LOAD));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Refund' }) };
}

describe('the order page’s money', () => {
  it('shows paid, refunded and refundable, and each refund with its cause, status and requester', async () => {
    desk('fulfilment', paidOrder());
    renderConsole(`/admin/orders/${ORDER}`);
    const summary = await screen.findByRole('region', { name: 'Summary' }, FIRST_LOAD);
    const fact = (label: string) =>
      within(summary).getByText(label, { selector: 'dt' }).nextSibling?.textContent;
    expect(fact('Paid')).toBe('₹3,000.00');
    expect(fact('Refunded')).toBe('₹500.00');
    expect(fact('Refundable')).toBe('₹2,500.00');
    const refunds = screen.getByRole('table', { name: 'Refunds of this order, newest first' });
    const row = within(refunds).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('#7');
    expect(row).toHaveTextContent('₹500.00');
    expect(row).toHaveTextContent('Refund by staff');
    expect(row).toHaveTextContent('Damaged in transit');
    expect(row).toHaveTextContent('Steel bolts (box) × 1');
    expect(row).toHaveTextContent('Completed');
    expect(row).toHaveTextContent('finance@shop.example');
    // Evidence and payloads the server withholds from this role are said to be so.
    expect(
      screen.getByText(/The gateway's last answer \(evidence\): not shown/),
    ).toBeInTheDocument();
  });
});

describe('the order page’s tax', () => {
  it('shows whom it bills, the place of supply, each line’s GST and the totals by head', async () => {
    desk('finance', paidOrder());
    renderConsole(`/admin/orders/${ORDER}`);
    const billed = await screen.findByRole(
      'region',
      { name: 'Billed to (tax invoice)' },
      FIRST_LOAD,
    );
    expect(billed).toHaveTextContent('Acme Traders Private Limited');
    expect(billed).toHaveTextContent('GSTIN 27AABCM1234F1ZX');
    expect(billed).toHaveTextContent('Pune, Maharashtra (27) 411013');
    const supply = screen.getByRole('region', { name: 'Place of supply' });
    expect(supply).toHaveTextContent('Maharashtra (27)');
    expect(supply).toHaveTextContent('Within the state: CGST + SGST');
    const lines = screen.getByRole('table', { name: 'What was ordered' });
    const first = within(lines).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('7318');
    expect(first).toHaveTextContent('₹1,694.92');
    expect(first).toHaveTextContent('18% · ₹305.08');
    expect(first).toHaveTextContent('CGST ₹152.54 + SGST ₹152.54');
    const totals = within(lines)
      .getAllByRole('row')
      .slice(-4)
      .map((row) => row.textContent);
    expect(totals).toEqual([
      'Taxable value₹2,542.38',
      'CGST₹228.81',
      'SGST₹228.81',
      'Total (GST included)₹3,000.00',
    ]);
  });

  it('says an order placed before GST was recorded has no breakdown', async () => {
    const old = paidOrder();
    desk(
      'finance',
      paidOrder({ billing: null, tax: null, lines: old.lines.map((l) => ({ ...l, gst: null })) }),
    );
    renderConsole(`/admin/orders/${ORDER}`);
    expect(
      await screen.findByText(/Placed before GST was recorded line by line/, {}, FIRST_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText(/Placed before billing details were recorded/)).toBeInTheDocument();
  });
});

describe('the refund dialog', () => {
  it('refunds an amount in rupees from ₹1 up to what is left, and keeps the server’s 409 in the dialog', async () => {
    const requests = desk('finance', paidOrder(), (request) =>
      request.path.endsWith('/refunds')
        ? {
            status: 409,
            body: {
              detail: `At most 2500.00 rupees of order ${ORDER} is left to refund`,
              code: 'refund_exceeds_paid',
            },
          }
        : undefined,
    );
    renderConsole(`/admin/orders/${ORDER}`);
    const { user, dialog } = await openRefund();
    const amount = within(dialog).getByLabelText('Amount in rupees');
    const reason = within(dialog).getByLabelText('Reason');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(amount).toHaveAccessibleDescription(/An amount in rupees, like 1500 or 1499.50/);
    expect(reason).toHaveAccessibleDescription(/Give the reason for the refund/);
    expect(amount).toHaveFocus();

    await user.type(amount, '2500.01');
    await user.type(reason, 'Short shipment');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(amount).toHaveAccessibleDescription(/At most ₹2,500.00 is left to refund/);
    await user.clear(amount);
    await user.type(amount, '0.99');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(amount).toHaveAccessibleDescription(/A refund is at least ₹1/);
    expect(refundCalls(requests)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '1499.5');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `At most 2500.00 rupees of order ${ORDER} is left to refund`,
    );
    expect(refundCalls(requests).map((call) => call.body)).toEqual([
      { reason: 'Short shipment', amountPaise: 1499_50 },
    ]);
  });

  it('refunds by line: each quantity capped at the units not yet refunded, the amount at the price paid', async () => {
    const requests = desk('finance', paidOrder(), (request) =>
      request.path.endsWith('/refunds') ? refundAnswer(2000_00) : undefined,
    );
    renderConsole(`/admin/orders/${ORDER}`);
    const { user, dialog } = await openRefund();
    await user.click(within(dialog).getByRole('radio', { name: 'Line' }));
    const bolts = within(dialog).getByLabelText(/Steel bolts \(box\)/);
    const washers = within(dialog).getByLabelText(/Washers \(bag\)/);
    expect(bolts).toHaveAttribute('max', '3');
    expect(within(dialog).getByText(/3 of 4 left to refund/)).toBeVisible();
    await user.clear(bolts);
    await user.type(bolts, '9');
    expect(bolts).toHaveValue(3);
    await user.clear(washers);
    await user.type(washers, '2');
    expect(within(dialog).getByText('Refund amount: ₹2,000.00')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong size');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(refundCalls(requests).map((call) => call.body)).toEqual([
      {
        reason: 'Wrong size',
        lines: [
          { position: 0, quantity: 3 },
          { position: 1, quantity: 2 },
        ],
      },
    ]);
    expect(await screen.findByText(/₹2,000.00 of .* is on its way back/)).toBeInTheDocument();
  });

  it('sends one Idempotency-Key for every submit of one opened dialog, and a new one when opened again', async () => {
    let answered = 0;
    let loseFirst = () => {};
    const requests = desk('finance', paidOrder(), (request) => {
      if (!request.path.endsWith('/refunds')) return undefined;
      answered += 1;
      // The first answer is slow, then lost on the way back; the member submits again.
      if (answered === 1)
        return new Promise<FakeAnswer>((resolve) => {
          loseFirst = () => resolve('network-error');
        });
      return refundAnswer(100_00);
    });
    renderConsole(`/admin/orders/${ORDER}`);
    const { user, dialog } = await openRefund();
    await user.type(within(dialog).getByLabelText('Amount in rupees'), '100');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    const submit = within(dialog).getByRole('button', { name: 'Refund' });
    await user.dblClick(submit);
    expect(submit).toBeDisabled();
    loseFirst();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to fetch');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const keys = refundCalls(requests).map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);

    const { dialog: again } = await openRefund();
    await user.type(within(again).getByLabelText('Amount in rupees'), '100');
    await user.type(within(again).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(again).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refundCalls(requests)).toHaveLength(3));
    expect(refundCalls(requests)[2]!.headers.get('idempotency-key')).not.toBe(keys[0]);
  });
});

describe('cancel', () => {
  it('warns that a paid order is refunded in full, sends the reason, and says the refund started', async () => {
    const requests = desk('fulfilment', paidOrder(), (request) =>
      request.path === `/api/staff/orders/${ORDER}/cancel`
        ? {
            body: {
              mkpOrderId: ORDER,
              pStatus: 'CANCELLED',
              refund: refund({
                id: 9,
                amountPaise: 2500_00,
                cause: 'cancellation',
                status: 'REQUESTED',
                completedAt: null,
              }),
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderConsole(`/admin/orders/${ORDER}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    expect(dialog).toHaveTextContent(
      'This order is paid: cancelling it refunds the buyer in full, ₹2,500.00.',
    );
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Buyer asked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.path.endsWith('/cancel'))?.body).toEqual({
      reason: 'Buyer asked by phone',
    });
    expect(
      await screen.findByText(`${ORDER} is cancelled; a refund of ₹2,500.00 has started.`),
    ).toBeInTheDocument();
  });

  it('sends no reason when none is given, and shows the server’s 409 in the dialog', async () => {
    const requests = desk(
      'owner',
      paidOrder({ pStatus: 'UP', paidPaise: 0, refundablePaise: 0, refundedPaise: 0, refunds: [] }),
      (request) =>
        request.path.endsWith('/cancel')
          ? {
              status: 409,
              body: { detail: 'Order is shipped; it cannot be cancelled', code: 'conflict' },
            }
          : undefined,
    );
    const user = userEvent.setup();
    renderConsole(`/admin/orders/${ORDER}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    expect(dialog).toHaveTextContent('The order is not paid, so nothing is refunded.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Order is shipped; it cannot be cancelled',
    );
    expect(requests.find((r) => r.path.endsWith('/cancel'))?.body).toEqual({});
  });
});

describe('who is offered what', () => {
  const cases: [StaffRole, string, { cancel: boolean; refund: boolean }][] = [
    ['fulfilment', 'PD', { cancel: true, refund: false }],
    ['finance', 'PD', { cancel: false, refund: true }],
    ['owner', 'PD', { cancel: true, refund: true }],
    ['owner', 'SHIPPED', { cancel: false, refund: true }],
  ];
  it.each(cases)('a %s member on a %s order', async (role, pStatus, offered) => {
    desk(role, paidOrder({ pStatus }));
    renderConsole(`/admin/orders/${ORDER}`);
    await screen.findByRole('region', { name: 'Summary' }, FIRST_LOAD);
    expect(!!screen.queryByRole('button', { name: 'Cancel order' })).toBe(offered.cancel);
    expect(!!screen.queryByRole('button', { name: 'Refund' })).toBe(offered.refund);
  });

  it('shows a catalog member no order at all: buyers’ data is not theirs', async () => {
    desk('catalog', paidOrder());
    renderConsole(`/admin/orders/${ORDER}`);
    expect(
      await screen.findByRole('heading', { name: 'Not available to your role' }, FIRST_LOAD),
    ).toBeVisible();
  });

  it('offers no Refund on a cancelled order, whose refund starts with its cancellation', async () => {
    desk('owner', paidOrder({ pStatus: 'CANCELLED', statusLabel: 'Cancelled' }));
    renderConsole(`/admin/orders/${ORDER}`);
    await screen.findByRole('region', { name: 'Summary' }, FIRST_LOAD);
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('offers no Refund when nothing is left to refund', async () => {
    desk('finance', paidOrder({ refundablePaise: 0 }));
    renderConsole(`/admin/orders/${ORDER}`);
    await screen.findByRole('region', { name: 'Summary' }, FIRST_LOAD);
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('offers Retry and Settle by hand on a failed refund only to finance, and only while neither retried nor settled by hand', async () => {
    const failed = refund({ id: 11, status: 'FAILED', error: 'Bank refused', completedAt: null });
    const retried = refund({
      id: 12,
      status: 'FAILED',
      error: 'Timeout',
      retriedBy: 13,
      completedAt: null,
    });
    const queue: AttentionList = {
      items: [
        {
          reason: 'refund_failed',
          paymentId: 3,
          refundId: 11,
          mkpOrderId: ORDER,
          orderStatus: 'PD',
          amountPaise: 500_00,
          orderTotalPaise: 3000_00,
          provider: 'sandbox',
          merchantTransactionId: 'T-3',
          createdAt: '2026-11-21T06:30:00.000Z',
          evidence: { error: 'Bank refused' },
        },
      ],
    };
    const order = paidOrder({ refunds: [failed, retried] });
    const requests = desk('finance', order, (request) => {
      if (request.path === '/api/staff/payments/attention') return { body: queue };
      if (request.path === '/api/staff/refunds/11/retry') return refundAnswer(500_00);
      return undefined;
    });
    const user = userEvent.setup();
    const view = renderConsole(`/admin/orders/${ORDER}`);
    const retry = await screen.findByRole('button', { name: 'Retry refund #11' }, FIRST_LOAD);
    expect(screen.getByRole('button', { name: 'Settle refund #11 by hand' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry refund #12' })).not.toBeInTheDocument();
    expect(screen.getByText('Retried as #13')).toBeVisible();
    expect(screen.getByText('Error: Bank refused')).toBeVisible();
    await user.click(retry);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Retry the refund' })).getByRole('button', {
        name: 'Retry',
      }),
    );
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'POST' && r.path === '/api/staff/refunds/11/retry'),
      ).toBe(true),
    );
    view.unmount();

    // Settled by hand: said so, and no longer offered.
    desk(
      'finance',
      paidOrder({
        refunds: [
          { ...failed, resolution: { email: 'finance@shop.example', note: 'NEFT UTR 42' } },
          retried,
        ],
      }),
    );
    renderConsole(`/admin/orders/${ORDER}`);
    await screen.findByRole('region', { name: 'Summary' }, FIRST_LOAD);
    await waitFor(() => expect(screen.getByText('Error: Bank refused')).toBeVisible());
    expect(screen.getByText('Settled by hand by finance@shop.example: NEFT UTR 42')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry refund #11' })).not.toBeInTheDocument();
  });

  it('shows fulfilment a failed refund without actions', async () => {
    desk(
      'fulfilment',
      paidOrder({
        refunds: [refund({ id: 11, status: 'FAILED', error: 'Bank refused', completedAt: null })],
      }),
    );
    renderConsole(`/admin/orders/${ORDER}`);
    expect(await screen.findByText('Error: Bank refused', {}, FIRST_LOAD)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Retry refund/ })).not.toBeInTheDocument();
  });
});

describe('mark shipped', () => {
  it('sends the tracking page when given, and refuses one that is not https', async () => {
    const requests = desk('fulfilment', paidOrder(), (request) =>
      request.path.endsWith('/ship')
        ? { body: { mkpOrderId: ORDER, pStatus: 'SHIPPED' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderConsole(`/admin/orders/${ORDER}`);
    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Mark shipped' });
    await user.type(within(dialog).getByLabelText('Carrier'), 'BlueDart');
    await user.type(within(dialog).getByLabelText('Tracking number'), 'BD123456789IN');
    const url = within(dialog).getByLabelText('Tracking page (optional)');
    await user.type(url, 'http://bluedart.example/BD123');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(url).toHaveAccessibleDescription(/Tracking URL must be an https:\/\/ address/);
    expect(url).toHaveFocus();
    await user.clear(url);
    await user.type(url, 'https://bluedart.example/BD123');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.path.endsWith('/ship')).map((r) => r.body)).toEqual([
      {
        carrier: 'BlueDart',
        trackingNumber: 'BD123456789IN',
        trackingUrl: 'https://bluedart.example/BD123',
      },
    ]);
  });
});
