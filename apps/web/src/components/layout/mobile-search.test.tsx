import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MobileSearch } from './mobile-search';

function setUp(path = '/') {
  const router = createMemoryRouter([{ path: '*', element: <MobileSearch /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  const box = screen.getByRole('searchbox', { name: 'Search products' });
  const location = () => router.state.location.pathname + router.state.location.search;
  return { router, box, location, user: userEvent.setup() };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the mobile search', () => {
  it('goes to the search page by itself after 3 characters and a 300 ms pause', async () => {
    const { box, location, user } = setUp();
    await user.type(box, 'mu');
    await pause(450);
    expect(location()).toBe('/');

    await user.type(box, 'g');
    await pause(150);
    expect(location()).toBe('/');
    await waitFor(() => expect(location()).toBe('/search?q=mug'));
  });

  it('goes at once on Enter, whatever the length', async () => {
    const { box, location, user } = setUp();
    await user.type(box, 'ab{Enter}');
    expect(location()).toBe('/search?q=ab');
  });

  it('shows the search page’s query and follows Back without navigating again', async () => {
    const { router, box, location } = setUp('/search?q=steel');
    expect(box).toHaveValue('steel');
    await router.navigate('/search?q=steel%20bottle');
    await waitFor(() => expect(box).toHaveValue('steel bottle'));

    await router.navigate(-1);
    await waitFor(() => expect(box).toHaveValue('steel'));
    await pause(450);
    expect(location()).toBe('/search?q=steel');
  });

  it('stays on the page the buyer moved on to from the results', async () => {
    const { router, box, location, user } = setUp();
    await user.type(box, 'mug');
    await waitFor(() => expect(location()).toBe('/search?q=mug'));
    await router.navigate('/products/abc');
    await pause(450);
    expect(location()).toBe('/products/abc');
    expect(box).toHaveValue('mug');
  });
});
