import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

function answer(status: number, statusText: string, body: string) {
  vi.stubGlobal('fetch', async () => new Response(body, { status, statusText }));
}

describe('the API client', () => {
  it("parses the server's error body into a typed ApiError", async () => {
    answer(
      404,
      'Not Found',
      JSON.stringify({ detail: 'Product not found', code: 'product_not_found' }),
    );
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Product not found',
      status: 404,
      code: 'product_not_found',
      detail: 'Product not found',
    });
  });

  it("names the failed fetch in the spec's words when asked to", async () => {
    answer(500, 'Internal Server Error', 'oops');
    const error = await apiRequest('/api/x', { errorPrefix: 'Failed to fetch product' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      message: 'Failed to fetch product: 500 Internal Server Error',
      code: 'http_error',
      detail: undefined,
    });
  });

  it('sends JSON bodies with their content type and the query string', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/y', {
      method: 'POST',
      body: { a: 1 },
      query: { q: 'a b', n: 2, skip: undefined },
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/y?q=a+b&n=2',
      expect.objectContaining({
        method: 'POST',
        body: '{"a":1}',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      }),
    );
  });
});
