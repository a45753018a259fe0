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
import { pointSelect, preparedSelect, selectRows } from "./prepared";

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
  /** Equalities by property name; undefined values are left out. Prepared once per shape: the fast path. */
  equal?: Record<string, unknown>;
  /** Anything else (ranges, membership, segment filters): built per request. */
  where?: SQL;
}

export interface TableReads<Row> {
  /** The workspace's row with this id. Valid inside a transaction too (same connection). */
  get(db: Db, workspaceId: string, id: string): Row | undefined;
  page(db: Db, filter: PageFilter, page: PageRequest): Page<Row>;
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
      const equal = Object.entries(filter.equal ?? {}).filter(([, v]) => v !== undefined);
      const after = p.after?.split(" ");
      if (after && after.length !== key.length) throw new Error(`${name}: a page key has ${key.length} part(s)`);
      let rows: Row[];
      if (!filter.where) {
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
        rows = q.all(params);
      } else {
        // built per request: a filter that is not a set of equalities has no fixed shape
        rows = selectRows<Row>(db, table, (from) =>
          from
            .where(and(eq(workspace, filter.workspaceId), ...equal.map(([k, v]) => eq(columns[k]!, v)), filter.where, after ? positioned(p.order, after) : undefined))
            .orderBy(...ordering(p.order))
            .limit(p.limit + 1)
            .toSQL(),
        );
      }
      const more = rows.length > p.limit;
      if (more) rows.pop();
      const last = rows.at(-1) as Record<string, unknown> | undefined;
      return {
        rows,
        next: more && last ? keyProps.map((k) => String(last[k])).join(" ") : null,
        total: p.total ? countCapped(db, table, and(eq(workspace, filter.workspaceId), ...equal.map(([k, v]) => eq(columns[k]!, v)), filter.where)) : null,
      };
    },
  };
}

/** Rows matching `where`, counted exactly up to TOTAL_COUNT_CAP. */
export function countCapped(db: DbOrTx, table: SQLiteTable, where: SQL | undefined): Total {
  const inner = db.select({ one: sql`1` }).from(table).where(where).limit(TOTAL_COUNT_CAP + 1);
  const n = db.select({ n: sql<number>`count(*)` }).from(inner.as("capped")).get()!.n;
  return n > TOTAL_COUNT_CAP ? { count: TOTAL_COUNT_CAP, capped: true } : { count: n, capped: false };
}
