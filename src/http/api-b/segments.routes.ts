import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { FILTER_LIMITS, FILTER_OPS, FILTER_PERSON_FIELDS } from "../../modules/audience/segment-filter";
import { createSegment, deleteSegment, getSegmentCounted, listSegments, updateSegment } from "../../modules/audience/segments";
import { SegmentSchema, segmentView } from "../../representations/segment";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { IdParams, Page, SingleLine } from "../shared/schemas";

const FILTER_DOC = [
  'A filter is a JSON tree: `{"all": [...]}`, `{"any": [...]}`, `{"not": {...}}` and conditions `{"field": "status", "op": "eq", "value": "active"}`.',
  `Fields: ${FILTER_PERSON_FIELDS.map((f) => `\`${f}\``).join(", ")}, and \`custom.<key>\` for a custom field, \`campaign_id\` (enrolled in: \`eq\`/\`in\`; \`neq\`/\`nin\` = in none of them; \`exists\` = in any campaign)`,
  `Operators: ${FILTER_OPS.map((o) => `\`${o}\``).join(", ")}; which apply depends on the field's type. \`in\`/\`nin\` take an array (at most ${FILTER_LIMITS.listItems}); \`exists\` takes true (default) or false.`,
  "Timestamps compare as RFC 3339 date-times, custom dates as YYYY-MM-DD. `eq` on text is exact; `contains` and `starts_with` ignore ASCII letter case; `email` compares in any letter case.",
  "`neq` and `nin` include people without a value; `group_id` `eq`/`in` means member of, `neq`/`nin` member of none, `exists` member of any group.",
  `At most ${FILTER_LIMITS.conditions} conditions and ${FILTER_LIMITS.depth} levels of all/any/not. An invalid filter is 422 with a pointer into it, e.g. \`/filter/all/0/op\`.`,
].join("\n\n");

const Name = SingleLine({ minLength: 1, maxLength: 200 });
const Filter = t.Record(t.String(), t.Unknown(), { description: "The segment filter (see the operation's description)" });
const Create = t.Object({ name: Name, filter: Filter }, { additionalProperties: false });
const Patch = t.Object({ name: t.Optional(Name), filter: t.Optional(Filter) }, { additionalProperties: false });
const ListQuery = t.Object(PageQuery, { additionalProperties: false });
const Params = IdParams("seg");

export function segmentRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/segments", tags: ["Audience"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get("", ({ principal, query }) => paged(ctx, "segments", query, {}, (page) => listSegments(ctx, { workspaceId: principal.workspaceId, page }), segmentView), {
      scope: "people:read",
      query: ListQuery,
      doc: { summary: "List segments (without counts)", ok: Page(SegmentSchema), errors: [400, 422] },
    })
    .post(
      "",
      async ({ principal, body, set }) => {
        set.status = 201;
        return segmentView(await createSegment(ctx, { workspaceId: principal.workspaceId, name: body.name, filter: body.filter }));
      },
      {
        scope: "people:write",
        idempotency: "optional",
        body: Create,
        doc: { summary: "Create a segment", description: `The answer counts the people the filter matches now, exactly up to 10,000.\n\n${FILTER_DOC}`, status: 201, ok: SegmentSchema, errors: [400, 415, 422] },
      },
    )
    .get("/:id", async ({ principal, params }) => segmentView(await getSegmentCounted(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "people:read",
      params: Params,
      doc: { summary: "Retrieve a segment with its people counted now (up to 10,000)", ok: SegmentSchema, errors: [404] },
    })
    .patch("/:id", async ({ principal, params, body }) => segmentView(await updateSegment(ctx, { workspaceId: principal.workspaceId, id: params.id, name: body.name, filter: body.filter })), {
      scope: "people:write",
      idempotency: "optional",
      params: Params,
      body: Patch,
      doc: { summary: "Rename a segment or replace its filter", description: `The new filter is checked like on create.\n\n${FILTER_DOC}`, ok: SegmentSchema, errors: [400, 404, 415, 422] },
    })
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteSegment(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
      },
      { scope: "people:write", params: Params, doc: { summary: "Delete a segment", description: "The people stay.", status: 204, errors: [404] } },
    );
}
