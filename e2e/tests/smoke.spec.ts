import { test, expect } from '../fixtures';

test('the built server serves the storefront at /', async ({ page, navigate }) => {
  await navigate('/');
  await expect(page).toHaveTitle(/B2B Storefront/);
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('an unknown path shows the not-found page with its two texts', async ({ page, navigate }) => {
  await navigate('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('the API answers beside the app, and a product image loads as an image', async ({
  request,
}) => {
  const categories = await request.get('/api/products/categories');
  expect(categories.ok()).toBe(true);
  const list = await request.get('/api/products?query=home%20kitchen&limit=20&page=1');
  const body = (await list.json()) as { payload: { images: string[] }[]; total: number };
  expect(body.payload).toHaveLength(20);
  const src = body.payload.find((p) => p.images[0] && !p.images[0].endsWith('-missing'))!.images[0];
  const image = await request.get(`/images/${src}.png`);
  expect(image.headers()['content-type']).toBe('image/png');
});
