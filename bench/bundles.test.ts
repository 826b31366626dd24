/**
 * The initial-JavaScript budget (bench/README.md, "initial JS ≤ 120 KB gz, every route") judged
 * on the web build there is, as `npm run bench` judges it: `npm test` builds before it runs the
 * suites, so every CI run holds each route to the budget. Without a build the test skips and
 * says so (CI fails instead); locally it reads whatever build was made last.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PAGE, PAGE_LIST } from '../packages/shared/src/routes.js';
import { INITIAL_JS_BUDGET_KB, routeBundles, webManifestFile } from './bundles.js';

const ci = process.env.CI === 'true' || process.env.CI === '1';

function requireBuild(context: { skip(note: string): void }) {
  if (existsSync(webManifestFile)) return;
  if (ci) throw new Error(`CI: the web build (${webManifestFile}) is required and missing.`);
  context.skip('no web build: run `npm run build -w @storefront/web` first');
}

describe('the initial JavaScript of every route', () => {
  it(`is at most ${INITIAL_JS_BUDGET_KB} KB gzipped`, (context) => {
    requireBuild(context);
    const bundles = routeBundles();
    // Every page of the route manifest is measured, so a page the reading misses cannot pass.
    const pages = new Set(bundles.map((bundle) => bundle.page));
    const unmeasured = [...PAGE_LIST.map(([, page]) => page), NOT_FOUND_PAGE]
      .map((page) => page.module)
      .filter((module) => !pages.has(module));
    expect(unmeasured).toEqual([]);
    const over = bundles
      .filter((bundle) => bundle.jsKb > INITIAL_JS_BUDGET_KB)
      .map((bundle) => `${bundle.page}: ${bundle.jsKb} KB`);
    expect(over).toEqual([]);
  });
});

describe('the browser build', () => {
  // React Router exports its development build only; vite.config.ts takes the production one.
  it("holds React Router's production build, without its development warnings", (context) => {
    requireBuild(context);
    const assets = join(dirname(dirname(webManifestFile)), 'assets');
    const withWarnings = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .filter((file) =>
        readFileSync(join(assets, file), 'utf8').includes('You rendered descendant <Routes>'),
      );
    expect(withWarnings).toEqual([]);
  });
});
