import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';
import { describeError } from './error-message';

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

  it('keeps the body as it came, parsed when it is JSON, for callers that read more than detail', async () => {
    answer(400, 'Bad Request', JSON.stringify({ msg: 'Link expired' }));
    const json = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(json).toMatchObject({
      bodyText: '{"msg":"Link expired"}',
      body: { msg: 'Link expired' },
    });
    answer(502, 'Bad Gateway', 'upstream down');
    const text = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(text).toMatchObject({ bodyText: 'upstream down', body: undefined, detail: undefined });
  });

  it("describes an error to a person by the server's detail, else its message", () => {
    const withDetail = new ApiError('400 Bad Request {}', {
      status: 400,
      statusText: 'Bad Request',
      detail: 'Quantity must be at least 1',
    });
    expect(describeError(withDetail)).toBe('Quantity must be at least 1');
    expect(describeError(withDetail.withMessage('x'))).toBe('Quantity must be at least 1');
    expect(describeError(new ApiError('500 Oops ', { status: 500, statusText: 'Oops' }))).toBe(
      '500 Oops ',
    );
    expect(describeError(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(describeError('nope')).toBeUndefined();
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

  it('sends a FormData as it is, leaving its multipart content type to the browser', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response('{}', { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'photo.png');
    await apiRequest('/api/returns/1/photos', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('content-type');
  });
});
