/**
 * Issue 22's quote journey: the buyer requests a quote for every line of the cart, with a target
 * price and a note; a finance member answers it in the console with a price per line and an
 * expiry (and a message); the buyer sees the quoted prices, accepts through the checkout, pays
 * the quoted total through the sandbox gateway, and the paid order shows the quoted prices. The
 * buyer may instead withdraw a request or decline a price (decision 073): the desk is emailed.
 */
import { formatRupees } from '@storefront/shared/money';
import { quoteReference } from '@storefront/shared/quote-labels';
import { href } from '@storefront/shared/routes';
import { test as base, expect, type Page } from '../../fixtures';
import { enrolMember, payOnGateway } from '../admin/staff';
import { addToCartThroughApi, emptyCart, findTieredProductWithOptions } from './helpers';

interface QuoteDesk {
  /** A finance member's console page, in a browser context of its own. */
  staff: Page;
  email: string;
}

const test = base.extend<{ quoteDesk: QuoteDesk }>({
  quoteDesk: async ({ browser }, use) => {
    const context = await browser.newContext();
    const staff = await context.newPage();
    const email = `desk-${Date.now()}@shop.example`;
    await enrolMember(staff, email, 'finance', 'Farah Sales');
    await use({ staff, email });
    await context.close();
  },
});

// A member's enrolment and the gateway's round trip on top of the journey.
test.describe.configure({ timeout: 120_000 });

/** On the console's page of an unpriced quote: a unit price a line, the total seen, sent. */
async function sendPrice(staff: Page, unitPrices: readonly string[], totalPaise: number) {
  for (const [index, price] of unitPrices.entries())
    await staff.getByLabel(`Unit price (₹, GST incl.) for line ${index + 1}`).fill(price);
  await expect(staff.getByText(formatRupees(totalPaise))).toBeVisible();
  await staff.getByRole('button', { name: 'Send price' }).click();
  await expect(staff.getByText('Version 1 sent', { exact: true })).toBeVisible();
}

/**
 * On the buyer's page of a quote: withdraw the request or decline the price (decision 073),
 * confirmed in the dialog that names the quote, with a reason when given.
 */
async function endQuote(
  page: Page,
  quoteId: string,
  action: 'Withdraw request' | 'Decline price',
  reason?: string,
) {
  const reference = quoteReference(quoteId);
  await page.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog', {
    name:
      action === 'Withdraw request'
        ? `Withdraw request ${reference}?`
        : `Decline the price of ${reference}?`,
  });
  if (reason !== undefined) await dialog.getByLabel(/Reason for our sales team/).fill(reason);
  await dialog.getByRole('button', { name: action }).click();
}

test('a quote requested from the cart, answered in the console, accepted and paid at its prices', async ({
  page,
  login,
  navigate,
  outbox,
  quoteDesk: { staff },
}) => {
  const session = await login();
  const { product, choices } = await findTieredProductWithOptions(page.request);
  await emptyCart(page.request, session.access_token);
  await addToCartThroughApi(page.request, session.access_token, product, choices[0].variant, 180);
  await addToCartThroughApi(page.request, session.access_token, product, choices[1].variant, 40);

  // The buyer asks from the cart: both lines at their quantities, a target on the first.
  await navigate(href.cart());
  await page.getByRole('link', { name: 'Request a quote' }).click();
  await expect(page).toHaveURL(/\/quotes\/new\?from=cart$/);
  await expect(page.getByLabel('Quantity')).toHaveCount(2);
  await expect(page.getByLabel('Quantity').first()).toHaveValue('180');
  await page.getByLabel('Target price per unit (₹)').first().fill('abc');
  await page.getByRole('button', { name: 'Send quote request' }).click();
  await expect(
    page.getByText('Enter a price in rupees, like 1250 or 1250.50, or leave it empty'),
  ).toBeVisible();
  await page.getByLabel('Target price per unit (₹)').first().fill('95');
  await page.getByLabel('Note to our sales team').fill('Monthly order for our three stores');
  await page.getByRole('button', { name: 'Send quote request' }).click();
  await expect(page).toHaveURL(/\/quotes\/[0-9a-f]{24}$/);
  const quoteId = page.url().split('/').pop()!;
  await expect(page.getByText('Our sales team is pricing your request')).toBeVisible();
  await expect(page.getByText('your target ₹95.00 each')).toBeVisible();
  await expect(page.getByText('Monthly order for our three stores')).toBeVisible();

  // A finance member answers in the console: a price per line, an expiry, and a message.
  await staff.getByRole('link', { name: 'Quotes' }).first().click();
  await staff.getByLabel('Status').selectOption('open');
  await staff.getByRole('link', { name: quoteReference(quoteId) }).click();
  await expect(
    staff.getByRole('heading', { name: `Quote ${quoteReference(quoteId)}` }),
  ).toBeVisible();
  const totalPaise = 180 * 90_00 + 40 * 120_50;
  await sendPrice(staff, ['90', '120.50'], totalPaise);
  await expect(staff.getByRole('button', { name: 'Send new version' })).toBeVisible();
  await staff.getByLabel('Write to the buyer').fill('Delivery in two lots is fine.');
  await staff.getByRole('button', { name: 'Send message' }).click();
  await expect(staff.getByText('Delivery in two lots is fine.')).toBeVisible();
  await expect.poll(() => outbox.latestTo(session.user.email)).toContain(`/quotes/${quoteId}`);

  // The buyer sees the prices and the message in My Quotes, and accepts.
  await navigate(href.quotes());
  await page.getByRole('link', { name: 'View Quote' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/quotes/${quoteId}$`));
  await expect(page.getByText(`Priced at ${formatRupees(totalPaise)}`)).toBeVisible();
  await expect(page.getByText('₹90.00 each')).toBeVisible();
  await expect(page.getByText('₹120.50 each')).toBeVisible();
  await expect(page.getByText('Delivery in two lots is fine.')).toBeVisible();
  await page.getByRole('link', { name: 'Accept and check out' }).click();
  await expect(page.getByRole('heading', { name: 'Accept quote' })).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText(formatRupees(totalPaise));
  await page.getByLabel('First Name').fill('Asha');
  await page.getByLabel('Last Name').fill('Mehta');
  await page.getByLabel('Phone Number').fill('9876543210');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f]{24}$/);
  const orderId = page.url().split('/').pop()!;

  // The payment step asks the quoted total; the sandbox approves it.
  await expect(page.getByTestId('payment-total')).toHaveText(formatRupees(totalPaise));
  await payOnGateway(page);

  // The paid order carries the quoted prices; the quote says it became this order.
  await navigate(href.orderDetail(orderId));
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  const lines = page.getByTestId('order-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('₹90.00');
  await expect(lines.nth(0)).toContainText('Qty: 180');
  await expect(lines.nth(1)).toContainText('₹120.50');
  await expect(page.getByTestId('order-total')).toHaveText(formatRupees(totalPaise));
  await navigate(href.quote(quoteId));
  await expect(page.getByText('You accepted this quote')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View order' })).toHaveAttribute(
    'href',
    href.orderDetail(orderId),
  );
});

test('the buyer withdraws a request and declines a price; the quote desk is emailed and sees both', async ({
  page,
  login,
  navigate,
  outbox,
  quoteDesk: { staff, email: deskEmail },
}) => {
  const session = await login();
  const headers = { authorization: `Bearer ${session.access_token}` };
  const { product, choices } = await findTieredProductWithOptions(page.request);
  const ask = async (note: string) => {
    const asked = await page.request.post('/api/quotes/', {
      headers,
      data: {
        note,
        lines: [
          {
            productId: product._id,
            variantIndex: choices[0].variant.variantIndex,
            source: 'Ex-india custom',
            quantity: 300,
          },
        ],
      },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    return ((await asked.json()) as { payload: { id: string } }).payload.id;
  };
  const unwanted = await ask('For the Nashik store');
  const tooDear = await ask('For the Pune store');

  // A finance member prices the second.
  await staff.goto(`/admin/quotes/${tooDear}`);
  await sendPrice(staff, ['150'], 300 * 150_00);

  // The buyer withdraws the first, after a confirmation, with a reason.
  await navigate(href.quote(unwanted));
  await endQuote(page, unwanted, 'Withdraw request', 'Bought locally');
  await expect(page.getByText('You withdrew this request')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw request' })).toHaveCount(0);
  await expect.poll(() => outbox.latestTo(deskEmail)).toContain(`/admin/quotes/${unwanted}`);
  expect(outbox.latestTo(deskEmail)).toContain('Their reason: Bought locally');

  // ... and declines the price of the second.
  await navigate(href.quote(tooDear));
  await endQuote(page, tooDear, 'Decline price');
  await expect(page.getByText('You declined version 1 of our price')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Accept and check out' })).toHaveCount(0);
  await expect.poll(() => outbox.latestTo(deskEmail)).toContain(`/admin/quotes/${tooDear}`);

  // The desk sees both as the buyer left them, and can no longer price them.
  for (const [id, status, reason] of [
    [unwanted, 'Withdrawn', 'Bought locally'],
    [tooDear, 'Declined by buyer', 'None given'],
  ] as const) {
    await staff.goto(`/admin/quotes/${id}`);
    const standing = staff.getByRole('region', { name: 'Where it stands' });
    await expect(standing).toContainText(status);
    await expect(standing).toContainText(reason);
    await expect(staff.getByRole('button', { name: /Send (price|new version)/ })).toHaveCount(0);
  }
});
