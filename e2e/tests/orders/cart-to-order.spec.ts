/**
 * Issue 5's journey: logged out, Add to Cart leads to the login form, which brings the buyer
 * back to the same choices; two variants go to the cart on either side of a tier boundary; the
 * stepper crosses the boundary and, after its 500 ms pause, the server's prices are shown;
 * checkout with billing details from the account and a missing field then a full ship-to; the
 * order in /orders found by part of its number, its detail with its billing and GST, and after
 * payment the operator's shipment in the tracking view.
 */
import { formatRupees } from '@storefront/shared/money';
import { priceLine } from '@storefront/shared/pricing';
import { href } from '@storefront/shared/routes';
import { DEMO_BUYER, expect, test } from '../../fixtures';
import { emptyCart, findTieredProductWithOptions, shipOrder, type VariantChoice } from './helpers';

const SOURCE = 'Ex-india custom';

test('a buyer fills a cart across a tier boundary, checks out, finds the order and tracks it', async ({
  page,
  navigate,
}) => {
  // The demo buyer's cart, emptied through the API, so the journey starts from nothing.
  const setup = await page.request.post('/api/user/login', { data: DEMO_BUYER });
  await emptyCart(page.request, ((await setup.json()) as { access_token: string }).access_token);

  const { product, boundary, choices } = await findTieredProductWithOptions(page.request);
  const [below, above] = choices;
  const pricing = {
    spPaise: Math.round(product.sp * 100),
    tiers: product.priceTiers.map((tier) => ({
      minQuantity: tier.minQuantity,
      maxQuantity: tier.maxQuantity,
      pricePaise: Math.round(tier.price * 100),
    })),
  };
  /** The shared pricing function's answer for a quantity, as the page writes rupees. */
  const price = (quantity: number) => {
    const { unitPaise, lineTotalPaise } = priceLine(pricing, quantity, SOURCE);
    return { unit: formatRupees(unitPaise), line: formatRupees(lineTotalPaise), lineTotalPaise };
  };
  expect(price(boundary).unit).not.toBe(price(boundary + 1).unit);

  async function choose(choice: VariantChoice, quantity: number) {
    for (const [i, option] of product.options.entries())
      await page.getByLabel(option.name, { exact: true }).selectOption(choice.values[i]!);
    await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  }

  // Logged out: Add to Cart asks for a login, and the login form brings the choices back.
  await navigate(href.product(product._id));
  await choose(below, boundary - 1);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/auth\?returnUrl=/);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(DEMO_BUYER.email);
  await form.getByLabel('Password').fill(DEMO_BUYER.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${href.product(product._id)}\\?`));
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue(String(boundary - 1));

  // One variant just below the boundary, the other just above it.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByText(`${boundary - 1} item(s) added to your cart.`, { exact: true }),
  ).toBeVisible();
  await choose(above, boundary + 1);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByText(`${boundary + 1} item(s) added to your cart.`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText(String(2 * boundary));

  // The cart: the first tier's unit price on one line, the second tier's on the other.
  await navigate(href.cart());
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  const lineOf = (choice: VariantChoice) =>
    lines.filter({ has: page.getByText(choice.variant.option1, { exact: true }) });
  const first = lineOf(below);
  const second = lineOf(above);
  const tier1Unit = await first.getByTestId('unit-price').textContent();
  expect(tier1Unit).toBe(price(boundary - 1).unit);
  await expect(first.getByTestId('line-total')).toHaveText(price(boundary - 1).line);
  await expect(second.getByTestId('unit-price')).toHaveText(price(boundary + 1).unit);
  await expect(second.getByTestId('line-total')).toHaveText(price(boundary + 1).line);
  await expect(page.getByTestId('cart-subtotal')).toHaveText(
    formatRupees(price(boundary - 1).lineTotalPaise + price(boundary + 1).lineTotalPaise),
  );

  // Two clicks on + cross the boundary; after the 500 ms pause one PATCH carries the result.
  const patched = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.ok(),
  );
  const increase = first.getByRole('button', { name: `Increase quantity of ${product.name}` });
  await increase.click();
  await increase.click();
  const patch = await patched;
  expect(patch.request().postDataJSON()).toEqual({
    quantity: boundary + 1,
    source: SOURCE,
    variantIndex: below.variant.variantIndex,
  });
  const totalPaise = 2 * price(boundary + 1).lineTotalPaise;
  const expectCartAfterTheEdit = async () => {
    await expect(first.getByRole('textbox')).toHaveValue(String(boundary + 1));
    await expect(first.getByTestId('unit-price')).toHaveText(price(boundary + 1).unit);
    await expect(first.getByTestId('line-total')).toHaveText(price(boundary + 1).line);
    await expect(page.getByTestId('cart-subtotal')).toHaveText(formatRupees(totalPaise));
    await expect(page.getByText(`Subtotal (${2 * (boundary + 1)} items)`)).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText(String(2 * (boundary + 1)));
  };
  await expectCartAfterTheEdit();
  expect(tier1Unit).not.toBe(price(boundary + 1).unit);
  // What the server stored, read back.
  await page.reload();
  await expectCartAfterTheEdit();

  // Checkout (issue 21): the billing details come from the demo buyer's account (a Maharashtra
  // GSTIN), which is the place of supply; the order ships to another address, whose state is
  // chosen from the list. A missing city is refused with its message; then the order is made.
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByLabel('GSTIN')).toHaveValue(/^27[0-9A-Z]{13}$/);
  await expect(page.getByLabel('Billing State')).toHaveValue('Maharashtra');
  await expect(page.getByTestId('place-of-supply')).toContainText(
    'Place of supply: Maharashtra (27)',
  );
  await expect(page.getByTestId('checkout-total')).toHaveText(formatRupees(totalPaise));
  await page.getByRole('radio', { name: 'Ship to a different address' }).check();
  await page.getByLabel('First Name').fill('Asha');
  await page.getByLabel('Last Name').fill('Mehta');
  await page.getByLabel('Address Line 1', { exact: true }).fill('12 MG Road');
  await page.getByLabel('State / Union Territory').selectOption('Maharashtra');
  await page.getByLabel('ZIP / Postal Code', { exact: true }).fill('411001');
  await page.getByLabel('Phone Number').fill('9876543210');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('City is required')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel('City', { exact: true }).fill('Pune');
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
  await expect(page.getByText('Seller SKU:')).toHaveCount(2);
  await expect(page.getByTestId('order-total')).toHaveText(formatRupees(totalPaise));
  // Billed to the account's GSTIN, shipped to Pune; the lines and the total carry their GST.
  await expect(page.getByTestId('billing-details')).toContainText('GSTIN: 27');
  await expect(page.getByText('Pune, Maharashtra (27) 411001')).toBeVisible();
  await expect(page.getByTestId('place-of-supply')).toContainText('Maharashtra (27)');
  await expect(page.getByTestId('line-tax')).toHaveCount(2);
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
