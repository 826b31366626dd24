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
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';

const FLUSH_INTERVAL_MS = 250;
/** A read slower than this is logged at info with the changes and the errors. */
const SLOW_REQUEST_MS = 500;

export function createLogger(level: string): FastifyBaseLogger | undefined {
  if (level === 'silent') return undefined;
  const destination = pino.destination({ dest: 1, sync: false, minLength: 8192 });
  setInterval(() => destination.flush(), FLUSH_INTERVAL_MS).unref();
  return pino({ level }, destination);
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** Whether `log` writes lines of `level` ('silent', or a logger without a level, writes none). */
const writes = (log: FastifyBaseLogger, level: Level) =>
  (pino.levels.values[log.level] ?? Infinity) <= pino.levels.values[level]!;

/**
 * A request's logger (Fastify's `request.log`), pino's child with the request id made only when
 * the request logs a line its level writes: a routine read at the production level logs nothing,
 * and a child made for every request was ~1 µs of a cached read's CPU (decision 083). Its lines
 * are the child's, `reqId` and all.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #logger(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  #log(level: Level, args: unknown[]): void {
    const log = this.#child ?? this.#parent;
    if (writes(log, level)) (this.#logger()[level] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}
}

/**
 * Fastify's childLoggerFactory: a RequestLogger, or pino's child at once for a route that sets
 * its own level or serializers.
 */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined)
    return parent.child(bindings, options);
  return new RequestLogger(parent, bindings);
}

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
    if (routine && !writes(request.log, 'debug')) return;
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
