/**
 * The statements a process sends its database and the time until each is answered, summed
 * (the `/metrics` database time, lib/metrics.ts). Counted where the drivers send them: every
 * pg connection's `query` (a pool's own `query` goes through one), and PGlite's thread.
 */
import type pg from 'pg';

export class StatementClock {
  count = 0;
  seconds = 0;

  /** Counts a statement sent at `started` (performance.now()) and answered now. */
  answered(started: number): void {
    this.count++;
    this.seconds += (performance.now() - started) / 1000;
  }

  /** Times `answer`, whether it succeeds or fails. */
  time<T>(answer: Promise<T>): Promise<T> {
    const started = performance.now();
    const done = () => this.answered(started);
    answer.then(done, done);
    return answer;
  }

  /**
   * Times each statement of a pg connection: the promise form (drizzle's) and the callback form
   * (pg-pool's own `query`). A streaming query object is not timed.
   */
  instrument(client: pg.ClientBase): void {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        const started = performance.now();
        args[args.length - 1] = (...answer: unknown[]) => {
          this.answered(started);
          return (callback as (...answer: unknown[]) => unknown)(...answer);
        };
        return query(...args);
      }
      const result = query(...args);
      return result instanceof Promise ? this.time(result) : result;
    };
  }
}
