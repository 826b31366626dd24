import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordFetch, STORE } from '../../../test/order-fixtures';
import { renderRoute } from '../../../test/render';
import { PolicyPage } from './policy-page';

describe('the shipping policy (issue 21)', () => {
  it('says where the store ships, from its settings', async () => {
    const calls = recordFetch(() => [200, { ...STORE, shipsTo: ['India', 'Nepal', 'Bhutan'] }]);
    renderRoute(<PolicyPage policy="shipping" />, { path: '/shipping-policy' });
    expect(screen.getByRole('heading', { name: 'Where we ship' })).toBeInTheDocument();
    expect(await screen.findByTestId('ships-to')).toHaveTextContent(
      'We ship only to addresses in India, Nepal and Bhutan. At checkout, a delivery address in any other country is not accepted.',
    );
    expect(calls.map((call) => call.path)).toEqual(['/api/store']);
  });

  it('names the one country of the default setting', async () => {
    recordFetch(() => [200, STORE]);
    renderRoute(<PolicyPage policy="shipping" />, { path: '/shipping-policy' });
    expect(await screen.findByTestId('ships-to')).toHaveTextContent(
      /^We ship only to addresses in India\./,
    );
  });

  it('says so when the store’s settings cannot be read', async () => {
    recordFetch(() => [500, { detail: 'Internal server error', code: 'internal' }]);
    renderRoute(<PolicyPage policy="shipping" />, { path: '/shipping-policy' });
    expect(
      await screen.findByText(
        'Where we ship could not be loaded. Please try again later, or write to us.',
      ),
    ).toBeInTheDocument();
  });
});
