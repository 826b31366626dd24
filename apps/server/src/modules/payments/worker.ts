/**
 * Reconciliation: a callback can be lost, so attempts are asked about through the gateway's
 * status call on PhonePe's cadence (status-schedule.ts) and the answer goes through the same
 * path as a callback; refunds are sent and asked about the same way (refunds.ts), and unpaid
 * orders past their payment window are cancelled. The worker only ticks; the schedules in the
 * database say what is due.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface ReconciliationOptions {
  /** How often the worker looks for due attempts: finer than the cadence's 3 s steps. */
  intervalMs: number;
  /** How often unpaid orders are looked at: their window is hours long. */
  expiryIntervalMs: number;
}

export const DEFAULT_RECONCILIATION: ReconciliationOptions = {
  intervalMs: 1_000,
  expiryIntervalMs: 60_000,
};

/** A round of work that answers how much it did. */
export type Job = () => Promise<number>;

export function startReconciliation(
  jobs: { every: Job[]; expiry: Job },
  log: FastifyBaseLogger,
  options = DEFAULT_RECONCILIATION,
) {
  // The round in flight, so that stopping waits for it rather than closing the database under it.
  let round: Promise<unknown> | undefined;
  let lastExpiry = 0;
  const timer = setInterval(() => {
    if (round) return;
    const now = Date.now();
    const due = [...jobs.every];
    if (now - lastExpiry >= options.expiryIntervalMs) {
      lastExpiry = now;
      due.push(jobs.expiry);
    }
    round = (async () => {
      for (const job of due) {
        await job()
          .then((handled) => handled > 0 && log.debug({ handled }, 'payment reconciliation'))
          .catch((error: unknown) => log.error({ err: error }, 'payment reconciliation failed'));
      }
    })().finally(() => (round = undefined));
  }, options.intervalMs);
  timer.unref();
  /** Stops ticking and resolves once the round in flight (if any) has finished. */
  return async () => {
    clearInterval(timer);
    await round;
  };
}
