import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';
import { useScrollRestoration } from './scroll-restoration';

function Frame() {
  useScrollRestoration();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <>
      <p>at {pathname}</p>
      <button onClick={() => void navigate('/next')}>forward</button>
      <button onClick={() => void navigate(-1)}>back</button>
      <button onClick={() => void navigate('/broken')}>broken</button>
      <button onClick={() => void navigate('/')}>home</button>
      <RouteErrorBoundary resetKey={pathname}>
        <Routes>
          <Route path="/broken" element={<Broken />} />
          <Route path="*" element={<p>page</p>} />
        </Routes>
      </RouteErrorBoundary>
    </>
  );
}

function Broken(): never {
  throw new Error('The page’s code could not be loaded');
}

function scrollBy(offset: number) {
  Object.defineProperty(window, 'scrollY', { value: offset, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('the app frame', () => {
  beforeEach(() => {
    vi.stubGlobal('scrollTo', vi.fn());
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => {
      run(0);
      return 1;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens a new page at its top and goes Back to where the buyer was', async () => {
    render(
      <MemoryRouter>
        <Frame />
      </MemoryRouter>,
    );
    act(() => scrollBy(840));
    vi.mocked(window.scrollTo).mockClear();

    await userEvent.click(screen.getByRole('button', { name: 'forward' }));
    expect(await screen.findByText('at /next')).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);

    act(() => scrollBy(120));
    await userEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(await screen.findByText('at /')).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 840);
  });

  it('shows a page that failed as an error, and clears it when the buyer navigates away', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter>
        <Frame />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'broken' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('The page’s code could not be loaded');

    await userEvent.click(screen.getByRole('button', { name: 'home' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('page')).toBeInTheDocument();
  });
});
