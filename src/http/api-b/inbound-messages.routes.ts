import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { inboundMessageFilters } from "../../modules/inbox/filters";
import { correctInboundMessage, getInboundMessage, inboundMessageRaw, listInboundMessages } from "../../modules/inbox/inbound-messages";
import { reviewInboundMessage } from "../../modules/inbox/proposals";
import { CLASSIFICATION_VALUES, INBOUND_RAW_EXAMPLE, inboundMessageDetailView, InboundMessageSchema, INTENT_VALUES, SENTIMENT_VALUES } from "../../representations/inbound-message";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { IdParams, literals, Nullable, Page } from "../shared/schemas";
import { inboundMessageFilterFields } from "./inbound-query";

const ListQuery = t.Object({ ...PageQuery, ...inboundMessageFilterFields }, { additionalProperties: false });
const Params = IdParams("inm");
const Correction = t.Object(
  {
    classification: t.Optional(literals(CLASSIFICATION_VALUES.filter((c) => c !== "bounce" && c !== "complaint"), "auto_reply, unsubscribe_request or reply")),
    sentiment: t.Optional(Nullable(literals(SENTIMENT_VALUES, "A reply's sentiment"))),
    intent: t.Optional(Nullable(literals(INTENT_VALUES, "A reply's intent"))),
  },
  { additionalProperties: false, minProperties: 1 },
);
const Review = t.Object({ decision: literals(["confirm", "dismiss"] as const, "confirm applies the proposal; dismiss discards it") }, { additionalProperties: false });

const LIST_DESCRIPTION =
  "Every message the inbound listener accepted, newest first by default: bounces, complaints, auto-replies, mailed unsubscribe requests and replies (`kind` other). A message still `received` has not been through the ingest yet: its kind, authentication, report and match are null until it is `processed`.";

export function inboundMessageRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/inbound_messages", tags: ["Inbox"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query: q }) => {
        const bound = {
          kind: q.kind,
          classification: q.classification,
          sentiment: q.sentiment,
          intent: q.intent,
          thread_id: q.thread_id,
          campaign_id: q.campaign_id,
          message_id: q.message_id,
          person_id: q.person_id,
          received_after: q.received_after,
          received_before: q.received_before,
        };
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
    .patch("/:id", ({ principal, params, body }) => inboundMessageDetailView(correctInboundMessage(ctx, { workspaceId: principal.workspaceId, id: params.id, correction: body })), {
      scope: "inbox:write",
      idempotency: "optional",
      params: Params,
      body: Correction,
      doc: {
        summary: "Correct an inbound message's verdict",
        description:
          "Sets classification, sentiment or intent by hand: `verdict_by` becomes manual and the AI never overrides it afterwards. Correcting into a reply or an unsubscribe request runs the campaigns' stop rules (and proposes the suppression for an unsubscribe request). Bounces and complaints are evidence and are not reclassified.",
        ok: InboundMessageSchema,
        errors: [400, 404, 409, 415, 422],
      },
    })
    .post("/:id/review", ({ principal, params, body }) => inboundMessageDetailView(reviewInboundMessage(ctx, { workspaceId: principal.workspaceId, id: params.id, decision: body.decision })), {
      scope: "inbox:write",
      idempotency: "optional",
      params: Params,
      body: Review,
      doc: {
        summary: "Confirm or dismiss what a message proposes",
        description:
          "Confirming applies the proposal: `suppress` suppresses the address as unsubscribed (the person marked, every live enrollment stopped); `move` gives the person the new address (the old one is kept in their history); `refer` creates the referred person. The same decision again answers the message as it is; the other decision after one was made is 409, as is a message that proposes nothing.",
        ok: InboundMessageSchema,
        errors: [400, 404, 409, 415, 422],
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
