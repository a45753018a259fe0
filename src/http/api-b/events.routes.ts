import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { events } from "../../db/schema";
import { invalidField } from "../../lib/errors";
import { EVENT_TYPES } from "../../modules/automation/event-types";
import { createSyntheticEvent, eventFilter, getEvent, type EventRow } from "../../modules/automation/events";
import { RETENTION_MS } from "../../modules/automation/retention";
import { authPlugin } from "../shared/auth";
import { idempotent } from "../shared/idempotency";
import { listPage, page, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { docB, Id, IdParams, Nullable, Page } from "../shared/schemas";
import { EventB, toEventB } from "./serializers/event";

export const MAX_WAIT_SECONDS = 25;
const RETENTION_DAYS = RETENTION_MS / 86_400_000;

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

const tags = ["Automation"];
// registered once as a component (.model below): the union of every type's shape is large
const EventRef = t.Ref("#/components/schemas/Event");

function timeParam(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw invalidField(`?${name}`, "format", `${name} is not an RFC 3339 timestamp.`);
  return ms;
}

export function eventRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/events" })
    .model({ Event: EventB })
    .use(authPlugin(ctx, limiter, "b"))
    .get(
      "/",
      async ({ principal, query, request }) => {
        const ws = principal.workspaceId;
        const filter = { workspaceId: ws, type: query.type, after: query.after, createdGte: timeParam("created_gte", query.created_gte), createdLt: timeParam("created_lt", query.created_lt) };
        const order = query.order ?? (query.after !== undefined ? "asc" : "desc");
        const read = () =>
          listPage<EventRow>(ctx, {
            table: events,
            key: events.id,
            where: eventFilter(filter),
            list: "events",
            filters: { type: query.type, after: query.after, created_gte: query.created_gte, created_lt: query.created_lt },
            page: { ...query, order },
          });
        const deadline = Date.now() + (query.wait ?? 0) * 1000;
        let result = read();
        // Long-poll: park until an event of this workspace commits, then read again.
        while (result.rows.length === 0 && Date.now() < deadline) {
          if ((await ctx.waiters.wait(ws, deadline - Date.now(), request.signal)) === "aborted") break;
          result = read();
        }
        return page(result.rows.map(toEventB), result.meta);
      },
      {
        scope: "automation:read",
        query: ListQuery,
        detail: {
          tags,
          ...docB(
            "List events",
            "automation:read",
            {
              status: 200,
              schema: Page(EventRef),
              description: `Newest first; with \`after\`, only later events, oldest first. With \`wait\`, an empty page is held open until an event arrives (at most 25 s; a shutting-down server answers at once). Events are kept ${RETENTION_DAYS} days.`,
            },
            [400, 403, 422],
          ),
        },
      },
    )
    .get("/:id", ({ principal, params }) => toEventB(getEvent(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "automation:read",
      params: IdParams("evt"),
      detail: { tags, ...docB("Retrieve an event", "automation:read", { status: 200, schema: EventRef }, [403, 404]) },
    })
    .post(
      "/",
      ({ principal, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "required", body }, () => {
          const e = createSyntheticEvent(ctx, { workspaceId: principal.workspaceId, type: body.type, webhookEndpointId: body.webhook_endpoint_id ?? null });
          return { status: 201, body: toEventB(e) };
        }),
      {
        scope: "automation:manage",
        body: Create,
        detail: {
          tags,
          ...docB(
            "Create a synthetic event",
            "automation:manage",
            { status: 201, schema: EventRef, description: "The event (synthetic: true) with sample data of its type; its deliveries are attempted within seconds." },
            [403, 404, 409, 415, 422],
            { parameters: [{ name: "Idempotency-Key", in: "header", required: true, schema: { type: "string", minLength: 1, maxLength: 128, pattern: "^[!-~]+$" } }] },
          ),
        },
      },
    );
}
