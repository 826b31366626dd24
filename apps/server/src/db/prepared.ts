/**
 * Statements run as named prepared statements, one per shape of SQL text, so each connection
 * parses and plans a shape once instead of on every request: for a search at 100,000 products,
 * planning was ~1 ms of ~4 ms of PostgreSQL's CPU, and parsing, analysing and planning ~2–4 ms of
 * 5–12 ms in PGlite (decision 042). A connection keeps at most MAX_PREPARED_STATEMENTS: an API
 * client's every filter is a shape of its own.
 * - PostgreSQL: a connection that is full runs a new shape unprepared and is then closed, so the
 *   pool opens a fresh one (node-postgres has no way to forget a statement it prepared).
 * - PGlite: its thread prepares every statement it is sent, not only these, and forgets the
 *   least recently used beyond the limit (pglite-thread-main.ts).
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { queryCounter } from '../lib/query-counter.js';
import { MAX_PREPARED_STATEMENTS, type Db } from './connect.js';
import { PgliteThread } from './pglite-thread.js';

const dialect = new PgDialect();
/** The statement names each pooled PostgreSQL connection has prepared. */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/** Runs `statement` as a prepared statement named after its text; answers its rows. */
export async function runPrepared(db: Db, statement: SQL): Promise<Record<string, unknown>[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const client = (db as { $client?: unknown }).$client;
  queryCounter.logQuery(text, params);
  if (client instanceof PgliteThread) {
    return (await client.query<Record<string, unknown>>(text, params)).rows;
  }
  const name = `prepared_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  if (!(client instanceof pg.Pool)) throw new TypeError('runPrepared needs the database itself');
  const connection = await client.connect();
  let prepared = preparedOn.get(connection);
  if (!prepared) preparedOn.set(connection, (prepared = new Set()));
  const full = !prepared.has(name) && prepared.size >= MAX_PREPARED_STATEMENTS;
  // Released to be closed when full, or after an error (as pool.query does).
  let close: boolean | Error = full;
  try {
    if (full) return (await connection.query({ text, values: params })).rows;
    prepared.add(name);
    return (await connection.query({ name, text, values: params })).rows;
  } catch (error) {
    close = error as Error;
    throw error;
  } finally {
    connection.release(close);
  }
}
