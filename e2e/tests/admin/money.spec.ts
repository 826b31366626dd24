/**
 * Issue 19's money journeys in the console (decision 044): a fulfilment member cancels a paid
 * order and its full refund goes through the sandbox gateway — the console, the buyer's order
 * page, the emails and the gateway's own page all show it; a finance member refunds part of a
 * paid order through the Refund dialog; and a fulfilment member is refused a refund, in the
 * page and at the API.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatRupees } from '@storefront/shared/money';
import type { DeskOrderDetail } from '@storefront/shared/order-desk';
import { href } from '@storefront/shared/routes';
import { expect, test, type Login, type Page } from '../../fixtures';
import { findTieredProductWithOptions, placeOrderThroughApi } from '../orders/helpers';
import { enrolMember, payOnGateway, root } from './staff';

type Navigate = (path: string) => Promise<void>;

const outboxDir = join(process.env.E2E_DATA_DIR ?? join(root, 'e2e', '.data'), 'outbox');

/** The outbox's emails of `kind` (`{id}-{kind}.eml`) that name the order. */
function emailsOf(kind: string, mkpOrderId: string): string[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith(`-${kind}.eml`))
    .map((name) => readFileSync(join(outboxDir, name), 'utf8').replace(/=\r?\n/g, ''))
    .filter((text) => text.includes(mkpOrderId));
}

/** A buyer's order, paid through the sandbox gateway's page. */
async function paidOrder(page: Page, login: Login, navigate: Navigate) {
  const session = await login();
  const order = await placeOrderThroughApi(
    page.request,
    session.access_token,
    await findTieredProductWithOptions(page.request),
  );
  await navigate(href.orderPayment(order._id.$oid));
  await payOnGateway(page);
  return { id: order._id.$oid, mkpOrderId: order.mkpOrderId };
}

/** The order as the desk's API answers it, with the page's staff session. */
async function deskOrder(page: Page, mkpOrderId: string): Promise<DeskOrderDetail> {
  const response = await page.request.get(`/api/staff/orders/${mkpOrderId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as DeskOrderDetail;
}

const fact = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Summary' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test('a fulfilment member cancels a paid order; the sandbox refunds it and everyone sees it', async ({
  page,
  login,
  navigate,
}) => {
  test.setTimeout(150_000);
  await enrolMember(page, `packer-${Date.now()}@shop.example`, 'fulfilment', 'Ravi Kumar');
  const { id, mkpOrderId } = await paidOrder(page, login, navigate);
  const before = await deskOrder(page, mkpOrderId);
  const paid = formatRupees(before.paidPaise);

  await page.goto(`/admin/orders/${mkpOrderId}`);
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel order' });
  await expect(dialog).toContainText(
    `This order is paid: cancelling it refunds the buyer in full, ${paid}.`,
  );
  await dialog.getByLabel('Reason (optional)').fill('The buyer asked by phone');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`${mkpOrderId} is cancelled; a refund of ${paid} has started.`, {
      exact: true,
    }),
  ).toBeVisible();

  // The console: Cancelled, and the refund Completed once the gateway has settled it.
  const refunds = page.getByRole('table', { name: 'Refunds of this order, newest first' });
  await expect(async () => {
    await page.reload();
    await expect(refunds.getByRole('row').nth(1)).toContainText('Completed', { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: `Order ${mkpOrderId}` })).toBeVisible();
  await expect(fact(page, 'Status')).toHaveText('Cancelled');
  const row = refunds.getByRole('row').nth(1);
  await expect(row).toContainText(paid);
  await expect(row).toContainText('Order cancelled');
  await expect(fact(page, 'Refunded')).toHaveText(paid);
  await expect(fact(page, 'Refundable')).toHaveText('₹0.00');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // The gateway's own page of the transaction lists the refund.
  const transaction = before.payments[0]!.merchantTransactionId;
  const gateway = await page.context().newPage();
  await gateway.goto(`/sandbox-pay/${transaction}`);
  await expect(gateway.getByRole('heading', { name: 'Refunds' })).toBeVisible();
  await expect(gateway.getByRole('listitem')).toHaveText([`${paid} — refunded`]);
  await gateway.close();

  // The buyer's order page.
  await navigate(href.orderDetail(id));
  await expect(page.getByTestId('order-refund')).toHaveText(`Refunded${paid}`);
  await expect(
    page.locator('dt', { hasText: /^Status$/ }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('Cancelled');

  // The emails.
  await expect.poll(() => emailsOf('order_cancelled', mkpOrderId).length).toBe(1);
  await expect.poll(() => emailsOf('order_refunded', mkpOrderId).length).toBe(1);
});

test('a finance member refunds part of a paid order, which stays Paid', async ({
  page,
  login,
  navigate,
}) => {
  test.setTimeout(150_000);
  await enrolMember(page, `cashier-${Date.now()}@shop.example`, 'finance', 'Meena Iyer');
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Orders',
    'Return requests',
    'Payments',
    'Quotes',
    'Buyers',
    'Tax documents & returns',
    'Tax rates',
    'Settings',
  ]);
  const { mkpOrderId } = await paidOrder(page, login, navigate);
  const before = await deskOrder(page, mkpOrderId);

  await page.goto(`/admin/orders/${mkpOrderId}`);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund' });
  await dialog.getByLabel('Amount in rupees').fill(String(before.paidPaise / 100 + 1));
  await dialog.getByLabel('Reason').fill('One carton arrived damaged');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByLabel('Amount in rupees')).toHaveAccessibleDescription(
    new RegExp(`At most ${formatRupees(before.paidPaise).replace(/[.₹]/g, '\\$&')} is left`),
  );
  await dialog.getByLabel('Amount in rupees').fill('150.50');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();

  const refunds = page.getByRole('table', { name: 'Refunds of this order, newest first' });
  await expect(async () => {
    await page.reload();
    await expect(refunds.getByRole('row').nth(1)).toContainText('Completed', { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const row = refunds.getByRole('row').nth(1);
  await expect(row).toContainText('₹150.50');
  await expect(row).toContainText('One carton arrived damaged');
  await expect(row).toContainText('cashier-');
  await expect(fact(page, 'Status')).toHaveText('Paid');
  await expect(fact(page, 'Refunded')).toHaveText('₹150.50');
  await expect(fact(page, 'Refundable')).toHaveText(formatRupees(before.paidPaise - 150_50));
  await expect(page.getByRole('button', { name: 'Refund' })).toBeVisible();
});

test('a fulfilment member is refused a refund, in the page and at the API', async ({
  page,
  login,
  navigate,
}) => {
  test.setTimeout(120_000);
  await enrolMember(page, `packer2-${Date.now()}@shop.example`, 'fulfilment', 'Arjun Rao');
  const { mkpOrderId } = await paidOrder(page, login, navigate);
  await page.goto(`/admin/orders/${mkpOrderId}`);
  await expect(fact(page, 'Refundable')).not.toHaveText('₹0.00');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);

  const refused = await page.request.post(`/api/staff/orders/${mkpOrderId}/refunds`, {
    headers: { 'idempotency-key': `e2e-${Date.now()}` },
    data: { reason: 'Trying anyway', amountPaise: 100 },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'role_forbidden' });
  expect((await deskOrder(page, mkpOrderId)).refunds).toEqual([]);
});
