// drizzle builds a query's SQL on every call (~40 µs); hot paths build it once
// with placeholders and keep the prepared query per database.
import { getTableColumns } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

const caches = new WeakMap<Db, Map<string, unknown>>();

export function preparedOnce<T>(db: Db, key: string, build: () => T): T {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let p = cache.get(key) as T | undefined;
  if (!p) cache.set(key, (p = build()));
  return p;
}

export interface RawSelect<Row> {
  all(params: Record<string, unknown>): Row[];
  get(params: Record<string, unknown>): Row | undefined;
}

/**
 * A select built once by drizzle (with sql.placeholder names) and then run
 * straight on bun:sqlite, mapping columns to the table's properties: drizzle's
 * own per-row mapping costs more than the query itself on hot paths.
 */
export function preparedSelect<Row>(db: Db, key: string, table: SQLiteTable, build: () => { sql: string; params: unknown[] }): RawSelect<Row> {
  return preparedOnce(db, key, () => {
    const built = build();
    const stmt = db.$client.prepare(built.sql);
    // compiled: no array of parameters built and spread on every call
    const args = built.params.map((p) => `p[${JSON.stringify((p as { name: string }).name)}]`).join(", ");
    const map = rowMapper<Row>(table);
    return new Function(
      "stmt",
      "map",
      `return {
        all: (p) => stmt.all(${args}).map(map),
        get: (p) => { const r = stmt.get(${args}); return r ? map(r) : undefined; },
      };`,
    )(stmt, map) as RawSelect<Row>;
  });
}

// Column types whose stored value is the property value as is.
const PLAIN = new Set(["SQLiteText", "SQLiteInteger", "SQLiteReal", "SQLiteNumeric"]);

/**
 * A compiled function mapping a bun:sqlite row (SQL column names) to the
 * table's properties; only JSON, boolean and similar columns are decoded.
 */
function rowMapper<Row>(table: SQLiteTable): (r: Record<string, unknown>) => Row {
  const cols = Object.entries(getTableColumns(table));
  const decoders: ((v: unknown) => unknown)[] = [];
  const body = cols
    .map(([prop, col]) => {
      const get = `r[${JSON.stringify(col.name)}]`;
      if (PLAIN.has(col.columnType)) return `${JSON.stringify(prop)}: ${get} ?? null`;
      decoders.push((v) => col.mapFromDriverValue(v));
      return `${JSON.stringify(prop)}: ${get} == null ? null : d[${decoders.length - 1}](${get})`;
    })
    .join(",\n");
  return new Function("d", `return (r) => ({${body}});`)(decoders) as (r: Record<string, unknown>) => Row;
}
