/**
 * Reconciliation: a callback can be lost, so attempts left pending are asked about through the
 * gateway's status call and the answer goes through the same path as a callback.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService } from './service.js';

export interface ReconciliationOptions {
  /** How often the worker looks for pending attempts. */
  intervalMs: number;
  /** How old an attempt must be before it is asked about (the callback gets a head start). */
  olderThanMs: number;
}

export const DEFAULT_RECONCILIATION: ReconciliationOptions = {
  intervalMs: 30_000,
  olderThanMs: 2 * 60_000,
};

export function startReconciliation(
  service: PaymentsService,
  log: FastifyBaseLogger,
  options = DEFAULT_RECONCILIATION,
) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    service
      .reconcile(options.olderThanMs)
      .then((checked) => checked > 0 && log.info({ checked }, 'payment reconciliation'))
      .catch((error: unknown) => log.error({ err: error }, 'payment reconciliation failed'))
      .finally(() => (running = false));
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
