import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { createField, deleteField, getField, listFields, MAX_ENUM_OPTIONS, MAX_FIELDS, updateField } from "../../modules/audience/fields";
import { FIELD_KEY_RE } from "../../modules/audience/segment-filter";
import { CUSTOM_FIELD_TYPES, FieldSchema, fieldView } from "../../representations/field";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { IdParams, Nullable, Page, SingleLine } from "../shared/schemas";

const Label = SingleLine({ minLength: 1, maxLength: 200 });
const Options = t.Array(SingleLine({ minLength: 1, maxLength: 200 }), { maxItems: MAX_ENUM_OPTIONS, description: "The values of an enum field, in display order" });
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
const Params = IdParams("fld");

export function fieldRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/fields", tags: ["Audience"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get("", ({ principal, query }) => paged(ctx, "fields", { ...query, limit: query.limit ?? MAX_FIELDS }, {}, (page) => listFields(ctx, { workspaceId: principal.workspaceId, page }), fieldView), {
      scope: "people:read",
      query: ListQuery,
      doc: { summary: "List custom fields", ok: Page(FieldSchema), errors: [400, 422] },
    })
    .post(
      "",
      ({ principal, body, set }) => {
        set.status = 201;
        return fieldView(createField(ctx, { workspaceId: principal.workspaceId, key: body.key, label: body.label, type: body.type, options: body.options }));
      },
      {
        scope: "people:write",
        idempotency: "optional",
        body: Create,
        doc: {
          summary: "Create a custom field",
          description: `\`options\` is required for an enum and refused for other types. A duplicate key is 409 \`conflict\`; a workspace holds at most ${MAX_FIELDS} fields (409 \`invalid_state\`).`,
          status: 201,
          ok: FieldSchema,
          errors: [400, 409, 415, 422],
        },
      },
    )
    .get("/:id", ({ principal, params }) => fieldView(getField(ctx.db, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "people:read",
      params: Params,
      doc: { summary: "Retrieve a custom field", ok: FieldSchema, errors: [404] },
    })
    .patch("/:id", ({ principal, params, body }) => fieldView(updateField(ctx, { workspaceId: principal.workspaceId, id: params.id, label: body.label, options: body.options })), {
      scope: "people:write",
      idempotency: "optional",
      params: Params,
      body: Patch,
      doc: {
        summary: "Update a custom field",
        description: "Changes the label or an enum's options; key and type never change. Removing an option that people hold or a segment compares with is 409 `invalid_state`.",
        ok: FieldSchema,
        errors: [400, 404, 409, 415, 422],
      },
    })
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteField(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
      },
      {
        scope: "people:write",
        params: Params,
        doc: { summary: "Delete a custom field", description: "Removes every person's value of the field. Refused (409 `invalid_state`) while a segment's filter names it.", status: 204, errors: [404, 409] },
      },
    );
}
