import type { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@storefront/shared/orders';
import { beforeEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../../../app/session-provider';
import { Toaster } from '../../../components/ui/toaster';
import { ORDERS_KEY, ordersQueryOptions } from '../../../lib/api/get-orders';
import { userProfile } from '../../../test/accounts';
import { fakeApi, type FakeAnswer, type FakeRequest } from '../../../test/fake-api';
import { renderRoute, testQueryClient } from '../../../test/render';
import { ProfilePage } from './profile-page';

function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: { $oid: '65b000000000000000000001' },
    mkpOrderId: 'MKP-2026-000123',
    createdAt: { $date: '2026-03-14T09:30:00.000Z' },
    pStatus: 'PD',
    currency: 'INR',
    source: 1,
    recipientName: 'Asha Mehta',
    shippingAddress1: '14 Linking Road',
    shippingAddress2: '',
    shippingAddress3: '',
    shippingCity: 'Mumbai',
    shippingState: 'Maharashtra',
    shippingPostalCode: '400050',
    shippingCountry: 'in',
    shippingPhoneNumber: '9876543210',
    total_amount: 123456.5,
    itemCount: 30,
    orderDetails: [],
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    refunds: [],
    statusHistory: [],
    documents: [],
    billing: null,
    shippingStateCode: '27',
    tax: null,
    ...overrides,
  };
}

function renderProfile(
  answer: (request: FakeRequest) => FakeAnswer,
  client: QueryClient = testQueryClient(),
) {
  const requests = fakeApi(answer);
  render(<Toaster />);
  const rendered = renderRoute(
    <SessionProvider>
      <ProfilePage />
    </SessionProvider>,
    { path: '/profile', client },
  );
  return { ...rendered, requests };
}

function signIn() {
  localStorage.setItem('access_token', 'access-1');
  localStorage.setItem('refresh_token', 'refresh-1');
}

const me = (request: FakeRequest): FakeAnswer =>
  request.path === '/api/user/me' ? { body: userProfile() } : undefined;

/** The buyer's profile, and `orders` as the orders list. */
const meWithOrders =
  (orders: Order[]) =>
  (request: FakeRequest): FakeAnswer =>
    me(request) ?? (request.path === '/api/orders/' ? { body: { payload: orders } } : undefined);

beforeEach(() => localStorage.clear());

describe('the profile page', () => {
  it('asks a visitor to log in, and fetches nothing', () => {
    const { requests } = renderProfile(() => undefined);
    expect(screen.getByText('Please login to view your profile')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/auth?returnUrl=%2Fprofile',
    );
    expect(requests).toEqual([]);
  });

  it('shows the read-only details and the left menu', async () => {
    signIn();
    renderProfile(me);
    expect(await screen.findByRole('heading', { name: 'Asha Mehta' })).toBeInTheDocument();
    const details = screen.getAllByRole('definition').map((dd) => dd.textContent);
    expect(details).toEqual([
      'Asha Mehta',
      'asha@example.com',
      '9876543210',
      'Mehta Traders Pvt Ltd',
      'Mumbai',
      '27AABCM1234F1Z5',
    ]);
    expect(screen.queryByRole('textbox')).toBeNull();
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(within(menu).getByRole('button', { name: 'Settings' })).toBeDisabled();
  });

  it('lists the latest orders with rupee totals and status badges', async () => {
    signIn();
    const user = userEvent.setup();
    const { requests } = renderProfile(
      meWithOrders([
        order(),
        order({
          _id: { $oid: '65b000000000000000000002' },
          mkpOrderId: 'MKP-2026-000122',
          pStatus: 'UP',
          total_amount: 999,
          itemCount: 1,
        }),
      ]),
    );
    await user.click(await screen.findByRole('tab', { name: 'Recent Orders' }));
    const rows = await within(await screen.findByRole('tabpanel')).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('MKP-2026-000123');
    expect(rows[0]).toHaveTextContent('Placed on 14 Mar 2026 · 30 items');
    expect(rows[0]).toHaveTextContent('₹1,23,456.50');
    expect(within(rows[0]!).getByText('Paid')).toHaveAttribute('data-tone', 'green');
    expect(within(rows[0]!).getByRole('link', { name: 'MKP-2026-000123' })).toHaveAttribute(
      'href',
      '/orders/65b000000000000000000001',
    );
    expect(rows[1]).toHaveTextContent('1 item');
    expect(rows[1]).toHaveTextContent('₹999.00');
    expect(within(rows[1]!).getByText('Payment Pending')).toHaveAttribute('data-tone', 'blue');
    const ordersCall = requests.find((r) => r.path === '/api/orders/');
    expect(ordersCall?.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('offers Start Shopping when there are no orders', async () => {
    signIn();
    const user = userEvent.setup();
    renderProfile(meWithOrders([]));
    await user.click(await screen.findByRole('tab', { name: 'Recent Orders' }));
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
  });

  it('lists only the five newest orders, in the order the server answers', async () => {
    signIn();
    const user = userEvent.setup();
    const numbers = [7, 6, 5, 4, 3, 2, 1].map((n) => `MKP-2026-00000${n}`);
    const orders = numbers.map((mkpOrderId, index) =>
      order({ _id: { $oid: `65b00000000000000000000${index}` }, mkpOrderId }),
    );
    renderProfile(meWithOrders(orders));
    await user.click(await screen.findByRole('tab', { name: 'Recent Orders' }));
    const rows = await within(await screen.findByRole('tabpanel')).findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(
      numbers.slice(0, 5),
    );
    expect(screen.getByRole('link', { name: 'View all orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
  });

  it('shares the orders page’s cache entry: no second request, and a refresh reaches the tab', async () => {
    signIn();
    const user = userEvent.setup();
    const client = testQueryClient();
    client.setQueryData(ordersQueryOptions().queryKey, [order()]);
    const newer = order({
      _id: { $oid: '65b000000000000000000009' },
      mkpOrderId: 'MKP-2026-000200',
    });
    const { requests } = renderProfile(meWithOrders([newer, order()]), client);
    await user.click(await screen.findByRole('tab', { name: 'Recent Orders' }));
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findAllByRole('listitem')).toHaveLength(1);
    expect(requests.filter((r) => r.path === '/api/orders/')).toHaveLength(0);

    // What a new order or a payment result does to the orders.
    await client.invalidateQueries({ queryKey: ORDERS_KEY });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('MKP-2026-000200');
    expect(requests.filter((r) => r.path === '/api/orders/')).toHaveLength(1);
  });

  it("shows the orders' fetch error under 'Failed to load orders'", async () => {
    signIn();
    const user = userEvent.setup();
    renderProfile(
      (request) =>
        me(request) ?? (request.path === '/api/orders/' ? { status: 500, body: {} } : undefined),
    );
    await user.click(await screen.findByRole('tab', { name: 'Recent Orders' }));
    expect(
      await screen.findByText('Failed to load orders. Please try again later.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Failed to fetch orders: 500 Internal Server Error'),
    ).toBeInTheDocument();
  });

  it('logs out with both tokens, clears the session and toasts', async () => {
    signIn();
    const user = userEvent.setup();
    const { requests } = renderProfile(
      (request) =>
        me(request) ??
        (request.path === '/api/user/logout' ? { body: { msg: 'Logged out' } } : undefined),
    );
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('You have been successfully logged out')).toBeInTheDocument();
    expect(screen.getByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('Please login to view your profile')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    const logout = requests.find((r) => r.path === '/api/user/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('authorization')).toBe('Bearer access-1');
    expect(logout?.headers.get('refresh-token')).toBe('refresh-1');
  });

  it("keeps the session and toasts 'Logout failed' when the call fails", async () => {
    signIn();
    const user = userEvent.setup();
    renderProfile((request) => (request.path === '/api/user/me' ? me(request) : 'network-error'));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    const title = await screen.findByText('Logout failed');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(localStorage.getItem('access_token')).toBe('access-1');
    expect(screen.getByRole('heading', { name: 'Asha Mehta' })).toBeInTheDocument();
  });

  it('ends an expired session: tokens removed, user emptied, off to /auth?sessionExpired=true', async () => {
    signIn();
    const { router, client, requests } = renderProfile((request) =>
      request.path === '/api/refresh'
        ? { status: 401, body: { detail: 'Session ended', code: 'session_ended' } }
        : { status: 401, body: { detail: 'Token expired', code: 'unauthorized' } },
    );
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/auth?sessionExpired=true',
      ),
    );
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(client.getQueryData(['/api/user'])).toBeNull();
    expect(requests.map((r) => r.path)).toEqual(['/api/user/me', '/api/refresh']);
    expect(requests[1]?.headers.get('refresh-token')).toBe('refresh-1');
  });

  describe('changing the password (decision 029)', () => {
    async function openForm(answer: (request: FakeRequest) => FakeAnswer) {
      signIn();
      const user = userEvent.setup();
      const rendered = renderProfile((request) => me(request) ?? answer(request));
      await user.click(await screen.findByRole('button', { name: 'Change password' }));
      const form = await screen.findByRole('form', { name: 'Change password' });
      return { user, form, ...rendered };
    }

    async function fill(
      user: ReturnType<typeof userEvent.setup>,
      form: HTMLElement,
      values: { current: string; next: string; confirm?: string },
    ) {
      const field = (label: string) => within(form).getByLabelText(label);
      await user.type(field('Current password'), values.current);
      await user.type(field('New password'), values.next);
      await user.type(field('Confirm new password'), values.confirm ?? values.next);
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
    }

    it('sends the current and new password, stores the new session and toasts', async () => {
      const { user, form, requests } = await openForm((request) =>
        request.path === '/api/user/change-password'
          ? {
              body: {
                msg: 'Password changed. You have been logged out of every other session.',
                access_token: 'access-2',
                refresh_token: 'refresh-2',
              },
            }
          : undefined,
      );
      await fill(user, form, { current: 'Ledger&Lantern-42', next: 'Monsoon^Kettle-77' });
      expect(await screen.findByText('Password changed')).toBeInTheDocument();
      expect(
        screen.getByText('Password changed. You have been logged out of every other session.'),
      ).toBeInTheDocument();
      const change = requests.find((r) => r.path === '/api/user/change-password');
      expect(change?.method).toBe('POST');
      expect(change?.headers.get('authorization')).toBe('Bearer access-1');
      expect(change?.body).toEqual({
        current_password: 'Ledger&Lantern-42',
        new_password: 'Monsoon^Kettle-77',
      });
      expect(localStorage.getItem('access_token')).toBe('access-2');
      expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
      expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    });

    it('checks the rules and the confirmation before sending anything', async () => {
      const { user, form, requests } = await openForm(() => undefined);
      await fill(user, form, { current: 'x', next: 'weakpass', confirm: 'other' });
      expect(
        await within(form).findByText('Password must contain at least one uppercase letter'),
      ).toBeInTheDocument();
      expect(within(form).getByText("Passwords don't match")).toBeInTheDocument();
      expect(requests.some((r) => r.path === '/api/user/change-password')).toBe(false);
    });

    it("shows the server's refusal under its field, without refreshing the session", async () => {
      const { user, form, requests } = await openForm((request) =>
        request.path === '/api/user/change-password'
          ? {
              status: 400,
              body: {
                detail: 'Current password is incorrect',
                code: 'wrong_password',
                fields: { current_password: 'Current password is incorrect' },
              },
            }
          : undefined,
      );
      await fill(user, form, { current: 'Wrong&Guess-1', next: 'Monsoon^Kettle-77' });
      expect(await screen.findByText('Password change failed')).toBeInTheDocument();
      expect(await within(form).findByText('Current password is incorrect')).toBeInTheDocument();
      expect(requests.map((r) => r.path)).not.toContain('/api/refresh');
      expect(localStorage.getItem('access_token')).toBe('access-1');
    });
  });
});

describe('editing the profile (decision 058)', () => {
  it(
    'sends the edited details, shows the answer and checks a GSTIN before sending',
    { timeout: 20_000 },
    async () => {
      signIn();
      const user = userEvent.setup();
      const { requests } = renderProfile((request) =>
        request.path === '/api/user/me' && request.method === 'PATCH'
          ? {
              body: userProfile({
                phone_number: '9822099999',
                company_name: 'Mehta Wholesale',
              }),
            }
          : me(request),
      );
      await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
      const form = await screen.findByRole('form', { name: 'Edit profile' });
      const field = (label: string) => within(form).getByLabelText(label);
      await user.clear(field('Phone'));
      await user.type(field('Phone'), '9822099999');
      await user.clear(field('Company'));
      await user.type(field('Company'), 'Mehta Wholesale');
      await user.clear(field('GST Number'));
      await user.type(field('GST Number'), '27AABCM1234F1ZA');
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      expect(await within(form).findByText(/check digit/)).toBeInTheDocument();
      expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

      await user.clear(field('GST Number'));
      await user.type(field('GST Number'), '27AAPFU0939F1ZV');
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Profile updated')).toBeInTheDocument();
      const patch = requests.find((r) => r.method === 'PATCH');
      expect(patch?.headers.get('authorization')).toBe('Bearer access-1');
      expect(patch?.body).toMatchObject({
        phone_number: '9822099999',
        company_name: 'Mehta Wholesale',
        gst_number: '27AAPFU0939F1ZV',
      });
      expect(screen.queryByRole('form', { name: 'Edit profile' })).toBeNull();
      expect(screen.getAllByRole('definition').map((dd) => dd.textContent)).toContain(
        'Mehta Wholesale',
      );
    },
  );
});
