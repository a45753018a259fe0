import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { createGroup, deleteGroup, getGroupRecord, listGroups, updateGroup } from "../../modules/audience/groups";
import { GroupSchema, groupView } from "../../representations/group";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { IdParams, MultiLine, Nullable, Page, SingleLine } from "../shared/schemas";

const Name = SingleLine({ minLength: 1, maxLength: 200 });
const Description = t.Optional(Nullable(MultiLine({ maxLength: 2000 })));
const Create = t.Object({ name: Name, description: Description }, { additionalProperties: false });
const Patch = t.Object({ name: t.Optional(Name), description: Description }, { additionalProperties: false });
const ListQuery = t.Object(PageQuery, { additionalProperties: false });
const Params = IdParams("grp");

export function groupRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/groups", tags: ["Audience"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get("", ({ principal, query }) => paged(ctx, "groups", query, {}, (page) => listGroups(ctx, { workspaceId: principal.workspaceId, page }), groupView), {
      scope: "people:read",
      query: ListQuery,
      doc: { summary: "List groups with their member counts", ok: Page(GroupSchema), errors: [400, 422] },
    })
    .post(
      "",
      ({ principal, body, set }) => {
        set.status = 201;
        return groupView(createGroup(ctx, { workspaceId: principal.workspaceId, name: body.name, description: body.description }));
      },
      {
        scope: "people:write",
        idempotency: "optional",
        body: Create,
        doc: { summary: "Create an empty group", description: "People join through PATCH /v1/people/{id} (`group_ids`) or an import.", status: 201, ok: GroupSchema, errors: [400, 415, 422] },
      },
    )
    .get("/:id", ({ principal, params }) => groupView(getGroupRecord(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "people:read",
      params: Params,
      doc: { summary: "Retrieve a group", ok: GroupSchema, errors: [404] },
    })
    .patch("/:id", ({ principal, params, body }) => groupView(updateGroup(ctx, { workspaceId: principal.workspaceId, id: params.id, name: body.name, description: body.description })), {
      scope: "people:write",
      idempotency: "optional",
      params: Params,
      body: Patch,
      doc: { summary: "Rename or describe a group", ok: GroupSchema, errors: [400, 404, 415, 422] },
    })
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteGroup(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
      },
      { scope: "people:write", params: Params, doc: { summary: "Delete a group", description: "Removes the memberships; the people stay.", status: 204, errors: [404] } },
    );
}
