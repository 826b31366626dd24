import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Quote, QuoteSummary } from '@storefront/shared/quotes';
import type { StaffRole } from '@storefront/shared/staff';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../../../test/render-console';
import { expiryOfDay, inDays } from '../lib/expiry';
import { QUOTE_ID, quoteOf, V1 } from '../../../../test/quote-fixtures';

const ID = QUOTE_ID;

const BUYER = { email: 'buyer@example.com', companyName: 'Mehta Traders' };

const quote = (over: Partial<Quote> = {}): Quote => quoteOf({ buyer: BUYER, ...over });

const row = (over: Partial<QuoteSummary>): QuoteSummary => ({
  id: ID,
  status: 'open',
  createdAt: '2026-11-20T06:30:00.000Z',
  lineCount: 2,
  title: 'Steel Water Bottle (Blue, M)',
  totalPaise: null,
  expiresAt: null,
  buyer: BUYER,
  ...over,
});

function api(role: StaffRole, more: (request: FakeRequest) => FakeAnswer = () => undefined) {
  return fakeApi((request) => {
    if (request.path === '/api/staff/session') return { body: sessionOf(role) };
    return more(request);
  });
}

describe('the quote queue', () => {
  it('lists the quotes with their buyer, total and status, filters by status and pages on', async () => {
    const requests = api('finance', ({ path }) => {
      if (path.startsWith('/api/staff/quotes'))
        return {
          body: {
            payload: [
              row({ status: 'answered', totalPaise: 33_620_00, expiresAt: '2026-12-04T18:29:59Z' }),
            ],
            next: path.includes('after=') ? null : 'CURSOR2',
          },
        };
    });
    renderConsole('/admin/quotes');
    const table = await screen.findByRole('region', { name: 'Quotes' }, FIRST_LOAD);
    const link = within(table).getByRole('link', { name: 'Q-000000C1' });
    expect(link).toHaveAttribute('href', `/admin/quotes/${ID}`);
    expect(within(table).getByText('₹33,620.00')).toBeInTheDocument();
    expect(within(table).getByText('4 Dec 2026')).toBeInTheDocument();
    expect(within(table).getByText('Priced')).toBeInTheDocument();
    expect(within(table).getByText('Mehta Traders')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'open');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/quotes?status=open'),
    );
    await waitFor(() => expect(requests.at(-1)?.path).toBe('/api/staff/quotes?status=open'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(requests.at(-1)?.path).toBe('/api/staff/quotes?status=open&after=CURSOR2'),
    );
    expect(screen.getByText('Page 2')).toBeInTheDocument();
  });

  it('says when no quote has the status, and is not shown to a fulfilment member', async () => {
    api('finance', () => ({ body: { payload: [], next: null } }));
    const first = renderConsole('/admin/quotes?status=declined');
    expect(await screen.findByText('No quotes are declined.', {}, FIRST_LOAD)).toBeInTheDocument();
    first.unmount();
    api('fulfilment');
    renderConsole('/admin/quotes');
    expect(
      await screen.findByRole('heading', { name: 'Not available to your role' }, FIRST_LOAD),
    ).toBeInTheDocument();
  });
});

describe('a quote at the desk', () => {
  it('sends a price per line in paise with the day it holds, starting from the buyer’s target', async () => {
    const requests = api('owner', ({ method, path }) => {
      if (method === 'GET' && path === `/api/staff/quotes/${ID}`)
        return { body: { payload: quote() } };
      if (method === 'POST' && path === `/api/staff/quotes/${ID}/answer`)
        return {
          body: {
            payload: quote({
              status: 'answered',
              versions: [
                {
                  version: 1,
                  unitPricesPaise: [96_00, 120_50],
                  totalPaise: 300 * 96_00 + 40 * 120_50,
                  expiresAt: expiryOfDay(inDays(7)),
                  createdAt: '2026-11-21T06:30:00.000Z',
                },
              ],
            }),
          },
        };
    });
    renderConsole(`/admin/quotes/${ID}`);
    const first = await screen.findByLabelText(
      'Unit price (₹, GST incl.) for line 1',
      {},
      FIRST_LOAD,
    );
    expect(first).toHaveValue('95.00');
    expect(screen.getByText(/Monthly order for our stores/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send price' }));
    expect(screen.getByText('Enter a price in rupees, like 1250 or 1250.50')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(first);
    await user.type(first, '96');
    await user.type(screen.getByLabelText('Unit price (₹, GST incl.) for line 2'), '120.50');
    expect(screen.getByText('₹33,620.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send price' }));
    expect(await screen.findByRole('button', { name: 'Send new version' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      unitPricesPaise: [96_00, 120_50],
      expiresAt: expiryOfDay(inDays(7)),
    });
    expect(screen.getByText(/Version 1: ₹33,620\.00/)).toBeInTheDocument();
  });

  it('declines with a reason and shows the server’s refusal of an accepted quote', async () => {
    const requests = api('finance', ({ method, path }) => {
      if (method === 'GET' && path === `/api/staff/quotes/${ID}`)
        return { body: { payload: quote() } };
      if (method === 'POST' && path.endsWith('/decline'))
        return {
          status: 409,
          body: { detail: 'This quote was accepted and became an order', code: 'quote_accepted' },
        };
    });
    renderConsole(`/admin/quotes/${ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this quote' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Out of production');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(
      await within(dialog).findByText('This quote was accepted and became an order'),
    ).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({ reason: 'Out of production' });
  });

  it('writes to the buyer and shows the thread; an accepted quote offers no price form', async () => {
    const requests = api('finance', ({ method, path }) => {
      const accepted = quote({
        status: 'accepted',
        orderId: '65c0000000000000000000d1',
        orderNumber: 'MKP-20261122-7K3F9Q',
      });
      if (method === 'GET' && path === `/api/staff/quotes/${ID}`)
        return { body: { payload: accepted } };
      if (method === 'POST' && path.endsWith('/messages'))
        return {
          body: {
            payload: {
              ...accepted,
              messages: [
                { author: 'staff', body: 'Dispatching Monday.', createdAt: '2026-11-22T07:00:00Z' },
              ],
            },
          },
        };
    });
    renderConsole(`/admin/quotes/${ID}`);
    expect(await screen.findByText('No messages yet.', {}, FIRST_LOAD)).toBeInTheDocument();
    // The order it became, on the order desk.
    expect(screen.getByRole('link', { name: 'MKP-20261122-7K3F9Q' })).toHaveAttribute(
      'href',
      '/admin/orders/MKP-20261122-7K3F9Q',
    );
    expect(screen.queryByRole('button', { name: 'Send price' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Write to the buyer'), 'Dispatching Monday.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Dispatching Monday.')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/staff/quotes/${ID}/messages`,
      body: { body: 'Dispatching Monday.' },
    });
  });

  it.each<[Quote['status'], Partial<Quote>, string, string]>([
    ['withdrawn', { declineReason: 'Bought locally' }, 'Withdrawn', 'Bought locally'],
    ['buyer_declined', { versions: [V1] }, 'Declined by buyer', 'None given'],
  ])(
    'a quote the buyer ended (%s) shows so and why, with no price form nor Decline',
    async (status, over, label, reason) => {
      api('finance', ({ method, path }) => {
        if (method === 'GET' && path === `/api/staff/quotes/${ID}`)
          return { body: { payload: quote({ status, ...over }) } };
      });
      renderConsole(`/admin/quotes/${ID}`);
      const panel = within(
        await screen.findByRole('region', { name: 'Where it stands' }, FIRST_LOAD),
      );
      expect(panel.getByText(label)).toBeInTheDocument();
      expect(panel.getByText('Reason').nextSibling).toHaveTextContent(reason);
      expect(
        screen.queryByRole('button', { name: /Send (new )?price|Send new version/ }),
      ).toBeNull();
      expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    },
  );
});
