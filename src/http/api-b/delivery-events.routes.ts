import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { getDeliveryEvent, listDeliveryEvents } from "../../modules/messages/delivery-events";
import { deliveryEventFilters } from "../../modules/messages/filters";
import { DeliveryEventSchema, deliveryEventView } from "../../representations/delivery-event";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { IdParams, Page } from "../shared/schemas";
import { deliveryEventFilterFields } from "./message-query";

const ListQuery = t.Object({ ...PageQuery, ...deliveryEventFilterFields }, { additionalProperties: false });

export function deliveryEventRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/delivery_events", tags: ["Messages"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query: q }) => {
        const bound = { message_id: q.message_id, person_id: q.person_id, type: q.type, created_after: q.created_after, created_before: q.created_before };
        const filters = deliveryEventFilters(bound, (name) => `?${name}`);
        return paged(ctx, "delivery_events", q, bound, (page) => listDeliveryEvents(ctx, { workspaceId: principal.workspaceId, filters, page }), deliveryEventView);
      },
      {
        scope: "messages:read",
        query: ListQuery,
        doc: {
          summary: "List delivery events",
          description: "The evidence about messages, newest first by default: delivered, deferred (with the server's text, traffic shaping's changes too), bounced (hard or soft, with the answer verbatim), complained, opened, clicked, unsubscribed.",
          ok: Page(DeliveryEventSchema),
          errors: [400, 422],
        },
      },
    )
    .get("/:id", ({ principal, params }) => deliveryEventView(getDeliveryEvent(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "messages:read",
      params: IdParams("dev"),
      doc: { summary: "Retrieve a delivery event", ok: DeliveryEventSchema, errors: [404] },
    });
}
