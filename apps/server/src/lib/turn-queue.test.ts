import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { TurnQueue } from './turn-queue.js';

/** A job that runs until `finish(i)` is called, recording when it starts. */
function controlledJobs() {
  const started: number[] = [];
  const finishers = new Map<number, (outcome: 'ok' | 'fail') => void>();
  const job = (i: number) => () =>
    new Promise<number>((resolve, reject) => {
      started.push(i);
      finishers.set(i, (outcome) => (outcome === 'ok' ? resolve(i) : reject(new Error(`${i}`))));
    });
  const finish = async (i: number, outcome: 'ok' | 'fail' = 'ok') => {
    finishers.get(i)!(outcome);
    // Let the gate hand the slot on.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, job, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnQueue', () => {
  it('runs one job at a time, the others starting in order of arrival', async () => {
    const gate = new TurnQueue();
    const { started, job, finish } = controlledJobs();
    const results = [1, 2, 3].map((i) => gate.run(job(i)));
    await settle();
    expect(started).toEqual([1]);
    await finish(1);
    expect(started).toEqual([1, 2]);
    await finish(2);
    expect(started).toEqual([1, 2, 3]);
    await finish(3);
    await expect(Promise.all(results)).resolves.toEqual([1, 2, 3]);
  });

  it('hands on after a job that failed, its caller getting the failure', async () => {
    const gate = new TurnQueue();
    const { started, job, finish } = controlledJobs();
    const first = gate.run(job(1));
    const second = gate.run(job(2));
    const firstFails = expect(first).rejects.toThrow('1');
    await settle();
    expect(started).toEqual([1]);
    await finish(1, 'fail');
    await firstFails;
    expect(started).toEqual([1, 2]);
    await finish(2);
    await expect(second).resolves.toBe(2);
  });

  it('keeps the figures /metrics reports: waiting now, done, and the time spent waiting', async () => {
    const gate = new TurnQueue();
    const { job, finish } = controlledJobs();
    const first = gate.run(job(1));
    const second = gate.run(job(2));
    await settle();
    expect([gate.waiting, gate.done]).toEqual([1, 0]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await finish(1);
    await first;
    expect([gate.waiting, gate.done]).toEqual([0, 1]);
    await finish(2);
    await second;
    expect(gate.done).toBe(2);
    // The second waited for the first's 30 ms; the first not at all.
    expect(gate.waitedSeconds).toBeGreaterThanOrEqual(0.025);
    expect(gate.waitedSeconds).toBeLessThan(5);
  });

  it('starts at once again when everything has finished', async () => {
    const gate = new TurnQueue();
    const { started, job, finish } = controlledJobs();
    const first = gate.run(job(1));
    await settle();
    await finish(1);
    await first;
    void gate.run(job(2));
    await settle();
    expect(started).toEqual([1, 2]);
  });

  it('keeps nothing of the last job’s result once its caller lets go of it', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const gate = new TurnQueue();
    let result: WeakRef<object> | undefined;
    await gate.run(async () => {
      const big = { html: 'x'.repeat(100_000) };
      result = new WeakRef(big);
      return big;
    });
    await settle();
    collect();
    expect(result!.deref()).toBeUndefined();
  });
});
