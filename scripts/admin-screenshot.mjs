#!/usr/bin/env node
// Screenshots of every page of the staff console at a phone and a desktop width, signed in as
// the demo owner (README; the TOTP code computed from the demo's secret), in Debian's Chromium:
//   node scripts/admin-screenshot.mjs [http://127.0.0.1:3000]
// Writes PNGs to ./screenshots/admin/ (git-ignored) and prints their paths. The server must run
// with the demo (npm start). The script makes an order of its own to show money on: the demo
// buyer places it and pays through the sandbox gateway, and the owner refunds part of it by
// amount and a unit by line; it shows that order's page and its Refund dialog. An empty queue
// of payments needing attention is filled with made-up items (said in the page's PNG name,
// `payments-sample-…`), as the sandbox cannot fail a refund or take a wrong amount on purpose.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { TOTP } from 'otpauth';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const base = (process.argv[2] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const OWNER = {
  email: 'owner@example.com',
  password: 'Owner@2026 desk',
  totp: new TOTP({ secret: 'DEMOOWNERSTOREFRONTCONSOLEAAAA22' }),
};
const out = join(process.cwd(), 'screenshots', 'admin');
mkdirSync(out, { recursive: true });

/** A code of a time step not used yet: the server takes each step's code once. */
let lastStep = -1;
async function freshCode() {
  let step = Math.floor(Date.now() / 30_000);
  while (step <= lastStep) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    step = Math.floor(Date.now() / 30_000);
  }
  lastStep = step;
  return OWNER.totp.generate();
}

/** The demo buyer's order of two units of the first product that takes them, paid. */
async function paidOrder(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = await page.request.post(`${base}/api/user/login`, {
    data: { email: 'buyer@example.com', password: 'Buyer@2026' },
  });
  const session = await login.json();
  const headers = { authorization: `Bearer ${session.access_token}` };
  const list = await (
    await page.request.get(`${base}/api/products?query=electronics&limit=10`)
  ).json();
  let added = false;
  for (const { _id } of list.payload) {
    const { payload: product } = await (
      await page.request.get(`${base}/api/products/product/${_id}`)
    ).json();
    const response = await page.request.post(`${base}/api/cart/items/${_id}`, {
      headers,
      data: {
        quantity: 2,
        source: 'Ex-india custom',
        variantIndex: product.varients?.[0]?.variantIndex,
      },
    });
    if (response.ok()) {
      added = true;
      break;
    }
  }
  if (!added) throw new Error('no product could be put in the cart');
  const created = await page.request.post(`${base}/api/orders/`, {
    headers: { ...headers, 'idempotency-key': `shots-${Date.now()}` },
    data: {
      recipientName: 'Asha Mehta',
      shippingAddress1: '12 MG Road',
      shippingCity: 'Pune',
      shippingState: 'Maharashtra',
      shippingPostalCode: '411001',
      shippingCountry: 'in',
      shippingPhoneNumber: '9876543210',
    },
  });
  if (created.status() !== 201) throw new Error(`order: ${await created.text()}`);
  const { payload: order } = await created.json();
  await page.goto(`${base}/api/health`);
  await page.evaluate(
    ({ access, refresh }) => {
      localStorage.setItem('access_token', access);
      localStorage.setItem('refresh_token', refresh);
    },
    { access: session.access_token, refresh: session.refresh_token },
  );
  await page.goto(`${base}/order/${order._id.$oid}/payment`);
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.getByRole('heading', { name: 'Order Submitted' }).waitFor();
  await context.close();
  return order.mkpOrderId;
}

/** The owner (signed in on `page`) refunds ₹150.50 of the order, then one unit of its first line. */
async function refundSome(page, mkpOrderId) {
  for (const [key, body] of [
    ['amount', { reason: 'One carton arrived damaged', amountPaise: 150_50 }],
    ['line', { reason: 'Returned one unit', lines: [{ position: 0, quantity: 1 }] }],
  ]) {
    const response = await page.request.post(`${base}/api/staff/orders/${mkpOrderId}/refunds`, {
      headers: { 'idempotency-key': `shots-${key}-${mkpOrderId}` },
      data: body,
    });
    if (!response.ok()) throw new Error(`refund: ${await response.text()}`);
  }
}

/** Made-up items of each reason, for an empty queue (the sandbox cannot make them). */
const SAMPLE_ATTENTION = (mkpOrderId) => ({
  items: [
    ['refund_due', 41, null, 2_500_00, 2_500_00, { state: 'COMPLETED', amount: 250000 }],
    ['amount_mismatch', 42, null, 1_200_00, 1_250_00, { code: 'PAYMENT_SUCCESS', amount: 120000 }],
    [
      'refund_failed',
      43,
      17,
      150_50,
      2_500_00,
      { error: 'BANK_REFUSED', gateway: { state: 'FAILED' } },
    ],
  ].map(([reason, paymentId, refundId, amountPaise, orderTotalPaise, evidence]) => ({
    reason,
    paymentId,
    refundId,
    mkpOrderId,
    orderStatus: 'PD',
    amountPaise,
    orderTotalPaise,
    provider: 'sandbox',
    merchantTransactionId: `TXN-SAMPLE-${paymentId}`,
    createdAt: new Date().toISOString(),
    evidence,
  })),
});

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const shot = async (page, name) => {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const file = join(out, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
};

for (const [device, width, height] of [
  ['phone', 390, 844],
  ['desktop', 1440, 900],
]) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`console error: ${m.text()}`));
  page.on('pageerror', (error) => console.log(`page error on ${page.url()}: ${error.message}`));

  await page.goto(`${base}/admin/orders`);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await shot(page, `login-${device}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').waitFor();
  await shot(page, `login-refused-${device}`);
  await page.getByLabel('6-digit code').fill(await freshCode());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
  await shot(page, `orders-${device}`);

  const first = page.locator('tbody a[href^="/admin/orders/"]').first();
  if (await first.count()) {
    await first.click();
    await page.getByRole('heading', { name: 'Payment attempts' }).waitFor();
    // The first payment attempt opened, when the order has one.
    for (const details of await page.locator('section details').all())
      await details.evaluate((element) => (element.open = true));
    await shot(page, `order-${device}`);
  }
  await page.goto(`${base}/admin/orders?status=PD&sort=total_desc`);
  await shot(page, `orders-filtered-${device}`);

  // An order with refunds, its Refund dialog by line, and the cancel dialog.
  const refunded = await paidOrder(browser);
  await refundSome(page, refunded);
  await page.goto(`${base}/admin/orders/${refunded}`);
  await page.getByRole('table', { name: 'Refunds of this order, newest first' }).waitFor();
  await shot(page, `order-refunds-${device}`);
  // The payment attempt, its callbacks' payloads and its evidence opened.
  for (const details of await page
    .locator('section[aria-labelledby="payments-heading"] details')
    .all())
    await details.evaluate((element) => (element.open = true));
  await page.getByRole('heading', { name: 'Payment attempts' }).scrollIntoViewIfNeeded();
  await shot(page, `order-payment-open-${device}`);
  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund' });
  await dialog.getByLabel('Amount in rupees').fill('99999');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await shot(page, `refund-dialog-amount-${device}`);
  await dialog.getByRole('radio', { name: 'Line' }).check();
  await dialog.locator('input[type="number"]:not([disabled])').first().fill('1');
  await shot(page, `refund-dialog-lines-${device}`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await shot(page, `cancel-dialog-${device}`);
  await page.keyboard.press('Escape');

  // The queue: as it is, and filled with samples when it is empty.
  const queue = await (await page.request.get(`${base}/api/staff/payments/attention`)).json();
  if (queue.items.length === 0)
    await page.route(/\/api\/staff\/payments\/attention$/, (route) =>
      route.fulfill({ json: SAMPLE_ATTENTION(refunded) }),
    );
  await page.goto(`${base}/admin/payments`);
  await page.locator('h1').waitFor();
  for (const details of await page.locator('main details').all())
    await details.evaluate((element) => (element.open = true));
  await shot(page, `payments${queue.items.length === 0 ? '-sample' : ''}-${device}`);
  const refundDue = page.getByRole('button', { name: 'Refund this payment' });
  if (await refundDue.count()) {
    await refundDue.first().click();
    await shot(page, `payments-refund-dialog-${device}`);
    await page.keyboard.press('Escape');
  }
  await page.unrouteAll();

  for (const [path, name] of [
    ['/admin', 'dashboard'],
    ['/admin/payments', 'payments'],
    ['/admin/buyers', 'buyers'],
    ['/admin/staff', 'staff'],
    ['/admin/audit', 'audit'],
    ['/admin/no-such-page', 'not-found'],
  ]) {
    await page.goto(`${base}${path}`);
    await page.locator('h1').waitFor();
    await shot(page, `${name}-${device}`);
  }
  await context.close();
}

// The setup page needs an invitation's link; the staff page makes one.
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await context.newPage();
await page.goto(`${base}/admin/staff`);
await page.getByLabel('Email').fill(OWNER.email);
await page.getByLabel('Password').fill(OWNER.password);
await page.getByRole('button', { name: 'Continue' }).click();
await page.getByLabel('6-digit code').fill(await freshCode());
await page.getByRole('button', { name: 'Sign in' }).click();
await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
await page
  .getByRole('form', { name: 'Invite a member' })
  .getByLabel('Email')
  .fill(`packer-${Date.now()}@example.com`);
await page.getByRole('button', { name: 'Invite' }).click();
const link = await page.getByTestId('setup-link').textContent();
await shot(page, 'staff-invited-desktop');
await context.close();
for (const [device, width, height] of [
  ['phone', 390, 844],
  ['desktop', 1440, 900],
]) {
  const fresh = await browser.newContext({ viewport: { width, height } });
  const setup = await fresh.newPage();
  await setup.goto(link.replace(/^https?:\/\/[^/]+/, base));
  await setup.getByTestId('totp-secret').waitFor();
  await shot(setup, `setup-${device}`);
  await fresh.close();
}
await browser.close();
