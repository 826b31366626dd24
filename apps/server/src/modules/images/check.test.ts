import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageCheckUrl } from '@storefront/shared/images';
import { products } from '../../db/schema.js';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { photo } from '../../test/image-fixtures.js';
import { missingImages, missingImagesOf } from './check.js';
import { imageStorage, type ImageStorage } from './storage.js';
import { storeImage } from './upload.js';

let t: TestApp;
let storage: ImageStorage;
let seeded: { code: string; images: string[] }[];
let upload: string;
beforeAll(async () => {
  t = await buildTestApp({ products: 60 });
  storage = imageStorage(t.config);
  seeded = await t.database.db
    .select({ code: products.code, images: products.images })
    .from(products)
    .orderBy(asc(products.code));
  upload = (await storeImage(storage, await photo(30, 30))).source;
});
afterAll(() => t.close());

/** Whether the image service answers the URL a browser loads for the source. */
async function served(source: string): Promise<boolean> {
  const response = await t.app.inject({ url: imageCheckUrl(source) });
  return response.statusCode === 200;
}

describe('which image sources have no image', () => {
  it("flags exactly the seed's planted missing images, and none of its art", async () => {
    const missing = await missingImages(t.database.db, storage, seeded);
    const planted = seeded
      .filter((p) => p.images.some((src) => src.endsWith('-missing')))
      .map((p) => [p.code, [`products/${p.code}-missing`]]);
    expect(planted.length).toBeGreaterThan(0);
    expect([...missing]).toEqual(planted);
  });

  it('agrees with the image service on every source it judges', async () => {
    const [first, second] = seeded.filter(
      (p) => p.images.length > 0 && !p.images[0]!.endsWith('-missing'),
    );
    const product = {
      code: first!.code,
      images: [
        first!.images[0]!, // its own art
        second!.images[0]!, // another product's art, which that product lists
        `products/${second!.code}-99`, // another product's, which it does not list
        upload, // stored
        `uploads/${'0'.repeat(32)}.jpg`, // never stored
        `products/${first!.code}-missing`,
      ],
    };
    const missing = await missingImagesOf(t.database.db, storage, product);
    expect(missing).toEqual(product.images.slice(2).filter((_, i) => i !== 1));
    for (const source of product.images)
      expect(await served(source), source).toBe(!missing.includes(source));
  });

  it("judges a product's own seed art by its own list, as the document about to be saved will be", async () => {
    const missing = await missingImagesOf(t.database.db, storage, {
      code: 'NEW-1',
      images: ['products/NEW-1-1', '/products/NEW-1-2', 'products/NEW-1-3.png'],
    });
    // The first is its own key; the others resolve to keys its list does not name as such.
    expect(missing).toEqual(['/products/NEW-1-2', 'products/NEW-1-3.png']);
  });

  it('flags blank sources and paths the service does not answer, and leaves images elsewhere alone', async () => {
    const missing = await missingImagesOf(t.database.db, storage, {
      code: 'X-1',
      images: ['', '   ', 'photos/front.jpg', 'uploads/front.jpg', 'https://cdn.example.com/a.jpg'],
    });
    expect(missing).toEqual(['', '   ', 'photos/front.jpg', 'uploads/front.jpg']);
  });

  it('flags an upload once it is gone from storage', async () => {
    const gone = (await storeImage(storage, await photo(31, 31))).source;
    const product = { code: 'X-2', images: [upload, gone] };
    expect(await missingImagesOf(t.database.db, storage, product)).toEqual([]);
    await storage.delete(gone);
    expect(await missingImagesOf(t.database.db, storage, product)).toEqual([gone]);
  });
});
