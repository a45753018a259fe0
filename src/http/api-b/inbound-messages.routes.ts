import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { inboundMessageFilters } from "../../modules/inbox/filters";
import { getInboundMessage, inboundMessageRaw, listInboundMessages } from "../../modules/inbox/inbound-messages";
import { INBOUND_RAW_EXAMPLE, inboundMessageDetailView, InboundMessageSchema } from "../../representations/inbound-message";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { IdParams, Page } from "../shared/schemas";
import { inboundMessageFilterFields } from "./inbound-query";

const ListQuery = t.Object({ ...PageQuery, ...inboundMessageFilterFields }, { additionalProperties: false });
const Params = IdParams("inm");

const LIST_DESCRIPTION =
  "Every message the inbound listener accepted, newest first by default: bounces, complaints, auto-replies, mailed unsubscribe requests and replies (`kind` other). A message still `received` has not been through the ingest yet: its kind, authentication, report and match are null until it is `processed`.";

export function inboundMessageRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/inbound_messages", tags: ["Inbox"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query: q }) => {
        const bound = { kind: q.kind, message_id: q.message_id, person_id: q.person_id, received_after: q.received_after, received_before: q.received_before };
        const filters = inboundMessageFilters(bound, (name) => `?${name}`);
        return paged(ctx, "inbound_messages", q, bound, (page) => listInboundMessages(ctx, { workspaceId: principal.workspaceId, filters, page }), inboundMessageDetailView);
      },
      {
        scope: "inbox:read",
        query: ListQuery,
        doc: { summary: "List inbound messages", description: LIST_DESCRIPTION, ok: Page(InboundMessageSchema), errors: [400, 422] },
      },
    )
    .get("/:id", ({ principal, params }) => inboundMessageDetailView(getInboundMessage(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "inbox:read",
      params: Params,
      doc: {
        summary: "Retrieve an inbound message",
        description: "With the authentication results, a bounce's or complaint's report per recipient, what it was matched to, and the delivery events it brought.",
        ok: InboundMessageSchema,
        errors: [404],
      },
    })
    .get(
      "/:id/raw",
      ({ principal, params }) => {
        const raw = inboundMessageRaw(ctx, { workspaceId: principal.workspaceId, id: params.id });
        return new Response(raw, {
          headers: { "content-type": "message/rfc822", "content-disposition": `attachment; filename="${params.id}.eml"`, "cache-control": "private, no-store" },
        });
      },
      {
        scope: "inbox:read",
        params: Params,
        doc: {
          summary: "Download an inbound message as it arrived",
          ok: t.String({ examples: [INBOUND_RAW_EXAMPLE] }),
          okMedia: "message/rfc822",
          okDescription: "The raw message, byte for byte as the listener received it (the inbound message's raw_url)",
          errors: [404],
        },
      },
    );
}
