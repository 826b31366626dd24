/**
 * One error model (STYLE.md "Server"): AppError kinds map to statuses; zod issues become field
 * messages; Fastify's own 4xx (bad JSON, too large, bad content type) keep their status; any
 * other failure is a 500 whose body never carries internals.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailable, STATEMENT_TIMEOUT_RETRY_AFTER_S } from '../db/connect.js';
import { AppError } from './errors.js';
import type { SecurityHeaders } from './security-headers.js';

function fieldMessages(
  issues: readonly { instancePath?: string; params?: unknown; message?: string }[],
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path =
      params?.issue?.path?.map(String).join('.') ??
      issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') ??
      '';
    const key = path || '_';
    if (!(key in fields)) fields[key] = issue.message ?? 'Invalid value';
  }
  return fields;
}

/** A status and the one error body, for the answers written outside the error handler. */
type ErrorAnswer = [status: number, body: { detail: string; code: string }];

/** The body of every 500: nothing of what failed. */
const INTERNAL = { detail: 'Internal server error', code: 'internal' };

/** The JSON 404 of a request no route answers. */
export function notFoundJson(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '/';
  return reply
    .status(404)
    .send({ detail: `No route for ${request.method} ${path}`, code: 'not_found' });
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setNotFoundHandler(notFoundJson);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({
          detail: error.detail,
          code: error.code,
          ...(error.fields ? { fields: error.fields } : {}),
          ...(error.issues ? { issues: error.issues } : {}),
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldMessages(error.validation);
      const first = Object.entries(fields)[0];
      const detail = first
        ? first[0] === '_'
          ? first[1]
          : `${first[0]}: ${first[1]}`
        : 'Invalid request';
      return reply.status(400).send({ detail, code: 'invalid_data', fields });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'rate_limited' : (error.code ?? 'bad_request').toLowerCase();
      return reply.status(status).send({ detail: error.message, code });
    }
    // A statement cut at its timeout, or a database restarting: busy, not broken.
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      request.log.warn({ err: error }, `database ${unavailable}`);
      return reply
        .status(503)
        .header('retry-after', String(STATEMENT_TIMEOUT_RETRY_AFTER_S))
        .send(
          unavailable === 'timeout'
            ? { detail: 'The server took too long to answer; try again shortly', code: 'timeout' }
            : { detail: 'The database is restarting; try again shortly', code: 'unavailable' },
        );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(INTERNAL);
  });
}

/** Fastify's errors before routing, by code; any other is a 500. */
const FRAMEWORK_ERRORS = new Map<string, ErrorAnswer>([
  ['FST_ERR_BAD_URL', [400, { detail: 'Malformed URL', code: 'bad_url' }]],
  ['FST_ERR_MAX_PARAM_LENGTH', [414, { detail: 'URL too long', code: 'url_too_long' }]],
]);

/**
 * Errors Fastify raises before routing (a URL whose percent-encoding does not decode; a path
 * parameter over the router's length limit, except on a GET, which the SPA's catch-all route
 * answers first) skip every hook, so this answer sets the security headers itself (G21) and speaks the
 * one error shape instead of Fastify's own.
 */
export function frameworkErrorHandler(headers: SecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const [status, body] = FRAMEWORK_ERRORS.get(error.code) ?? [500, INTERNAL];
    if (status === 500) request.log.error({ err: error }, 'framework error');
    void reply.headers(headers).status(status).send(body);
  };
}

/** Node's HTTP parser errors, by code; any other is a malformed request. */
const CLIENT_ERRORS = new Map<string | undefined, ErrorAnswer>([
  ['ERR_HTTP_REQUEST_TIMEOUT', [408, { detail: 'Request timed out', code: 'request_timeout' }]],
  [
    'HPE_HEADER_OVERFLOW',
    [431, { detail: 'Request headers too large', code: 'headers_too_large' }],
  ],
]);
const MALFORMED_REQUEST: ErrorAnswer = [
  400,
  { detail: 'Malformed HTTP request', code: 'bad_request' },
];

/**
 * Requests Node's HTTP parser refuses (a broken chunk, headers over 16 KB, a body that never
 * finishes) never reach Fastify: the answer is written to the socket here, in the one error
 * shape and with the security headers every other answer carries, then the connection closes.
 */
export function clientErrorHandler(headers: SecurityHeaders) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, body] = CLIENT_ERRORS.get(error.code) ?? MALFORMED_REQUEST;
    const text = JSON.stringify(body);
    const lines = Object.entries({
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      connection: 'close',
    }).map(([name, value]) => `${name}: ${value}`);
    if (socket.writable)
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${text}`,
      );
    socket.destroy(error);
  };
}
