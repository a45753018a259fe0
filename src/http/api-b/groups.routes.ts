import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { groups } from "../../db/schema";
import { createGroup, deleteGroup, getGroup, groupFilter, memberCounts, updateGroup, type Group } from "../../modules/audience/groups";
import { authPlugin } from "../shared/auth";
import { idempotent } from "../shared/idempotency";
import { listPage, page, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { docB, IdParams, Nullable, Page } from "../shared/schemas";
import { GroupB, toGroupB } from "./serializers/group";

const Name = t.String({ minLength: 1, maxLength: 200 });
const Description = t.Optional(Nullable(t.String({ maxLength: 2000 })));
const Create = t.Object({ name: Name, description: Description }, { additionalProperties: false });
const Patch = t.Object({ name: t.Optional(Name), description: Description }, { additionalProperties: false });
const ListQuery = t.Object(PageQuery, { additionalProperties: false });

const tags = ["Audience"];

export function groupRoutes(ctx: Ctx, limiter: RateLimiter) {
  const one = (g: Group) => toGroupB(g, memberCounts(ctx.db, g.workspaceId, [g.id]).get(g.id)!);
  return new Elysia({ prefix: "/groups" })
    .use(authPlugin(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) => {
        const ws = principal.workspaceId;
        const { rows, meta } = listPage<Group>(ctx, { table: groups, key: groups.id, equal: groupFilter({ workspaceId: ws }), list: "groups", filters: {}, page: query });
        const counts = memberCounts(ctx.db, ws, rows.map((g) => g.id));
        return page(rows.map((g) => toGroupB(g, counts.get(g.id)!)), meta);
      },
      { scope: "people:read", query: ListQuery, detail: { tags, ...docB("List groups with their member counts", "people:read", { status: 200, schema: Page(GroupB) }, [400, 403, 422]) } },
    )
    .post(
      "",
      ({ principal, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => ({
          status: 201,
          body: toGroupB(createGroup(ctx, { workspaceId: principal.workspaceId, name: body.name, description: body.description }), 0),
        })),
      {
        scope: "people:write",
        body: Create,
        detail: {
          tags,
          ...docB("Create an empty group", "people:write", { status: 201, schema: GroupB }, [400, 403, 415, 422], {
            description: "Scope: `people:write`. People join through PATCH /v1/people/{id} (`group_ids`) or an import.",
          }),
        },
      },
    )
    .get("/:id", ({ principal, params }) => one(getGroup(ctx.db, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "people:read",
      params: IdParams("grp"),
      detail: { tags, ...docB("Retrieve a group", "people:read", { status: 200, schema: GroupB }, [403, 404]) },
    })
    .patch(
      "/:id",
      ({ principal, params, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => ({
          status: 200,
          body: one(updateGroup(ctx, { workspaceId: principal.workspaceId, id: params.id, name: body.name, description: body.description })),
        })),
      {
        scope: "people:write",
        params: IdParams("grp"),
        body: Patch,
        detail: { tags, ...docB("Rename or describe a group", "people:write", { status: 200, schema: GroupB }, [400, 403, 404, 415, 422]) },
      },
    )
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteGroup(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
        return undefined;
      },
      {
        scope: "people:write",
        params: IdParams("grp"),
        detail: {
          tags,
          ...docB("Delete a group", "people:write", { status: 204 }, [403, 404], { description: "Scope: `people:write`. Removes the memberships; the people stay." }),
        },
      },
    );
}
