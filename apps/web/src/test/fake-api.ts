/** A fake API for component tests: answers by method and path, and records each request. */
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

export type FakeAnswer = { status?: number; body?: unknown } | 'network-error' | undefined;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
};

/** Replaces fetch; `answer` returns undefined for calls it does not know (then 404). */
export function fakeApi(answer: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: FakeRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      headers: new Headers(init.headers),
      body:
        typeof init.body === 'string'
          ? JSON.parse(init.body)
          : init.body instanceof FormData
            ? init.body
            : undefined,
    };
    requests.push(request);
    const reply = (await answer(request)) ?? {
      status: 404,
      body: { detail: 'Not found', code: 'not_found' },
    };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      statusText: STATUS_TEXT[status] ?? '',
      headers: { 'content-type': 'application/json' },
    });
  });
  return requests;
}
