#!/usr/bin/env node
// Screenshots of pages at a phone and a desktop width in Debian's Chromium, like
// ../shared/tools/screenshot.mjs (whose --user-data-dir launch argument Playwright refuses):
//   node scripts/screenshot.mjs http://localhost:3000/ http://localhost:3000/products/ID
// Writes PNGs to ./screenshots/ (git-ignored) and prints their paths. SCREENSHOT_JS=off takes
// them with JavaScript off (the server-rendered HTML alone, decision 070), named `-nojs`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const urls = process.argv.slice(2);
if (!urls.length) {
  console.error('usage: node scripts/screenshot.mjs URL...');
  process.exit(2);
}
const out = join(process.cwd(), 'screenshots');
const scripts = process.env.SCREENSHOT_JS !== 'off';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const [name, width, height] of [
  ['phone', 390, 844],
  ['desktop', 1440, 900],
]) {
  const page = await browser.newPage({ viewport: { width, height }, javaScriptEnabled: scripts });
  page.on(
    'console',
    (m) => m.type() === 'error' && console.log(`console error on ${page.url()}: ${m.text()}`),
  );
  for (const url of urls) {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(Number(process.env.SCREENSHOT_WAIT_MS ?? 800));
    const file = join(
      out,
      `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${name}${scripts ? '' : '-nojs'}.png`,
    );
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
