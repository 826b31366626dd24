import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HERO_AUTOPLAY_MS } from '@storefront/shared/constants';
import { HERO_SLIDES } from '../data/slides';
import { SlideCarousel } from './slide-carousel';

async function renderCarousel() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <SlideCarousel slides={HERO_SLIDES} label="Highlights" variant="hero" />
            <button type="button">Outside</button>
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  const carousel = screen.getByRole('region', { name: 'Highlights' });
  // The first slide is drawn at once; Swiper takes over once the page is idle.
  expect(carousel.querySelector('h2')).toHaveTextContent('Streamline Your Supply Chain');
  expect(carousel.querySelector('.swiper')).toBeNull();
  for (let tick = 0; tick < 50 && !carousel.querySelector('.swiper-initialized'); tick++)
    await act(() => vi.advanceTimersByTimeAsync(50));
  expect(carousel.querySelector('.swiper-initialized')).not.toBeNull();
  return carousel;
}

/** The slide Swiper shows now, by its headline. */
const activeTitle = () =>
  document.querySelector('.swiper-slide-active h2')?.textContent ?? 'no active slide';

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the home carousel', () => {
  // Loaded here with real timers, so the carousel's lazy import resolves from the module cache.
  beforeAll(() => import('./swiper-slides'));
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves to the next slide every 5000 ms on its own', async () => {
    const carousel = await renderCarousel();
    expect(carousel).toHaveAttribute('data-rotating', 'true');
    expect(activeTitle()).toBe('Streamline Your Supply Chain');
    await wait(HERO_AUTOPLAY_MS + 100);
    expect(activeTitle()).toBe('Smarter Goods Transfer');
  });

  it('stops with the visible Pause button and starts again with Play (WCAG 2.2.2)', async () => {
    const carousel = await renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    // Focus left the carousel: only the button keeps it stopped.
    fireEvent.focus(screen.getByRole('button', { name: 'Outside' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play slides' }), {
      relatedTarget: screen.getByRole('button', { name: 'Outside' }),
    });
    expect(carousel).toHaveAttribute('data-rotating', 'false');
    await wait(HERO_AUTOPLAY_MS * 3);
    expect(activeTitle()).toBe('Streamline Your Supply Chain');

    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    expect(carousel).toHaveAttribute('data-rotating', 'true');
    await wait(HERO_AUTOPLAY_MS + 100);
    expect(activeTitle()).toBe('Smarter Goods Transfer');
  });

  it('does not move while keyboard focus is inside, and moves again once it leaves', async () => {
    const carousel = await renderCarousel();
    const link = screen.getAllByRole('link', { name: /Get Started/ })[0]!;
    fireEvent.focus(link);
    expect(carousel).toHaveAttribute('data-rotating', 'false');
    await wait(HERO_AUTOPLAY_MS * 3);
    expect(activeTitle()).toBe('Streamline Your Supply Chain');

    fireEvent.blur(link, { relatedTarget: screen.getByRole('button', { name: 'Outside' }) });
    expect(carousel).toHaveAttribute('data-rotating', 'true');
    await wait(HERO_AUTOPLAY_MS + 100);
    expect(activeTitle()).toBe('Smarter Goods Transfer');
  });
});
