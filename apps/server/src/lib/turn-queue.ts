/**
 * Runs the jobs given to it one at a time, in order of arrival, whether each succeeds or not,
 * and keeps the figures `/metrics` reports: how many wait now, how many ran, how long they waited.
 */
export class TurnQueue {
  waiting = 0;
  done = 0;
  waitedSeconds = 0;
  #last: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const queued = performance.now();
    this.waiting++;
    const run = this.#last.then(() => {
      this.waiting--;
      this.waitedSeconds += (performance.now() - queued) / 1000;
      return job().finally(() => this.done++);
    });
    // Settled with nothing: the last job's result (a page's whole HTML, a compressed answer)
    // is its caller's, not kept alive by the queue until the next job.
    this.#last = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}
