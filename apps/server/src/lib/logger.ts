/**
 * The server's logs (decision 024). pino writes to stdout through a buffer, written when 8 KB
 * gather or every 250 ms, and synchronously at exit; pino's default is a system call per line.
 * Fastify's two lines per request become one, and routine reads log at debug: at info, a line
 * per cached catalog read cost more than half its throughput (bench/README.md).
 */
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import pino from 'pino';

const FLUSH_INTERVAL_MS = 250;
/** A read slower than this is logged at info with the changes and the errors. */
const SLOW_REQUEST_MS = 500;

export function createLogger(level: string): FastifyBaseLogger | undefined {
  if (level === 'silent') return undefined;
  const destination = pino.destination({ dest: 1, sync: false, minLength: 8192 });
  setInterval(() => destination.flush(), FLUSH_INTERVAL_MS).unref();
  return pino({ level }, destination);
}

const logsDebug = (log: FastifyBaseLogger) =>
  (pino.levels.values[log.level] ?? Infinity) <= pino.levels.values.debug!;

/**
 * One `request completed` line per request: at debug for a successful GET or HEAD answered
 * within SLOW_REQUEST_MS, at info for every change, every 4xx/5xx and every slow read.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const routine =
      !error &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      reply.statusCode < 400 &&
      reply.elapsedTime < SLOW_REQUEST_MS;
    if (routine && !logsDebug(request.log)) return;
    request.log[routine ? 'debug' : 'info'](
      {
        req: { method: request.method, url: request.url, remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
        ...(error ? { err: error } : {}),
      },
      'request completed',
    );
  }
}
