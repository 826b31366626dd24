/**
 * Every API route refuses what it does not declare (issue 17): a parameter no schema names is
 * a 400 `{detail, code}` that names it, instead of being dropped, so a misspelt field fails
 * loudly and an attacker cannot mint endless distinct requests (cache keys, log lines) out of
 * parameters nothing reads. Written once, as the routes are added:
 * - every zod object of a route's query string, path parameters or body that does not say how
 *   it treats unknown keys becomes strict; one declared loose (`z.looseObject`, `.loose()`),
 *   like the Algolia-protocol search route, which ignores what it does not implement as Algolia
 *   does, stays loose;
 * - an API route (`/api/...`) with no query-string schema gets an empty strict one.
 * Pages keep accepting any query string (utm_* and other tracking parameters, the SPA's own
 * `?q=` and `?page=`): the server reads only what the route manifest names. Headers stay open:
 * browsers and proxies add their own.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';

const PARTS = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'field',
} as const satisfies Partial<Record<keyof FastifySchema, string>>;

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
type ErrorMap = (issue: z.core.$ZodRawIssue) => unknown;

const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** The error of an unknown key: `Unknown query parameter: junk`, the other issues as they were. */
function namingUnknownKeys(noun: string, declared: ErrorMap | undefined): ErrorMap {
  return (issue) =>
    issue.code === 'unrecognized_keys'
      ? `Unknown ${noun}: ${issue.keys.join(', ')}`
      : declared?.(issue);
}

/**
 * `schema` with every object in it (through optional, nullable, default, pipe, array, union and
 * record) that leaves unknown keys unsaid made strict, its unknown-key error naming the key as a
 * `noun`; loose objects stay loose. The schema itself when nothing changes; a changed one keeps
 * the original's metadata.
 */
export function strictSchema(schema: z.ZodType, noun: string): z.ZodType {
  const def = schema._zod.def as Def;
  const changes: Record<string, unknown> = {};
  for (const slot of ['innerType', 'in', 'element', 'valueType'] as const) {
    const child = def[slot];
    if (isSchema(child)) {
      const strict = strictSchema(child, noun);
      if (strict !== child) changes[slot] = strict;
    }
  }
  if (def.type === 'union' && Array.isArray(def.options)) {
    const options = (def.options as z.ZodType[]).map((option) => strictSchema(option, noun));
    if (options.some((option, i) => option !== (def.options as z.ZodType[])[i]))
      changes.options = options;
  }
  if (def.type === 'object') {
    const objectDef = def as unknown as z.core.$ZodObjectDef;
    const shape = Object.fromEntries(
      Object.entries(objectDef.shape).map(([key, value]) => [
        key,
        strictSchema(value as z.ZodType, noun),
      ]),
    );
    if (Object.keys(shape).some((key) => shape[key] !== objectDef.shape[key]))
      changes.shape = shape;
    const catchall = objectDef.catchall?._zod.def.type;
    if (catchall === undefined || catchall === 'never') {
      changes.catchall = z.never();
      changes.error = namingUnknownKeys(noun, def.error as ErrorMap | undefined);
    }
  }
  if (Object.keys(changes).length === 0) return schema;
  return schema.clone({ ...def, ...changes } as typeof schema._zod.def, { parent: true });
}

/** An API path a route answers, not a catch-all that only answers 404. */
const isApiRoute = (url: string) => url.startsWith('/api/') && !url.endsWith('*');

const NO_QUERY = strictSchema(z.object({}), PARTS.querystring);

/** Makes the routes registered after it strict (see above); register it before any route. */
export function registerStrictInput(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema: FastifySchema = { ...route.schema };
    for (const [part, noun] of Object.entries(PARTS) as [keyof typeof PARTS, string][]) {
      const declared = schema[part];
      if (isSchema(declared)) schema[part] = strictSchema(declared, noun);
    }
    if (schema.querystring === undefined && isApiRoute(route.url)) schema.querystring = NO_QUERY;
    if (Object.keys(schema).length > 0) route.schema = schema;
  });
}
