/**
 * PGlite in a thread of its own (issue 18, decision 042). In the server's thread, a query ran
 * WebAssembly that nothing could interrupt: every request waited for it, and no statement could
 * be bounded. Here the server only posts messages, so it answers while PGlite works, and a
 * watchdog ends a thread whose statement (or open transaction) has not moved for the time
 * budget: the statement fails with PostgreSQL's own "query canceled" (57014), the thread is
 * terminated — at once, even inside WebAssembly — and a new one opens the same data directory,
 * where PostgreSQL's recovery replays the WAL as after any crash.
 *
 * This object is what drizzle's PGlite driver needs of a client (`query`, `transaction`) plus
 * `listen`, `dumpDataDir`, `copyDataDir` and `close`. Units of work (a statement, or a transaction from BEGIN
 * to its end) run one at a time in the order asked; a transaction's statements never
 * interleave with another's. When a thread ends, by the watchdog or a crash, the requests it had
 * begun fail with a class-57 error (the server answers 503), and those it had not begun are
 * sent again to the next thread, unchanged.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { HeapInfo } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';
import {
  SHARED,
  TEXT_TYPES,
  type ErrorData,
  type FromThread,
  type QueryMessage,
  type ThreadOptions,
  type ToThread,
} from './pglite-protocol.js';
import type { StatementClock } from './statement-clock.js';

/** PostgreSQL's codes for what a lost thread does to a request (class 57: operator intervention). */
const CANCELED = { code: '57014', message: 'canceling statement due to statement timeout' };
const TERMINATED = {
  code: '57P01',
  message: 'terminating connection: the database thread was restarted',
};
const CRASHED = { code: '57P02', message: 'terminating connection: the database thread crashed' };
const UNAVAILABLE = { code: '57P03', message: 'the database is starting up or shutting down' };

/** A database error rebuilt from its plain data, with the fields drizzle and the modules read. */
function databaseError(data: ErrorData): Error {
  return Object.assign(new Error(data.message), data);
}

/** The error of a request the database cannot take now (starting, restarting or closed). */
export const unavailable = (): Error => databaseError(UNAVAILABLE);

/** How long the thread waits between restarts that failed, so a broken data directory does not spin. */
const RESTART_BACKOFF_MS = [0, 250, 1000, 5000];

/**
 * In the built server the thread's code is its own bundle beside this one; under the tests it
 * is TypeScript, run through tsx.
 */
function threadEntry(): { url: URL; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    return {
      url: new URL('./pglite-thread-main.ts', import.meta.url),
      execArgv: ['--import', 'tsx'],
    };
  }
  return { url: new URL('./pglite-thread.mjs', import.meta.url), execArgv: [] };
}

let compiledWasm: Promise<WebAssembly.Module> | undefined;
/** PGlite's WebAssembly compiled once per process; threads receive the module. */
function pgliteWasm(): Promise<WebAssembly.Module> {
  compiledWasm ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    // @types/node declares WebAssembly's types but not its functions.
    const wasm = (
      globalThis as unknown as {
        WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
      }
    ).WebAssembly;
    return wasm.compile(await readFile(join(dirname(entry), 'pglite.wasm')));
  })();
  return compiledWasm;
}

interface Pending {
  message: ToThread & { id: number };
  /** The unit it belongs to: its own id, or its transaction's. */
  unit: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

export interface PgliteThreadOptions {
  dataDir: string | undefined;
  loadDataDir?: Blob;
  startParams: string[];
  /** A statement, or an open transaction, unmoved for longer is cut (0: never). */
  statementTimeoutMs: number;
  /** Named statements the thread keeps prepared at most. */
  maxPrepared: number;
  /** How long a prepared statement's plan is kept (connect.ts, PLAN_MAX_AGE_MS). */
  planMaxAgeMs: number;
  /** Called after a thread ended and a new one was started or failed to start. */
  onRestart?: (event: { reason: 'timeout' | 'crash'; error?: Error }) => void;
  /** Counts the statements and their time (the `/metrics` database time). */
  statementClock?: StatementClock;
}

export type ThreadStatus = 'ready' | 'restarting' | 'closed';

export class PgliteThread {
  #worker!: Worker;
  #shared = new Int32Array(new SharedArrayBuffer(SHARED.length * 4));
  /** Transactions asked and not ended; one the thread had begun is dropped when it ends. */
  readonly #transactions = new Set<number>();
  #status: ThreadStatus = 'restarting';
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  /** Units asked while no thread runs, sent when one is ready. */
  #held: Pending[] = [];
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #watchdog: NodeJS.Timeout | undefined;
  readonly #options: PgliteThreadOptions;
  #loadDataDir: ArrayBuffer | undefined;

  private constructor(options: PgliteThreadOptions) {
    this.#options = options;
  }

  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    thread.#loadDataDir = await options.loadDataDir?.arrayBuffer();
    await thread.#spawn();
    if (options.statementTimeoutMs > 0) thread.#watch(options.statementTimeoutMs);
    return thread;
  }

  get status(): ThreadStatus {
    return this.#status;
  }

  /** A statement; the thread runs it prepared (pglite-thread-main.ts). */
  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.#statement(undefined, sql, params, options) as Promise<Results<T>>;
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.#nextId++;
    // Not awaited: the statements follow at once (the thread keeps them until the transaction
    // begins), and a BEGIN that failed fails them too.
    this.#ask({ op: 'begin', id }, id).catch(() => {});
    this.#transactions.add(id);
    // A thread that ended took the transaction with it, if it had begun it.
    const lost = () => !this.#transactions.has(id);
    const tx = {
      query: (sql: string, params?: unknown[], options?: Parameters<PgliteThread['query']>[2]) =>
        lost()
          ? Promise.reject(databaseError(TERMINATED))
          : this.#statement(id, sql, params ?? [], options ?? {}),
    } as unknown as Transaction;
    const end = (commit: boolean) =>
      lost()
        ? commit
          ? Promise.reject(databaseError(TERMINATED))
          : Promise.resolve()
        : this.#ask({ op: 'end', id: this.#nextId++, tx: id, commit }, id);
    try {
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        await end(false).catch(() => {});
        throw error;
      }
      await end(true);
      return result;
    } finally {
      this.#transactions.delete(id);
    }
  }

  /**
   * Calls `listener` with each notification's payload on `channel`; answers a function that
   * stops it.
   */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      this.#listeners.set(channel, (listeners = new Set()));
      this.#post({ op: 'listen', channel });
    }
    listeners.add(listener);
    return async () => {
      listeners.delete(listener);
    };
  }

  /** The database as a data directory archive (PGlite's `dumpDataDir`). */
  async dumpDataDir(): Promise<Blob> {
    const id = this.#nextId++;
    const bytes = (await this.#ask({ op: 'dump', id }, id)) as ArrayBuffer;
    return new Blob([bytes]);
  }

  /**
   * Copies the data directory into `into` (which must not exist) between two units of work,
   * after a checkpoint (pglite-thread-main.ts runCopy): a copy PGlite starts from as it was.
   */
  async copyDataDir(into: string): Promise<void> {
    const id = this.#nextId++;
    await this.#ask({ op: 'copy', id, into }, id);
  }

  /**
   * The thread's heap (V8's statistics of its isolate), read without waiting for its work;
   * undefined while no thread runs. PostgreSQL's WebAssembly memory counts in its external
   * memory, at its whole size (resident or not).
   */
  async heapStatistics(): Promise<HeapInfo | undefined> {
    if (this.#status !== 'ready') return undefined;
    return this.#worker.getHeapStatistics().catch(() => undefined);
  }

  /** Ends the thread as a crash would: a new one starts, and what it had begun fails. */
  kill(): void {
    void this.#restart('crash');
  }

  /** Closes the database as PostgreSQL shuts down (a checkpoint), and ends the thread. */
  async close(): Promise<void> {
    if (this.#status === 'closed') return;
    clearInterval(this.#watchdog);
    const id = this.#nextId++;
    try {
      if (this.#status === 'ready') await this.#ask({ op: 'close', id }, id);
    } finally {
      this.#status = 'closed';
      for (const pending of [...this.#pending.values(), ...this.#held]) {
        pending.reject(unavailable());
      }
      this.#pending.clear();
      this.#held = [];
      await this.#worker.terminate();
    }
  }

  #statement(
    tx: number | undefined,
    sql: string,
    params: unknown[],
    options: QueryOptions,
  ): Promise<unknown> {
    const id = this.#nextId++;
    const message: QueryMessage = {
      op: 'query',
      id,
      tx,
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
    };
    // drizzle's parsers keep dates, intervals and some arrays as text: the thread's PGlite does
    // that already for TEXT_TYPES (with no parsers asked too), and is told only of another set.
    const textTypes = Object.keys(options.parsers ?? {})
      .map(Number)
      .sort((a, b) => a - b);
    if (textTypes.length > 0 && textTypes.join() !== TEXT_TYPES.join())
      message.textTypes = textTypes;
    const answer = this.#ask(message, tx ?? id);
    return this.#options.statementClock ? this.#options.statementClock.time(answer) : answer;
  }

  #ask(message: ToThread & { id: number }, unit: number): Promise<unknown> {
    if (this.#status === 'closed') return Promise.reject(unavailable());
    return new Promise((resolve, reject) => {
      const pending = { message, unit, resolve, reject };
      if (this.#status === 'restarting') {
        this.#held.push(pending);
        return;
      }
      this.#pending.set(message.id, pending);
      this.#post(message);
    });
  }

  #post(message: ToThread): void {
    if (this.#status === 'ready') this.#worker.postMessage(message);
  }

  async #spawn(): Promise<void> {
    const { url, execArgv } = threadEntry();
    Atomics.store(this.#shared, SHARED.started, 0);
    Atomics.store(this.#shared, SHARED.busy, 0);
    const options: ThreadOptions = {
      dataDir: this.#options.dataDir,
      loadDataDir: this.#loadDataDir,
      wasmModule: await pgliteWasm(),
      startParams: this.#options.startParams,
      maxPrepared: this.#options.maxPrepared,
      planMaxAgeMs: this.#options.planMaxAgeMs,
      shared: this.#shared.buffer as SharedArrayBuffer,
    };
    const worker = new Worker(url, { workerData: options, execArgv });
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => {
        worker.off('message', ready);
        reject(error);
      };
      const ready = (message: FromThread) => {
        if (message.op !== 'ready') return;
        worker.off('error', failed);
        worker.off('message', ready);
        resolve();
      };
      worker.on('message', ready);
      worker.once('error', failed);
      worker.once('exit', (code) =>
        failed(new Error(`the PGlite thread exited (${code}) while starting`)),
      );
    });
    worker.removeAllListeners('exit');
    if (this.#status === 'closed') {
      await worker.terminate();
      return;
    }
    this.#worker = worker;
    this.#status = 'ready';
    worker.on('message', (message: FromThread) => this.#receive(message));
    worker.on('error', () => {});
    worker.once('exit', () => {
      if (this.#worker === worker && this.#status === 'ready') void this.#restart('crash');
    });
    for (const channel of this.#listeners.keys()) this.#post({ op: 'listen', channel });
    const held = this.#held;
    this.#held = [];
    for (const pending of held) {
      this.#pending.set(pending.message.id, pending);
      this.#post(pending.message);
    }
  }

  #receive(message: FromThread): void {
    if (message.op === 'ready') return;
    if (message.op === 'notify') {
      for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload);
      return;
    }
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (message.op === 'done') pending.resolve(message.value);
    else pending.reject(databaseError(message.error));
  }

  /** Checks the thread's shared state; a unit unmoved for longer than `budgetMs` is cut. */
  #watch(budgetMs: number): void {
    let lastStep = -1;
    let since = performance.now();
    this.#watchdog = setInterval(
      () => {
        const step = Atomics.load(this.#shared, SHARED.step);
        const busy = Atomics.load(this.#shared, SHARED.busy) === 1;
        const now = performance.now();
        if (!busy || step !== lastStep || this.#status !== 'ready') {
          lastStep = step;
          since = now;
          return;
        }
        if (now - since > budgetMs) {
          lastStep = -1;
          void this.#restart('timeout');
        }
      },
      Math.min(250, Math.max(10, budgetMs / 4)),
    );
    this.#watchdog.unref();
  }

  /**
   * Ends the thread (if still running) and starts another. What it had begun fails; what it had
   * not is held for the next thread.
   */
  async #restart(reason: 'timeout' | 'crash'): Promise<void> {
    if (this.#status !== 'ready') return;
    this.#status = 'restarting';
    const worker = this.#worker;
    await worker.terminate();
    // The thread is gone: what it wrote last is final.
    const started = Atomics.load(this.#shared, SHARED.started);
    // A transaction it had begun is gone: its next statement fails at once. One it had not is
    // sent whole to the next thread.
    for (const id of this.#transactions) if (id <= started) this.#transactions.delete(id);
    const busy = Atomics.load(this.#shared, SHARED.busy) === 1;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    const notBegun: Pending[] = [];
    for (const request of pending) {
      if (request.unit > started) notBegun.push(request);
      else if (reason === 'timeout' && busy && request.unit === started)
        request.reject(databaseError(request.message.op === 'end' ? TERMINATED : CANCELED));
      else request.reject(databaseError(reason === 'timeout' ? TERMINATED : CRASHED));
    }
    this.#held = [...notBegun, ...this.#held];
    // Changes may have happened unseen (a write cut before its notification was delivered): as
    // after PostgreSQL's lost listening connection, a notice with no payload.
    for (const listeners of this.#listeners.values())
      for (const listener of listeners) listener('');
    for (let attempt = 0; this.#status === 'restarting'; attempt++) {
      const wait = RESTART_BACKOFF_MS[Math.min(attempt, RESTART_BACKOFF_MS.length - 1)]!;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        await this.#spawn();
        this.#options.onRestart?.({ reason });
      } catch (error) {
        this.#options.onRestart?.({ reason, error: error as Error });
        // Nobody waits for a database that cannot open: they fail now, as new ones would.
        for (const request of this.#held) request.reject(unavailable());
        this.#held = [];
      }
    }
  }
}
