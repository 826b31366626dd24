/**
 * One id per request, across nginx and the replicas (issue 23): nginx sends its `$request_id`
 * as X-Request-Id, the replica logs every line of the request with it (`reqId`) and answers it
 * back (every-response.ts), so a buyer's report, nginx's access log and the replica's log meet. A request that
 * comes without one (no proxy) gets a random id; a header that is not a plain token is ignored,
 * since it lands in the logs.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ID = /^[A-Za-z0-9._-]{8,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's genReqId: the proxy's id when it is a plain token, else a new one. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ID.test(given) ? given : randomUUID();
}
