// Cursor pages {data, meta}: keyset on time-ordered ids (never OFFSET), so a
// page is stable under concurrent inserts. A cursor is opaque, signed, and
// bound to its list, filters and order.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { t } from "elysia";
import type { Ctx } from "../../context";
import { preparedSelect } from "../../db/prepared";
import { DomainError } from "../../lib/errors";

export const TOTAL_COUNT_CAP = 10_000;

export const PageQuery = {
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, default: 20, description: "Page size, 1-100 (default 20)" })),
  cursor: t.Optional(t.String({ maxLength: 512, description: "next_cursor of the previous page" })),
  order: t.Optional(t.Union([t.Literal("desc"), t.Literal("asc")], { description: "desc (newest first, default) or asc" })),
  include: t.Optional(t.Literal("total_count", { description: "total_count adds an exact count up to 10,000" })),
};

export interface PageParams {
  limit?: number;
  cursor?: string;
  order?: "asc" | "desc";
  include?: "total_count";
}

export interface PageMeta {
  has_more: boolean;
  next_cursor: string | null;
  total_count: number | null;
  total_count_capped: boolean | null;
}

function binding(list: string, filters: Record<string, unknown>, order: string): string {
  const keys = Object.keys(filters).filter((k) => filters[k] !== undefined).sort();
  return JSON.stringify([list, order, keys.map((k) => [k, filters[k]])]);
}

// One MAC over the list's binding and the position: a cursor presented with
// another list, other filters or another order fails the check, as does any edit.
function mac(ctx: Ctx, bound: string, payload: string): string {
  return createHmac("sha256", ctx.secrets.derive("cursor")).update(bound).update("\0").update(payload).digest("base64url").slice(0, 22);
}

export function encodeCursor(ctx: Ctx, list: string, filters: Record<string, unknown>, order: string, last: string): string {
  const payload = Buffer.from(last).toString("base64url");
  return `${payload}.${mac(ctx, binding(list, filters, order), payload)}`;
}

export function decodeCursor(ctx: Ctx, cursor: string, list: string, filters: Record<string, unknown>, order: string): string {
  const bad = () => new DomainError("invalid_request", "The cursor is not valid for this list, its filters and its order.");
  const [payload, got] = cursor.split(".");
  if (!payload || !got) throw bad();
  const expect = Buffer.from(mac(ctx, binding(list, filters, order), payload));
  const given = Buffer.from(got);
  if (expect.length !== given.length || !timingSafeEqual(expect, given)) throw bad();
  return Buffer.from(payload, "base64url").toString("utf8");
}

export interface ListArgs {
  table: SQLiteTable;
  /** The keyset column: the table's time-ordered `id`. */
  key: SQLiteColumn;
  /**
   * Equality conditions (workspace_id first, for the index); undefined values
   * are skipped. The query is prepared once per shape: the fast path.
   */
  equal?: [SQLiteColumn, unknown][];
  /** Any further condition, built per request (slower: drizzle builds SQL each time). */
  where?: SQL | undefined;
  /** Names the list for cursor binding, e.g. "quota_scopes". */
  list: string;
  filters: Record<string, unknown>;
  page: PageParams;
}

/** One page of rows plus its meta. */
export function listPage<Row>(ctx: Ctx, a: ListArgs): { rows: Row[]; meta: PageMeta } {
  const limit = a.page.limit ?? 20;
  const order = a.page.order ?? "desc";
  const after = a.page.cursor ? decodeCursor(ctx, a.page.cursor, a.list, a.filters, order) : undefined;
  const equal = (a.equal ?? []).filter(([, v]) => v !== undefined);
  let rows: Row[];
  if (!a.where) {
    const shape = `list:${a.list}:${equal.map(([c]) => c.name).join(",")}:${order}:${after !== undefined}`;
    const q = preparedSelect<Row>(ctx.db, shape, a.table, (from) =>
      from
        .where(and(...equal.map(([c], i) => eq(c, sql.placeholder(`p${i}`))), after !== undefined ? (order === "desc" ? lt(a.key, sql.placeholder("after")) : gt(a.key, sql.placeholder("after"))) : undefined))
        .orderBy(order === "desc" ? desc(a.key) : asc(a.key))
        .limit(sql.placeholder("limit"))
        .toSQL(),
    );
    const params: Record<string, unknown> = { limit: limit + 1, after };
    equal.forEach(([, v], i) => (params[`p${i}`] = v));
    rows = q.all(params);
  } else {
    const where = and(...equal.map(([c, v]) => eq(c, v)), a.where, after !== undefined ? (order === "desc" ? lt(a.key, after) : gt(a.key, after)) : undefined);
    rows = ctx.db
      .select()
      .from(a.table)
      .where(where)
      .orderBy(order === "desc" ? desc(a.key) : asc(a.key))
      .limit(limit + 1)
      .all() as Row[];
  }
  const hasMore = rows.length > limit;
  if (hasMore) rows.pop();
  const lastRow = rows.at(-1) as Record<string, unknown> | undefined;
  const meta: PageMeta = {
    has_more: hasMore,
    next_cursor: hasMore && lastRow ? encodeCursor(ctx, a.list, a.filters, order, String(lastRow.id)) : null,
    total_count: null,
    total_count_capped: null,
  };
  if (a.page.include === "total_count") {
    Object.assign(meta, countCapped(ctx, a.table, and(...equal.map(([c, v]) => eq(c, v)), a.where)));
  }
  return { rows, meta };
}

/** An exact count up to 10,000, then capped. */
export function countCapped(ctx: Ctx, table: SQLiteTable, where: SQL | undefined): { total_count: number; total_count_capped: boolean } {
  const inner = ctx.db.select({ one: sql`1` }).from(table).where(where).limit(TOTAL_COUNT_CAP + 1);
  const n = ctx.db.select({ n: sql<number>`count(*)` }).from(inner.as("capped")).get()!.n;
  return n > TOTAL_COUNT_CAP ? { total_count: TOTAL_COUNT_CAP, total_count_capped: true } : { total_count: n, total_count_capped: false };
}

export function page<T>(data: T[], meta: PageMeta) {
  return { data, meta };
}
