/**
 * Issue 5's journey: cart across a tier boundary, checkout with a missing field then a full
 * address, the order in /orders found by part of its number, its detail, and after payment the
 * operator's shipment in the tracking view.
 */
import { formatRupees } from '@storefront/shared/money';
import { priceLine } from '@storefront/shared/pricing';
import { href } from '@storefront/shared/routes';
import { expect, test } from '../../fixtures';
import { emptyCart, findTieredProductWithOptions, shipOrder } from './helpers';

test('a buyer fills a cart across a tier boundary, checks out, finds the order and tracks it', async ({
  page,
  login,
  navigate,
}) => {
  const session = await login();
  await emptyCart(page.request, session.access_token);
  const { product, boundary } = await findTieredProductWithOptions(page.request);
  const pricing = {
    spPaise: Math.round(product.sp * 100),
    tiers: product.priceTiers.map((tier) => ({
      minQuantity: tier.minQuantity,
      maxQuantity: tier.maxQuantity,
      pricePaise: Math.round(tier.price * 100),
    })),
  };
  const unit = (quantity: number) =>
    formatRupees(priceLine(pricing, quantity, 'Ex-india custom').unitPaise);

  // Add to Cart at the last quantity of the first tier.
  await navigate(`${href.product(product._id)}?qty=${boundary - 1}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByText(`${boundary - 1} item(s) added to your cart.`, { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(String(2 * (boundary - 1)));

  // The cart: one line with both adds; setting the boundary, then one more, reprices the line.
  await navigate(href.cart());
  const quantity = page.getByRole('textbox', { name: `Quantity of ${product.name}` });
  await quantity.fill(String(boundary));
  const patched = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.ok(),
  );
  await quantity.fill(String(boundary + 1));
  await expect(page.getByTestId('unit-price')).toHaveText(unit(boundary + 1));
  expect((await patched).request().postDataJSON()).toMatchObject({ quantity: boundary + 1 });
  await expect(page.getByTestId('cart-count')).toHaveText(String(boundary + 1));
  await page.reload();
  await expect(quantity).toHaveValue(String(boundary + 1));
  await expect(page.getByTestId('unit-price')).toHaveText(unit(boundary + 1));
  expect(unit(boundary + 1)).not.toBe(unit(boundary));

  // Checkout: a missing city is refused with its message; the full address creates the order.
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.getByLabel('First Name').fill('Asha');
  await page.getByLabel('Last Name').fill('Mehta');
  await page.getByLabel('Address Line 1').fill('12 MG Road');
  await page.getByLabel('State / Province').fill('Maharashtra');
  await page.getByLabel('ZIP / Postal Code').fill('411001');
  await page.getByLabel('Phone Number').fill('9876543210');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('City is required')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel('City').fill('Pune');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f]{24}$/);
  await expect(page.getByRole('button', { name: 'Complete Payment' })).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toHaveText('2Payment');
  const orderId = page.url().split('/').pop() ?? '';
  await expect(page.getByTestId('cart-count')).toBeHidden();

  // The order in /orders, Payment Pending, found by part of its number.
  await navigate(href.orders());
  const cards = page.getByTestId('order-card');
  const card = cards.filter({ has: page.locator(`a[href="${href.orderDetail(orderId)}"]`) });
  await expect(card.getByTestId('order-status')).toHaveText('Payment Pending');
  const mkpOrderId = (await card.getByRole('heading').textContent()) ?? '';
  expect(mkpOrderId).toMatch(/^MKP-\d{8}-[A-Z0-9]{6}$/);
  await page
    .getByRole('searchbox', { name: 'Search by order number' })
    .fill(` ${mkpOrderId.slice(-6).toLowerCase()} `);
  await expect(cards).toHaveCount(1);
  await cards.getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { name: `Order ${mkpOrderId}` })).toBeVisible();
  await expect(page.getByText('Seller SKU:').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay Now' })).toBeVisible();

  // Paid through the sandbox gateway, then shipped by the operator.
  await page.getByRole('link', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByText('Payment status:')).toContainText('Paid');
  expect(shipOrder(mkpOrderId, 'BlueDart', 'BD123')).toContain('SHIPPED');

  await navigate(href.orderDetail(orderId));
  await expect(page.getByTestId('order-status')).toHaveText('Shipped');
  await page.getByRole('button', { name: 'Track Package' }).click();
  const tracking = page.getByRole('dialog', { name: 'Track Package' });
  await expect(tracking.getByTestId('tracking-step')).toHaveCount(4);
  await expect(tracking.locator('[data-testid="tracking-step"][data-done="true"]')).toHaveCount(3);
  await expect(tracking.getByText('BlueDart')).toBeVisible();
  await expect(tracking.getByText('BD123')).toBeVisible();
});
