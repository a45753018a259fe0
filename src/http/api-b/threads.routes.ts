import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { getThread, listThreads, updateThread } from "../../modules/inbox/threads";
import { parseTimestamp } from "../../modules/audience/segment-filter";
import { THREAD_STATUS_VALUES, threadDetailView, ThreadDetailSchema, ThreadSchema, threadView } from "../../representations/thread";
import { invalidField } from "../../lib/errors";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { Id, IdParams, literals, Page } from "../shared/schemas";

const ListQuery = t.Object(
  {
    ...PageQuery,
    status: t.Optional(literals(THREAD_STATUS_VALUES, "open, snoozed or archived")),
    unread: t.Optional(t.Boolean({ description: "true: threads with unread messages; false: all read" })),
    campaign_id: t.Optional(Id("cmp", "Conversations of this campaign")),
    person_id: t.Optional(Id("per", "Conversations with this person")),
    connection_id: t.Optional(Id("cnx", "Conversations through this connection")),
  },
  { additionalProperties: false },
);
const Patch = t.Object(
  {
    status: t.Optional(literals(THREAD_STATUS_VALUES, "open; snoozed (with until); archived")),
    until: t.Optional(t.Union([t.String({ format: "date-time" }), t.Null()], { description: "With status snoozed: when the thread opens again (RFC 3339, within a year)" })),
    read: t.Optional(t.Boolean({ description: "true marks every message read; false marks the latest unread again" })),
  },
  { additionalProperties: false, minProperties: 1 },
);
const Params = IdParams("thr");

function untilOf(value: string | null | undefined): number | null | undefined {
  if (value == null) return value;
  const ms = parseTimestamp(value);
  if (ms === null) throw invalidField("/until", "format", "until must be an RFC 3339 date-time such as 2026-01-31T09:00:00Z.");
  return ms;
}

export function threadRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/threads", tags: ["Inbox"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query: q }) => {
        const bound = { status: q.status, unread: q.unread, campaign_id: q.campaign_id, person_id: q.person_id, connection_id: q.connection_id };
        const filters = { status: q.status, unread: q.unread, campaignId: q.campaign_id, personId: q.person_id, connectionId: q.connection_id };
        return paged(ctx, "threads", q, bound, (page) => listThreads(ctx, { workspaceId: principal.workspaceId, filters, page }), threadView);
      },
      {
        scope: "inbox:read",
        query: ListQuery,
        doc: { summary: "List threads", description: "The inbox's conversations, newest activity first (order=asc: oldest first).", ok: Page(ThreadSchema), errors: [400, 422] },
      },
    )
    .get("/:id", ({ principal, params }) => threadDetailView(getThread(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "inbox:read",
      params: Params,
      doc: { summary: "Retrieve a thread", description: "With its latest 50 messages, what we sent and what came back, oldest first.", ok: ThreadDetailSchema, errors: [404] },
    })
    .patch(
      "/:id",
      ({ principal, params, body }) =>
        threadDetailView(updateThread(ctx, { workspaceId: principal.workspaceId, id: params.id, patch: { status: body.status, until: untilOf(body.until), read: body.read } })),
      {
        scope: "inbox:write",
        idempotency: "optional",
        params: Params,
        body: Patch,
        doc: {
          summary: "Open, snooze or archive a thread; mark it read or unread",
          description: "Snoozing needs `until`; the thread opens again then, or as soon as a new message arrives in it (so does an archived one).",
          ok: ThreadDetailSchema,
          errors: [400, 404, 415, 422],
        },
      },
    );
}
