import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { getDelivery, listDeliveries, retryDelivery } from "../../modules/automation/webhooks/deliveries";
import { WEBHOOK_DELIVERY_STATES, WebhookDeliverySchema, webhookDeliveryView } from "../../representations/webhook-delivery";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { Id, IdParams, Page } from "../shared/schemas";

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
const Params = IdParams("whd");

export function webhookDeliveryRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/webhook_deliveries", tags: ["Automation"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) =>
        paged(
          ctx,
          "webhook_deliveries",
          query,
          { webhook_endpoint_id: query.webhook_endpoint_id, event_id: query.event_id, state: query.state },
          (page) => listDeliveries(ctx, { workspaceId: principal.workspaceId, filters: { webhookEndpointId: query.webhook_endpoint_id, eventId: query.event_id, state: query.state }, page }),
          webhookDeliveryView,
        ),
      { scope: "automation:read", query: ListQuery, doc: { summary: "List webhook deliveries", ok: Page(WebhookDeliverySchema), okDescription: "Ordered by event, then by delivery.", errors: [400, 422] } },
    )
    .get("/:id", ({ principal, params }) => webhookDeliveryView(getDelivery(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "automation:read",
      params: Params,
      doc: { summary: "Retrieve a webhook delivery", ok: WebhookDeliverySchema, okDescription: "With its latest attempt.", errors: [404] },
    })
    .post("/:id/retry", ({ principal, params }) => webhookDeliveryView(retryDelivery(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "automation:manage",
      idempotency: "optional",
      params: Params,
      doc: {
        summary: "Retry a webhook delivery",
        ok: WebhookDeliverySchema,
        okDescription:
          "A pending delivery's next attempt is brought forward to now (an attempt already in flight is the retry: a second never runs beside it); a delivered, failed or disabled one becomes pending, attempted now with a fresh retry schedule. 409 `invalid_state` while its endpoint is disabled.",
        errors: [404, 409],
      },
    });
}
