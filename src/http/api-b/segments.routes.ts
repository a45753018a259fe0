import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { people, segments } from "../../db/schema";
import { FILTER_LIMITS, FILTER_OPS, FILTER_PERSON_FIELDS } from "../../modules/audience/segment-filter";
import { createSegment, deleteSegment, getSegment, segmentFilter, segmentPeopleWhere, updateSegment, type Segment } from "../../modules/audience/segments";
import { authPlugin } from "../shared/auth";
import { idempotent } from "../shared/idempotency";
import { countCapped, listPage, page, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { docB, IdParams, Page } from "../shared/schemas";
import { SegmentB, toSegmentB } from "./serializers/segment";

const FILTER_DOC = [
  'A filter is a JSON tree: `{"all": [...]}`, `{"any": [...]}`, `{"not": {...}}` and conditions `{"field": "status", "op": "eq", "value": "active"}`.',
  `Fields: ${FILTER_PERSON_FIELDS.map((f) => `\`${f}\``).join(", ")}, and \`custom.<key>\` for a custom field. (\`campaign_id\` arrives with campaigns.)`,
  `Operators: ${FILTER_OPS.map((o) => `\`${o}\``).join(", ")}; which apply depends on the field's type. \`in\`/\`nin\` take an array (at most ${FILTER_LIMITS.listItems}); \`exists\` takes true (default) or false.`,
  "Timestamps compare as RFC 3339 date-times, custom dates as YYYY-MM-DD. `eq` on text is exact; `contains` and `starts_with` ignore ASCII letter case; `email` compares in any letter case.",
  "`neq` and `nin` include people without a value; `group_id` `eq`/`in` means member of, `neq`/`nin` member of none, `exists` member of any group.",
  `At most ${FILTER_LIMITS.conditions} conditions and ${FILTER_LIMITS.depth} levels of all/any/not. An invalid filter is 422 with a pointer into it, e.g. \`/filter/all/0/op\`.`,
].join("\n\n");

const Name = t.String({ minLength: 1, maxLength: 200 });
const Filter = t.Record(t.String(), t.Unknown(), { description: "The segment filter (see the operation's description)" });
const Create = t.Object({ name: Name, filter: Filter }, { additionalProperties: false });
const Patch = t.Object({ name: t.Optional(Name), filter: t.Optional(Filter) }, { additionalProperties: false });
const ListQuery = t.Object(PageQuery, { additionalProperties: false });

const tags = ["Audience"];

export function segmentRoutes(ctx: Ctx, limiter: RateLimiter) {
  const counted = (s: Segment) => toSegmentB(s, countCapped(ctx, people, segmentPeopleWhere(ctx.db, s)));
  return new Elysia({ prefix: "/segments" })
    .use(authPlugin(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) => {
        const { rows, meta } = listPage<Segment>(ctx, { table: segments, key: segments.id, equal: segmentFilter({ workspaceId: principal.workspaceId }), list: "segments", filters: {}, page: query });
        return page(rows.map((s) => toSegmentB(s)), meta);
      },
      { scope: "people:read", query: ListQuery, detail: { tags, ...docB("List segments (without counts)", "people:read", { status: 200, schema: Page(SegmentB) }, [400, 403, 422]) } },
    )
    .post(
      "",
      ({ principal, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => ({
          status: 201,
          body: counted(createSegment(ctx, { workspaceId: principal.workspaceId, name: body.name, filter: body.filter })),
        })),
      {
        scope: "people:write",
        body: Create,
        detail: {
          tags,
          ...docB("Create a segment", "people:write", { status: 201, schema: SegmentB }, [400, 403, 415, 422], {
            description: `Scope: \`people:write\`. The answer counts the people the filter matches now, exactly up to 10,000.\n\n${FILTER_DOC}`,
          }),
        },
      },
    )
    .get("/:id", ({ principal, params }) => counted(getSegment(ctx.db, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "people:read",
      params: IdParams("seg"),
      detail: { tags, ...docB("Retrieve a segment with its people counted now (up to 10,000)", "people:read", { status: 200, schema: SegmentB }, [403, 404]) },
    })
    .patch(
      "/:id",
      ({ principal, params, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => ({
          status: 200,
          body: counted(updateSegment(ctx, { workspaceId: principal.workspaceId, id: params.id, name: body.name, filter: body.filter })),
        })),
      {
        scope: "people:write",
        params: IdParams("seg"),
        body: Patch,
        detail: {
          tags,
          ...docB("Rename a segment or replace its filter", "people:write", { status: 200, schema: SegmentB }, [400, 403, 404, 415, 422], {
            description: `Scope: \`people:write\`. The new filter is checked like on create.\n\n${FILTER_DOC}`,
          }),
        },
      },
    )
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteSegment(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
        return undefined;
      },
      {
        scope: "people:write",
        params: IdParams("seg"),
        detail: { tags, ...docB("Delete a segment", "people:write", { status: 204 }, [403, 404], { description: "Scope: `people:write`. The people stay." }) },
      },
    );
}
