/**
 * Search journeys (issue 7; spec §2 "Search results", docs/api-search.md): header suggestions
 * to a product, a submitted query paged forward and back through the URL, and a query that
 * matches nothing. Expected pages come from the same engine through its API, so the journeys
 * check what the page shows against what the index answers.
 */
import type { APIRequestContext } from '@playwright/test';
import { href } from '@storefront/shared/routes';
import type { ProductRecord } from '@storefront/shared/search';
import { test, expect, type Page } from '../../fixtures';

interface SearchPage {
  hits: ProductRecord[];
  nbHits: number;
  nbPages: number;
}

async function searchApi(
  request: APIRequestContext,
  query: string,
  page: number,
): Promise<SearchPage> {
  const response = await request.post('/api/search/1/indexes/*/queries', {
    data: { requests: [{ indexName: 'product_index', query, page, hitsPerPage: 20 }] },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: SearchPage[] }).results[0]!;
}

/** The names of a page's hits whose first image loads: what the search page lists. */
async function shownNames(request: APIRequestContext, result: SearchPage): Promise<string[]> {
  const names: string[] = [];
  for (const hit of result.hits) {
    const src = hit.imgUrl[0]?.src;
    if (src && (await request.get(`/images/${src}.png?w=160`)).ok()) names.push(hit.name);
  }
  return names;
}

function cspViolations(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) messages.push(message.text());
  });
  return messages;
}

const hitNames = (page: Page) =>
  page.getByTestId('search-results').getByRole('heading', { level: 3 });

test.describe('search', () => {
  test('header suggestions: type, see the matches marked, pick one with the keyboard', async ({
    page,
    navigate,
  }) => {
    await navigate(href.home());
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await box.pressSequentially('stainless wat');
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(listbox).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const option = listbox.getByRole('option');
    await expect(option).toHaveCount(1);
    await expect(option).toContainText('Stainless Steel Water Bottle 1 L, Pack of 24');
    await expect(option.locator('mark')).toHaveText(['Stainless', 'Water']);
    await expect(option).toContainText(/₹[\d,]+\.\d{2}/);

    await box.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Stainless Steel Water Bottle 1 L, Pack of 24',
    );
  });

  test('a submitted query lists 20 per page, pages forward through the URL, and Back restores', async ({
    page,
    navigate,
  }) => {
    const violations = cspViolations(page);
    const [first, second] = await Promise.all([
      searchApi(page.request, 'pack', 0),
      searchApi(page.request, 'pack', 1),
    ]);
    expect(first.hits).toHaveLength(20);
    expect(first.nbPages).toBeGreaterThan(2);
    const [firstNames, secondNames] = await Promise.all([
      shownNames(page.request, first),
      shownNames(page.request, second),
    ]);

    await navigate(href.home());
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await box.fill('pack');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?q=pack$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search Results for "pack"');
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem'),
    ).toHaveText(['Home', 'Search Results']);
    const resultText = page.getByTestId('result-text');
    const total = first.nbHits.toLocaleString('en-IN');
    await expect(resultText).toHaveText(`${total} products found · Page 1 of ${first.nbPages}`);
    await expect(hitNames(page)).toHaveText(firstNames);
    await expect(
      page.getByTestId('search-hit').first().getByRole('link', { name: 'View Product' }),
    ).toHaveAttribute(
      'href',
      href.product(first.hits.find((h) => h.name === firstNames[0])!.objectID),
    );

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.locator('[aria-disabled="true"]', { hasText: 'Previous' })).toHaveCount(
      1,
    );
    await expect(pagination.getByRole('link', { name: 'Previous' })).toHaveCount(0);
    await expect(pagination.getByRole('link', { name: `Page ${first.nbPages}` })).toBeVisible();
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/search\?q=pack&page=2$/);
    await expect(resultText).toHaveText(`${total} products found · Page 2 of ${first.nbPages}`);
    await expect(hitNames(page)).toHaveText(secondNames);
    await expect(pagination.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=pack$/);
    await expect(hitNames(page)).toHaveText(firstNames);
    await page.goForward();
    await expect(page).toHaveURL(/\/search\?q=pack&page=2$/);
    await expect(hitNames(page)).toHaveText(secondNames);
    expect(violations).toEqual([]);
  });

  test('a query that matches nothing says so, with Continue Shopping', async ({
    page,
    navigate,
  }) => {
    await navigate(href.search('zzqxvw plorkt'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Search Results for "zzqxvw plorkt"',
    );
    await expect(page.getByText('No products found for your search.')).toBeVisible();
    await expect(page.getByText('Try different keywords or browse our categories.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  });
});
