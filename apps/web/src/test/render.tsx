/** Test helpers: render inside a fresh query client and a memory router. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { CategoryProvider } from '../lib/contexts/category-context';

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** A wrapper for renderHook: hooks rendered with it share `client`. */
export function queryWrapper(client = testQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

export interface RenderOptions {
  path?: string;
  route?: string;
  client?: QueryClient;
  withCategories?: boolean;
  extraRoutes?: RouteObject[];
}

export function renderRoute(element: ReactElement, options: RenderOptions = {}) {
  const { path = '/', route = path, client = testQueryClient(), withCategories = false } = options;
  const router = createMemoryRouter(
    [
      { path: route, element },
      ...(options.extraRoutes ?? []),
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const wrap = (node: ReactNode) =>
    withCategories ? <CategoryProvider>{node}</CategoryProvider> : node;
  const result = render(
    <QueryClientProvider client={client}>
      {wrap(<RouterProvider router={router} />)}
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}

type Json = unknown;
export type FetchRoute = (url: URL) => { status?: number; body: Json } | undefined;

/** Replaces fetch: each call is answered by the first route that returns something. */
export function mockFetch(...routes: FetchRoute[]) {
  const calls: string[] = [];
  const fetchMock = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.pathname + url.search);
    for (const route of routes) {
      const answer = route(url);
      if (answer) {
        const status = answer.status ?? 200;
        return new Response(JSON.stringify(answer.body), {
          status,
          statusText: status === 200 ? 'OK' : status === 404 ? 'Not Found' : 'Error',
          headers: { 'content-type': 'application/json' },
        });
      }
    }
    return new Response(JSON.stringify({ detail: 'no mock', code: 'not_found' }), {
      status: 404,
      statusText: 'Not Found',
    });
  };
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** A fetch that never answers, for loading states. */
export function pendingFetch() {
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
}

/**
 * Replaces window.Image so that image checks settle at once: a URL for which `fails` holds
 * errors, any other loads. jsdom itself never loads images.
 */
export function fakeImages(fails: (url: string) => boolean = (url) => url.includes('missing')) {
  class FakeImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(url: string) {
      queueMicrotask(() => (fails(url) ? this.onerror?.() : this.onload?.()));
    }
  }
  vi.stubGlobal('Image', FakeImage);
}

/** Image checks that never settle, for the 'checking' state. */
export function hangingImages() {
  class HangingImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(_url: string) {}
  }
  vi.stubGlobal('Image', HangingImage);
}
