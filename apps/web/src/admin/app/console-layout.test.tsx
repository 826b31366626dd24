import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@storefront/shared/staff';
import { fakeApi } from '../../test/fake-api';
import { FIRST_LOAD, renderConsole, sessionOf } from '../test/render-console';

const NOT_YET = { status: 404, body: { detail: 'No route for GET', code: 'not_found' } };
const EMPTY_DESK = { body: { orders: [], count: 0, countCap: 1000, next: null } };

function signedInAs(role: StaffRole) {
  return fakeApi(({ method, path }) => {
    if (path === '/api/staff/session') return { body: sessionOf(role) };
    if (method === 'POST' && path === '/api/staff/logout') return { status: 204 };
    if (path.startsWith('/api/staff/orders')) return EMPTY_DESK;
    return NOT_YET;
  });
}

const navLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Console' }, FIRST_LOAD))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the console frame', () => {
  it.each([
    [
      'owner',
      [
        'Dashboard',
        'Orders',
        'Return requests',
        'Payments',
        'Quotes',
        'Buyers',
        'Tax documents & returns',
        'Products',
        'Categories',
        'Import / export',
        'Tax rates',
        'Settings',
        'Staff',
        'Audit log',
      ],
    ],
    ['fulfilment', ['Dashboard', 'Orders', 'Return requests', 'Buyers']],
    [
      'finance',
      [
        'Dashboard',
        'Orders',
        'Return requests',
        'Payments',
        'Quotes',
        'Buyers',
        'Tax documents & returns',
        'Tax rates',
        'Settings',
      ],
    ],
    ['catalog', ['Dashboard', 'Products', 'Categories', 'Import / export', 'Tax rates']],
  ] as const)('shows a %s the sections their role may use', async (role, sections) => {
    signedInAs(role);
    renderConsole('/admin');
    expect(await navLinks()).toEqual(sections);
    expect(
      screen.getAllByText(`Priya Nair · ${role[0]!.toUpperCase()}${role.slice(1)}`),
    ).not.toEqual([]);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('refuses a section the role may not use, in words', async () => {
    signedInAs('fulfilment');
    renderConsole('/admin/staff');
    expect(
      await screen.findByRole('heading', { name: 'Not available to your role' }, FIRST_LOAD),
    ).toBeVisible();
  });

  it('moves focus to the new page’s heading after a navigation', async () => {
    const user = userEvent.setup();
    signedInAs('owner');
    renderConsole('/admin/orders');
    await navLinks();
    await user.click(screen.getByRole('link', { name: 'Audit log' }));
    const heading = await screen.findByRole('heading', { name: 'Audit log', level: 1 }, FIRST_LOAD);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Audit log | Console');
  });

  it('sends a visitor without a session to sign in, and back to the page after', async () => {
    fakeApi(() => ({
      status: 401,
      body: { detail: 'Sign in to the console', code: 'staff_unauthorized' },
    }));
    renderConsole('/admin/orders?status=PD');
    await waitFor(
      () =>
        expect(screen.getByTestId('location')).toHaveTextContent(
          '/admin/login?next=%2Fadmin%2Forders%3Fstatus%3DPD',
        ),
      FIRST_LOAD,
    );
    expect(screen.queryByText(/session has ended/)).toBeNull();
  });

  it('returns to sign-in, saying the session ended, when a call finds it ended', async () => {
    const user = userEvent.setup();
    let ended = false;
    fakeApi(({ path }) => {
      if (ended)
        return {
          status: 401,
          body: { detail: 'Sign in to the console', code: 'staff_unauthorized' },
        };
      if (path === '/api/staff/session') return { body: sessionOf('owner') };
      return EMPTY_DESK;
    });
    renderConsole('/admin/orders');
    await navLinks();
    ended = true;
    await user.click(screen.getByRole('link', { name: 'Audit log' }));
    expect(
      await screen.findByText(
        'Your session has ended. Sign in again to carry on where you were.',
        {},
        FIRST_LOAD,
      ),
    ).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/admin/login?next=%2Fadmin%2Faudit&reason=expired',
    );
  });

  it('signs out through the API and says so, not that the session ran out', async () => {
    const user = userEvent.setup();
    let signedOut = false;
    const requests = fakeApi(({ method, path }) => {
      if (method === 'POST' && path === '/api/staff/logout') {
        signedOut = true;
        return { status: 204 };
      }
      if (signedOut)
        return {
          status: 401,
          body: { detail: 'Sign in to the console', code: 'staff_unauthorized' },
        };
      return path === '/api/staff/session' ? { body: sessionOf('owner') } : EMPTY_DESK;
    });
    renderConsole('/admin/orders');
    await navLinks();
    await user.click(screen.getAllByRole('button', { name: 'Sign out' })[0]!);
    expect(await screen.findByText('You have signed out.', {}, FIRST_LOAD)).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login?reason=signed_out');
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      path: '/api/staff/logout',
    });
  });
});
