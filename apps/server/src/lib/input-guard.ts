/**
 * PostgreSQL text cannot hold a NUL character, so a NUL anywhere in a request (path, query or
 * JSON body) would surface as a database error. It is refused up front, for every route, with
 * the usual 400 error body.
 */
import type { FastifyInstance } from 'fastify';
import { invalid } from './errors.js';

const ENCODED_NUL = /%00/i;

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1),
  );
}

const nulError = () => invalid('invalid_data', 'The request contains a NUL character');

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (ENCODED_NUL.test(request.url) || request.url.includes('\u0000')) throw nulError();
  });
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body)) throw nulError();
  });
}
