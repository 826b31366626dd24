import { test, expect } from '../../fixtures';
import { href } from '@storefront/shared/routes';

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

  test('pages fit the screen without sideways scrolling', async ({ page, navigate }) => {
    for (const path of [href.home(), href.category('home-&-kitchen'), href.faq()]) {
      await navigate(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
    }
  });
});
