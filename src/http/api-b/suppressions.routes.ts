import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { createManualSuppression, deleteSuppression, getSuppression, listSuppressions } from "../../modules/audience/suppressions";
import { SuppressionReasonSchema, SuppressionSchema, suppressionView } from "../../representations/suppression";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { Address, IdParams, Page, SingleLine } from "../shared/schemas";

const Create = t.Object(
  {
    email: t.Optional(Address({ minLength: 1, maxLength: 320, description: "One address; send this or domain" })),
    domain: t.Optional(Address({ minLength: 1, maxLength: 253, description: "A whole domain (e.g. example.com); send this or email" })),
    reason: t.Optional(SingleLine({ maxLength: 32, description: 'Only "manual" (the default): other reasons are recorded from evidence' })),
  },
  { additionalProperties: false },
);
const ListQuery = t.Object(
  {
    ...PageQuery,
    email: t.Optional(Address({ maxLength: 320, description: "The suppression of exactly this address (case-insensitive)" })),
    domain: t.Optional(Address({ maxLength: 253, description: "The domain-wide suppression of this domain" })),
    reason: t.Optional(SuppressionReasonSchema),
  },
  { additionalProperties: false },
);
const Params = IdParams("sup");

export function suppressionRoutes(ctx: Ctx, limiter: RateLimiter) {
  return new Elysia({ prefix: "/suppressions", tags: ["Audience"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get(
      "",
      ({ principal, query }) => {
        const filters = { email: query.email, domain: query.domain, reason: query.reason };
        return paged(ctx, "suppressions", query, filters, (page) => listSuppressions(ctx, { workspaceId: principal.workspaceId, filters, page }), suppressionView);
      },
      { scope: "people:read", query: ListQuery, doc: { summary: "List suppressions", ok: Page(SuppressionSchema), errors: [400, 422] } },
    )
    .post(
      "",
      ({ principal, body, set }) => {
        set.status = 201;
        return suppressionView(createManualSuppression(ctx, { workspaceId: principal.workspaceId, ...body, actorKeyId: principal.keyId }));
      },
      {
        scope: "people:write",
        idempotency: "optional",
        body: Create,
        doc: {
          summary: "Suppress an address or a whole domain",
          description:
            "Creates a `manual` suppression of `email` or of every address at `domain` (exactly one of the two). " +
            "No mail is enrolled or sent to a suppressed address, however the suppression was created. Emits `suppression.created`. " +
            "409 `conflict` when the address or domain is already suppressed.",
          status: 201,
          ok: SuppressionSchema,
          errors: [400, 409, 415, 422],
        },
      },
    )
    .get("/:id", ({ principal, params }) => suppressionView(getSuppression(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "people:read",
      params: Params,
      doc: { summary: "Retrieve a suppression", ok: SuppressionSchema, errors: [404] },
    })
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteSuppression(ctx, { workspaceId: principal.workspaceId, id: params.id, actorKeyId: principal.keyId });
        set.status = 204;
      },
      {
        scope: "people:write",
        params: Params,
        doc: {
          summary: "Remove a manual suppression",
          description: "Removes a `manual` suppression and records who removed it and when. One recorded from evidence is read-only: 409 `invalid_state`.",
          status: 204,
          errors: [404, 409],
        },
      },
    );
}
