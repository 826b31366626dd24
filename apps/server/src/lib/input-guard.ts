/**
 * What every request's input must be before any route reads it (docs/security.md, "Malformed
 * input"), refused with the usual 400 error body:
 *
 * - JSON bodies are UTF-8 (decoding would otherwise turn bad bytes into U+FFFD silently), name
 *   each member of an object once (parsers disagree on which duplicate wins, so a proxy and the
 *   server could read two different requests) and nest at most MAX_JSON_DEPTH levels; `__proto__`
 *   and `constructor.prototype` keys are refused as Fastify's own parser refuses them.
 * - Text is well-formed Unicode without NUL: PostgreSQL text cannot hold a NUL, and a lone
 *   surrogate would be stored as U+FFFD. Percent-encoded query strings decode to UTF-8.
 *
 * Routes that speak another protocol parse their own bodies (the Algolia search route, the
 * payment callback, whose signature covers the raw bytes); the text checks apply to them too.
 */
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { invalid } from './errors.js';

/** Objects and arrays inside each other; the API's deepest body (a search request) uses 5. */
export const MAX_JSON_DEPTH = 32;

const ENCODED_NUL = /%00/i;
/** With the u flag a surrogate pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;
/** A `%` that starts no escape is left as it is (as browsers send it), not refused. */
const STRAY_PERCENT = /%(?![0-9a-f]{2})/gi;

const nulError = () => invalid('invalid_data', 'The request contains a NUL character');
const unicodeError = () =>
  invalid('invalid_encoding', 'The request contains text that is not valid UTF-8');
const TOO_DEEP = `The JSON body nests more than ${MAX_JSON_DEPTH} levels`;
const tooDeep = () => invalid('invalid_json', TOO_DEEP);

/** The first problem of a string, key or value anywhere in a parsed body. */
function badText(value: unknown, depth = 0): 'nul' | 'unicode' | 'deep' | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'nul';
    return LONE_SURROGATE.test(value) ? 'unicode' : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  // Bodies a route parses itself (search) have not been through the JSON parser's depth check.
  if (depth >= MAX_JSON_DEPTH) return 'deep';
  const entries: unknown[] = Array.isArray(value)
    ? value
    : Object.entries(value).flatMap(([key, item]) => [key, item]);
  for (const item of entries) {
    const problem = badText(item, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Duplicate member names and nesting past MAX_JSON_DEPTH in JSON text that has already parsed
 * (so every string is closed and every bracket matched): one pass over the text.
 */
export function jsonStructureProblem(text: string): string | undefined {
  const open: (Set<string> | null)[] = [];
  let expectName = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (expectName) {
        const raw = text.slice(i + 1, end);
        const name = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        const members = open.at(-1)!;
        if (members.has(name)) return `The JSON body names "${name}" twice in one object`;
        members.add(name);
        expectName = false;
      }
      i = end;
    } else if (c === '{' || c === '[') {
      open.push(c === '{' ? new Set() : null);
      if (open.length > MAX_JSON_DEPTH) return TOO_DEEP;
      expectName = c === '{';
    } else if (c === '}' || c === ']') {
      open.pop();
      expectName = false;
    } else if (c === ',') {
      expectName = open.at(-1) instanceof Set;
    }
  }
  return undefined;
}

export function registerInputGuard(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) return done(unicodeError(), undefined);
    const text = bytes.toString('utf8');
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const problem = jsonStructureProblem(text);
      if (problem) return done(invalid('invalid_json', problem), undefined);
      done(null, value);
    });
  });

  // Callback hooks, not async ones: a promise and a microtask saved on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    const { url } = request;
    if (ENCODED_NUL.test(url) || url.includes('\u0000')) return done(nulError());
    const query = url.indexOf('?');
    // Only a percent escape can fail to decode: a query without one (most) is not copied.
    if (query >= 0 && url.includes('%', query)) {
      try {
        decodeURIComponent(url.slice(query + 1).replace(STRAY_PERCENT, '%25'));
      } catch {
        return done(unicodeError());
      }
    }
    done();
  });
  const checkBody: preValidationHookHandler = (request, _reply, done) => {
    const problem = badText(request.body);
    if (problem === 'nul') return done(nulError());
    if (problem === 'unicode') return done(unicodeError());
    if (problem === 'deep') return done(tooDeep());
    done();
  };
  // Only a route that takes a body has one to check: Fastify parses none for GET and HEAD, and a
  // route without a preValidation hook skips the step (every cached catalog read; decision 083).
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) return;
    route.preValidation = [checkBody, ...[route.preValidation ?? []].flat()];
  });
}
