import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeskOrderList, DeskOrderRow } from '@storefront/shared/order-desk';
import { fakeApi } from '../../../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../../../test/render-console';

const row = (mkpOrderId: string, totalPaise: number): DeskOrderRow => ({
  id: mkpOrderId,
  mkpOrderId,
  createdAt: '2026-11-20T06:30:00.000Z',
  pStatus: 'PD',
  statusLabel: 'Paid',
  total: totalPaise / 100,
  totalPaise,
  itemCount: 3,
  buyer: {
    id: 'b1',
    email: 'buyer@acme.example',
    fullName: 'Asha Mehta',
    companyName: 'Acme Traders',
    gstNumber: '27AABCM1234F1ZX',
  },
  shipTo: 'Pune, Maharashtra',
});

/** The desk: two pages, the first counted at the cap. */
function desk() {
  return fakeApi(({ path }) => {
    if (path === '/api/staff/session') return { body: sessionOf('fulfilment') };
    if (!path.startsWith('/api/staff/orders?') && path !== '/api/staff/orders') return undefined;
    const query = new URLSearchParams(path.split('?')[1]);
    const list: DeskOrderList = query.get('after')
      ? { orders: [row('MKP-20261120-BBBBBB', 50_00)], count: null, countCap: 1000, next: null }
      : {
          orders: [row('MKP-20261120-AAAAAA', 1_23_456_00)],
          count: 1000,
          countCap: 1000,
          next: 'cursor-2',
        };
    return { body: list };
  });
}

const location = () => screen.getByTestId('location').textContent;
const orderCalls = (requests: { path: string }[]) =>
  requests.filter((request) => request.path.startsWith('/api/staff/orders')).map((r) => r.path);

describe('the order list’s filters and the URL', () => {
  it('reads the filters from the URL into the form and the API call, dates as whole IST days', async () => {
    const requests = desk();
    renderConsole(
      '/admin/orders?status=PD&buyer=acme&from=2026-11-01&to=2026-11-30&minTotal=1500&sort=total_desc&q=bogus%3Cscript',
    );
    expect(
      await screen.findByRole('link', { name: 'MKP-20261120-AAAAAA' }, FIRST_LOAD),
    ).toBeVisible();
    expect(orderCalls(requests)[0]).toBe(
      '/api/staff/orders?status=PD&from=2026-11-01T00%3A00%3A00%2B05%3A30&to=2026-12-01T00%3A00%3A00%2B05%3A30&buyer=acme&minTotal=1500&q=bogus%3Cscript&sort=total_desc',
    );
    const form = screen.getByRole('form', { name: 'Filter orders' });
    expect(within(form).getByLabelText('Status')).toHaveValue('PD');
    expect(within(form).getByLabelText('Buyer')).toHaveValue('acme');
    expect(within(form).getByLabelText('Placed from')).toHaveValue('2026-11-01');
    expect(within(form).getByLabelText('Placed to')).toHaveValue('2026-11-30');
    expect(within(form).getByLabelText('Min total (₹)')).toHaveValue('1500');
    expect(screen.getByLabelText('Sort')).toHaveValue('total_desc');
    // Counted up to the server's cap: at least that many.
    expect(screen.getByText('1,000+ orders')).toBeVisible();
    expect(screen.getByRole('cell', { name: '₹1,23,456.00' })).toBeVisible();
    expect(screen.getByText('Paid')).toBeVisible();
  });

  it('writes applied filters and pages to the URL, and refuses what the API would', async () => {
    const user = userEvent.setup();
    const requests = desk();
    renderConsole('/admin/orders');
    await screen.findByRole('link', { name: 'MKP-20261120-AAAAAA' }, FIRST_LOAD);
    const form = screen.getByRole('form', { name: 'Filter orders' });

    await user.type(within(form).getByLabelText('Order number'), 'mk');
    await user.type(within(form).getByLabelText('Min total (₹)'), '1e3');
    await user.type(within(form).getByLabelText('Max total (₹)'), '100');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('Type at least 3 characters of the order number')).toBeVisible();
    expect(screen.getByText('An amount in rupees, like 1500 or 1499.50')).toBeVisible();
    expect(within(form).getByLabelText('Order number')).toHaveFocus();
    expect(location()).toBe('/admin/orders');

    await user.type(within(form).getByLabelText('Order number'), 'p-2026');
    await user.clear(within(form).getByLabelText('Min total (₹)'));
    await user.type(within(form).getByLabelText('Min total (₹)'), '500');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('The maximum is below the minimum')).toBeVisible();

    await user.clear(within(form).getByLabelText('Max total (₹)'));
    await user.type(within(form).getByLabelText('Max total (₹)'), '1499.50');
    await user.selectOptions(within(form).getByLabelText('Status'), 'SHIPPED');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(location()).toBe(
        '/admin/orders?status=SHIPPED&q=mkp-2026&minTotal=500&maxTotal=1499.50',
      ),
    );
    await waitFor(() =>
      expect(orderCalls(requests).at(-1)).toBe(
        '/api/staff/orders?status=SHIPPED&minTotal=500&maxTotal=1499.50&q=mkp-2026',
      ),
    );

    // The sort applies at once and keeps the filters.
    await user.selectOptions(screen.getByLabelText('Sort'), 'oldest');
    await waitFor(() =>
      expect(location()).toBe(
        '/admin/orders?status=SHIPPED&q=mkp-2026&minTotal=500&maxTotal=1499.50&sort=oldest',
      ),
    );

    // Next and Previous page by the keyset cursor, the filters kept.
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toContain('&sort=oldest&after=cursor-2'));
    expect(await screen.findByRole('link', { name: 'MKP-20261120-BBBBBB' })).toBeVisible();
    expect(screen.getByText('Page 2', { selector: 'span' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(location()).not.toContain('after='));

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(location()).toBe('/admin/orders?sort=oldest'));
    // The form is drawn again from the URL.
    expect(
      within(screen.getByRole('form', { name: 'Filter orders' })).getByLabelText('Order number'),
    ).toHaveValue('');
  });

  it('links Export CSV to the export with the list’s filters and sort, without its page', async () => {
    desk();
    renderConsole('/admin/orders?status=PD&buyer=acme&from=2026-11-01&sort=oldest&after=cursor-2');
    const link = await screen.findByRole('link', { name: 'Export CSV' }, FIRST_LOAD);
    expect(link).toHaveAttribute(
      'href',
      '/api/staff/orders/export.csv?status=PD&from=2026-11-01T00%3A00%3A00%2B05%3A30&buyer=acme&sort=oldest',
    );
    expect(link).toHaveAttribute('download');
  });
});
