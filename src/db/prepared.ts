// drizzle builds a query's SQL on every call (~40 µs); reads build it once
// with placeholders and keep the prepared query on the database.
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/** What `build` makes, made once per database and kept on it under `key`. */
export function preparedOnce<T>(db: Db, key: string, build: () => T): T {
  let p = db.$prepared.get(key) as T | undefined;
  if (!p) db.$prepared.set(key, (p = build()));
  return p;
}

/**
 * One statement per LIMIT, the number written into its SQL (`make` gets it
 * checked: a positive integer). Bun's SQLite prepares a statement whose LIMIT
 * is a bound parameter again on every run; a claim runs after every message.
 */
export function perLimit<S>(make: (limit: number) => S): (limit: number) => S {
  const made = new Map<number, S>();
  return (limit) => {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`a LIMIT must be a positive integer, not ${limit}`);
    let s = made.get(limit);
    if (!s) made.set(limit, (s = make(limit)));
    return s;
  };
}

export interface RawSelect<Row> {
  all(params: Record<string, unknown>): Row[];
  get(params: Record<string, unknown>): Row | undefined;
}

/** `db.select().from(table)` as the builder a prepared select starts from. */
export type SelectFrom = ReturnType<ReturnType<Db["select"]>["from"]>;
type Build = (from: SelectFrom) => { sql: string; params: unknown[] };

/**
 * A select built once by drizzle (with sql.placeholder names) and then run
 * straight on bun:sqlite. Each column is selected under its property name
 * (`"workspace_id" as "workspaceId"`), so bun:sqlite's rows are already the
 * table's rows: only JSON, boolean and similar columns are decoded, in place.
 * drizzle's own per-row mapping, or a copy per row, costs more than the query
 * itself on hot paths (a 100-row page is a hundred rows, not one).
 */
export function preparedSelect<Row>(db: Db, key: string, table: SQLiteTable, build: Build): RawSelect<Row> {
  return preparedOnce(db, `select:${key}`, () => {
    const { columns, built } = aliased(db, table, build);
    const stmt = db.$client.prepare(built.sql);
    const names = built.params.map((p) => (p as { name: string }).name);
    const decode = decoder<Row>(columns);
    const args = (p: Record<string, unknown>) => names.map((n) => p[n]) as never[];
    return {
      all: (p) => {
        const rows = stmt.all(...args(p)) as Row[];
        if (decode) for (const r of rows) decode(r);
        return rows;
      },
      get: (p) => {
        const r = (stmt.get(...args(p)) as Row | null) ?? undefined;
        if (r && decode) decode(r);
        return r;
      },
    };
  });
}

/**
 * One row of `table` by (workspace_id, id): the point read every resource
 * shares, a statement bound positionally (no parameter object per call).
 */
export function pointSelect<Row>(db: Db, table: SQLiteTable): (workspaceId: string, id: string) => Row | undefined {
  return preparedOnce(db, `point:${getTableName(table)}`, () => {
    const columns = Object.entries(getTableColumns(table));
    const list = columns.map(([prop, col]) => `"${col.name}" AS "${prop}"`).join(", ");
    const stmt = db.$client.prepare<Row, [string, string]>(`SELECT ${list} FROM "${getTableName(table)}" WHERE "workspace_id" = ?1 AND "id" = ?2`);
    const decode = decoder<Row>(columns);
    return (workspaceId, id) => {
      const r = stmt.get(workspaceId, id);
      if (r && decode) decode(r);
      return r ?? undefined;
    };
  });
}

/** A select built per call (a shape that varies), to run elsewhere (a reader thread): its SQL, parameters and row decoder. */
export function compileSelect<Row>(db: Db, table: SQLiteTable, build: Build): { sql: string; params: unknown[]; decode: ((r: Row) => void) | null } {
  const { columns, built } = aliased(db, table, build);
  return { sql: built.sql, params: built.params, decode: decoder<Row>(columns) };
}

function aliased(db: Db, table: SQLiteTable, build: Build) {
  const columns = Object.entries(getTableColumns(table));
  const fields = Object.fromEntries(columns.map(([prop, col]) => [prop, sql`${col}`.as(prop)]));
  return { columns, built: build(db.select(fields).from(table) as unknown as SelectFrom) };
}

// Column types whose stored value is the property value as is.
const PLAIN = new Set(["SQLiteText", "SQLiteInteger", "SQLiteReal", "SQLiteNumeric"]);

/** Decodes a row's JSON, boolean and similar columns in place; null when no column needs it. */
function decoder<Row>(columns: [string, SQLiteColumn][]): ((r: Row) => void) | null {
  const decoded = columns.filter(([, col]) => !PLAIN.has(col.columnType));
  if (!decoded.length) return null;
  return (r) => {
    const row = r as Record<string, unknown>;
    for (const [prop, col] of decoded) if (row[prop] != null) row[prop] = col.mapFromDriverValue(row[prop]);
  };
}

/**
 * A table's whole row for a raw statement of one's own (an UPDATE … RETURNING,
 * an INSERT … RETURNING): every column under its property name, and the
 * in-place decoder of its JSON, boolean and similar columns (null when none).
 */
export function rowColumns<Row>(table: SQLiteTable): { list: string; decode: ((r: Row) => void) | null } {
  const columns = Object.entries(getTableColumns(table));
  return { list: columns.map(([prop, col]) => `"${col.name}" AS "${prop}"`).join(", "), decode: decoder<Row>(columns) };
}

/**
 * `INSERT … RETURNING` of one whole row of `table` (every column given; an
 * absent one is NULL, never a default), prepared once per database and bound
 * positionally: answers the row as stored, decoded like a point read.
 */
export function insertRow<Row>(db: Db, table: SQLiteTable): (row: Row) => Row {
  const insert = preparedInsert<Row>(db, table, "");
  return (row) => insert(row)!;
}

/** insertRow that writes nothing when the row would break a unique constraint (ON CONFLICT DO NOTHING): answers null then. */
export function insertRowIfAbsent<Row>(db: Db, table: SQLiteTable): (row: Row) => Row | null {
  return preparedInsert<Row>(db, table, " ON CONFLICT DO NOTHING");
}

function preparedInsert<Row>(db: Db, table: SQLiteTable, onConflict: string): (row: Row) => Row | null {
  return preparedOnce(db, `insert:${getTableName(table)}${onConflict}`, () => {
    const columns = Object.entries(getTableColumns(table));
    const names = columns.map(([, col]) => `"${col.name}"`).join(", ");
    const slots = columns.map((_, i) => `?${i + 1}`).join(", ");
    const { list, decode } = rowColumns<Row>(table);
    const stmt = db.$client.prepare<Row, never[]>(`INSERT INTO "${getTableName(table)}" (${names}) VALUES (${slots})${onConflict} RETURNING ${list}`);
    const encode = columns.map(([prop, col]) => (PLAIN.has(col.columnType) ? (r: Record<string, unknown>) => r[prop] ?? null : (r: Record<string, unknown>) => (r[prop] == null ? null : col.mapToDriverValue(r[prop]))));
    return (row: Row) => {
      const stored = stmt.get(...(encode.map((e) => e(row as Record<string, unknown>)) as never[]));
      if (stored && decode) decode(stored);
      return stored;
    };
  });
}
