import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { customFields, CUSTOM_FIELD_TYPES } from "../../db/schema";
import type { CustomField } from "../../modules/audience/custom-values";
import { createField, deleteField, fieldFilter, getField, MAX_ENUM_OPTIONS, MAX_FIELDS, updateField } from "../../modules/audience/fields";
import { FIELD_KEY_RE } from "../../modules/audience/segment-filter";
import { authPlugin } from "../shared/auth";
import { idempotent } from "../shared/idempotency";
import { listPage, page, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { docB, IdParams, Nullable, Page } from "../shared/schemas";
import { FieldB, toFieldB } from "./serializers/field";

const Label = t.String({ minLength: 1, maxLength: 200 });
const Options = t.Array(t.String({ minLength: 1, maxLength: 200 }), { maxItems: MAX_ENUM_OPTIONS, description: "The values of an enum field, in display order" });
const Create = t.Object(
  {
    key: t.String({ pattern: FIELD_KEY_RE.source, description: "Merge-tag code: a-z first, then a-z, 0-9, _ (at most 64); unique in the workspace" }),
    label: Label,
    type: t.Union(CUSTOM_FIELD_TYPES.map((v) => t.Literal(v))),
    options: t.Optional(Nullable(Options)),
  },
  { additionalProperties: false },
);
const Patch = t.Object({ label: t.Optional(Label), options: t.Optional(Options) }, { additionalProperties: false });
// every field fits one page: a workspace holds at most MAX_FIELDS
const ListQuery = t.Object(
  { ...PageQuery, limit: t.Optional(t.Integer({ minimum: 1, maximum: MAX_FIELDS, default: MAX_FIELDS, description: `Page size, 1-${MAX_FIELDS} (default ${MAX_FIELDS}: every field)` })) },
  { additionalProperties: false },
);

const tags = ["Audience"];

export function fieldRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/fields" })
    .use(authPlugin(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) => {
        const { rows, meta } = listPage<CustomField>(ctx, {
          table: customFields,
          key: customFields.id,
          equal: fieldFilter({ workspaceId: principal.workspaceId }),
          list: "fields",
          filters: {},
          page: { ...query, limit: query.limit ?? MAX_FIELDS },
        });
        return page(rows.map(toFieldB), meta);
      },
      { scope: "people:read", query: ListQuery, detail: { tags, ...docB("List custom fields", "people:read", { status: 200, schema: Page(FieldB) }, [400, 403, 422]) } },
    )
    .post(
      "",
      ({ principal, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => ({
          status: 201,
          body: toFieldB(createField(ctx, { workspaceId: principal.workspaceId, key: body.key, label: body.label, type: body.type, options: body.options })),
        })),
      {
        scope: "people:write",
        body: Create,
        detail: {
          tags,
          ...docB("Create a custom field", "people:write", { status: 201, schema: FieldB }, [400, 403, 409, 415, 422], {
            description: `Scope: \`people:write\`. \`options\` is required for an enum and refused for other types. A duplicate key is 409 \`conflict\`; a workspace holds at most ${MAX_FIELDS} fields (409 \`invalid_state\`).`,
          }),
        },
      },
    )
    .get("/:id", ({ principal, params }) => toFieldB(getField(ctx.db, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "people:read",
      params: IdParams("fld"),
      detail: { tags, ...docB("Retrieve a custom field", "people:read", { status: 200, schema: FieldB }, [403, 404]) },
    })
    .patch(
      "/:id",
      ({ principal, params, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => ({
          status: 200,
          body: toFieldB(updateField(ctx, { workspaceId: principal.workspaceId, id: params.id, label: body.label, options: body.options })),
        })),
      {
        scope: "people:write",
        params: IdParams("fld"),
        body: Patch,
        detail: {
          tags,
          ...docB("Update a custom field", "people:write", { status: 200, schema: FieldB }, [400, 403, 404, 409, 415, 422], {
            description:
              "Scope: `people:write`. Changes the label or an enum's options; key and type never change. Removing an option that people hold or a segment compares with is 409 `invalid_state`.",
          }),
        },
      },
    )
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteField(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
        return undefined;
      },
      {
        scope: "people:write",
        params: IdParams("fld"),
        detail: {
          tags,
          ...docB("Delete a custom field", "people:write", { status: 204 }, [403, 404, 409], {
            description: "Scope: `people:write`. Removes every person's value of the field. Refused (409 `invalid_state`) while a segment's filter names it.",
          }),
        },
      },
    );
}
