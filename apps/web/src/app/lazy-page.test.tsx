import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

function pageModule(text: string) {
  let imports = 0;
  const Page = lazyPage(async () => {
    imports += 1;
    return { Shown: ({ who }: { who: string }) => <p>{`${text} for ${who}`}</p> };
  }, 'Shown');
  return { Page, imports: () => imports };
}

const inBoundary = (node: React.ReactNode) => (
  <Suspense fallback={<p>loading page</p>}>{node}</Suspense>
);

describe('a lazily loaded page', () => {
  it('draws in the first commit, without its fallback, once its module is loaded', async () => {
    const { Page } = pageModule('FAQ');
    await Page.load();
    render(inBoundary(<Page who="buyers" />));
    // Synchronously: no fallback was ever committed.
    expect(screen.getByText('FAQ for buyers')).toBeInTheDocument();
    expect(screen.queryByText('loading page')).not.toBeInTheDocument();
  });

  it('shows its fallback, then the page, when it was not loaded first', async () => {
    const { Page, imports } = pageModule('Cart');
    render(inBoundary(<Page who="you" />));
    expect(screen.getByText('loading page')).toBeInTheDocument();
    expect(await screen.findByText('Cart for you')).toBeInTheDocument();
    expect(imports()).toBe(1);
  });
});
