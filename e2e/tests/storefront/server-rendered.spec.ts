/**
 * Server-rendered catalog pages (decision 070): with JavaScript off a buyer reads the page and
 * follows its links; with it on, React hydrates the server's HTML as it is (the same nodes, no
 * mismatch reported) and the page works as before.
 */
import type { APIRequestContext } from '@playwright/test';
import type { ProductListResponse, ProductSummary } from '@storefront/shared/catalog';
import { href } from '@storefront/shared/routes';
import { test, expect } from '../../fixtures';

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a policy page reads whole and its links go to the next page', async ({ page }) => {
    await page.goto(href.shippingPolicy());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipping Policy');
    await expect(page.getByText('Metro cities: delivery in 3 to 5 days.')).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Policies' })
      .getByRole('link', { name: 'Returns Policy' })
      .click();
    await expect(page).toHaveURL(href.returnsPolicy());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Returns Policy');
  });

  test('a product page shows its name, prices and gallery, and its breadcrumb leads on', async ({
    page,
  }) => {
    const listing = await page.request.get('/api/products?limit=1');
    const [product] = ((await listing.json()) as ProductListResponse).payload;
    await page.goto(href.product(product!._id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product!.name);
    await expect(
      page
        .getByRole('table')
        .getByText(/₹[\d,]+\.\d\d/)
        .first(),
    ).toBeVisible();
    const main = page.getByTestId('product-gallery').getByRole('img', { name: product!.name });
    await expect(main).toBeVisible();
    expect(await main.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // The description, as the server's sanitiser left it.
    await expect(page.getByTestId('product-description')).toContainText(product!.name);
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Home' })
      .click();
    await expect(page).toHaveURL('/');
  });

  test("a product page's related products are there and lead to theirs", async ({ page }) => {
    const listing = await page.request.get('/api/products?limit=1');
    const [product] = ((await listing.json()) as ProductListResponse).payload;
    const answer = await page.request.get(`/api/products/recommend/${product!._id}`);
    const [first] = ((await answer.json()) as { payload: ProductSummary[] }).payload;
    await page.goto(href.product(product!._id));
    const related = page.getByTestId('related-products');
    await related.getByRole('link', { name: first!.name }).first().click();
    await expect(page).toHaveURL(href.product(first!._id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.name);
  });

  test('a category listing shows its cards and pages forward and back', async ({ page }) => {
    await page.goto(href.category('home-&-kitchen'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home & Kitchen');
    await expect(page.getByTestId('result-text')).toContainText('· Page 1');
    const cards = page.getByTestId('product-results').getByRole('listitem');
    await expect(cards.first().locator('img')).toBeVisible();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/categories\/home-&-kitchen\?page=2$/);
    await expect(page.getByTestId('result-text')).toContainText('· Page 2');
    await pagination.getByRole('link', { name: 'Previous' }).click();
    await expect(page.getByTestId('result-text')).toContainText('· Page 1');
    // A card leads to its product, rendered whole too.
    const name = await cards.first().getByRole('link').first().innerText();
    await cards.first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name.trim());
  });

  test("the home page shows its cards' and rows' products, and they lead to them", async ({
    page,
  }) => {
    await page.goto(href.home());
    const cards = page.getByTestId('home-category-card');
    await expect(cards).toHaveCount(8);
    for (let i = 0; i < 8; i += 1)
      await expect(cards.nth(i).locator('a[href^="/products/"]')).toHaveCount(4);
    const rows = page.getByTestId('collection-row');
    await expect(rows).toHaveCount(5);
    const last = rows.last().getByTestId('product-card');
    await expect(last).toHaveCount(10);
    await expect(last.first().getByTestId('card-price')).toHaveText(/^₹[\d,]+\.\d\d$/);
    const name = await last.first().getByRole('heading').innerText();
    await last.first().getByRole('link', { name: 'View Product' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name.trim());
  });

  test('a search shows its hits and pages forward and back', async ({ page }) => {
    await page.goto(href.search('pack'));
    await expect(page.getByTestId('result-text')).toContainText('· Page 1 of ');
    const hits = page.getByTestId('search-hit');
    await expect(hits).toHaveCount(20);
    await expect(hits.first().getByText('Pack', { exact: true }).first()).toBeVisible();
    await expect(hits.first().getByTestId('card-price')).toHaveText(/^₹[\d,]+\.\d\d$/);
    const firstOfPage1 = await hits.first().getByRole('heading').innerText();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/search\?q=pack&page=2$/);
    await expect(page.getByTestId('result-text')).toContainText('· Page 2 of ');
    await expect(hits.first().getByRole('heading')).not.toHaveText(firstOfPage1);
    await pagination.getByRole('link', { name: 'Previous' }).click();
    await expect(page.getByTestId('result-text')).toContainText('· Page 1 of ');
    await hits.first().getByRole('link', { name: 'View Product' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstOfPage1.trim());
  });
});

test('a search page hydrates from the results in its HTML, searching nothing', async ({
  page,
  navigate,
}) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/search/1/')) searches.push(request.url());
  });
  await navigate(`${href.search('pack')}&page=2`);
  await page.getByRole('button', { name: 'All Categories' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('search-hit')).not.toHaveCount(0);
  await expect(page.getByTestId('result-text')).toContainText('· Page 2 of ');
  expect(searches).toEqual([]);
});

for (const pageOf of [
  { name: 'the home page', path: async () => href.home() },
  { name: 'a policy page', path: async () => href.returnsPolicy() },
  { name: 'a category page', path: async () => href.category('home-&-kitchen') },
  { name: 'a search page', path: async () => `${href.search('pack')}&page=2` },
  {
    name: 'a product page',
    path: async (request: APIRequestContext) =>
      href.product(
        ((await (await request.get('/api/products?limit=1')).json()) as ProductListResponse)
          .payload[0]!._id,
      ),
  },
])
  test(`${pageOf.name} hydrates its own nodes without a mismatch`, async ({ page, navigate }) => {
    const reports: string[] = [];
    page.on('console', (message) => {
      // A production build reports a mismatch as a minified error (#418, #423, #425).
      if (/hydrat|did not match|server rendered|Minified React error/i.test(message.text()))
        reports.push(message.text());
    });
    // The heading as the HTML parser made it, before any script ran.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { parsedHeading: Element | null }).parsedHeading =
            document.querySelector('h1');
      });
    });
    await navigate(await pageOf.path(page.request));
    // Hydrated: the header's category button opens the drawer.
    await page.getByRole('button', { name: 'All Categories' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(
      await page.evaluate(
        () =>
          document.querySelector('h1') !== null &&
          document.querySelector('h1') ===
            (window as unknown as { parsedHeading: Element | null }).parsedHeading,
      ),
    ).toBe(true);
    expect(reports).toEqual([]);
  });

test("a server-rendered page's scripts start after it has painted", async ({ page, navigate }) => {
  const [product] = (
    (await (await page.request.get('/api/products?limit=1')).json()) as ProductListResponse
  ).payload;
  await navigate(href.product(product!._id));
  const { painted, scripts } = await page.evaluate(() => ({
    painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/(?!page-scripts).*\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  expect(painted).toBeGreaterThan(0);
  expect(scripts.length).toBeGreaterThan(1);
  for (const started of scripts) expect(started).toBeGreaterThanOrEqual(painted!);
});
