/**
 * What the server's thread and the PGlite thread say to each other (decision 042): the
 * messages, the options the thread starts with, and the shared state it keeps up to date so
 * the server can see what it is doing without asking (a busy thread would not answer).
 */

/** Indices into the shared Int32Array the PGlite thread writes and the server reads. */
export const SHARED = {
  /** The id of the last unit of work (a statement, or a whole transaction) the thread began. */
  started: 0,
  /** Moves at every start and end of a statement: unchanged while one runs, or while idle. */
  step: 1,
  /** 1 from a unit's start to its end (a transaction is busy while open, even between statements). */
  busy: 2,
  length: 3,
} as const;

/**
 * The types drizzle asks PGlite to leave as PostgreSQL's text with every query (dates, times,
 * intervals and their arrays, numeric[]), which drizzle parses itself. The thread's PGlite is
 * made with them as its own parsers: given with each query instead, PGlite rebuilt its parser
 * table every time, ~65 µs a statement.
 */
export const TEXT_TYPES = [1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231];

export interface ThreadOptions {
  /** The data directory; undefined for a database in memory (tests). */
  dataDir: string | undefined;
  /** A data directory saved by `dumpDataDir`, to start from instead of a new one. */
  loadDataDir: ArrayBuffer | undefined;
  /** PGlite's WebAssembly, compiled once by the server so a restart does not compile it again. */
  wasmModule: WebAssembly.Module;
  startParams: string[];
  /** A SharedArrayBuffer of SHARED.length Int32 slots. */
  shared: SharedArrayBuffer;
  /** Named statements kept prepared at most (db/prepared.ts). */
  maxPrepared: number;
  /** A prepared statement older than this is prepared again on its next use, and so replanned. */
  planMaxAgeMs: number;
}

export interface QueryMessage {
  op: 'query';
  id: number;
  /** The open transaction this statement belongs to (its begin's id); none outside one. */
  tx?: number;
  sql: string;
  params: unknown[];
  rowMode: 'array' | 'object';
  /** Types to answer as text, when not TEXT_TYPES (which the thread's PGlite has already). */
  textTypes?: number[];
}

export type ToThread =
  | QueryMessage
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'dump'; id: number }
  /** Copies the data directory into `into` between two units of work (a backup). */
  | { op: 'copy'; id: number; into: string }
  | { op: 'close'; id: number };

/** A database error as plain data: its message and PostgreSQL's fields (code, detail, ...). */
export type ErrorData = { message: string } & Record<string, string | number | undefined>;

export type FromThread =
  | { op: 'ready' }
  | { op: 'done'; id: number; value?: unknown }
  | { op: 'failed'; id: number; error: ErrorData }
  | { op: 'notify'; channel: string; payload: string };

/**
 * A statement with more parameters than this runs unnamed, planned and freed each time: a bulk
 * write's (an import batch's 500 products are 10,500), whose parse tree PostgreSQL would keep
 * with the prepared statement, ~1 MB per 2,500 values, in WebAssembly memory that never shrinks.
 * An import's row counts differ from batch to batch, so each batch is a new shape, and the 50
 * kept could hold tens of MB: PGlite's memory rose from 30 to 59 MB over a 100,000-product
 * import (decision 078). Its planning is little beside its writing; the server's reads and
 * orders have at most a few hundred.
 */
export const MAX_PREPARED_PARAMETERS = 1000;
