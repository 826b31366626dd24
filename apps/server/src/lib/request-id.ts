/**
 * One id per request, across nginx and the replicas (issue 23): nginx sends its `$request_id`
 * as X-Request-Id, the replica logs every line of the request with it (`reqId`) and answers it
 * back (every-response.ts), so a buyer's report, nginx's access log and the replica's log meet.
 * A request that comes without one (no proxy) gets an id of this process's own; a header that
 * is not a plain token is ignored, since it lands in the logs.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ID = /^[A-Za-z0-9._-]{8,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * 32 hex digits, as nginx's `$request_id`: this process's random half, then a count. Unique
 * across replicas and restarts as a UUID is, without a UUID's random bytes and formatting on
 * every request (decision 083).
 */
const processPart = randomBytes(8).toString('hex');
let count = 0;
const nextId = () => processPart + (count++).toString(16).padStart(16, '0');

/** Fastify's genReqId: the proxy's id when it is a plain token, else a new one. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ID.test(given) ? given : nextId();
}
