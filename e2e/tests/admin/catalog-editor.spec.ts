/**
 * Issue 20's editor journey (decisions 047–050): a catalog member creates a product in the
 * console as a seller would — every field typed, a description in the rich-text editor, three
 * quantity tiers, an option whose two values generate two variants (each with its own SKU, one
 * with its own price and stock), two photos through the uploader — saves it as a draft, is
 * refused activation for a gap between two tiers (said by the field), fixes it and activates
 * it. A buyer then finds it by search, sees its photos, tiers, the variant's price and the stock
 * line, orders the variant at a tier's quantity and pays; the server's total is the one the
 * prices imply; the console then shows the units the order took.
 */
import { crc32, deflateSync } from 'node:zlib';
import { STOCK_TEXT } from '@storefront/shared/constants';
import { href } from '@storefront/shared/routes';
import { lowStockText } from '@storefront/shared/stock';
import type { Locator } from '@playwright/test';
import { expect, test } from '../../fixtures';
import { emptyCart } from '../orders/helpers';
import { enrolMember, payOnGateway } from './staff';

/**
 * A real PNG of `width` × `height` (8-bit RGB, a diagonal gradient of `rgb`), built here so the
 * journey needs no image library or fixture file: the server decodes and re-encodes it.
 */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, not interlaced
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1); // each row starts with its filter byte, 0
    for (let x = 0; x < width; x++) {
      const shade = (x + y) / (width + height);
      rows.set(
        [r, g, b].map((c) => Math.round(c * (0.5 + shade / 2))),
        row + 1 + x * 3,
      );
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The width an image decoded to: 0 until it loads, and for one that fails to. */
const naturalWidth = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => element.naturalWidth);

// In Garden & Outdoor: the journeys share one catalog, and the category journey counts Home &
// Kitchen's 30 products.
const NAME = 'Moradabad Hand-Beaten Copper Watering Can';
const CODE = 'MBD-CAN-01';
const SMALL = '1 L';
const LARGE = '2 L';
/** The product's units, and the larger variant's own (below the low-stock line after the order). */
const PRODUCT_STOCK = 40;
const LARGE_STOCK = 12;
const ORDERED = 10;

test('a seller creates, fixes and activates a product; a buyer finds it, orders and pays', async ({
  page,
  navigate,
  login,
}) => {
  test.setTimeout(240_000);
  await enrolMember(page, `seller-${Date.now()}@shop.example`, 'catalog', 'Farah Qureshi');

  // Products → New product.
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Products' })
    .click();
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill(NAME);
  await page.getByLabel('Brand', { exact: true }).fill('Moradabad Metalcraft');
  await page.getByLabel('Code', { exact: true }).fill(CODE);
  await page.getByLabel('Seller SKU', { exact: true }).fill('MMC-WC-2026');
  await page.getByLabel('HSN code', { exact: true }).fill('7418');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Garden & Outdoor' });
  await page.getByLabel('Subcategory', { exact: true }).selectOption({ label: 'Watering' });
  await page.getByLabel('Weight (grams)').fill('850');
  await page.getByLabel('Dispatch location', { exact: true }).fill('Moradabad, Uttar Pradesh');

  // ₹1,200 MRP, ₹1,000 sale price; 1–9 at ₹1,000, 10–49 at ₹900, 50+ at ₹800 — but the second
  // tier typed from 11, leaving 10 in no tier.
  await page.getByLabel('MRP (₹)').fill('1200');
  await page.getByLabel('Sale price (₹)').fill('1,000');
  await page.getByLabel('Stock (units)').fill(String(PRODUCT_STOCK));
  const addTier = page.getByRole('button', { name: 'Add tier' });
  await addTier.click();
  await expect(page.getByLabel('Tier 1 from', { exact: true })).toHaveValue('1');
  await page.getByLabel('Tier 1 to', { exact: true }).fill('9');
  await page.getByLabel('Tier 1 price', { exact: true }).fill('1000');
  await addTier.click();
  await expect(page.getByLabel('Tier 2 from', { exact: true })).toHaveValue('10');
  await page.getByLabel('Tier 2 from', { exact: true }).fill('11');
  await page.getByLabel('Tier 2 to', { exact: true }).fill('49');
  await page.getByLabel('Tier 2 price', { exact: true }).fill('900');
  await addTier.click();
  await expect(page.getByLabel('Tier 3 from', { exact: true })).toHaveValue('50');
  await page.getByLabel('Tier 3 price', { exact: true }).fill('800.00');

  const addFeature = page.getByRole('button', { name: 'Add feature' });
  await addFeature.click();
  await page
    .getByLabel('Feature 1', { exact: true })
    .fill('Hand-beaten from a single sheet of pure copper');
  await addFeature.click();
  await page
    .getByLabel('Feature 2', { exact: true })
    .fill('A long spout that reaches pots on a shelf');

  // The description, typed and formatted in the rich-text editor.
  const description = page.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.getByRole('button', { name: 'Bold' }).click();
  await description.pressSequentially('Made in Moradabad.');
  await page.getByRole('button', { name: 'Bold' }).click();
  await description.pressSequentially(' Each can is shaped by hand.');
  await description.press('Enter');
  await page.getByRole('button', { name: 'Bulleted list' }).click();
  await description.pressSequentially('Lacquered against tarnish');
  await description.press('Enter');
  await description.pressSequentially('Rinse and dry after use');
  await expect(description.locator('strong')).toHaveText('Made in Moradabad.');
  await expect(description.locator('li')).toHaveText([
    'Lacquered against tarnish',
    'Rinse and dry after use',
  ]);

  // One option, two values: two variants, each with its own SKU; the larger one with its own
  // price and stock.
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('Option 1 name', { exact: true }).fill('Capacity');
  await page.getByLabel('Option 1 values', { exact: true }).fill(`${SMALL}, ${LARGE}`);
  await page.getByRole('button', { name: 'Generate variants from the options' }).click();
  const variants = page.getByRole('table', { name: 'Variants' });
  await expect(variants.getByRole('rowheader')).toHaveText([SMALL, LARGE]);
  await expect(page.getByLabel(`SKU of ${SMALL}`, { exact: true })).toHaveValue(`${CODE}-1L`);
  await page.getByLabel(`SKU of ${SMALL}`, { exact: true }).fill('MBD-CAN-1000');
  await page.getByLabel(`SKU of ${LARGE}`, { exact: true }).fill('MBD-CAN-2000');
  await page.getByLabel(`Price of ${LARGE}`, { exact: true }).fill('1100');
  await page.getByLabel(`Stock of ${LARGE}`, { exact: true }).fill(String(LARGE_STOCK));

  // The editor fits a phone's screen: its tables scroll in their own boxes, not the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Two photos through the uploader.
  await page.getByLabel('Add images', { exact: true }).setInputFiles([
    { name: 'can-front.png', mimeType: 'image/png', buffer: png(480, 480, [184, 115, 51]) },
    { name: 'can-side.png', mimeType: 'image/png', buffer: png(480, 360, [120, 72, 30]) },
  ]);
  const images = page.getByRole('list', { name: 'Product images' });
  await expect(images.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  // Each shown from the server's /images service (decoded: a broken image has no width).
  for (const name of ['Image 1', 'Image 2']) {
    const image = images.getByRole('img', { name, exact: true });
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => naturalWidth(image)).toBeGreaterThan(0);
  }

  // Saved as a draft (the form's default): it may break a rule, and the editor says which.
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('draft');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin\/catalog\/products\/[^/]+$/);
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  const productUrl = page.url();

  // Activation is refused for the gap, said at the summary and by the tier's "from".
  const gap = 'Tier 2 starts at 11, but tier 1 ends at 9: tiers must be contiguous (expected 10)';
  await page.getByRole('button', { name: 'Activate' }).click();
  const summary = page.getByTestId('issue-summary');
  await expect(summary).toContainText('1 thing needs fixing');
  await expect(summary).toContainText(`Quantity tiers, tier 2: ${gap}`);
  await expect(page.getByLabel('Tier 2 from', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByTestId('field-issues').filter({ hasText: gap })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  // Fixed, saved, activated.
  await page.getByLabel('Tier 2 from', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(summary).toBeHidden();
  await expect(page.getByLabel('Tier 2 from', { exact: true })).toHaveValue('10');
  await expect(page.getByLabel('Tier 2 from', { exact: true })).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move to draft' })).toBeVisible();
  // What was typed is what was kept.
  await expect(page.getByLabel(`Price of ${LARGE}`, { exact: true })).toHaveValue('1100');
  await expect(page.getByLabel('Tier 3 price', { exact: true })).toHaveValue('800');
  await expect(page.getByLabel('Stock of 2 L', { exact: true })).toHaveValue(String(LARGE_STOCK));

  // A buyer, with an empty cart, searches the storefront for it.
  const session = await login();
  await emptyCart(page.request, session.access_token);
  await navigate(href.home());
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
  await box.fill(NAME);
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const hit = page.getByTestId('search-hit').filter({ hasText: NAME });
  await expect(hit).toHaveCount(1);
  await expect(page.getByTestId('search-hit').first()).toContainText(NAME);
  await hit.getByRole('link', { name: 'View Product' }).click();
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();

  // Its photos, its tiers at the product's price, the stock line.
  await expect(page.getByTestId('gallery-thumbnails').getByRole('button')).toHaveCount(2);
  await expect.poll(() => naturalWidth(page.getByRole('img', { name: NAME }))).toBeGreaterThan(0);
  const tierRows = page.getByTestId('tier-row');
  await expect(tierRows).toHaveText([
    // Each tier at the default source (Ex-India Customs, × 1.15), as the cart charges it (issue 21).
    /^1-9₹1,150\.00$/,
    /^10-49₹1,035\.00Save 10%$/,
    /^50\+₹920\.00Save 20%$/,
  ]);
  await expect(page.getByTestId('stock-line')).toHaveText(STOCK_TEXT);
  await expect(page.getByText('Made in Moradabad.', { exact: true })).toBeVisible();

  // The larger variant: its own price, the tiers scaled to it, its own stock.
  await page.getByLabel('Capacity', { exact: true }).selectOption(LARGE);
  await expect(page.getByText('₹1,100.00', { exact: true }).first()).toBeVisible();
  await expect(tierRows).toHaveText([
    /^1-9₹1,265\.00$/,
    /^10-49₹1,138\.50Save 10%$/,
    /^50\+₹1,012\.00Save 20%$/,
  ]);
  await expect(page.getByTestId('stock-line')).toHaveText(STOCK_TEXT);

  // Ten of it: the second tier, ₹990 × 1.15 (Ex-India Customs) = ₹1,138.50 a unit, ₹11,385.00.
  await page.getByLabel('Quantity', { exact: true }).fill(String(ORDERED));
  await expect(tierRows.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('unit-price')).toHaveText('₹1,138.50');
  await expect(page.getByTestId('line-total')).toHaveText('₹11,385.00');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByText(`${ORDERED} item(s) added to your cart.`, { exact: true }),
  ).toBeVisible();

  await navigate(href.cart());
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(LARGE);
  await expect(line.getByTestId('unit-price')).toHaveText('₹1,138.50');
  await expect(page.getByTestId('cart-subtotal')).toHaveText('₹11,385.00');

  // Billing comes from the demo buyer's account; the goods go to another address (issue 21).
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('radio', { name: 'Ship to a different address' }).check();
  await page.getByLabel('First Name', { exact: true }).fill('Asha');
  await page.getByLabel('Last Name', { exact: true }).fill('Mehta');
  await page.getByLabel('Address Line 1', { exact: true }).fill('12 MG Road');
  await page.getByLabel('City', { exact: true }).fill('Pune');
  await page.getByLabel('State / Union Territory').selectOption('Maharashtra');
  await page.getByLabel('ZIP / Postal Code', { exact: true }).fill('411001');
  await page.getByLabel('Phone Number', { exact: true }).fill('9876543210');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f]{24}$/);
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByTestId('payment-total')).toHaveText('₹11,385.00');
  await payOnGateway(page);
  await expect(page.getByText('Payment status:')).toContainText('Paid');

  // The order's total as the server computed it.
  await navigate(href.orderDetail(orderId));
  await expect(page.getByTestId('order-total')).toHaveText('₹11,385.00');
  await expect(page.getByTestId('order-line')).toContainText(NAME);

  // The product page now says how few are left of the variant.
  await navigate(href.search(NAME));
  await page
    .getByTestId('search-hit')
    .filter({ hasText: NAME })
    .getByRole('link', { name: 'View Product' })
    .click();
  await page.getByLabel('Capacity', { exact: true }).selectOption(LARGE);
  await expect(page.getByTestId('stock-line')).toHaveText(
    `${STOCK_TEXT}${lowStockText(LARGE_STOCK - ORDERED)}`,
  );

  // Back in the console: the order took its units from the variant's stock, not the product's.
  await page.goto(productUrl);
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  await expect(page.getByLabel(`Stock of ${LARGE}`, { exact: true })).toHaveValue(
    String(LARGE_STOCK - ORDERED),
  );
  await expect(page.getByLabel('Product stock', { exact: true })).toHaveValue(
    String(PRODUCT_STOCK),
  );
  await page.getByRole('link', { name: 'All products' }).click();
  await page.getByLabel('Name, code or seller SKU').fill(CODE);
  await page.getByRole('button', { name: 'Filter' }).click();
  const row = page
    .getByRole('table', { name: 'Products' })
    .getByRole('row')
    .filter({ hasText: NAME });
  await expect(row).toContainText(`${PRODUCT_STOCK + LARGE_STOCK - ORDERED} · low`);
  await expect(row).toContainText('Active');
});
