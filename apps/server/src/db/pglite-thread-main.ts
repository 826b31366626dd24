/**
 * The PGlite thread's own code (decision 042): it opens the database and runs what the server
 * sends, one unit of work at a time in the order sent — a statement, or a whole transaction,
 * whose statements arrive one by one while the others wait. It writes what it is doing into
 * the shared state, which is all the server's watchdog needs to cut a statement over its time.
 */
import { cp } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { parse, PGlite, protocol, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import {
  MAX_PREPARED_PARAMETERS,
  SHARED,
  TEXT_TYPES,
  type ErrorData,
  type FromThread,
  type QueryMessage,
  type ThreadOptions,
  type ToThread,
} from './pglite-protocol.js';

const options = workerData as ThreadOptions;
const shared = new Int32Array(options.shared);
const port = parentPort!;
const post = (message: FromThread) => port.postMessage(message);

/** A parser that keeps PostgreSQL's text. */
const asText = (value: string) => value;

const pglite = await PGlite.create(options.dataDir, {
  extensions: { pg_trgm, unaccent },
  parsers: Object.fromEntries(TEXT_TYPES.map((type) => [type, asText])),
  startParams: options.startParams,
  pgliteWasmModule: options.wasmModule,
  loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir]) : undefined,
});

type Unit =
  | { id: number; message: QueryMessage }
  | { id: number; transaction: true }
  | { id: number; copyInto: string };
const units: Unit[] = [];
let working = false;
type TransactionMessage = QueryMessage | Extract<ToThread, { op: 'end' }>;
/**
 * Each transaction's messages, from its begin on: the server sends a transaction's statements
 * without waiting for it to begin (one round trip less), so they may arrive while it waits in
 * the queue.
 */
const inboxes = new Map<number, TransactionMessage[]>();
/** The open transaction's wait for its next message. */
let wakeTransaction: (() => void) | undefined;

const step = () => Atomics.add(shared, SHARED.step, 1);

function errorData(error: unknown): ErrorData {
  if (!(error instanceof Error)) return { message: String(error) };
  const data: ErrorData = { message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') data[key] = value;
  }
  return data;
}

/**
 * Statements that may be prepared: one query or data-changing statement, after any leading
 * comments (the mark of db/prepared.ts is one, decision 086). Utility statements
 * (SET, DDL, DEALLOCATE) run unnamed, as PGlite runs them.
 */
const PREPARABLE =
  /^\s*(?:\/\*(?:[^*]|\*(?!\/))*\*\/\s*)*(?:select|insert|update|delete|with|values)\b/i;

interface Prepared {
  name: string;
  /** The parameter types PostgreSQL chose, which the values are serialised for. */
  types: number[];
  /** When it was prepared (performance.now()): its plan is kept for `options.planMaxAgeMs`. */
  preparedAt: number;
}

/**
 * The statements prepared on this thread's connection, by SQL text, least recently used first
 * (a Map keeps insertion order; each use moves its statement to the end). The server sends the
 * same few dozen shapes over and over (a session check, a cart read, an order), which PGlite
 * would parse, analyse and plan each time: measured under the bench's orders, half of such a
 * statement's time (a session check 0.30 → 0.11 ms, the cart read 0.68 → 0.30 ms), and 2–4 ms
 * of a search's 5–12 ms.
 */
const prepared = new Map<string, Prepared>();
let preparedSerial = 0;
const { serialize } = protocol;
const noSync = { syncToFs: false };

/** The prepared statement of `sql`, prepared now (Parse, Describe) if it is not yet. */
async function preparedStatement(sql: string): Promise<Prepared> {
  let statement = prepared.get(sql);
  if (statement) prepared.delete(sql);
  if (statement && performance.now() - statement.preparedAt < options.planMaxAgeMs) {
    prepared.set(sql, statement);
    return statement;
  }
  const stale = statement ?? (prepared.size >= options.maxPrepared ? oldestPrepared() : undefined);
  if (stale)
    await pglite.execProtocolStream(serialize.close({ type: 'S', name: stale.name }), noSync);
  const name = `s${++preparedSerial}`;
  await pglite.execProtocolStream(serialize.parse({ name, text: sql }), noSync);
  const types = parse.parseDescribeStatementResults(
    await pglite.execProtocolStream(serialize.describe({ type: 'S', name }), noSync),
  );
  statement = { name, types, preparedAt: performance.now() };
  prepared.set(sql, statement);
  return statement;
}

/** Takes the least recently used statement out of `prepared`, to be closed. */
function oldestPrepared(): Prepared {
  const [oldestSql, oldest] = prepared.entries().next().value!;
  prepared.delete(oldestSql);
  return oldest;
}

/**
 * A statement run as a prepared statement: on its first use prepared, then only bound and
 * executed, as PGlite's own query runs its unnamed one. Inside a transaction too: a prepared
 * statement belongs to the connection, and outlives a rollback.
 */
async function runPrepared(message: QueryMessage): Promise<Results> {
  return pglite.runExclusive(async () => {
    const messages = [];
    try {
      const { name, types } = await preparedStatement(message.sql);
      const values = message.params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pglite.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      for (const request of [
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
      ]) {
        messages.push(...(await pglite.execProtocolStream(request, noSync)));
      }
    } finally {
      messages.push(...(await pglite.execProtocolStream(serialize.sync(), noSync)));
    }
    await pglite.syncToFs();
    return parse.parseResults(messages, pglite.parsers, { rowMode: message.rowMode })[0]!;
  });
}

async function runStatement(on: PGlite | Transaction, message: QueryMessage): Promise<void> {
  step();
  try {
    const result: Results =
      message.textTypes === undefined &&
      message.params.length <= MAX_PREPARED_PARAMETERS &&
      PREPARABLE.test(message.sql)
        ? await runPrepared(message)
        : await on.query(
            message.sql,
            message.params,
            message.textTypes
              ? {
                  rowMode: message.rowMode,
                  parsers: Object.fromEntries(message.textTypes.map((type) => [type, asText])),
                }
              : { rowMode: message.rowMode },
          );
    post({ op: 'done', id: message.id, value: result });
  } catch (error) {
    post({ op: 'failed', id: message.id, error: errorData(error) });
  } finally {
    step();
  }
}

const ROLLBACK = Symbol('rollback');

async function runTransaction(id: number): Promise<void> {
  const inbox = inboxes.get(id)!;
  let end: { id: number; commit: boolean } | undefined;
  let begun = false;
  try {
    await pglite.transaction(async (tx) => {
      begun = true;
      post({ op: 'done', id });
      for (;;) {
        while (inbox.length === 0) {
          await new Promise<void>((resolve) => (wakeTransaction = resolve));
        }
        const message = inbox.shift()!;
        if (message.op === 'end') {
          end = message;
          if (message.commit) return;
          throw ROLLBACK;
        }
        await runStatement(tx, message);
      }
    });
    post({ op: 'done', id: end!.id });
  } catch (error) {
    if (error === ROLLBACK) post({ op: 'done', id: end!.id });
    // A BEGIN that failed fails the begin and whatever the transaction was sent; a COMMIT that
    // failed fails the end.
    else {
      const failed = begun ? [end!.id] : [id, ...inbox.map((message) => message.id)];
      for (const failedId of failed) post({ op: 'failed', id: failedId, error: errorData(error) });
    }
  } finally {
    inboxes.delete(id);
    wakeTransaction = undefined;
  }
}

/** The copy under way: a close waits for it, or its shutdown checkpoint would write into it. */
let copying: Promise<void> | undefined;

/**
 * A copy of the data directory into `into` (a backup, cli/backup.ts), made as a unit of its own:
 * no statement runs and no transaction is open while the files are copied, so the copy holds
 * every transaction committed before it and nothing of one after — as PGlite's dumpDataDir does,
 * but file by file on disk rather than whole in memory. A checkpoint first writes the changed
 * pages into the data files (PGlite has no background writer), so a start from the copy has no
 * WAL to replay. The watchdog does not time it (busy stays 0): its time is the data's size, not
 * a statement's, and cutting it would restart the database and lose the backup for nothing.
 */
async function runCopy(id: number, into: string): Promise<void> {
  try {
    await pglite.exec('CHECKPOINT');
    await (copying = cp(options.dataDir!, into, {
      recursive: true,
      errorOnExist: true,
      force: false,
    }));
    post({ op: 'done', id });
  } catch (error) {
    post({ op: 'failed', id, error: errorData(error) });
  } finally {
    copying = undefined;
  }
}

async function work(): Promise<void> {
  if (working) return;
  working = true;
  while (units.length > 0) {
    const unit = units.shift()!;
    Atomics.store(shared, SHARED.started, unit.id);
    if ('copyInto' in unit) {
      await runCopy(unit.id, unit.copyInto);
      continue;
    }
    Atomics.store(shared, SHARED.busy, 1);
    if ('message' in unit) await runStatement(pglite, unit.message);
    else await runTransaction(unit.id);
    Atomics.store(shared, SHARED.busy, 0);
  }
  working = false;
}

/** A message for a transaction begun or waiting; one for another (ended before) fails. */
function toTransaction(message: TransactionMessage): void {
  const inbox = inboxes.get(message.tx!);
  if (!inbox) {
    post({
      op: 'failed',
      id: message.id,
      error: { code: '57P01', message: 'no such transaction' },
    });
    return;
  }
  inbox.push(message);
  wakeTransaction?.();
}

port.on('message', (message: ToThread) => {
  switch (message.op) {
    case 'query':
      if (message.tx === undefined) {
        units.push({ id: message.id, message });
        void work();
      } else toTransaction(message);
      return;
    case 'begin':
      inboxes.set(message.id, []);
      units.push({ id: message.id, transaction: true });
      void work();
      return;
    case 'end':
      toTransaction(message);
      return;
    case 'listen':
      void pglite.listen(message.channel, (payload) =>
        post({ op: 'notify', channel: message.channel, payload }),
      );
      return;
    case 'dump':
      void pglite.dumpDataDir('none').then(
        async (saved) => post({ op: 'done', id: message.id, value: await saved.arrayBuffer() }),
        (error: unknown) => post({ op: 'failed', id: message.id, error: errorData(error) }),
      );
      return;
    case 'copy':
      units.push({ id: message.id, copyInto: message.into });
      void work();
      return;
    case 'close':
      // PostgreSQL's own shutdown: a checkpoint, so the next start has no WAL to replay.
      void Promise.resolve(copying?.catch(() => {}))
        .then(() => pglite.close())
        .then(
          () => post({ op: 'done', id: message.id }),
          (error: unknown) => post({ op: 'failed', id: message.id, error: errorData(error) }),
        );
      return;
  }
});

post({ op: 'ready' });
