/**
 * Issue 19's console journeys: a member invited with the store CLI enrols (the TOTP code
 * computed from the secret the setup page shows), signs in, and ships a paid order, which the
 * buyer then sees as Shipped; and a buyer's session never opens the console.
 */
import { TOTP } from 'otpauth';
import { href } from '@storefront/shared/routes';
import { expect, test } from '../../fixtures';
import { findTieredProductWithOptions, placeOrderThroughApi } from '../orders/helpers';
import { freshCode, inviteWithCli, PASSWORD, payOnGateway } from './staff';

test('an invited member enrols, signs in and ships an order, which the buyer sees shipped', async ({
  page,
  login,
  navigate,
}) => {
  test.setTimeout(150_000);
  const email = `packer-${Date.now()}@shop.example`;
  await page.goto(inviteWithCli(email));

  // Enrolment: the secret as the page shows it, for an app that cannot scan.
  await expect(
    page.getByRole('img', { name: `QR code to add ${email} to an authenticator app` }),
  ).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  const totp = new TOTP({ secret });
  await page.getByLabel('Your name').fill('Ravi Kumar');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  let last = await freshCode(totp, -1);
  await page.getByLabel('6-digit code from the app').fill(last.code);
  await page.getByRole('button', { name: 'Finish setting up' }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Open the console' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Orders',
    'Return requests',
    'Buyers',
  ]);

  // Signing out and in again, with the next code.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You have signed out.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  last = await freshCode(totp, last.step);
  await page.getByLabel('6-digit code').fill(last.code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // A buyer's paid order.
  const session = await login();
  const order = await placeOrderThroughApi(
    page.request,
    session.access_token,
    await findTieredProductWithOptions(page.request),
  );
  await navigate(href.orderPayment(order._id.$oid));
  await payOnGateway(page);

  // The member finds it on the desk and ships it.
  await page.goto(`/admin/orders?q=${order.mkpOrderId}`);
  await page.getByRole('link', { name: order.mkpOrderId }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.mkpOrderId}` })).toBeFocused();
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark shipped' });
  await dialog.getByLabel('Carrier').fill('BlueDart');
  await dialog.getByLabel('Tracking number').fill('BD123456789IN');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('BD123456789IN', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible();

  // The buyer sees it shipped.
  await navigate(href.orders());
  const card = page
    .getByTestId('order-card')
    .filter({ has: page.locator(`a[href="${href.orderDetail(order._id.$oid)}"]`) });
  await expect(card.getByTestId('order-status')).toHaveText('Shipped');
});

test("a buyer's session never opens the console", async ({ page, login }) => {
  const session = await login();
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);

  const asBuyer = await page.request.get('/api/staff/orders', {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  expect(asBuyer.status()).toBe(403);
  expect(await asBuyer.json()).toMatchObject({ code: 'staff_only' });
  const anonymous = await page.request.get('/api/staff/session');
  expect(anonymous.status()).toBe(401);
});
