/**
 * The server's logger: pino to stdout through a buffer, written when 8 KB gather or every
 * 250 ms, and synchronously at exit. pino's default writes each line to stdout at once, a system
 * call per line, which on this kind of machine cost more than half of a cached catalog read's
 * throughput (bench/README.md).
 */
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

const FLUSH_INTERVAL_MS = 250;

export function createLogger(level: string): FastifyBaseLogger | undefined {
  if (level === 'silent') return undefined;
  const destination = pino.destination({ dest: 1, sync: false, minLength: 8192 });
  setInterval(() => destination.flush(), FLUSH_INTERVAL_MS).unref();
  return pino({ level }, destination);
}
