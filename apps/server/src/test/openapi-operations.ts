/** Every operation of the app's OpenAPI document: the route list of the API-wide tests. */
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from './app.js';
import { createBuyer, type TestBuyer } from './buyers.js';
import { createStaff, signIn } from './staff.js';

export interface Operation {
  method: string;
  path: string;
  /** Names of the path parameters, as `{name}` in `path`. */
  params: string[];
  /** The query parameters, with their JSON Schema type. */
  query: { name: string; type?: string }[];
  /** The operation declares a request body. */
  hasBody: boolean;
  bodyProperties: Record<string, { type?: string }>;
  /** The media types of its request body ('application/json', 'text/csv', …). */
  bodyTypes: string[];
  /**
   * The names of the security schemes it declares (`bearer`, `staffSession`): none when the
   * operation needs no credential.
   */
  schemes: string[];
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: { type?: string } }[];
        security?: Record<string, unknown>[];
        requestBody?: {
          content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }>;
        };
      }
    >
  >;
}

export async function documentedOperations(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject({ url: '/api/openapi.json' })).json() as OpenApiDocument;
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, type: p.schema?.type })),
      hasBody: op.requestBody !== undefined,
      bodyProperties: op.requestBody?.content?.['application/json']?.schema?.properties ?? {},
      bodyTypes: Object.keys(op.requestBody?.content ?? {}),
      schemes: (op.security ?? []).flatMap((scheme) => Object.keys(scheme)),
    })),
  );
}

/**
 * Where the tests that send every operation a request start: an app with 20 demo products, a
 * buyer, a signed-in owner, the documented operations, and one product's id for the path parameters. The rate
 * limits are raised (as the bench raises them) so that thousands of requests reach each route's
 * own checks instead of its 429; the limits are test/limits.security.test.ts's.
 */
export async function operationsTestApp(): Promise<{
  t: TestApp;
  buyer: TestBuyer;
  /** A signed-in owner's session cookie, for the staff operations. */
  staff: { cookie: string };
  operations: Operation[];
  productId: string;
}> {
  const t = await buildTestApp({ products: 20, config: { rateLimitScale: 1000 } });
  const buyer = await createBuyer(t);
  const staff = await signIn(t, await createStaff(t, 'owner'));
  const operations = await documentedOperations(t.app);
  const list = (await t.app.inject({ url: '/api/products?limit=1' })).json() as {
    payload: { _id: string }[];
  };
  return { t, buyer, staff, operations, productId: list.payload[0]!._id };
}
