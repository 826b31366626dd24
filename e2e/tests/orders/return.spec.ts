/**
 * Issue 22's returns journey (decisions 061, 064): a buyer's paid order is shipped and delivered;
 * the buyer returns one unit of its line as damaged, with a photo, from the order page; a finance
 * member accepts it, marks the goods received (which refunds them through the order desk, with
 * a credit note) in the console; the buyer sees the refund and its credit note on the order page,
 * and the emails of each step are in the outbox.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatRupees, rupeesToPaise } from '@storefront/shared/money';
import { href } from '@storefront/shared/routes';
import { expect, test } from '../../fixtures';
import { enrolMember, payOnGateway, root } from '../admin/staff';
import {
  deliverOrder,
  findTieredProductWithOptions,
  placeOrderThroughApi,
  shipOrder,
} from './helpers';

const outboxDir = join(process.env.E2E_DATA_DIR ?? join(root, 'e2e', '.data'), 'outbox');

/** The outbox's emails of `kind` (`{id}-{kind}.eml`) that name the order. */
function emailsOf(kind: string, mkpOrderId: string): string[] {
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((name) => name.endsWith(`-${kind}.eml`))
    .map((name) => readFileSync(join(outboxDir, name), 'utf8').replace(/=\r?\n/g, ''))
    .filter((text) => text.includes(mkpOrderId));
}

/** A 1 × 1 PNG: a photo the server can decode and re-encode. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a buyer returns a damaged unit with a photo; staff accept, receive and refund it; the buyer sees the refund', async ({
  page,
  login,
  navigate,
}) => {
  test.setTimeout(240_000);
  await enrolMember(page, `returns-${Date.now()}@shop.example`, 'finance', 'Meena Iyer');

  // A paid order of 2 units, shipped and delivered.
  const session = await login();
  const order = await placeOrderThroughApi(
    page.request,
    session.access_token,
    await findTieredProductWithOptions(page.request),
  );
  const id = order._id.$oid;
  const { mkpOrderId } = order;
  // One line: returning one of its units leaves nothing else to return while the request is open.
  expect(order.orderDetails).toHaveLength(1);
  const line = order.orderDetails[0]!;
  const amount = formatRupees(rupeesToPaise(line.consumerPrice));
  await navigate(href.orderPayment(id));
  await payOnGateway(page);
  expect(shipOrder(mkpOrderId, 'BlueDart', 'BD555')).toContain('SHIPPED');
  expect(deliverOrder(mkpOrderId)).toContain('DELIVERED');

  // The buyer asks to return one unit, as damaged, with a photo.
  await navigate(href.orderDetail(id));
  const returns = page.getByRole('region', { name: 'Returns' });
  await expect(returns).toContainText('Damaged, defective or wrong items can be returned until');
  await returns.getByRole('button', { name: 'Return items' }).click();
  const dialog = page.getByRole('dialog', { name: `Return items of order ${mkpOrderId}` });
  await dialog
    .getByRole('checkbox', { name: new RegExp(line.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .check();
  await expect(dialog.getByLabel(`Units of ${line.title} to return`)).toHaveValue('1');
  await dialog.getByRole('radio', { name: 'Damaged' }).check();
  await dialog
    .getByLabel('What is wrong with the items?')
    .fill('One unit arrived with its casing cracked open.');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'crack.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(dialog.getByText('crack.png')).toBeVisible();
  await dialog.getByRole('button', { name: 'Request return' }).click();
  await expect(dialog).toBeHidden();
  const request = returns.getByTestId('return-request');
  await expect(request.getByTestId('return-status')).toHaveText('Return requested');
  await expect(request.getByRole('img', { name: 'Evidence 1 of this return' })).toBeVisible();
  await expect(returns).toContainText('Every item left to return is in a return request below.');

  // Finance finds it in the console's queue, accepts it and marks the goods received.
  await page.goto('/admin/return-requests?status=requested');
  const row = page.getByRole('row').filter({ hasText: mkpOrderId });
  await expect(row.getByTestId('return-status')).toHaveText('Requested');
  await row.getByRole('link', { name: /^Return #\d+$/ }).click();
  await expect(page.getByRole('heading', { name: /^Return request #\d+$/ })).toBeFocused();
  await expect(page.getByRole('img', { name: 'Evidence 1 from the buyer' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What the buyer says' })).toContainText(
    'One unit arrived with its casing cracked open.',
  );
  await page.getByRole('button', { name: 'Accept' }).click();
  const accept = page.getByRole('dialog', { name: 'Accept the return' });
  await accept
    .getByLabel('Note to the buyer (optional)')
    .fill('Send it back with BlueDart, please.');
  await accept.getByRole('button', { name: 'Accept return' }).click();
  await expect(accept).toBeHidden();
  await page.getByRole('button', { name: 'Mark received' }).click();
  const receive = page.getByRole('dialog', { name: 'Mark the goods received' });
  await expect(receive).toContainText(`this refunds ${amount} to the buyer`);
  await receive.getByRole('button', { name: 'Mark received and refund' }).click();
  await expect(receive).toBeHidden();
  const refund = page.getByRole('region', { name: 'Refund' });
  // Completed once the sandbox gateway has settled it; its credit note follows.
  await expect(async () => {
    await page.reload();
    await expect(refund).toContainText('StateCompleted', { timeout: 1_000 });
    await expect(refund.getByRole('link', { name: /^Download credit note / })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('return-status').first()).toHaveText('Refunded');

  // The buyer sees the refund, with its credit note, on the order page.
  await navigate(href.orderDetail(id));
  await expect(request.getByTestId('return-status')).toHaveText('Refunded');
  await expect(request.getByTestId('return-refund')).toContainText(`Refunded: ${amount}`);
  await expect(request).toContainText('Note from the store: Send it back with BlueDart, please.');
  await expect(request.getByRole('button', { name: /^Download credit note / })).toBeVisible();
  await expect(page.getByTestId('order-refund')).toHaveText(`Refunded${amount}`);

  // An email at each step.
  await expect.poll(() => emailsOf('return_update', mkpOrderId).length).toBe(3);
  const updates = emailsOf('return_update', mkpOrderId).join('\n');
  expect(updates).toContain(`We have your return request for order ${mkpOrderId}`);
  expect(updates).toContain(`Your return for order ${mkpOrderId} is accepted`);
  expect(updates).toContain(`We received your returned items for order ${mkpOrderId}`);
  await expect.poll(() => emailsOf('order_refunded', mkpOrderId).length).toBe(1);
});
