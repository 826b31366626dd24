/**
 * Address book journey (issue 22, decision 066): a buyer saves two addresses in the account's
 * Addresses tab, checks out with the second, and the order ships there; from the payment step
 * the buyer goes back to shipping, changes the address and the billing GSTIN (decision 073),
 * and the same order (same number) carries the new ones, its GST split again.
 */
import type { OrderListResponse } from '@storefront/shared/orders';
import { href } from '@storefront/shared/routes';
import { expect, test } from '../../fixtures';
import { addToCartThroughApi, findTieredProductWithOptions } from '../orders/helpers';

const GSTIN = '27AAPFU0939F1ZV';
/** The same company's registration in Karnataka (the check digit is right). */
const KARNATAKA_GSTIN = '29AAPFU0939F1ZR';
const PASSWORD = 'Ledger&Lantern-58';

test('save two addresses, check out with the second, then change it from the payment step', async ({
  page,
  navigate,
  outbox,
  login,
}) => {
  const email = `address.book.${Date.now()}@example.com`;
  const signup = await page.request.post('/api/user/signup', {
    data: {
      company_name: 'Kulkarni Distributors',
      business_type: 'Distributor',
      business_street: '3 FC Road',
      business_city: 'Pune',
      business_state: 'Maharashtra',
      business_country: 'India',
      full_name: 'Neha Kulkarni',
      phone_number: '9876543210',
      email,
      gst_number: GSTIN,
      password: PASSWORD,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await expect.poll(() => outbox.latestTo(email)).toContain('/verify-email/');
  const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(outbox.latestTo(email)!)![1]!;
  expect((await page.request.get(`/api/user/verify-email/${token}`)).status()).toBe(200);
  const session = await login({ email, password: PASSWORD });
  const headers = { authorization: `Bearer ${session.access_token}` };

  // Two addresses, saved in the account's Addresses tab.
  await navigate(href.profile());
  await page.getByRole('tab', { name: 'Addresses' }).click();
  const saved = [
    ['Pune office', 'Neha Kulkarni', '3 FC Road', 'Pune', 'Maharashtra', '411004'],
    ['Bengaluru depot', 'Ravi Kumar', '8 Brigade Road', 'Bengaluru', 'Karnataka', '560001'],
  ] as const;
  for (const [label, name, line1, city, state, pin] of saved) {
    await page.getByRole('button', { name: 'Add address' }).click();
    const form = page.getByRole('form', { name: 'New address' });
    await form.getByLabel('Label').fill(label);
    await form.getByLabel('Recipient Name').fill(name);
    await form.getByLabel('Address Line 1').fill(line1);
    await form.getByLabel('City').fill(city);
    await form.getByLabel('State / Union Territory').selectOption(state);
    await form.getByLabel('ZIP / Postal Code').fill(pin);
    await form.getByLabel('Phone Number').fill('9845012345');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('button', { name: `Edit ${label}` })).toBeVisible();
  }

  // Check out with the second.
  const { product, choices } = await findTieredProductWithOptions(page.request);
  await addToCartThroughApi(page.request, session.access_token, product, choices[0].variant, 2);
  await navigate(href.checkout());
  await expect(page.getByRole('radio', { name: /Pune office/ })).toBeChecked();
  await page.getByRole('radio', { name: /Bengaluru depot/ }).check();
  // The account gave no PIN code, so the billing details (prefilled from it) need one.
  await page.getByLabel('Billing ZIP / Postal Code').fill('411004');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL(/\/order\/[0-9a-f]{24}$/);
  const shipTo = page.getByRole('region', { name: 'Shipping to' });
  await expect(shipTo).toContainText('Ravi Kumar');
  await expect(shipTo).toContainText('8 Brigade Road');
  await expect(shipTo).toContainText('Bengaluru, Karnataka 560001');
  const placed = (await (
    await page.request.get('/api/orders/', { headers })
  ).json()) as OrderListResponse;
  expect(placed.payload).toHaveLength(1);
  const [order] = placed.payload;
  expect(order!.shippingAddress1).toBe('8 Brigade Road');

  // Billed to the Maharashtra GSTIN, the supply's place is Maharashtra: CGST + SGST.
  await expect(page.getByTestId('place-of-supply')).toHaveText(
    'Place of supply: Maharashtra (27) · CGST + SGST',
  );

  // Back to shipping: the order's billing details and address for editing, saved onto the same
  // order; billed now to the company's Karnataka registration, the GST is split again (IGST).
  await page.getByRole('button', { name: 'Back to Shipping' }).click();
  await expect(page.getByLabel('Address Line 1', { exact: true })).toHaveValue('8 Brigade Road');
  await expect(page.getByLabel('GSTIN')).toHaveValue(GSTIN);
  await page.getByLabel('GSTIN').fill(KARNATAKA_GSTIN);
  await page.getByLabel('Billing Address Line 1').fill('5 Residency Road');
  await page.getByLabel('Billing City').fill('Bengaluru');
  await page.getByLabel('Billing State').selectOption('Karnataka');
  await page.getByLabel('Billing ZIP / Postal Code').fill('560025');
  await page.getByLabel('Address Line 1', { exact: true }).fill('21 Church Street');
  await page.getByLabel('ZIP / Postal Code', { exact: true }).fill('560025');
  await page.getByRole('button', { name: 'Save and Continue to Payment' }).click();
  await expect(shipTo).toContainText('21 Church Street');
  await expect(shipTo).toContainText('Bengaluru, Karnataka 560025');
  await expect(shipTo).toContainText(`GSTIN ${KARNATAKA_GSTIN} · Karnataka`);
  await expect(page.getByRole('status').filter({ hasText: 'updated' })).toContainText(
    /GST worked out again for Karnataka \(29\): IGST ₹[\d,.]+\./,
  );
  await expect(page.getByTestId('place-of-supply')).toHaveText(
    'Place of supply: Karnataka (29) · IGST',
  );
  await expect(page.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
  const after = (await (
    await page.request.get('/api/orders/', { headers })
  ).json()) as OrderListResponse;
  expect(after.payload).toHaveLength(1);
  expect(after.payload[0]).toMatchObject({
    _id: order!._id,
    mkpOrderId: order!.mkpOrderId,
    shippingAddress1: '21 Church Street',
    shippingPostalCode: '560025',
    billing: { gstin: KARNATAKA_GSTIN, city: 'Bengaluru', stateCode: '29' },
  });
  // The saved address is as it was: the order kept its own copy.
  const book = await (await page.request.get('/api/user/address-book', { headers })).json();
  expect(book.payload.addresses.map((a: { address1: string }) => a.address1).sort()).toEqual([
    '3 FC Road',
    '8 Brigade Road',
  ]);
});
