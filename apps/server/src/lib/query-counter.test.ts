import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';

describe('the x-sql-statements debug header', () => {
  let production: TestApp;
  let test: TestApp;
  beforeAll(async () => {
    [production, test] = await Promise.all([
      buildTestApp({ config: { env: 'production' } }),
      buildTestApp(),
    ]);
  });
  afterAll(() => Promise.all([production.close(), test.close()]));

  it('is not sent in production, the default NODE_ENV', async () => {
    const response = await production.app.inject({ url: '/api/products?limit=2' });
    expect(response.statusCode).toBe(200);
    expect(response.headers).not.toHaveProperty('x-sql-statements');
  });

  it('counts a request’s statements when NODE_ENV says test (or development)', async () => {
    const response = await test.app.inject({ url: '/api/products?limit=2' });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['x-sql-statements'])).toBeGreaterThan(0);
  });
});
