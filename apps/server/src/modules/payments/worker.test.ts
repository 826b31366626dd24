import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService } from './service.js';
import { startReconciliation } from './worker.js';

const noop = () => {};
const silentLog = { debug: noop, error: noop } as unknown as FastifyBaseLogger;

describe('the reconciliation worker', () => {
  it('waits, when stopped, for the round in flight to finish', async () => {
    let finish!: () => void;
    let started!: () => void;
    const roundStarted = new Promise<void>((resolve) => (started = resolve));
    let finished = false;
    const service = {
      reconcile: () => {
        started();
        return new Promise<number>((resolve) => {
          finish = () => {
            finished = true;
            resolve(0);
          };
        });
      },
    } as unknown as PaymentsService;
    const stop = startReconciliation(service, silentLog, { intervalMs: 5 });
    await roundStarted;
    const stopped = stop();
    setTimeout(() => finish(), 50);
    await stopped;
    expect(finished).toBe(true);
  });
});
