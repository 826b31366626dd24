/**
 * Issue 6's journeys: the payment step through the sandbox gateway and back to the
 * confirmation page; approve → Paid with Track Package and a confirmation email; decline →
 * Payment Failed with Pay Now, and a second attempt that is approved. Issue 17's: the same
 * payment with the store opened at another address than PUBLIC_URL.
 */
import { href } from '@storefront/shared/routes';
import { expect, test, type Login, type Page } from '../../fixtures';
import { findTieredProductWithOptions, placeOrderThroughApi } from './helpers';

async function payOnGateway(page: Page, decision: 'Approve payment' | 'Decline payment') {
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByRole('button', { name: decision }).click();
  await expect(page).toHaveURL(/\/order-success\?orderId=/);
  await expect(page.getByRole('heading', { name: 'Order Submitted' })).toBeVisible();
}

/** A logged-in buyer with a fresh order placed through the API, not yet paid. */
async function orderAwaitingPayment(page: Page, login: Login) {
  const session = await login();
  const order = await placeOrderThroughApi(
    page.request,
    session.access_token,
    await findTieredProductWithOptions(page.request),
  );
  return { session, order, id: order._id.$oid };
}

function orderCard(page: Page, orderId: string) {
  return page
    .getByTestId('order-card')
    .filter({ has: page.locator(`a[href="${href.orderDetail(orderId)}"]`) });
}

test('an approved payment marks the order Paid and sends the confirmation email', async ({
  page,
  login,
  navigate,
  outbox,
}) => {
  const { session, order, id } = await orderAwaitingPayment(page, login);

  await navigate(href.order(id));
  await expect(page.getByTestId('payment-total')).toBeVisible();
  await payOnGateway(page, 'Approve payment');
  await expect(page.getByText('Payment status:')).toContainText('Paid');
  await expect(page.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');

  await page.getByRole('link', { name: 'My Orders' }).click();
  const card = orderCard(page, id);
  await expect(card.getByTestId('order-status')).toHaveText('Paid');
  await expect(card.getByTestId('order-status')).toHaveAttribute('data-tone', 'green');
  await expect(card.getByRole('button', { name: 'Track Package' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);

  await expect
    .poll(() => outbox.latestTo(session.user.email)?.includes(order.mkpOrderId) ?? false)
    .toBe(true);

  // A paid order offers no second payment.
  await navigate(href.orderPayment(id));
  await expect(page.getByText('This order has been paid.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Payment' })).toHaveCount(0);
});

test('a declined payment shows Payment Failed with Pay Now, and paying again succeeds', async ({
  page,
  login,
  navigate,
}) => {
  const { id } = await orderAwaitingPayment(page, login);

  await navigate(href.orderPayment(id));
  await payOnGateway(page, 'Decline payment');
  await expect(page.getByText('Payment status:')).toContainText('Payment Failed');

  await navigate(href.orders());
  const card = orderCard(page, id);
  await expect(card.getByTestId('order-status')).toHaveText('Payment Failed');
  await expect(card.getByTestId('order-status')).toHaveAttribute('data-tone', 'red');
  await card.getByRole('link', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(href.orderPayment(id));

  await payOnGateway(page, 'Approve payment');
  await expect(page.getByText('Payment status:')).toContainText('Paid');
  await navigate(href.orders());
  await expect(orderCard(page, id).getByTestId('order-status')).toHaveText('Paid');
});

test.describe('the store opened at another address than PUBLIC_URL', () => {
  // The journey server's PUBLIC_URL is http://127.0.0.1:<port>; this buyer comes in on localhost,
  // as one trying the store from a phone comes in on a LAN address. The CSP guard watches the
  // gateway's form and its redirect (form-action 'self').
  const address = `localhost:${process.env.E2E_PORT ?? '3310'}`;
  test.use({ baseURL: `http://${address}` });

  test('an approved payment ends on the payment result page at that address', async ({
    page,
    login,
    navigate,
  }) => {
    const { id } = await orderAwaitingPayment(page, login);
    await navigate(href.orderPayment(id));
    await payOnGateway(page, 'Approve payment');
    expect(new URL(page.url()).host).toBe(address);
    await expect(page.getByText('Payment status:')).toContainText('Paid');
  });
});
