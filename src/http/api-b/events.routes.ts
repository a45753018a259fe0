import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { invalidField } from "../../lib/errors";
import { RETENTION_MS } from "../../modules/automation/retention";
import { createSyntheticEvent, getEvent, listEvents } from "../../modules/events/events";
import { EVENT_TYPES, eventTypeInfo } from "../../modules/events/registry";
import { eventView } from "../../representations/event";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { Id, IdParams, Nullable, Page, Timestamp } from "../shared/schemas";

export const MAX_WAIT_SECONDS = 25;
const RETENTION_DAYS = RETENTION_MS / 86_400_000;

// One variant per type documents its `data` (the resource as it was after the change).
const EventSchema = t.Union(
  EVENT_TYPES.map((type) => {
    const info = eventTypeInfo(type);
    return t.Object(
      {
        id: Id("evt"),
        object: t.Literal("event"),
        type: t.Literal(type),
        data: info.schema,
        synthetic: t.Boolean({ description: "true for an event created on request by POST /v1/events (sample data)" }),
        webhook_endpoint_id: Nullable(Id("whe", "The one endpoint a synthetic event was addressed to; null = every subscribed endpoint")),
        created_at: Timestamp,
      },
      { title: `Event ${type}`, description: info.description },
    );
  }),
  { title: "Event", description: "An event; `type` is an open enumeration: tolerate types not listed here." },
);
// registered once as a component (.model below): the union of every type's shape is large
const EventRef = t.Ref("#/components/schemas/Event");

const ListQuery = t.Object(
  {
    ...PageQuery,
    order: t.Optional(t.Union([t.Literal("desc"), t.Literal("asc")], { description: "desc (newest first) by default; asc by default with `after`" })),
    type: t.Optional(t.String({ pattern: "^[a-z][a-z_]*\\.[a-z][a-z_]*$", maxLength: 64, description: "Only events of this type, e.g. message.sent" })),
    after: t.Optional(Id("evt", "Only events after this one, ascending unless `order` says otherwise")),
    created_gte: t.Optional(t.String({ format: "date-time", description: "Only events created at or after this time" })),
    created_lt: t.Optional(t.String({ format: "date-time", description: "Only events created before this time" })),
    wait: t.Optional(
      t.Integer({ minimum: 0, maximum: MAX_WAIT_SECONDS, description: "Long-poll: an empty page waits up to this many seconds (at most 25) for an event, answering as soon as one arrives" }),
    ),
  },
  { additionalProperties: false },
);

const Create = t.Object(
  {
    type: t.Union(
      EVENT_TYPES.map((x) => t.Literal(x)),
      { description: "One of the listed event types" },
    ),
    webhook_endpoint_id: t.Optional(Nullable(Id("whe", "Deliver only to this endpoint, whatever its subscriptions"))),
  },
  { additionalProperties: false },
);

function timeParam(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw invalidField(`?${name}`, "format", `${name} is not an RFC 3339 timestamp.`);
  return ms;
}

export function eventRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/events", tags: ["Automation"] })
    .model({ Event: EventSchema })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      async ({ principal, query, request }) => {
        const workspaceId = principal.workspaceId;
        const filters = { type: query.type, after: query.after, createdGte: timeParam("created_gte", query.created_gte), createdLt: timeParam("created_lt", query.created_lt) };
        const order = query.order ?? (query.after !== undefined ? "asc" : "desc");
        const read = () =>
          paged(ctx, "events", { ...query, order }, { type: query.type, after: query.after, created_gte: query.created_gte, created_lt: query.created_lt }, (page) => listEvents(ctx, { workspaceId, filters, page }), eventView);
        const deadline = Date.now() + (query.wait ?? 0) * 1000;
        let answer = await read();
        // Long-poll: park until an event of this workspace commits, then read again.
        while (answer.data.length === 0 && Date.now() < deadline) {
          if ((await ctx.waiters.wait(workspaceId, deadline - Date.now(), request.signal)) === "aborted") break;
          answer = await read();
        }
        return answer;
      },
      {
        scope: "automation:read",
        query: ListQuery,
        doc: {
          summary: "List events",
          ok: Page(EventRef),
          okDescription: `Newest first; with \`after\`, only later events, oldest first. With \`wait\`, an empty page is held open until an event arrives (at most 25 s; a shutting-down server answers at once). Events are kept ${RETENTION_DAYS} days.`,
          errors: [400, 422],
        },
      },
    )
    .get("/:id", ({ principal, params }) => eventView(getEvent(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "automation:read",
      params: IdParams("evt"),
      doc: { summary: "Retrieve an event", ok: EventRef, errors: [404] },
    })
    .post(
      "",
      ({ principal, body, set }) => {
        set.status = 201;
        return eventView(createSyntheticEvent(ctx, { workspaceId: principal.workspaceId, type: body.type, webhookEndpointId: body.webhook_endpoint_id ?? null }));
      },
      {
        scope: "automation:manage",
        idempotency: "required",
        body: Create,
        doc: {
          summary: "Create a synthetic event",
          status: 201,
          ok: EventRef,
          okDescription: "The event (synthetic: true) with sample data of its type; its deliveries are attempted within seconds.",
          errors: [400, 404, 409, 415, 422],
        },
      },
    );
}
