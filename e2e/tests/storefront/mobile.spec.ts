import { test, expect } from '../../fixtures';
import type { APIRequestContext } from '@playwright/test';
import type { ProductListResponse } from '@storefront/shared/catalog';
import { href } from '@storefront/shared/routes';

/** A product of Home & Kitchen whose images all load, for the product page. */
async function productWithImages(request: APIRequestContext): Promise<string> {
  const list = (await (
    await request.get('/api/products?query=home%20kitchen&limit=20&page=1')
  ).json()) as ProductListResponse;
  return list.payload.find(
    (p) => p.images.length > 0 && !p.images.some((i) => i.includes('missing')),
  )!._id;
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('at 390 px', () => {
  test('the mobile menu opens with the logged-out links and closes on navigation', async ({
    page,
    navigate,
  }) => {
    await navigate(href.home());
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Returns & Orders' }),
    ).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Hello, Sign in' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(menu.getByRole('link', { name: 'Returns & Orders' })).toHaveAttribute(
      'href',
      '/auth',
    );
    await expect(menu.getByRole('link', { name: 'Shipping Policy' })).toBeVisible();
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test('the mobile menu opens the Shop By Category drawer', async ({ page, navigate }) => {
    await navigate(href.home());
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Shop By Category' }).click();
    await expect(page.getByRole('dialog', { name: 'Shop By Category' })).toBeVisible();
  });

  test('mobile search waits for 3 characters and a pause, then opens the search page', async ({
    page,
    navigate,
  }) => {
    await navigate(href.home());
    const box = page.locator('#mobile-search');
    await expect(box).toBeVisible();
    await box.pressSequentially('mu');
    await page.waitForTimeout(600);
    await expect(page).toHaveURL(/\/$/);
    await box.pressSequentially('g');
    await expect(page).toHaveURL(/\/search\?q=mug$/);
  });

  test('the shipping-source tooltip opens and closes with a tap', async ({
    page,
    navigate,
    request,
  }) => {
    await navigate(href.product(await productWithImages(request)));
    const info = page.getByRole('button', { name: 'About shipping sources' });
    await info.tap();
    const tip = page.getByRole('tooltip');
    await expect(tip).toContainText('Ex-India Customs');
    await info.tap();
    await expect(tip).toBeHidden();
  });
});

// Responsive from 360 px to 1920 px (issue 3): no page scrolls sideways at either end or at 390.
for (const width of [360, 390, 1920]) {
  test.describe(`at ${width} px wide`, () => {
    test.use(
      width < 1024
        ? { viewport: { width, height: 800 }, isMobile: true, hasTouch: true }
        : { viewport: { width, height: 1080 }, isMobile: false, hasTouch: false },
    );

    test('home, a category, a product and the FAQ fit without sideways scrolling', async ({
      page,
      navigate,
      request,
    }) => {
      for (const path of [
        href.home(),
        href.category('home-&-kitchen'),
        href.product(await productWithImages(request)),
        href.faq(),
      ]) {
        await navigate(path);
        // Wait for the page's own content, not only the frame.
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} at ${width} px`).toBe(0);
      }
    });
  });
}
