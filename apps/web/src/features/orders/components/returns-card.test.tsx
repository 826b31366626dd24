import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReturnList, ReturnRequest, Returnability } from '@storefront/shared/return-requests';
import { Toaster } from '../../../components/ui/toaster';
import { resetToasts } from '../../../components/ui/use-toast';
import { clearTokens, storeTokens } from '../../../lib/api/auth-tokens';
import { order } from '../../../test/order-fixtures';
import { renderRoute } from '../../../test/render';
import { ReturnsCard } from './returns-card';

const ORDER_ID = 'd'.repeat(24);
const RETURNS = `/api/orders/${ORDER_ID}/returns`;
const DELIVERED = order({
  _id: { $oid: ORDER_ID },
  mkpOrderId: 'MKP-20261122-AAAAA7',
  pStatus: 'DELIVERED',
  orderDetails: [
    {
      productId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      variantIndex: null,
      title: 'Steel Water Bottle',
      sku: 'HK-1',
      sellerSku: null,
      source: 'Ex-india custom',
      consumerPrice: 115,
      quantity: 2,
      lineTotal: 230,
      gst: null,
    },
    {
      productId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      variantIndex: null,
      title: 'Copper Mug',
      sku: 'CM-2',
      sellerSku: null,
      source: 'Ex-india custom',
      consumerPrice: 50,
      quantity: 1,
      lineTotal: 50,
      gst: null,
    },
  ],
});

const OPEN: Returnability = {
  state: 'open',
  deliveredAt: '2026-11-24T06:30:00.000Z',
  closesAt: '2026-12-01T06:30:00.000Z',
  lines: [
    { position: 0, unitsLeft: 2, inOpenReturn: false },
    { position: 1, unitsLeft: 0, inOpenReturn: true },
  ],
};

function request(overrides: Partial<ReturnRequest> = {}): ReturnRequest {
  return {
    id: 7,
    orderId: ORDER_ID,
    mkpOrderId: DELIVERED.mkpOrderId,
    status: 'requested',
    reason: 'damaged',
    description: 'The bottle arrived dented on one side.',
    lines: [
      {
        position: 0,
        title: 'Steel Water Bottle',
        sku: 'HK-1',
        quantity: 1,
        unitPricePaise: 115_00,
        amountPaise: 115_00,
      },
    ],
    amountPaise: 115_00,
    photos: [],
    decisionNote: null,
    refundId: null,
    refundStatus: null,
    creditNote: null,
    createdAt: '2026-11-25T06:30:00.000Z',
    decidedAt: null,
    receivedAt: null,
    refundedAt: null,
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

let calls: Call[];

/** Answers each call with `answer`'s [status, body]; records method, path and body. */
function serve(answer: (call: Call) => [number, unknown]) {
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const [status, body] = answer(call);
    return new Response(JSON.stringify(body), {
      status,
      statusText: status < 300 ? 'OK' : 'Error',
      headers: { 'content-type': 'application/json' },
    });
  });
}

const listed = (list: Partial<ReturnList>): ReturnList => ({
  items: [],
  returnable: OPEN,
  ...list,
});

function renderCard() {
  return renderRoute(
    <>
      <ReturnsCard order={DELIVERED} />
      <Toaster />
    </>,
  );
}

beforeEach(() => {
  storeTokens({ access_token: 'buyer-token', refresh_token: 'refresh' });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: () => 'blob:photo',
      revokeObjectURL: () => undefined,
    }),
  );
});
afterEach(() => {
  clearTokens();
  resetToasts();
  vi.unstubAllGlobals();
});

describe('the returns card', { timeout: 20_000 }, () => {
  it('offers Return items while the window is open, and says until when', async () => {
    serve(() => [200, listed({})]);
    renderCard();
    expect(await screen.findByRole('button', { name: 'Return items' })).toBeInTheDocument();
    expect(
      screen.getByText(/Damaged, defective or wrong items can be returned until/),
    ).toHaveTextContent(/until 1 Dec 2026 at/);
  });

  it('says the window closed, with the policy, and offers no button', async () => {
    serve(() => [200, listed({ returnable: { ...OPEN, state: 'window_closed' } })]);
    renderCard();
    expect(
      await screen.findByText(/Returns for this order closed on 1 Dec 2026/),
    ).toHaveTextContent(
      'Returns for this order closed on 1 Dec 2026: the returns policy takes back damaged, defective or wrong items within 7 days of delivery.',
    );
    expect(screen.getByRole('link', { name: 'returns policy' })).toHaveAttribute(
      'href',
      '/returns-policy',
    );
    expect(screen.queryByRole('button', { name: 'Return items' })).not.toBeInTheDocument();
  });

  it('shows nothing for an order that was never delivered', async () => {
    serve(() => [
      200,
      listed({
        returnable: { ...OPEN, state: 'not_delivered', deliveredAt: null, closesAt: null },
      }),
    ]);
    renderCard();
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('skeleton')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Returns' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Return items' })).not.toBeInTheDocument();
  });

  it('says when every unit is in a request, and shows a waiting request with its photo upload', async () => {
    serve(() => [
      200,
      listed({
        items: [request({ photos: [{ id: 3, width: 20, height: 40, bytes: 900 }] })],
        returnable: { ...OPEN, state: 'nothing_left' },
      }),
    ]);
    renderCard();
    const item = await screen.findByRole('listitem', { name: /^Return of 25 Nov 2026, / });
    expect(
      screen.getByText('Every item left to return is in a return request below.'),
    ).toBeVisible();
    expect(within(item).getByTestId('return-status')).toHaveTextContent('Return requested');
    expect(item).toHaveTextContent('Steel Water Bottle × 1');
    expect(item).toHaveTextContent('Damaged: The bottle arrived dented on one side.');
    expect(item).toHaveTextContent(
      'If accepted, we refund ₹115.00 once the items are back with us.',
    );
    expect(
      await within(item).findByRole('img', { name: 'Evidence 1 of this return' }),
    ).toHaveAttribute('src', 'blob:photo');
    expect(calls.map((call) => call.path)).toContain(`/api/returns/7/photos/3`);
    expect(within(item).getByLabelText('Add a photo')).toBeInTheDocument();
    expect(item).toHaveTextContent('1 of 5 photos, up to 5 MB each.');
  });

  it('shows the store’s note on an accepted request and the reason of a refused one', async () => {
    serve(() => [
      200,
      listed({
        items: [
          request({
            id: 9,
            status: 'refused',
            decisionNote: 'The photos show wear, not damage.',
            decidedAt: '2026-11-26T06:30:00.000Z',
          }),
          request({
            id: 8,
            status: 'accepted',
            decisionNote: 'Send it by courier to our Pune warehouse.',
            decidedAt: '2026-11-26T06:30:00.000Z',
          }),
        ],
      }),
    ]);
    renderCard();
    const [refused, accepted] = await screen.findAllByTestId('return-request');
    expect(refused).toHaveTextContent('Return refused');
    expect(refused).toHaveTextContent(
      'Refused on 26 Nov 2026.Why: The photos show wear, not damage.',
    );
    expect(accepted).toHaveTextContent('Return accepted — send the goods back');
    expect(accepted).toHaveTextContent(
      'Accepted on 26 Nov 2026. Please send the items back to us; once they arrive we refund ₹115.00.',
    );
    expect(accepted).toHaveTextContent(
      'Note from the store: Send it by courier to our Pune warehouse.',
    );
    // Photos are added only while a request waits.
    expect(screen.queryByLabelText('Add a photo')).not.toBeInTheDocument();
  });

  it('shows a refund with its amount and credit note, and one still on its way', async () => {
    serve(() => [
      200,
      listed({
        items: [
          request({
            id: 11,
            status: 'refunded',
            refundId: 4,
            refundStatus: 'COMPLETED',
            refundedAt: '2026-11-27T06:30:00.000Z',
            creditNote: {
              kind: 'credit_note',
              number: 'CN/2627/00007',
              issueDate: '2026-11-27',
              total: 115,
              href: `/api/orders/${ORDER_ID}/tax-documents/51.pdf`,
            },
          }),
          request({ id: 10, status: 'refunded', refundId: 3, refundStatus: 'PENDING' }),
        ],
      }),
    ]);
    renderCard();
    const [done, pending] = await screen.findAllByTestId('return-request');
    expect(within(done!).getByTestId('return-refund')).toHaveTextContent(
      'Refunded: ₹115.00 on 27 Nov 2026',
    );
    expect(done).toHaveTextContent('Credit note CN/2627/00007');
    expect(
      within(done!).getByRole('button', { name: 'Download credit note CN/2627/00007 (PDF)' }),
    ).toBeEnabled();
    expect(within(pending!).getByTestId('return-refund')).toHaveTextContent(
      'Refund in progress: ₹115.00 to your original payment method',
    );
    expect(within(pending!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when the returns cannot be loaded', async () => {
    serve(() => [500, { detail: 'Database unavailable', code: 'internal' }]);
    renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });

  it('refuses a photo that is too large before sending it', async () => {
    serve(() => [200, listed({ items: [request()] })]);
    renderCard();
    const input = await screen.findByLabelText('Add a photo');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, big);
    expect(screen.getByRole('alert')).toHaveTextContent('big.jpg is over 5 MB.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('the Return items dialog', { timeout: 20_000 }, () => {
  async function openDialog() {
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Return items' }));
    return {
      user,
      dialog: screen.getByRole('dialog', { name: `Return items of order ${DELIVERED.mkpOrderId}` }),
    };
  }

  it('checks the choice with the shared schema’s words before sending anything', async () => {
    serve(() => [200, listed({})]);
    const { user, dialog } = await openDialog();
    // The mug is already in an open request: it cannot be chosen.
    expect(within(dialog).getByRole('checkbox', { name: /Copper Mug/ })).toBeDisabled();
    expect(within(dialog).getByText(/already in a return request/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Request return' }));
    expect(dialog).toHaveTextContent('Choose at least one item to return');
    expect(dialog).toHaveTextContent('Choose why you are returning the items');
    expect(dialog).toHaveTextContent('Describe the problem in a sentence or two');
    expect(within(dialog).getByRole('checkbox', { name: /Steel Water Bottle/ })).toHaveFocus();

    await user.click(within(dialog).getByRole('checkbox', { name: /Steel Water Bottle/ }));
    const units = within(dialog).getByLabelText('Units of Steel Water Bottle to return');
    await user.clear(units);
    await user.type(units, '3');
    await user.click(within(dialog).getByRole('radio', { name: 'Defective' }));
    await user.type(
      within(dialog).getByLabelText('What is wrong with the items?'),
      'It leaks at the cap.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Request return' }));
    expect(dialog).toHaveTextContent('Choose 1 to 2 units');
    expect(units).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends the lines, reason and description, then each photo, and closes', async () => {
    serve((call) =>
      call.method === 'POST' && call.path === RETURNS
        ? [201, request({ id: 12 })]
        : call.method === 'POST'
          ? [201, { id: 5, width: 10, height: 10, bytes: 100 }]
          : [200, listed({})],
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: /Steel Water Bottle/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Damaged' }));
    await user.type(
      within(dialog).getByLabelText('What is wrong with the items?'),
      'The bottle arrived dented on one side.',
    );
    const photo = new File(['jpeg'], 'dent.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText('Add photos'), photo);
    expect(within(dialog).getByText('dent.jpg')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Request return' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts[0]).toEqual({
      method: 'POST',
      path: RETURNS,
      body: {
        lines: [{ position: 0, quantity: 1 }],
        reason: 'damaged',
        description: 'The bottle arrived dented on one side.',
      },
    });
    expect(posts[1]!.path).toBe('/api/returns/12/photos');
    expect((posts[1]!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findByText('Return requested')).toBeVisible();
    // The card asks again for where the order's returns stand.
    expect(
      calls.filter((call) => call.method === 'GET' && call.path === RETURNS).length,
    ).toBeGreaterThan(1);
  });

  it('keeps the server’s refusal in the dialog', async () => {
    serve((call) =>
      call.method === 'POST'
        ? [
            409,
            {
              detail:
                'Order MKP-20261122-AAAAA7 was delivered more than 7 days ago; returns are accepted within 7 days of delivery.',
              code: 'return_window_closed',
            },
          ]
        : [200, listed({})],
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: /Steel Water Bottle/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Wrong item' }));
    await user.type(
      within(dialog).getByLabelText('What is wrong with the items?'),
      'We got blue, not red.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Request return' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The return was not requested');
    expect(alert).toHaveTextContent(
      'Order MKP-20261122-AAAAA7 was delivered more than 7 days ago; returns are accepted within 7 days of delivery.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says which photos were not added once the request is made', async () => {
    serve((call) =>
      call.method === 'POST' && call.path === RETURNS
        ? [201, request({ id: 13 })]
        : call.method === 'POST'
          ? [
              400,
              {
                detail:
                  'The file is not an image we can read: upload a JPEG, PNG, WebP, GIF, AVIF or TIFF',
                code: 'image_invalid',
              },
            ]
          : [200, listed({})],
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: /Steel Water Bottle/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Damaged' }));
    await user.type(
      within(dialog).getByLabelText('What is wrong with the items?'),
      'Dented on one side.',
    );
    await user.upload(
      within(dialog).getByLabelText('Add photos'),
      new File(['not really'], 'fake.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Request return' }));
    expect(
      await within(dialog).findByText(
        'Your return request was sent and we have emailed you about it.',
      ),
    ).toBeVisible();
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('One photo was not added');
    expect(alert).toHaveTextContent(
      'The file is not an image we can read: upload a JPEG, PNG, WebP, GIF, AVIF or TIFF',
    );
    expect(alert).toHaveTextContent(
      'You can add photos on the order page while the request waits.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
