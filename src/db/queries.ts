// The reads every resource shares, one mechanism for all (the speed of a read
// route comes from here, not from tuning each route): a point read by
// (workspace_id, id) and a keyset page, both prepared once per database with
// every column selected under its property name (prepared.ts). A page's
// position is the opaque `after` string: the key of its last row (the id, or
// "<event_id> <id>" for a list ordered by two columns). Cursor signing belongs
// to HTTP.
import { and, asc, desc, eq, getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db, DbOrTx } from "./client";
import { compileSelect, pointSelect, preparedSelect } from "./prepared";

export type Order = "asc" | "desc";

/** What a list route asks of a service. */
export interface PageRequest {
  /** The key of the last row of the previous page. */
  after?: string;
  order: Order;
  limit: number;
  /** Count the matching rows too (exact up to TOTAL_COUNT_CAP). */
  total?: boolean;
}

export interface Total {
  count: number;
  capped: boolean;
}

/** A page of rows and the key after which the next one starts (null on the last page). */
export interface Page<Row> {
  rows: Row[];
  next: string | null;
  total: Total | null;
}

export const TOTAL_COUNT_CAP = 10_000;

export interface PageFilter {
  workspaceId: string;
  /** Equalities by property name; undefined values are left out. Index-backed, prepared once per shape. */
  equal?: Record<string, unknown>;
}

export interface ScanFilter extends PageFilter {
  /** Anything else (ranges, membership, segment filters): built per request, and it may read many rows. */
  where?: SQL;
}

export interface TableReads<Row> {
  /** The workspace's row with this id. Valid inside a transaction too (same connection). */
  get(db: Db, workspaceId: string, id: string): Row | undefined;
  /** A page by equalities only: index-backed, on the main connection. */
  page(db: Db, filter: PageFilter, page: PageRequest): Page<Row>;
  /**
   * A page whose filter may scan many rows (a segment's filter over a million
   * people): run on a reader thread, so the main thread answers everyone else meanwhile.
   */
  scan(db: Db, readers: Readers, filter: ScanFilter, page: PageRequest): Promise<Page<Row>>;
}

/** Where scanning reads run (DbThreads). */
export interface Readers {
  all<T>(sql: string, params: unknown[]): Promise<T[]>;
}

/**
 * The reads of one tenant table. `key` is the keyset, in list order: the id
 * alone by default (time-ordered UUIDv7), or columns that end with the id.
 */
export function tableReads<T extends SQLiteTable>(table: T, opts: { key?: SQLiteColumn[] } = {}): TableReads<T["$inferSelect"]> {
  type Row = T["$inferSelect"];
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const name = getTableName(table);
  const key = opts.key ?? [columns.id!];
  const keyProps = key.map((k) => Object.keys(columns).find((p) => columns[p] === k)!);
  const workspace = columns.workspaceId!;

  // rows after the key `values` (placeholders or values) in list order: a row-value
  // comparison, which SQLite turns into a range on the list's index
  const positioned = (order: Order, values: unknown[]) => {
    const op = sql.raw(order === "desc" ? "<" : ">");
    if (key.length === 1) return sql`${key[0]} ${op} ${values[0]}`;
    return sql`(${sql.join(key, sql`, `)}) ${op} (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  };
  const ordering = (order: Order) => key.map((k) => (order === "desc" ? desc(k) : asc(k)));

  return {
    get(db, workspaceId, id) {
      return pointSelect<Row>(db, table)(workspaceId, id);
    },

    page(db, filter, p) {
      const equal = equalities(filter);
      const after = keyOf(p);
      const shape = `${name}.page:${equal.map(([k]) => k).join(",")}:${p.order}:${after ? "after" : "first"}`;
      const q = preparedSelect<Row>(db, shape, table, (from) =>
        from
          .where(
            and(
              eq(workspace, sql.placeholder("ws")),
              ...equal.map(([k], i) => eq(columns[k]!, sql.placeholder(`e${i}`))),
              after ? positioned(p.order, key.map((_, i) => sql.placeholder(`k${i}`))) : undefined,
            ),
          )
          .orderBy(...ordering(p.order))
          .limit(sql.placeholder("limit"))
          .toSQL(),
      );
      const params: Record<string, unknown> = { ws: filter.workspaceId, limit: p.limit + 1 };
      equal.forEach(([, v], i) => (params[`e${i}`] = v));
      after?.forEach((v, i) => (params[`k${i}`] = v));
      const rows = q.all(params);
      return finish(rows, p, p.total ? countCapped(db, table, conditions(filter)) : null);
    },

    async scan(db, readers, filter, p) {
      const after = keyOf(p);
      const select = compileSelect<Row>(db, table, (from) =>
        from
          .where(and(conditions(filter), after ? positioned(p.order, after) : undefined))
          .orderBy(...ordering(p.order))
          .limit(p.limit + 1)
          .toSQL(),
      );
      const [rows, total] = await Promise.all([readers.all<Row>(select.sql, select.params), p.total ? countScan(db, readers, table, conditions(filter)) : null]);
      if (select.decode) for (const r of rows) select.decode(r);
      return finish(rows, p, total);
    },
  };

  function equalities(f: PageFilter): [string, unknown][] {
    return Object.entries(f.equal ?? {}).filter(([, v]) => v !== undefined);
  }
  function conditions(f: ScanFilter): SQL {
    return and(eq(workspace, f.workspaceId), ...equalities(f).map(([k, v]) => eq(columns[k]!, v)), f.where)!;
  }
  function keyOf(p: PageRequest): string[] | undefined {
    const after = p.after?.split(" ");
    if (after && after.length !== key.length) throw new Error(`${name}: a page key has ${key.length} part(s)`);
    return after;
  }
  function finish(rows: Row[], p: PageRequest, total: Total | null): Page<Row> {
    const more = rows.length > p.limit;
    if (more) rows.pop();
    const last = rows.at(-1) as Record<string, unknown> | undefined;
    return { rows, next: more && last ? keyProps.map((k) => String(last[k])).join(" ") : null, total };
  }
}

const capped = (n: number): Total => (n > TOTAL_COUNT_CAP ? { count: TOTAL_COUNT_CAP, capped: true } : { count: n, capped: false });
const countQuery = (db: DbOrTx, table: SQLiteTable, where: SQL | undefined) =>
  db.select({ n: sql<number>`count(*)`.as("n") }).from(db.select({ one: sql`1` }).from(table).where(where).limit(TOTAL_COUNT_CAP + 1).as("capped"));

/** Rows matching `where` (index-backed), counted exactly up to TOTAL_COUNT_CAP, on the main connection. */
export function countCapped(db: DbOrTx, table: SQLiteTable, where: SQL | undefined): Total {
  return capped(countQuery(db, table, where).get()!.n);
}

/** The same count for a filter that may scan many rows, on a reader thread. */
export async function countScan(db: Db, readers: Readers, table: SQLiteTable, where: SQL | undefined): Promise<Total> {
  const q = countQuery(db, table, where).toSQL();
  const [row] = await readers.all<{ n: number }>(q.sql, q.params);
  return capped(row!.n);
}
