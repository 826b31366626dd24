/**
 * A storefront server for the browser journey of hostile descriptions (G20,
 * reliability-and-security.md): the built web app on a freshly migrated in-memory database with
 * a few seeded products and one product per XSS vector, its description stored unsanitised,
 * as a row written by anything but the seed would be. Listens on a free loopback port and
 * prints one line, `XSS_SERVER {"url", "ids"}`, the ids in the order of XSS_VECTORS.
 *
 *   node node_modules/tsx/dist/cli.mjs apps/server/src/test/xss-server.ts
 */
import { XSS_VECTORS } from '@storefront/shared/testing/xss-vectors';
import { buildTestApp } from './app.js';
import { insertProducts } from './catalog-fixtures.js';

const t = await buildTestApp({ products: 10 });
const ids = await insertProducts(
  t,
  XSS_VECTORS.map((descriptionHtml, i) => ({
    name: `Hostile description ${i}`,
    code: `XSS-${i}`,
    spPaise: 10_000,
    descriptionHtml,
  })),
);
const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
console.log(`XSS_SERVER ${JSON.stringify({ url, ids })}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void t.close().finally(() => process.exit(0));
  });
}
