import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { suppressions } from "../../db/schema";
import { createManualSuppression, deleteSuppression, getSuppression, suppressionFilter, type Suppression } from "../../modules/audience/suppressions";
import { authPlugin } from "../shared/auth";
import { idempotent } from "../shared/idempotency";
import { listPage, page, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { docB, IdParams, Page } from "../shared/schemas";
import { SuppressionB, SuppressionReasonB, toSuppressionB } from "./serializers/suppression";

const Create = t.Object(
  {
    email: t.Optional(t.String({ minLength: 1, maxLength: 320, description: "One address; send this or domain" })),
    domain: t.Optional(t.String({ minLength: 1, maxLength: 253, description: "A whole domain (e.g. example.com); send this or email" })),
    reason: t.Optional(t.String({ maxLength: 32, description: 'Only "manual" (the default): other reasons are recorded from evidence' })),
  },
  { additionalProperties: false },
);
const ListQuery = t.Object(
  {
    ...PageQuery,
    email: t.Optional(t.String({ maxLength: 320, description: "The suppression of exactly this address (case-insensitive)" })),
    domain: t.Optional(t.String({ maxLength: 253, description: "The domain-wide suppression of this domain" })),
    reason: t.Optional(SuppressionReasonB),
  },
  { additionalProperties: false },
);

const tags = ["Audience"];

export function suppressionRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/suppressions" })
    .use(authPlugin(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) => {
        const filters = { email: query.email, domain: query.domain, reason: query.reason };
        const { rows, meta } = listPage<Suppression>(ctx, {
          table: suppressions,
          key: suppressions.id,
          equal: suppressionFilter({ workspaceId: principal.workspaceId, ...filters }),
          list: "suppressions",
          filters,
          page: query,
        });
        return page(rows.map(toSuppressionB), meta);
      },
      { scope: "people:read", query: ListQuery, detail: { tags, ...docB("List suppressions", "people:read", { status: 200, schema: Page(SuppressionB) }, [400, 403, 422]) } },
    )
    .post(
      "",
      ({ principal, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => {
          const s = createManualSuppression(ctx, { workspaceId: principal.workspaceId, ...body, actorKeyId: principal.keyId });
          return { status: 201, body: toSuppressionB(s) };
        }),
      {
        scope: "people:write",
        body: Create,
        detail: {
          tags,
          ...docB("Suppress an address or a whole domain", "people:write", { status: 201, schema: SuppressionB }, [400, 403, 409, 415, 422], {
            description:
              "Scope: `people:write`. Creates a `manual` suppression of `email` or of every address at `domain` (exactly one of the two). " +
              "No mail is enrolled or sent to a suppressed address, however the suppression was created. Emits `suppression.created`. " +
              "409 `conflict` when the address or domain is already suppressed.",
          }),
        },
      },
    )
    .get(
      "/:id",
      ({ principal, params }) => toSuppressionB(getSuppression(ctx, { workspaceId: principal.workspaceId, id: params.id })),
      { scope: "people:read", params: IdParams("sup"), detail: { tags, ...docB("Retrieve a suppression", "people:read", { status: 200, schema: SuppressionB }, [403, 404]) } },
    )
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteSuppression(ctx, { workspaceId: principal.workspaceId, id: params.id, actorKeyId: principal.keyId });
        set.status = 204;
        return undefined;
      },
      {
        scope: "people:write",
        params: IdParams("sup"),
        detail: {
          tags,
          ...docB("Remove a manual suppression", "people:write", { status: 204 }, [403, 404, 409], {
            description: "Scope: `people:write`. Removes a `manual` suppression and records who removed it and when. One recorded from evidence is read-only: 409 `invalid_state`.",
          }),
        },
      },
    );
}
