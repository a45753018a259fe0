// drizzle builds a query's SQL on every call (~40 µs); hot paths build it once
// with placeholders and keep the prepared query per database.
import { getTableColumns, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/** What `build` makes, made once per database and kept on it under `key`. */
export function preparedOnce<T>(db: Db, key: string, build: () => T): T {
  let p = db.$prepared.get(key) as T | undefined;
  if (!p) db.$prepared.set(key, (p = build()));
  return p;
}

export interface RawSelect<Row> {
  all(params: Record<string, unknown>): Row[];
  get(params: Record<string, unknown>): Row | undefined;
}

/** `db.select().from(table)` as the builder a prepared select starts from. */
export type SelectFrom = ReturnType<ReturnType<Db["select"]>["from"]>;

/**
 * A select built once by drizzle (with sql.placeholder names) and then run
 * straight on bun:sqlite. Each column is selected under its property name
 * (`"workspace_id" as "workspaceId"`), so bun:sqlite's rows are already the
 * table's rows: only JSON, boolean and similar columns are decoded, in place.
 * drizzle's own per-row mapping, or a copy per row, costs more than the query
 * itself on hot paths (a 100-row page is a hundred rows, not one).
 */
export function preparedSelect<Row>(db: Db, key: string, table: SQLiteTable, build: (from: SelectFrom) => { sql: string; params: unknown[] }): RawSelect<Row> {
  return preparedOnce(db, key, () => {
    const columns = Object.entries(getTableColumns(table));
    const fields = Object.fromEntries(columns.map(([prop, col]) => [prop, sql`${col}`.as(prop)]));
    const built = build(db.select(fields).from(table) as unknown as SelectFrom);
    const stmt = db.$client.prepare(built.sql);
    // compiled: no array of parameters built and spread on every call
    const args = built.params.map((p) => `p[${JSON.stringify((p as { name: string }).name)}]`).join(", ");
    const decode = decoder<Row>(columns);
    return new Function(
      "stmt",
      "decode",
      decode
        ? `return {
        all: (p) => { const rows = stmt.all(${args}); for (const r of rows) decode(r); return rows; },
        get: (p) => { const r = stmt.get(${args}); if (r) decode(r); return r ?? undefined; },
      };`
        : `return {
        all: (p) => stmt.all(${args}),
        get: (p) => stmt.get(${args}) ?? undefined,
      };`,
    )(stmt, decode) as RawSelect<Row>;
  });
}

// Column types whose stored value is the property value as is.
const PLAIN = new Set(["SQLiteText", "SQLiteInteger", "SQLiteReal", "SQLiteNumeric"]);

/** A compiled function decoding a row's JSON, boolean and similar columns in place; null when none needs it. */
function decoder<Row>(columns: [string, SQLiteColumn][]): ((r: Row) => void) | null {
  const decoders: ((v: unknown) => unknown)[] = [];
  const body = columns
    .filter(([, col]) => !PLAIN.has(col.columnType))
    .map(([prop, col]) => {
      decoders.push((v) => col.mapFromDriverValue(v));
      const at = `r[${JSON.stringify(prop)}]`;
      return `if (${at} != null) ${at} = d[${decoders.length - 1}](${at});`;
    });
  if (!body.length) return null;
  return new Function("d", `return (r) => {\n${body.join("\n")}\n};`)(decoders) as (r: Row) => void;
}
