import { and, asc, desc, eq, gt, lt, or } from "drizzle-orm";
import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { webhookDeliveries as d, WEBHOOK_DELIVERY_STATES } from "../../db/schema";
import { deliveryFilter, getDelivery, retryDelivery, type DeliveryRow } from "../../modules/automation/webhooks/deliveries";
import { authPlugin } from "../shared/auth";
import { idempotent } from "../shared/idempotency";
import { countCapped, decodeCursor, encodeCursor, page, PageQuery, type PageMeta, type PageParams } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { docB, Id, IdParams, Page } from "../shared/schemas";
import { toWebhookDeliveryB, WebhookDeliveryB } from "./serializers/webhook-delivery";

const ListQuery = t.Object(
  {
    ...PageQuery,
    order: t.Optional(t.Union([t.Literal("desc"), t.Literal("asc")], { description: "By event, then by delivery: desc (newest events first, default) or asc" })),
    webhook_endpoint_id: t.Optional(Id("whe")),
    event_id: t.Optional(Id("evt")),
    state: t.Optional(t.Union(WEBHOOK_DELIVERY_STATES.map((s) => t.Literal(s)))),
  },
  { additionalProperties: false },
);

const tags = ["Automation"];

/**
 * A page ordered by (event_id, id): the shared listPage keys on one column,
 * this list on two, so the cursor carries both.
 */
function deliveryPage(ctx: Ctx, where: ReturnType<typeof deliveryFilter>, filters: Record<string, unknown>, p: PageParams): { rows: DeliveryRow[]; meta: PageMeta } {
  const limit = p.limit ?? 20;
  const order = p.order ?? "desc";
  let keyset;
  if (p.cursor) {
    const [eventId, id] = decodeCursor(ctx, p.cursor, "webhook_deliveries", filters, order).split(" ");
    const past = order === "desc" ? lt : gt;
    keyset = or(past(d.eventId, eventId!), and(eq(d.eventId, eventId!), past(d.id, id!)));
  }
  const dir = order === "desc" ? desc : asc;
  const rows = ctx.db
    .select()
    .from(d)
    .where(and(where, keyset))
    .orderBy(dir(d.eventId), dir(d.id))
    .limit(limit + 1)
    .all();
  const hasMore = rows.length > limit;
  if (hasMore) rows.pop();
  const last = rows.at(-1);
  const meta: PageMeta = {
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor(ctx, "webhook_deliveries", filters, order, `${last.eventId} ${last.id}`) : null,
    total_count: null,
    total_count_capped: null,
  };
  if (p.include === "total_count") Object.assign(meta, countCapped(ctx, d, where));
  return { rows, meta };
}

export function webhookDeliveryRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/webhook_deliveries" })
    .use(authPlugin(ctx, limiter, "b"))
    .get(
      "/",
      ({ principal, query }) => {
        const where = deliveryFilter({ workspaceId: principal.workspaceId, webhookEndpointId: query.webhook_endpoint_id, eventId: query.event_id, state: query.state });
        const filters = { webhook_endpoint_id: query.webhook_endpoint_id, event_id: query.event_id, state: query.state };
        const { rows, meta } = deliveryPage(ctx, where, filters, query);
        return page(rows.map(toWebhookDeliveryB), meta);
      },
      {
        scope: "automation:read",
        query: ListQuery,
        detail: { tags, ...docB("List webhook deliveries", "automation:read", { status: 200, schema: Page(WebhookDeliveryB), description: "Ordered by event, then by delivery." }, [400, 403, 422]) },
      },
    )
    .get("/:id", ({ principal, params }) => toWebhookDeliveryB(getDelivery(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "automation:read",
      params: IdParams("whd"),
      detail: { tags, ...docB("Retrieve a webhook delivery", "automation:read", { status: 200, schema: WebhookDeliveryB, description: "With its latest attempt." }, [403, 404]) },
    })
    .post(
      "/:id/retry",
      ({ principal, params, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body: undefined }, () => ({
          status: 200,
          body: toWebhookDeliveryB(retryDelivery(ctx, { workspaceId: principal.workspaceId, id: params.id })),
        })),
      {
        scope: "automation:manage",
        params: IdParams("whd"),
        detail: {
          tags,
          ...docB(
            "Retry a webhook delivery",
            "automation:manage",
            {
              status: 200,
              schema: WebhookDeliveryB,
              description:
                "A pending delivery's next attempt is brought forward to now (an attempt already in flight is the retry: a second never runs beside it); a delivered, failed or disabled one becomes pending, attempted now with a fresh retry schedule. 409 `invalid_state` while its endpoint is disabled.",
            },
            [403, 404, 409],
            { parameters: [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", minLength: 1, maxLength: 128, pattern: "^[!-~]+$" } }] },
          ),
        },
      },
    );
}
