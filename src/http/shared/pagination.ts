// Cursor pages {data, meta} (API B): a service returns rows and the key after
// which the next page starts (src/db/queries.ts); here that key becomes an
// opaque, signed cursor bound to its list, filters and order, so a cursor
// presented with another list, other filters or another order is refused.
import { createHmac, timingSafeEqual } from "node:crypto";
import { t } from "elysia";
import type { Ctx } from "../../context";
import type { Order, Page, PageRequest } from "../../db/queries";
import { DomainError } from "../../lib/errors";

export const PageQuery = {
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, default: 20, description: "Page size, 1-100 (default 20)" })),
  cursor: t.Optional(t.String({ maxLength: 512, description: "next_cursor of the previous page" })),
  order: t.Optional(t.Union([t.Literal("desc"), t.Literal("asc")], { description: "desc (newest first, default) or asc" })),
  include: t.Optional(t.Literal("total_count", { description: "total_count adds an exact count up to 10,000" })),
};

export interface PageParams {
  limit?: number;
  cursor?: string;
  order?: Order;
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

export interface PageAnswer<Out> {
  data: Out[];
  meta: PageMeta;
}

/**
 * One list answer: the page request the query asks for (its cursor checked
 * against `list` and `filters`), `read` (the one service call: a page, or the
 * promise of one read on a reader thread), and each row through `view`.
 */
export function paged<Row, Out>(ctx: Ctx, list: string, query: PageParams, filters: Record<string, unknown>, read: (page: PageRequest) => Page<Row>, view: (row: Row) => Out): PageAnswer<Out>;
export function paged<Row, Out>(ctx: Ctx, list: string, query: PageParams, filters: Record<string, unknown>, read: (page: PageRequest) => Page<Row> | Promise<Page<Row>>, view: (row: Row) => Out): PageAnswer<Out> | Promise<PageAnswer<Out>>;
export function paged<Row, Out>(ctx: Ctx, list: string, query: PageParams, filters: Record<string, unknown>, read: (page: PageRequest) => Page<Row> | Promise<Page<Row>>, view: (row: Row) => Out) {
  const order = query.order ?? "desc";
  const answer = (page: Page<Row>): PageAnswer<Out> => ({
    data: page.rows.map(view),
    meta: {
      has_more: page.next !== null,
      next_cursor: page.next === null ? null : encodeCursor(ctx, list, filters, order, page.next),
      total_count: page.total?.count ?? null,
      total_count_capped: page.total?.capped ?? null,
    },
  });
  const page = read({
    after: query.cursor ? decodeCursor(ctx, query.cursor, list, filters, order) : undefined,
    order,
    limit: query.limit ?? 20,
    total: query.include === "total_count",
  });
  return page instanceof Promise ? page.then(answer) : answer(page);
}
