import type { UseQueryResult } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionContext, type Session, type SessionUser } from '../../lib/contexts/session';
import { renderRoute } from '../../test/render';
import { SignedInQuery } from './sign-in-required';

const USER: SessionUser = {
  name: 'Asha Mehta',
  email: 'asha@example.com',
  phone: '9876543210',
  companyName: 'Mehta Traders',
  city: 'Mumbai',
  gstNumber: '27AABCM1234F1Z5',
  businessStreet: '14 Linking Road',
  businessState: 'Maharashtra',
  pincode: '400050',
};

const query = (state: Partial<UseQueryResult<string[]>>) =>
  ({ isError: false, isPending: false, error: null, data: undefined, ...state }) as UseQueryResult<
    string[]
  >;

function renderState(session: Omit<Session, 'signOut'>, result: UseQueryResult<string[]>) {
  renderRoute(
    <SessionContext value={{ ...session, signOut: () => undefined }}>
      <SignedInQuery
        query={result}
        loginMessage="Please login to view your orders"
        loading={<p>loading orders</p>}
        error={(error) => <p>failed: {error.message}</p>}
      >
        {(orders) => <p>{orders.join(', ')}</p>}
      </SignedInQuery>
    </SessionContext>,
    { path: '/orders?page=2', route: '/orders' },
  );
}

describe('a page of the signed-in buyer’s own data', () => {
  it('shows its loading placeholder, not the login prompt, while a stored session loads', () => {
    renderState({ user: null, isLoading: true }, query({ isPending: true }));
    expect(screen.getByText('loading orders')).toBeInTheDocument();
    expect(screen.queryByText('Please login to view your orders')).not.toBeInTheDocument();
  });

  it('asks a visitor to log in, and brings them back to the same page', () => {
    renderState({ user: null, isLoading: false }, query({ isPending: true }));
    expect(screen.getByText('Please login to view your orders')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/auth?returnUrl=%2Forders%3Fpage%3D2',
    );
  });

  it('shows the query’s error', () => {
    renderState(
      { user: USER, isLoading: false },
      query({ isError: true, error: new Error('Network error') }),
    );
    expect(screen.getByText('failed: Network error')).toBeInTheDocument();
  });

  it('shows the data once the query has it', () => {
    renderState({ user: USER, isLoading: false }, query({ data: ['MKP-1', 'MKP-2'] }));
    expect(screen.getByText('MKP-1, MKP-2')).toBeInTheDocument();
  });
});
