/**
 * Bulk writes as one parameter (decision 084). Drizzle's multi-row INSERT binds a parameter per
 * value and builds its SQL value by value: a catalog import's batch of 500 products and ~8,000
 * variants cost ~10% of the apply's CPU in that building, and the statement, a new shape each
 * batch, was parsed and planned again every time. Here the rows travel as one JSON text read by
 * `json_populate_recordset`, which types each value by the table's own columns: one statement
 * whatever the row count, prepared once.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * `INSERT INTO table (columns) SELECT columns FROM json_populate_recordset(…)` of `rows`, given
 * by drizzle's keys: the columns are the table's that the first row has (every row has the same;
 * undefined is written as NULL), and a column left out takes its default. The caller adds any
 * ON CONFLICT clause.
 */
export function insertJsonRows<T extends PgTable>(
  table: T,
  rows: readonly T['$inferInsert'][],
): SQL {
  const columns = getTableColumns(table);
  const keys = Object.keys(columns).filter((key) => key in rows[0]!);
  const names = keys.map((key) => columns[key]!.name);
  const prefixes = names.map((name, i) => `${i === 0 ? '{' : ','}${JSON.stringify(name)}:`);
  let json = '';
  for (const row of rows) {
    json += json === '' ? '[' : ',';
    const values = row as Record<string, unknown>;
    keys.forEach((key, i) => (json += prefixes[i]! + (JSON.stringify(values[key]) ?? 'null')));
    json += '}';
  }
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  return sql`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${wellFormed(`${json}]`)}::json)`;
}

/** An escaped backslash, or the escape JSON.stringify writes for a lone UTF-16 surrogate. */
const LONE_SURROGATE_ESCAPE = /\\\\|\\ud[89a-f][0-9a-f]{2}/g;

/**
 * The JSON with each lone surrogate as U+FFFD: PostgreSQL's json refuses its escape, where a
 * parameter's text (encoded as UTF-8) stores U+FFFD, as every other write does.
 */
function wellFormed(json: string): string {
  return json.includes('\\ud')
    ? json.replace(LONE_SURROGATE_ESCAPE, (escape) => (escape === '\\\\' ? escape : '\\ufffd'))
    : json;
}

/** `values` as one text[] parameter (`= ANY (…)`), one statement shape whatever their number. */
export function textArray(values: readonly string[]): SQL {
  const literal = values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',');
  return sql`${`{${literal}}`}::text[]`;
}
