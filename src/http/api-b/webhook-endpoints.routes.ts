import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { createEndpoint, deleteEndpoint, getEndpoint, listEndpoints, replayEndpoint, rotateSecret, updateEndpoint, type EndpointRow } from "../../modules/automation/webhooks/endpoints";
import { EVENT_TYPES } from "../../modules/events/registry";
import { WebhookEndpointSchema, webhookEndpointView, WebhookEndpointWithSecretSchema, webhookEndpointWithSecretView, WebhookReplaySchema } from "../../representations/webhook-endpoint";
import { paged, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { routeOptions } from "../shared/route-options";
import { Address, IdParams, Nullable, Page, SingleLine } from "../shared/schemas";

const Fields = {
  url: Address({ minLength: 1, maxLength: 2048, description: "http or https; must not resolve to a loopback, private, link-local or metadata address (unless NEARBOUND_ALLOW_PRIVATE_TARGETS=1)" }),
  description: t.Optional(Nullable(SingleLine({ maxLength: 500 }))),
  event_types: t.Optional(
    t.Array(
      t.Union(EVENT_TYPES.map((x) => t.Literal(x))),
      { maxItems: EVENT_TYPES.length, description: "Event types to deliver; omitted or empty = every type" },
    ),
  ),
  enabled: t.Optional(t.Boolean({ description: "Default true" })),
};
const Create = t.Object(Fields, { additionalProperties: false });
const Patch = t.Object({ ...Fields, url: t.Optional(Fields.url) }, { additionalProperties: false });
const Replay = t.Object({ since: t.String({ format: "date-time", description: "Deliveries of events created at or after this time are replayed" }) }, { additionalProperties: false });
const ListQuery = t.Object(PageQuery, { additionalProperties: false });
const Params = IdParams("whe");

export function webhookEndpointRoutes(ctx: Ctx, limiter: RateLimiter) {
  const view = (e: EndpointRow) => webhookEndpointView(e, ctx.clock.now());
  return new Elysia({ prefix: "/webhook_endpoints", tags: ["Automation"] })
    .use(routeOptions(ctx, limiter, "b"))
    .get("", ({ principal, query }) => paged(ctx, "webhook_endpoints", query, {}, (page) => listEndpoints(ctx, { workspaceId: principal.workspaceId, page }), view), {
      scope: "automation:read",
      query: ListQuery,
      doc: { summary: "List webhook endpoints", ok: Page(WebhookEndpointSchema), errors: [400, 422] },
    })
    .post(
      "",
      async ({ principal, body, set }) => {
        const { endpoint, secret } = await createEndpoint(ctx, { workspaceId: principal.workspaceId, url: body.url, description: body.description, eventTypes: body.event_types, enabled: body.enabled });
        set.status = 201;
        return webhookEndpointWithSecretView(endpoint, secret, ctx.clock.now());
      },
      {
        scope: "automation:manage",
        idempotency: { mode: "optional", sensitive: true },
        body: Create,
        doc: {
          summary: "Create a webhook endpoint",
          status: 201,
          ok: WebhookEndpointWithSecretSchema,
          okDescription: "The endpoint with its signing secret; the secret is never shown again (rotate_secret makes a new one).",
          errors: [409, 415, 422],
        },
      },
    )
    .get("/:id", ({ principal, params }) => view(getEndpoint(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "automation:read",
      params: Params,
      doc: { summary: "Retrieve a webhook endpoint", ok: WebhookEndpointSchema, okDescription: "Without its secret.", errors: [404] },
    })
    .patch(
      "/:id",
      async ({ principal, params, body }) =>
        view(await updateEndpoint(ctx, { workspaceId: principal.workspaceId, id: params.id, patch: { url: body.url, description: body.description, eventTypes: body.event_types, enabled: body.enabled } })),
      {
        scope: "automation:manage",
        idempotency: "optional",
        params: Params,
        body: Patch,
        doc: {
          summary: "Update a webhook endpoint",
          ok: WebhookEndpointSchema,
          okDescription:
            "URL, description, event types or enabled. Disabling makes its pending deliveries `disabled` and emits `webhook_endpoint.disabled`; enabling clears the failure record (replay brings disabled deliveries back).",
          errors: [404, 409, 415, 422],
        },
      },
    )
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteEndpoint(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
      },
      { scope: "automation:manage", params: Params, doc: { summary: "Delete a webhook endpoint", status: 204, okDescription: "Deleted with all its deliveries.", errors: [404] } },
    )
    .post(
      "/:id/rotate_secret",
      ({ principal, params }) => {
        const { endpoint, secret } = rotateSecret(ctx, { workspaceId: principal.workspaceId, id: params.id });
        return webhookEndpointWithSecretView(endpoint, secret, ctx.clock.now());
      },
      {
        scope: "automation:manage",
        idempotency: { mode: "optional", sensitive: true },
        params: Params,
        doc: {
          summary: "Rotate a webhook endpoint's signing secret",
          ok: WebhookEndpointWithSecretSchema,
          okDescription: "The new secret. The replaced one keeps signing for 24 hours: meanwhile every attempt carries both signatures in `webhook-signature`.",
          errors: [404],
        },
      },
    )
    .post(
      "/:id/replay",
      ({ principal, params, body }) => {
        const since = Date.parse(body.since);
        const { endpoint, count } = replayEndpoint(ctx, { workspaceId: principal.workspaceId, id: params.id, since });
        return { object: "webhook_replay" as const, webhook_endpoint_id: endpoint.id, since: new Date(since).toISOString(), deliveries: count };
      },
      {
        scope: "automation:manage",
        idempotency: "optional",
        params: Params,
        body: Replay,
        doc: {
          summary: "Replay a webhook endpoint's deliveries",
          ok: WebhookReplaySchema,
          okDescription:
            "Every delivery of the endpoint's events created at or after `since` becomes pending with its next attempt now (an attempt already in flight finishes first); a finished one starts a fresh retry schedule. 409 `invalid_state` on a disabled endpoint: enable it first.",
          errors: [404, 409, 415, 422],
        },
      },
    );
}
