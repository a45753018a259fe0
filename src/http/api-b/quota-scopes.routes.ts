import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { createQuotaScope, deleteQuotaScope, getQuotaScope, listQuotaScopes, updateQuotaScope, type Limits } from "../../modules/sending/quota-scopes";
import { QuotaScopeSchema, quotaScopeView } from "../../representations/quota-scope";
import { etagOf } from "../shared/etag";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { IdParams, JsonInteger, Nullable, Page, SingleLine } from "../shared/schemas";

const limit = (description: string) => t.Optional(Nullable(JsonInteger({ minimum: 1, maximum: 2_147_483_647, description })));
const LimitFields = {
  messages_per_day: limit("Messages per rolling day across its connections; null = no limit"),
  recipients_per_day: limit("Recipients per rolling day across its connections; null = no limit"),
  window_limit: limit("Units a short window allows"),
  window_seconds: limit("Length of the short window in seconds"),
  window_unit: t.Optional(Nullable(t.Union([t.Literal("requests"), t.Literal("recipients"), t.Literal("units")]))),
};
const Create = t.Object(
  {
    provider: t.String({ pattern: "^[a-z][a-z0-9_]{0,31}$", description: "e.g. smtp, managed, ses, sendgrid" }),
    scope_key: SingleLine({ minLength: 1, maxLength: 200 }),
    ...LimitFields,
  },
  { additionalProperties: false },
);
const Patch = t.Object(LimitFields, { additionalProperties: false });
const ListQuery = t.Object({ ...PageQuery, provider: t.Optional(SingleLine({ maxLength: 32 })), scope_key: t.Optional(SingleLine({ maxLength: 200 })) }, { additionalProperties: false });
const Params = IdParams("qsc");

const limitsOf = (b: typeof Patch.static): Limits => ({
  messagesPerDay: b.messages_per_day,
  recipientsPerDay: b.recipients_per_day,
  windowLimit: b.window_limit,
  windowSeconds: b.window_seconds,
  windowUnit: b.window_unit,
});

export function quotaScopeRoutes(ctx: Ctx, limiter: RateLimiter) {
  // the ETag is the version an update's If-Match names
  const versioned = (set: { headers: Record<string, unknown> }, q: Parameters<typeof quotaScopeView>[0]) => {
    set.headers.etag = etagOf(q.version);
    return quotaScopeView(q);
  };
  return new Elysia({ prefix: "/quota_scopes", tags: ["Sending"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) =>
        paged(ctx, "quota_scopes", query, { provider: query.provider, scope_key: query.scope_key }, (page) => listQuotaScopes(ctx, { workspaceId: principal.workspaceId, filters: { provider: query.provider, scopeKey: query.scope_key }, page }), quotaScopeView),
      { scope: "connections:read", query: ListQuery, doc: { summary: "List quota scopes", ok: Page(QuotaScopeSchema), errors: [400, 422] } },
    )
    .post(
      "",
      ({ principal, body, set }) => {
        set.status = 201;
        return versioned(set, createQuotaScope(ctx, { workspaceId: principal.workspaceId, provider: body.provider, scopeKey: body.scope_key, limits: limitsOf(body) }));
      },
      { scope: "connections:manage", idempotency: "optional", body: Create, doc: { summary: "Create a quota scope", status: 201, ok: QuotaScopeSchema, errors: [400, 409, 415, 422] } },
    )
    .get("/:id", ({ principal, params, set }) => versioned(set, getQuotaScope(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "connections:read",
      params: Params,
      doc: { summary: "Retrieve a quota scope", ok: QuotaScopeSchema, errors: [404] },
    })
    .patch("/:id", ({ principal, params, body, ifMatch, set }) => versioned(set, updateQuotaScope(ctx, { workspaceId: principal.workspaceId, id: params.id, ifMatch, limits: limitsOf(body) })), {
      scope: "connections:manage",
      ifMatch: true,
      idempotency: "optional",
      params: Params,
      body: Patch,
      doc: { summary: "Update a quota scope's limits", ok: QuotaScopeSchema, errors: [400, 404, 412, 415, 422] },
    })
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteQuotaScope(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
      },
      { scope: "connections:manage", params: Params, doc: { summary: "Delete a quota scope", status: 204, errors: [404, 409] } },
    );
}
