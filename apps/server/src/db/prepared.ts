/**
 * Statements the code marks with `prepared()` run as named prepared statements, one per shape of
 * SQL text, so each connection parses and plans a shape once instead of on every request: at
 * 100,000 products the checkout's read planned for ~1.1 ms and ran for 0.6, and the order path's
 * planning was 4.7 s of the 11 s PostgreSQL spent on 1,800 orders and their cart adds; a search
 * planned ~1 ms of ~4 (decision 086).
 *
 * Opt-in, not every statement: after five runs PostgreSQL may keep a generic plan, made without
 * the parameters' values, and for a statement whose best plan depends on them that plan can be
 * far worse. Prepared all alike, the order desk's list (a status that is most of the orders or a
 * handful, under a LIMIT) went from a p95 of 38 to 385 ms. Marked are statements whose plan is the
 * same whatever the values: lookups by a buyer's or a product's key, and the search, whose
 * values are PostgreSQL's plan-neutral text-search and filter parameters (decision 042).
 *
 * A connection keeps at most MAX_PREPARED_STATEMENTS: an API client's every filter is a shape of
 * its own. A connection that is full runs a new shape unprepared and is then closed at its next
 * statement outside a transaction (closing it under a transaction would take the transaction with
 * it), so the pool opens a fresh one that learns the shapes of the moment (node-postgres has no
 * way to forget a statement it prepared). PGlite's thread prepares every statement it is sent
 * (pglite-thread-main.ts).
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';

/** How a statement asks to be prepared: a comment that starts its text. */
const PREPARED_MARK = '/* prepared */ ';

/** `statement`, run as a prepared statement of its connection on PostgreSQL. */
export function prepared(statement: SQL): SQL {
  return sql.join([sql.raw(PREPARED_MARK), statement]);
}

/** Named statements one connection keeps prepared at most. */
export const MAX_PREPARED_STATEMENTS = 50;

/** What each pooled connection has prepared, and whether it is full and due to be closed. */
const preparedOn = new WeakMap<pg.ClientBase, { names: Set<string>; full: boolean }>();
/** Each shape's name, so a statement's text is hashed once, not on every request. */
const nameByText = new Map<string, string>();
const MAX_NAMES_REMEMBERED = 1000;

function nameOf(text: string): string {
  let name = nameByText.get(text);
  if (name === undefined) {
    name = `prepared_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (nameByText.size >= MAX_NAMES_REMEMBERED) nameByText.clear();
    nameByText.set(text, name);
  }
  return name;
}

type Query = (...args: unknown[]) => unknown;

/** The text of a query as node-postgres takes it, when it is a marked one not yet named. */
function markedText(first: unknown): string | undefined {
  let text: unknown = first;
  if (typeof first === 'object' && first !== null) {
    // A Submittable (a cursor) or a statement already named goes node-postgres's own way.
    if ('submit' in first || (first as pg.QueryConfig).name !== undefined) return undefined;
    text = (first as pg.QueryConfig).text;
  }
  return typeof text === 'string' && text.startsWith(PREPARED_MARK) ? text : undefined;
}

/**
 * Makes every connection of `pool` run each marked shape as a prepared statement of its own, and
 * `pool.query` close a connection that has become full.
 */
export function prepareStatements(pool: pg.Pool): void {
  pool.on('connect', (connection) => {
    const state = { names: new Set<string>(), full: false };
    preparedOn.set(connection, state);
    const plainQuery = connection.query.bind(connection) as Query;
    (connection as { query: Query }).query = (...args: unknown[]) => {
      const [first, second] = args;
      const text = markedText(first);
      if (text === undefined) return plainQuery(...args);
      const name = nameOf(text);
      if (!state.names.has(name)) {
        if (state.names.size >= MAX_PREPARED_STATEMENTS) {
          state.full = true;
          return plainQuery(...args);
        }
        state.names.add(name);
      }
      const config: pg.QueryConfig =
        typeof first === 'string' ? { text, name } : { ...(first as pg.QueryConfig), name };
      if (Array.isArray(second)) config.values = second;
      const callback = args.at(-1);
      return typeof callback === 'function' ? plainQuery(config, callback) : plainQuery(config);
    };
  });

  const poolQuery = pool.query.bind(pool) as Query;
  (pool as { query: Query }).query = async (...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return poolQuery(...args);
    const connection = await pool.connect();
    // Released to be closed when full, or after an error (as pool.query does).
    let close: boolean | Error = false;
    try {
      return await (connection.query as Query)(...args);
    } catch (error) {
      close = error as Error;
      throw error;
    } finally {
      connection.release(close || (preparedOn.get(connection)?.full ?? false));
    }
  };
}
