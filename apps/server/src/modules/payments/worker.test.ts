import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { startReconciliation } from './worker.js';

const noop = () => {};
const silentLog = { debug: noop, error: noop } as unknown as FastifyBaseLogger;

describe('the reconciliation worker', () => {
  it('waits, when stopped, for the round in flight to finish', async () => {
    let finish!: () => void;
    let started!: () => void;
    const roundStarted = new Promise<void>((resolve) => (started = resolve));
    let finished = false;
    const reconcile = () => {
      started();
      return new Promise<number>((resolve) => {
        finish = () => {
          finished = true;
          resolve(0);
        };
      });
    };
    const stop = startReconciliation(
      { every: [reconcile], expiry: () => Promise.resolve(0) },
      silentLog,
      { intervalMs: 5, expiryIntervalMs: 60_000 },
    );
    await roundStarted;
    const stopped = stop();
    setTimeout(() => finish(), 50);
    await stopped;
    expect(finished).toBe(true);
  });
});
