import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, testQueryClient } from '../../test/render';
import { CATEGORIES } from '../../test/fixtures';
import { CategoryProvider, useCategories } from './category-context';

function Probe() {
  const { categories, isLoading, error } = useCategories();
  if (isLoading) return <p>loading</p>;
  if (error) return <p>error: {error.message}</p>;
  return <p>{categories === null ? 'null' : categories.map((c) => c.category).join(' | ')}</p>;
}

function renderProbe() {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <CategoryProvider>
        <Probe />
      </CategoryProvider>
    </QueryClientProvider>,
  );
}

describe('the categories context', () => {
  it('throws the spec message when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useCategories must be used within a CategoryProvider');
  });

  it('is loading first, then holds the categories the API returned', async () => {
    const calls = mockFetch((url) =>
      url.pathname === '/api/products/categories' ? { body: { payload: CATEGORIES } } : undefined,
    );
    renderProbe();
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Home & Kitchen | Bags, Wallets & Luggage')).toBeInTheDocument();
    expect(calls).toEqual(['/api/products/categories']);
  });

  it('exposes the error when the list cannot be loaded, without retrying', async () => {
    const calls = mockFetch(() => ({ status: 500, body: { detail: 'Database down', code: 'x' } }));
    renderProbe();
    expect(await screen.findByText('error: Database down')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });
});
