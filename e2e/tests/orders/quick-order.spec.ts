/**
 * Issue 22 "Ordering faster" (decision 065): 30 rows pasted from a spreadsheet into quick order,
 * three of them bad, give three clear row errors and 27 cart lines; the same rows as a CSV file
 * are reported row by row and added only once confirmed; a delivered order goes back into the
 * cart with Reorder.
 */
import type { APIRequestContext } from '@playwright/test';
import type { CartResponse } from '@storefront/shared/cart';
import type { ProductDetail } from '@storefront/shared/catalog';
import { QUANTITY_MAX } from '@storefront/shared/constants';
import { href } from '@storefront/shared/routes';
import { expect, test, type Page } from '../../fixtures';
import {
  deliverOrder,
  emptyCart,
  findTieredProductWithOptions,
  orderableFreely,
  placeOrderThroughApi,
  shipOrder,
} from './helpers';

interface Rows {
  /** 30 lines of SKU and quantity, the bad ones at rows 5, 14 and 23. */
  lines: [string, string][];
  /** The three row errors, in order. */
  errors: string[];
}

/** 27 products any small quantity of which can be ordered, and one with a minimum above 1. */
async function quickOrderRows(request: APIRequestContext): Promise<Rows> {
  const plain: ProductDetail[] = [];
  let minimum: ProductDetail | undefined;
  const categories = await request.get('/api/products/categories');
  const { payload: names } = (await categories.json()) as { payload: { category: string }[] };
  for (const { category } of names) {
    for (const page of [1, 2]) {
      const query = encodeURIComponent(category.toLowerCase());
      const list = await request.get(`/api/products?query=${query}&limit=20&page=${page}`);
      const { payload } = (await list.json()) as { payload: { _id: string }[] };
      for (const { _id } of payload) {
        const detail = await request.get(`/api/products/product/${_id}`);
        const product = ((await detail.json()) as { payload: ProductDetail }).payload;
        if (!minimum && product.options.length === 0 && product.minOrderQuantity > 1)
          minimum = product;
        if (
          plain.length < 27 &&
          product.options.length === 0 &&
          !plain.some((p) => p._id === product._id) &&
          (await orderableFreely(request, product))
        )
          plain.push(product);
      }
      if (plain.length === 27 && minimum) break;
    }
    if (plain.length === 27 && minimum) break;
  }
  if (plain.length < 27 || !minimum) throw new Error('The seeded catalog is short of products');
  const lines: [string, string][] = plain.map((p, i) => [p.code, String((i % 4) + 1)]);
  lines.splice(4, 0, ['NO-SUCH-SKU-404', '2']);
  lines.splice(13, 0, [plain[0]!.code, 'twelve']);
  lines.splice(22, 0, [minimum.code, '1']);
  return {
    lines,
    errors: [
      'No product has the SKU or code "NO-SUCH-SKU-404".',
      `Quantity must be a whole number from 1 to ${QUANTITY_MAX}`,
      `${minimum.name} has a minimum order of ${minimum.minOrderQuantity} units; you chose 1.`,
    ],
  };
}

async function cartLines(page: Page, token: string): Promise<CartResponse['lines']> {
  const answer = await page.request.get('/api/cart/', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as CartResponse).lines;
}

test('30 pasted rows with three bad ones: three row errors, 27 cart lines', async ({
  page,
  login,
  navigate,
}) => {
  const session = await login();
  await emptyCart(page.request, session.access_token);
  const rows = await quickOrderRows(page.request);

  await navigate(href.home());
  await page.getByRole('button', { name: /Account & Lists/ }).click();
  await page.getByRole('menuitem', { name: 'Quick Order' }).click();
  await expect(page.getByRole('heading', { name: 'Quick order' })).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Paste from a spreadsheet' })
    .fill(rows.lines.map((cells) => cells.join('\t')).join('\n'));
  await page.getByRole('button', { name: 'Add pasted rows' }).click();

  await expect(page.getByTestId('quick-order-row')).toHaveCount(30);
  await expect(page.getByTestId('problem-message')).toHaveText(rows.errors);
  const bad = page.getByTestId('quick-order-row').filter({ has: page.getByTestId('row-problem') });
  await expect(bad.getByRole('combobox')).toHaveCount(3);
  await expect(page.getByText('27 of 30 rows ready; 3 need attention.')).toBeVisible();

  await page.getByRole('button', { name: 'Add 27 lines to cart' }).click();
  await expect(page.getByRole('status')).toContainText('27 lines added to your cart.');
  // The three rows to fix stay on the page; the cart holds the 27, in the pasted order.
  await expect(page.getByTestId('quick-order-row')).toHaveCount(3);
  const lines = await cartLines(page, session.access_token);
  expect(lines.map((l) => [l.sku, String(l.quantity)])).toEqual(
    rows.lines.filter((_, i) => ![4, 13, 22].includes(i)),
  );
  await expect(page.getByTestId('cart-count')).toHaveText(
    String(lines.reduce((sum, l) => sum + l.quantity, 0)),
  );
});

test('the same rows as a CSV file: a report, and nothing added until confirmed', async ({
  page,
  login,
  navigate,
}) => {
  const session = await login();
  await emptyCart(page.request, session.access_token);
  const rows = await quickOrderRows(page.request);

  await navigate(href.quickOrder());
  const template = await page.request.get('/api/cart/quick-order/template.csv');
  expect(await template.text()).toBe('SKU,Quantity\r\n');
  await expect(page.getByRole('link', { name: 'Download the template' })).toHaveAttribute(
    'href',
    '/api/cart/quick-order/template.csv',
  );
  const csv = ['SKU,Quantity', ...rows.lines.map((cells) => cells.join(','))].join('\r\n');
  await page.getByLabel('CSV file').setInputFiles({
    name: 'monthly-order.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}\r\n`),
  });

  const report = page.getByTestId('csv-report');
  await expect(report).toContainText(
    '27 of 30 rows can be added; 3 cannot (nothing is added until you confirm).',
  );
  await expect(report.getByTestId('problem-message')).toHaveText(rows.errors);
  // Rows are numbered as the file numbers them: the header is row 1.
  await expect(report.getByTestId('csv-row').nth(4).locator('td').first()).toHaveText('6');
  expect(await cartLines(page, session.access_token)).toEqual([]);

  await report.getByRole('button', { name: 'Add 27 valid rows to cart' }).click();
  await expect(page.getByRole('status')).toContainText('27 lines added to your cart.');
  await expect(page.getByTestId('csv-report')).toHaveCount(0);
  expect(await cartLines(page, session.access_token)).toHaveLength(27);
});

test('Reorder puts a delivered order back in the cart', async ({ page, login, navigate }) => {
  // Paying, shipping and delivering through the operator's commands take most of a minute.
  test.setTimeout(150_000);
  const session = await login();
  const order = await placeOrderThroughApi(
    page.request,
    session.access_token,
    await findTieredProductWithOptions(page.request),
  );
  const id = order._id.$oid;
  await navigate(href.order(id));
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(/\/order-success/);
  expect(shipOrder(order.mkpOrderId, 'BlueDart', 'BD-REORDER')).toContain('SHIPPED');
  expect(deliverOrder(order.mkpOrderId)).toContain('DELIVERED');
  expect(await cartLines(page, session.access_token)).toEqual([]);

  await navigate(href.orderDetail(id));
  await expect(page.getByTestId('order-status')).toHaveText('Delivered');
  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect(page.getByTestId('reorder-outcome')).toContainText(
    "1 line added to your cart at today's prices.",
  );
  const lines = await cartLines(page, session.access_token);
  expect(lines.map((l) => [l.sku, l.quantity])).toEqual([
    [order.orderDetails[0]!.sku, order.orderDetails[0]!.quantity],
  ]);
  await page.getByTestId('reorder-outcome').getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // The line's product name, exactly: its quantity box's label ("Quantity of …") holds it too.
  const name = order.orderDetails[0]!.title.split(' (')[0]!;
  await expect(page.getByTestId('cart-line').getByText(name, { exact: true })).toBeVisible();
});
