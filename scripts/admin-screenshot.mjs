#!/usr/bin/env node
// Screenshots of every page of the staff console at a phone and a desktop width, signed in as
// the demo owner (README; the TOTP code computed from the demo's secret), in Debian's Chromium:
//   node scripts/admin-screenshot.mjs [http://127.0.0.1:3000]
// Writes PNGs to ./screenshots/admin/ (git-ignored) and prints their paths. The server must run
// with the demo (npm start); an order of its own is opened when the desk lists one.
// PLANNED_SAMPLES=1 fills the pages of routes the server does not have yet with made-up data.
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

/**
 * Answers for the planned routes (apps/web/src/admin/planned-contracts.ts) while this server
 * answers them 404, so their pages can be looked at filled in. Made-up figures, said so here.
 */
const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const PLANNED = {
  '/api/staff/dashboard': {
    ordersToday: 12,
    revenueTodayPaise: 4_56_789_00,
    orders7d: 81,
    revenue7dPaise: 31_20_450_00,
    orders30d: 342,
    revenue30dPaise: 1_28_40_300_00,
    awaitingShipment: 17,
    paymentsNeedingAttention: 3,
    daily: Array.from({ length: 30 }, (_, i) => ({
      date: day(29 - i),
      orders: 5 + ((i * 7) % 13),
      revenuePaise: (2_00_000 + ((i * 37_913) % 3_50_000)) * 100,
    })),
  },
  '/api/staff/payments/attention': {
    items: [
      {
        paymentId: 41,
        mkpOrderId: 'MKP-20261120-ABC123',
        orderId: '65a000000000000000000001',
        reason: 'amount_mismatch',
        amountPaise: 1_200_00,
        orderTotalPaise: 1_250_00,
        provider: 'sandbox',
        merchantTransactionId: 'TXN-41',
        createdAt: new Date().toISOString(),
        evidence: { callback: { code: 'PAYMENT_SUCCESS', amount: 120000 } },
      },
    ],
  },
  '/api/staff/buyers': {
    items: [
      {
        id: '65a000000000000000000002',
        email: 'buyer@example.com',
        companyName: 'Mehta Traders Pvt Ltd',
        gstin: '27AABCM1234F1ZX',
        contactName: 'Asha Mehta',
        verified: true,
        disabled: false,
        createdAt: new Date().toISOString(),
        orderCount: 300,
      },
    ],
    nextCursor: null,
  },
};
async function samplePlannedRoutes(context) {
  await context.route(
    /\/api\/staff\/(dashboard|payments\/attention|buyers)(\?|$)/,
    async (route) => {
      const response = await route.fetch();
      const sample = PLANNED[new URL(route.request().url()).pathname];
      if (response.status() !== 404 || !sample) return route.fulfill({ response });
      return route.fulfill({ json: sample });
    },
  );
}

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
  if (process.env.PLANNED_SAMPLES) await samplePlannedRoutes(context);
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
    await page.getByRole('heading', { name: /^Order MKP-/ }).waitFor();
    // The first payment attempt opened, when the order has one.
    for (const details of await page.locator('section details').all())
      await details.evaluate((element) => (element.open = true));
    await shot(page, `order-${device}`);
  }
  await page.goto(`${base}/admin/orders?status=PD&sort=total_desc`);
  await shot(page, `orders-filtered-${device}`);

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
