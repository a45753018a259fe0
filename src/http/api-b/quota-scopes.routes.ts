import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { quotaScopes } from "../../db/schema";
import { createQuotaScope, deleteQuotaScope, getQuotaScope, quotaScopeFilter, updateQuotaScope, type Limits, type QuotaScope } from "../../modules/sending/quota-scopes";
import { authPlugin } from "../shared/auth";
import { etagOf, parseIfMatch } from "../shared/etag";
import { idempotent } from "../shared/idempotency";
import { listPage, page, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { docB, IdParams, Nullable, Page } from "../shared/schemas";
import { QuotaScopeB, toQuotaScopeB } from "./serializers/quota-scope";

const limit = (description: string) => t.Optional(Nullable(t.Integer({ minimum: 1, maximum: 2_147_483_647, description })));
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
    scope_key: t.String({ minLength: 1, maxLength: 200 }),
    ...LimitFields,
  },
  { additionalProperties: false },
);
const Patch = t.Object(LimitFields, { additionalProperties: false });
const ListQuery = t.Object({ ...PageQuery, provider: t.Optional(t.String({ maxLength: 32 })), scope_key: t.Optional(t.String({ maxLength: 200 })) }, { additionalProperties: false });

const tags = ["Sending"];

export function quotaScopeRoutes(ctx: Ctx, limiter: RateLimiter) {
  const withEtag = (q: QuotaScope) => ({ headers: { etag: etagOf(q.version) }, body: toQuotaScopeB(q) });
  return new Elysia({ prefix: "/quota_scopes" })
    .use(authPlugin(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) => {
        const filters = { provider: query.provider, scope_key: query.scope_key };
        const { rows, meta } = listPage<QuotaScope>(ctx, {
          table: quotaScopes,
          key: quotaScopes.id,
          equal: quotaScopeFilter({ workspaceId: principal.workspaceId, provider: query.provider, scopeKey: query.scope_key }),
          list: "quota_scopes",
          filters,
          page: query,
        });
        return page(rows.map(toQuotaScopeB), meta);
      },
      { scope: "connections:read", query: ListQuery, detail: { tags, ...docB("List quota scopes", "connections:read", { status: 200, schema: Page(QuotaScopeB) }, [400, 403, 422]) } },
    )
    .post(
      "",
      ({ principal, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => {
          const q = createQuotaScope(ctx, { workspaceId: principal.workspaceId, provider: body.provider, scopeKey: body.scope_key, limits: body as Limits });
          return { status: 201, ...withEtag(q) };
        }),
      { scope: "connections:manage", body: Create, detail: { tags, ...docB("Create a quota scope", "connections:manage", { status: 201, schema: QuotaScopeB }, [400, 403, 409, 415, 422]) } },
    )
    .get(
      "/:id",
      ({ principal, params, set }) => {
        const q = getQuotaScope(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.headers.etag = etagOf(q.version);
        return toQuotaScopeB(q);
      },
      { scope: "connections:read", params: IdParams("qsc"), detail: { tags, ...docB("Retrieve a quota scope", "connections:read", { status: 200, schema: QuotaScopeB }, [403, 404]) } },
    )
    .patch(
      "/:id",
      ({ principal, params, body, request }) => {
        const ifMatch = parseIfMatch(request.headers.get("if-match"));
        return idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => {
          const q = updateQuotaScope(ctx, { workspaceId: principal.workspaceId, id: params.id, ifMatch, limits: body as Limits });
          return { status: 200, ...withEtag(q) };
        });
      },
      {
        scope: "connections:manage",
        params: IdParams("qsc"),
        body: Patch,
        detail: {
          tags,
          ...docB("Update a quota scope's limits", "connections:manage", { status: 200, schema: QuotaScopeB }, [400, 403, 404, 412, 415, 422], {
            parameters: [
              { name: "If-Match", in: "header", required: false, schema: { type: "string" }, description: 'The version as its ETag ("123") or *' },
              { name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", minLength: 1, maxLength: 128, pattern: "^[!-~]+$" } },
            ],
          }),
        },
      },
    )
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteQuotaScope(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
        return undefined;
      },
      { scope: "connections:manage", params: IdParams("qsc"), detail: { tags, ...docB("Delete a quota scope", "connections:manage", { status: 204 }, [403, 404, 409]) } },
    );
}
