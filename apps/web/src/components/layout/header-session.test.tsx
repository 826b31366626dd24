import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT, SessionContext, type Session } from '../../lib/contexts/session';
import { mockFetch, renderRoute } from '../../test/render';
import { Header } from './header';

const SIGNED_IN: Session = {
  user: {
    name: 'Asha Mehta',
    email: 'asha@example.com',
    phone: '9876543210',
    companyName: 'Mehta Traders Pvt Ltd',
    city: 'Mumbai',
    gstNumber: '27AABCM1234F1Z5',
    businessStreet: '14 Linking Road',
    businessState: 'Maharashtra',
    pincode: '400050',
  },
  isLoading: false,
  signOut: vi.fn(),
};

function renderHeader(session: Session) {
  mockFetch((url) =>
    url.pathname === '/api/products/categories' ? { body: { payload: [] } } : undefined,
  );
  return renderRoute(
    <SessionContext value={session}>
      <Header />
    </SessionContext>,
    { withCategories: true },
  );
}

describe('the header for each session state', () => {
  it("greets a visitor with 'Hello, Sign in' and offers Sign In", async () => {
    const user = userEvent.setup();
    renderHeader(LOGGED_OUT);
    expect(screen.getByText('Hello, Sign in')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Returns & Orders' })).toHaveAttribute('href', '/auth');
    await user.click(screen.getByRole('button', { name: /Account & Lists/ }));
    expect(await screen.findByRole('menuitem', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/auth',
    );
    expect(screen.queryByRole('menuitem', { name: 'Sign Out' })).toBeNull();
  });

  it('greets a signed-in buyer by name, with Your Account, Your Orders and Sign Out', async () => {
    const user = userEvent.setup();
    renderHeader(SIGNED_IN);
    expect(screen.getByText('Hello, Asha Mehta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Returns & Orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
    await user.click(screen.getByRole('button', { name: /Account & Lists/ }));
    expect(await screen.findByRole('menuitem', { name: 'Your Account' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByRole('menuitem', { name: 'Your Orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(SIGNED_IN.signOut).toHaveBeenCalledOnce();
  });
});
