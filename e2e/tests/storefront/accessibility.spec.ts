/**
 * The catalog pages Lighthouse judges (issue 23: accessibility ≥ 98) checked with axe-core, the
 * engine Lighthouse's accessibility audits run: WCAG 2.2 A and AA and axe's best practices, with
 * the page as a buyer meets it (its first screen's cards loaded).
 */
import AxeBuilder from '@axe-core/playwright';
import type { ProductListResponse } from '@storefront/shared/catalog';
import { href } from '@storefront/shared/routes';
import { test, expect } from '../../fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

test.describe('accessibility of the catalog pages', () => {
  const pages: { name: string; path: () => Promise<string> | string; ready: string }[] = [
    { name: 'home', path: () => href.home(), ready: 'home-category-card' },
    { name: 'category', path: () => href.category('home-&-kitchen'), ready: 'product-card' },
    { name: 'search', path: () => href.search('steel bottle'), ready: 'search-results' },
  ];
  for (const { name, path, ready } of pages)
    test(`${name}: no axe violation`, async ({ page, navigate }) => {
      await navigate(await path());
      await page.getByTestId(ready).first().waitFor();
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.html ?? ''}`)).toEqual([]);
    });

  test('product: no axe violation', async ({ page, navigate, request }) => {
    const list = (await (
      await request.get('/api/products?query=electronics&limit=1&page=1')
    ).json()) as ProductListResponse;
    const [product] = list.payload;
    if (!product) throw new Error('the seeded catalog has no electronics');
    await navigate(href.product(product._id));
    await page.getByRole('heading', { level: 1 }).waitFor();
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.html ?? ''}`)).toEqual([]);
  });
});
