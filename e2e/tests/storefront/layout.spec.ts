import { test, expect } from '../../fixtures';
import { href, ROUTES } from '@storefront/shared/routes';

test.describe('header and footer', () => {
  test('the logged-out header greets, offers Sign In and sends Returns & Orders to /auth', async ({
    page,
    navigate,
  }) => {
    await navigate(href.home());
    const header = page.getByRole('banner');
    await expect(header.getByText('Hello, Sign in')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Returns & Orders' })).toHaveAttribute(
      'href',
      ROUTES.auth,
    );
    await expect(header.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', ROUTES.faq);
    await expect(header.getByRole('link', { name: 'Cart', exact: true })).toHaveAttribute(
      'href',
      ROUTES.cart,
    );
    await expect(header.getByTestId('cart-count')).toHaveCount(0);

    await header.getByRole('button', { name: /Account & Lists/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Sign In']);
    await menu.getByRole('menuitem', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the search box submits to /search?q=', async ({ page, navigate }) => {
    await navigate(href.home());
    await page
      .getByRole('banner')
      .getByRole('combobox', { name: 'Search products' })
      .fill('steel mug');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?q=steel%20mug$/);
  });

  test('the category strip shows All Categories and the first 8 categories, linked by slug', async ({
    page,
    navigate,
  }) => {
    await navigate(href.home());
    const strip = page.getByRole('navigation', { name: 'Categories' });
    await expect(strip.getByRole('button', { name: 'All Categories' })).toBeVisible();
    const links = strip.getByRole('link');
    await expect(links).toHaveText([
      'Baby',
      'Bags, Wallets & Luggage',
      'Beauty',
      'Car & MotorBike',
      'Clothing & Accessories',
      'Computers & Accessories',
      'Electronics',
      'Home & Kitchen',
    ]);
    await expect(links.nth(1)).toHaveAttribute('href', '/categories/bags,-wallets-&-luggage');
    await expect(links.nth(7)).toHaveAttribute('href', '/categories/home-&-kitchen');

    await links.nth(1).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bags, Wallets & Luggage');
    await expect(page.getByTestId('result-text')).toHaveText(
      /^Showing \d+ of \d+ products · Page 1$/,
    );
  });

  test("the 'Shop By Category' drawer lists subcategories and 'See all in' links", async ({
    page,
    navigate,
  }) => {
    await navigate(href.home());
    await page.getByRole('button', { name: 'All Categories' }).click();
    const drawer = page.getByRole('dialog', { name: 'Shop By Category' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Pet Supplies' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'See all in Baby' })).toHaveAttribute(
      'href',
      '/categories/baby',
    );
    await expect(drawer.getByRole('link', { name: 'Baby Bath & Skin' })).toHaveAttribute(
      'href',
      '/subcategories/baby-bath-&-skin',
    );

    await drawer.getByRole('link', { name: 'Diapering' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/subcategories\/diapering$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diapering');
    await expect(page.getByTestId('result-text')).toHaveText(
      /^Showing \d+ of \d+ products · Page 1$/,
    );
  });

  test('the drawer locks scrolling without breaking the CSP, closes with Escape and returns focus', async ({
    page,
    navigate,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await navigate(href.home());
    const opener = page.getByRole('button', { name: 'All Categories' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Shop By Category' })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(opener).toBeFocused();
    // The scroll lock works under the strict CSP without inline styles.
    expect(errors).toEqual([]);
  });

  test('the footer links the four policy pages and shows copyright, address and support email', async ({
    page,
    navigate,
  }) => {
    await navigate(href.home());
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('navigation', { name: 'Policies' }).getByRole('link')).toHaveText(
      ['Shipping Policy', 'Returns Policy', 'Privacy Policy', 'Terms & Conditions', 'FAQ'],
    );
    await expect(
      footer.getByText(/^© \d{4} B2B Storefront\. All rights reserved\.$/),
    ).toBeVisible();
    await expect(footer.getByText('Mumbai, Maharashtra 400051, India')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'support@storefront.local' })).toHaveAttribute(
      'href',
      'mailto:support@storefront.local',
    );
  });

  for (const path of ['/checkout', '/auth', '/order-success', '/verify-email/some-token']) {
    test(`header and footer are hidden on ${path}`, async ({ page, navigate }) => {
      await navigate(path);
      await expect(page.locator('main#main')).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    });
  }
});
