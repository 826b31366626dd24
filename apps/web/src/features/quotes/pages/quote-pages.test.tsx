import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Quote, QuoteSummary } from '@storefront/shared/quotes';
import { LOGGED_OUT, SessionContext, type Session } from '../../../lib/contexts/session';
import { cartLine, cartOf, recordFetch, SIGNED_IN } from '../../../test/order-fixtures';
import { renderRoute } from '../../../test/render';
import { NewQuotePage } from './new-quote-page';
import { QuotePage } from './quote-page';
import { QuotesPage } from './quotes-page';
import { QUOTE_ID, quoteOf, V1, V2 } from '../../../test/quote-fixtures';

const ID = QUOTE_ID;

const quote = (over: Partial<Quote> = {}): Quote => quoteOf({ ...over });

function render(
  element: React.ReactElement,
  path: string,
  route: string,
  session: Session = SIGNED_IN,
) {
  return renderRoute(<SessionContext value={session}>{element}</SessionContext>, { path, route });
}

describe('requesting a quote', () => {
  it('asks for every cart line at its quantity, refuses a target that is not rupees, and goes to the new quote', async () => {
    const calls = recordFetch(({ method, path }) => {
      if (path === '/api/cart/') return [200, cartOf([cartLine({ quantity: 180 })])];
      if (method === 'POST' && path === '/api/quotes/') return [201, { payload: quote() }];
      return [404, { detail: 'Not found', code: 'not_found' }];
    });
    const { router } = render(<NewQuotePage />, '/quotes/new?from=cart', '/quotes/new');
    const user = userEvent.setup();
    expect(await screen.findByText('Steel Water Bottle (Blue, M)')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toHaveValue('180');

    await user.type(screen.getByLabelText('Target price per unit (₹)'), '95.555');
    await user.click(screen.getByRole('button', { name: 'Send quote request' }));
    expect(
      screen.getByText('Enter a price in rupees, like 1250 or 1250.50, or leave it empty'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Target price per unit (₹)'));
    await user.type(screen.getByLabelText('Target price per unit (₹)'), '95.50');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '300');
    await user.type(screen.getByLabelText('Note to our sales team'), '  Two lots  ');
    await user.click(screen.getByRole('button', { name: 'Send quote request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/quotes/${ID}`));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      note: 'Two lots',
      lines: [
        {
          productId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
          variantIndex: 1,
          source: 'Ex-india custom',
          quantity: 300,
          targetPricePaise: 95_50,
        },
      ],
    });
  });

  it('suggests 250 units of the product page’s variant and shows the server’s refusal', async () => {
    recordFetch(({ method, path }) => {
      if (path === '/api/products/product/aaaaaaaaaaaaaaaaaaaaaaaa')
        return [
          200,
          {
            payload: {
              _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
              name: 'Steel Water Bottle',
              varients: [{ option1: 'Blue, M', sku: 'B-M', variantIndex: 1, price: null }],
            },
          },
        ];
      if (method === 'POST')
        return [404, { detail: 'Line 1: product not found', code: 'product_not_found' }];
      return [404, { detail: 'Not found', code: 'not_found' }];
    });
    render(
      <NewQuotePage />,
      '/quotes/new?product=aaaaaaaaaaaaaaaaaaaaaaaa&variant=1&source=Ex-india%20custom',
      '/quotes/new',
    );
    expect(await screen.findByText('Steel Water Bottle (Blue, M)')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity')).toHaveValue('250');
    expect(screen.getByRole('link', { name: 'Back to the product' })).toHaveAttribute(
      'href',
      '/products/aaaaaaaaaaaaaaaaaaaaaaaa',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send quote request' }));
    expect(await screen.findByText('Line 1: product not found')).toBeInTheDocument();
  });

  it('asks a visitor to log in, and says an empty cart has nothing to quote', async () => {
    render(<NewQuotePage />, '/quotes/new?from=cart', '/quotes/new', LOGGED_OUT);
    expect(screen.getByText('Please login to request a quote')).toBeInTheDocument();
  });
});

describe('My Quotes', () => {
  const row = (over: Partial<QuoteSummary>): QuoteSummary => ({
    id: ID,
    status: 'open',
    createdAt: '2026-11-20T06:30:00.000Z',
    lineCount: 2,
    title: 'Steel Water Bottle (Blue, M)',
    totalPaise: null,
    expiresAt: null,
    ...over,
  });

  it('lists each quote with its status, latest total and expiry', async () => {
    recordFetch(() => [
      200,
      {
        payload: [
          row({ status: 'answered', totalPaise: V2.totalPaise, expiresAt: V2.expiresAt }),
          row({ id: '65b0000000000000000000c2', lineCount: 1 }),
        ],
      },
    ]);
    render(<QuotesPage />, '/quotes', '/quotes');
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]!).getByText('Priced')).toBeInTheDocument();
    expect(within(items[0]!).getByText('₹33,620.00 · valid until 4 Dec 2099')).toBeInTheDocument();
    expect(
      within(items[0]!).getByRole('link', { name: 'Steel Water Bottle (Blue, M) and 1 more' }),
    ).toHaveAttribute('href', `/quotes/${ID}`);
    expect(within(items[1]!).getByText('Awaiting price')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Awaiting our price')).toBeInTheDocument();
  });

  it('says how to ask for a quote when there is none, and offers Retry on an error', async () => {
    recordFetch(() => [200, { payload: [] }]);
    const first = render(<QuotesPage />, '/quotes', '/quotes');
    expect(await screen.findByText('You have no quotes yet')).toBeInTheDocument();
    first.unmount();
    recordFetch(() => [500, { detail: 'Internal server error', code: 'internal' }]);
    render(<QuotesPage />, '/quotes', '/quotes');
    expect(
      await screen.findByText('Failed to load quotes. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('a quote', () => {
  it('shows the latest prices with Accept, the replaced version, and the thread', async () => {
    recordFetch(() => [
      200,
      {
        payload: quote({
          status: 'answered',
          versions: [V1, V2],
          messages: [
            { author: 'staff', body: 'Best we can do.', createdAt: '2026-11-22T07:00:00.000Z' },
          ],
        }),
      },
    ]);
    render(<QuotePage />, `/quotes/${ID}`, '/quotes/:id');
    expect(await screen.findByText(/Priced at ₹33,620\.00, valid until/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accept and check out' })).toHaveAttribute(
      'href',
      `/checkout?quote=${ID}&version=2`,
    );
    const items = within(screen.getByRole('region', { name: 'Items' }));
    expect(items.getByText('₹96.00 each')).toBeInTheDocument();
    expect(items.getByText('₹28,800.00')).toBeInTheDocument();
    expect(items.getByText(/your target ₹95\.00 each/)).toBeInTheDocument();
    expect(screen.getByText(/Version 1: ₹34,700\.00/)).toBeInTheDocument();
    const thread = within(screen.getByRole('list', { name: 'Messages' }));
    expect(thread.getByText('Monthly order for our stores')).toBeInTheDocument();
    expect(thread.getByText('Best we can do.')).toBeInTheDocument();
  });

  it('sends a message and shows the thread the server answers; an empty one is refused', async () => {
    const calls = recordFetch(({ method }) =>
      method === 'POST'
        ? [
            200,
            {
              payload: quote({
                messages: [
                  { author: 'buyer', body: 'Any update?', createdAt: '2026-11-21T07:00:00.000Z' },
                ],
              }),
            },
          ]
        : [200, { payload: quote() }],
    );
    render(<QuotePage />, `/quotes/${ID}`, '/quotes/:id');
    const user = userEvent.setup();
    await screen.findByText('Our sales team is pricing your request');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Write a message')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Write to our sales team'), 'Any update?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Any update?')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/quotes/${ID}/messages`,
      body: { body: 'Any update?' },
    });
    expect(screen.getByLabelText('Write to our sales team')).toHaveValue('');
  });

  it.each<[Quote['status'], Partial<Quote>, string]>([
    ['expired', { versions: [V1] }, 'This price has expired'],
    ['declined', { declineReason: 'Out of production' }, 'We could not quote this request'],
    ['withdrawn', { declineReason: 'Bought locally' }, 'You withdrew this request'],
    [
      'buyer_declined',
      { versions: [V1, V2], declineReason: 'Too dear' },
      'You declined version 2 of our price',
    ],
  ])('the %s quote says so, with no Accept, Withdraw nor Decline', async (status, over, title) => {
    recordFetch(() => [200, { payload: quote({ status, ...over }) }]);
    render(<QuotePage />, `/quotes/${ID}`, '/quotes/:id');
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Accept and check out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Withdraw|Decline/ })).not.toBeInTheDocument();
    if (over.declineReason) expect(screen.getByText(over.declineReason)).toBeInTheDocument();
  });

  it('withdraws an open request after a confirmation, with the reason given', async () => {
    const calls = recordFetch(({ method }) =>
      method === 'POST'
        ? [200, { payload: quote({ status: 'withdrawn', declineReason: 'Bought locally' }) }]
        : [200, { payload: quote() }],
    );
    render(<QuotePage />, `/quotes/${ID}`, '/quotes/:id');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw request' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Withdraw request Q-000000C1?' }),
    );
    // Keeping it sends nothing.
    await user.click(dialog.getByRole('button', { name: 'Keep request' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    const again = within(await screen.findByRole('dialog'));
    await user.type(again.getByLabelText(/Reason for our sales team/), '  Bought locally ');
    await user.click(again.getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('You withdrew this request')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({
        path: `/api/quotes/${ID}/withdraw`,
        body: { reason: 'Bought locally' },
      }),
    ]);
  });

  it('declines the version shown; a refusal (replaced meanwhile) is said and the quote reloaded', async () => {
    let current = quote({ status: 'answered', versions: [V1] });
    const calls = recordFetch(({ method }) => {
      if (method !== 'POST') return [200, { payload: current }];
      current = quote({ status: 'answered', versions: [V1, V2] });
      return [
        409,
        {
          detail: 'Version 1 was replaced by version 2; review the new price',
          code: 'quote_superseded',
        },
      ];
    });
    render(<QuotePage />, `/quotes/${ID}`, '/quotes/:id');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline price' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText(/You turn down version 1 \(₹34,700\.00, GST included\)/),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Decline price' }));
    expect(
      await dialog.findByText('Version 1 was replaced by version 2; review the new price'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/quotes/${ID}/decline`,
      body: { version: 1, reason: '' },
    });
    // The page behind now shows the new price.
    expect(await screen.findByText(/Priced at ₹33,620\.00/)).toBeInTheDocument();
  });

  it('an accepted quote links its order', async () => {
    const orderId = '65c0000000000000000000d1';
    recordFetch(() => [
      200,
      {
        payload: quote({
          status: 'accepted',
          versions: [V2],
          orderId,
          orderNumber: 'MKP-20261122-7K3F9Q',
        }),
      },
    ]);
    render(<QuotePage />, `/quotes/${ID}`, '/quotes/:id');
    expect(await screen.findByText('You accepted this quote')).toBeInTheDocument();
    expect(screen.getByText(/It became order MKP-20261122-7K3F9Q/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      `/orders/${orderId}`,
    );
  });

  it('another buyer’s or a missing quote shows the error card', async () => {
    recordFetch(() => [404, { detail: 'Quote not found', code: 'quote_not_found' }]);
    render(<QuotePage />, `/quotes/${ID}`, '/quotes/:id');
    expect(await screen.findByText('Error Loading Quote')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Quotes' })).toHaveAttribute(
      'href',
      '/quotes',
    );
  });
});
