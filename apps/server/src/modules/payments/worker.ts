/**
 * Reconciliation: a callback can be lost, so attempts are asked about through the gateway's
 * status call on PhonePe's cadence (status-schedule.ts) and the answer goes through the same
 * path as a callback. The worker only ticks; the schedule in the database says what is due.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService } from './service.js';

export interface ReconciliationOptions {
  /** How often the worker looks for due attempts: finer than the cadence's 3 s steps. */
  intervalMs: number;
}

export const DEFAULT_RECONCILIATION: ReconciliationOptions = { intervalMs: 1_000 };

export function startReconciliation(
  service: PaymentsService,
  log: FastifyBaseLogger,
  options = DEFAULT_RECONCILIATION,
) {
  // The round in flight, so that stopping waits for it rather than closing the database under it.
  let round: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (round) return;
    round = service
      .reconcile()
      .then((checked) => checked > 0 && log.debug({ checked }, 'payment reconciliation'))
      .catch((error: unknown) => log.error({ err: error }, 'payment reconciliation failed'))
      .finally(() => (round = undefined));
  }, options.intervalMs);
  timer.unref();
  /** Stops ticking and resolves once the round in flight (if any) has finished. */
  return async () => {
    clearInterval(timer);
    await round;
  };
}
