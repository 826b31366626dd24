/**
 * A description that reached the database unsanitised (written by something other than the
 * seed's import) is sanitised on the way out: every hostile vector, stored as it is, comes back
 * from the product API with nothing that can run script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@storefront/shared/catalog';
import { XSS_VECTORS } from '@storefront/shared/testing/xss-vectors';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { insertProducts } from '../../test/catalog-fixtures.js';
import { htmlProblems } from '../../test/html-audit.js';

let t: TestApp;
let ids: string[];
beforeAll(async () => {
  t = await buildTestApp({ products: 10 });
  ids = await insertProducts(
    t,
    XSS_VECTORS.map((descriptionHtml, i) => ({
      name: `Hostile ${i}`,
      code: `XSS-${i}`,
      spPaise: 10_000,
      descriptionHtml,
    })),
  );
});
afterAll(() => t.close());

describe('descriptions stored unsanitised', () => {
  it('come back from GET /api/products/product/{id} with nothing that can run script', async () => {
    const problems: string[] = [];
    let storedProblems = 0;
    for (const [i, id] of ids.entries()) {
      storedProblems += htmlProblems(XSS_VECTORS[i]!).length;
      const response = await t.app.inject({ url: `/api/products/product/${id}` });
      expect(response.statusCode).toBe(200);
      const { description } = (response.json() as { payload: ProductDetail }).payload;
      problems.push(...htmlProblems(description).map((p) => `${XSS_VECTORS[i]} → ${p}`));
    }
    expect(storedProblems).toBeGreaterThan(XSS_VECTORS.length);
    expect(problems).toEqual([]);
  });

  it('come back clean from POST /api/products/multiple-products too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/multiple-products',
      payload: { product_ids: ids.slice(0, 100) },
    });
    const { payload } = response.json() as { payload: ProductDetail[] };
    expect(payload).toHaveLength(100);
    expect(payload.flatMap((p) => htmlProblems(p.description))).toEqual([]);
  });
});
