import { Elysia, t } from "elysia";
import type { Ctx } from "../../context";
import { webhookEndpoints } from "../../db/schema";
import { EVENT_TYPES } from "../../modules/automation/event-types";
import {
  createEndpoint,
  deleteEndpoint,
  endpointFilter,
  getEndpoint,
  replayEndpoint,
  rotateSecret,
  updateEndpoint,
  type EndpointRow,
} from "../../modules/automation/webhooks/endpoints";
import { authPlugin } from "../shared/auth";
import { idempotent } from "../shared/idempotency";
import { listPage, page, PageQuery } from "../shared/pagination";
import type { RateLimiter } from "../shared/rate-limit";
import { docB, IdParams, Nullable, Page } from "../shared/schemas";
import { toWebhookEndpointB, toWebhookEndpointWithSecretB, WebhookEndpointB, WebhookEndpointWithSecretB, WebhookReplayB } from "./serializers/webhook-endpoint";

const Fields = {
  url: t.String({ minLength: 1, maxLength: 2048, description: "http or https; must not resolve to a loopback, private, link-local or metadata address (unless NEARBOUND_ALLOW_PRIVATE_WEBHOOKS=1)" }),
  description: t.Optional(Nullable(t.String({ maxLength: 500 }))),
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

const tags = ["Automation"];
const idempotencyHeader = { name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", minLength: 1, maxLength: 128, pattern: "^[!-~]+$" } };

export function webhookEndpointRoutes(ctx: Ctx, limiter: RateLimiter) {
  const view = (e: EndpointRow) => toWebhookEndpointB(e, ctx.clock.now());
  return new Elysia({ prefix: "/webhook_endpoints" })
    .use(authPlugin(ctx, limiter, "b"))
    .get(
      "/",
      ({ principal, query }) => {
        const { rows, meta } = listPage<EndpointRow>(ctx, {
          table: webhookEndpoints,
          key: webhookEndpoints.id,
          where: endpointFilter({ workspaceId: principal.workspaceId }),
          list: "webhook_endpoints",
          filters: {},
          page: query,
        });
        return page(rows.map(view), meta);
      },
      { scope: "automation:read", query: ListQuery, detail: { tags, ...docB("List webhook endpoints", "automation:read", { status: 200, schema: Page(WebhookEndpointB) }, [400, 403, 422]) } },
    )
    .post(
      "/",
      ({ principal, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body, sensitive: true }, async () => {
          const { endpoint, secret } = await createEndpoint(ctx, {
            workspaceId: principal.workspaceId,
            url: body.url,
            description: body.description,
            eventTypes: body.event_types,
            enabled: body.enabled,
          });
          return { status: 201, body: toWebhookEndpointWithSecretB(endpoint, secret, ctx.clock.now()) };
        }),
      {
        scope: "automation:manage",
        body: Create,
        detail: {
          tags,
          ...docB(
            "Create a webhook endpoint",
            "automation:manage",
            { status: 201, schema: WebhookEndpointWithSecretB, description: "The endpoint with its signing secret; the secret is never shown again (rotate_secret makes a new one)." },
            [403, 409, 415, 422],
            { parameters: [idempotencyHeader] },
          ),
        },
      },
    )
    .get("/:id", ({ principal, params }) => view(getEndpoint(ctx, { workspaceId: principal.workspaceId, id: params.id })), {
      scope: "automation:read",
      params: IdParams("whe"),
      detail: { tags, ...docB("Retrieve a webhook endpoint", "automation:read", { status: 200, schema: WebhookEndpointB, description: "Without its secret." }, [403, 404]) },
    })
    .patch(
      "/:id",
      ({ principal, params, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, async () => {
          const e = await updateEndpoint(ctx, {
            workspaceId: principal.workspaceId,
            id: params.id,
            patch: { url: body.url, description: body.description, eventTypes: body.event_types, enabled: body.enabled },
          });
          return { status: 200, body: view(e) };
        }),
      {
        scope: "automation:manage",
        params: IdParams("whe"),
        body: Patch,
        detail: {
          tags,
          ...docB(
            "Update a webhook endpoint",
            "automation:manage",
            {
              status: 200,
              schema: WebhookEndpointB,
              description:
                "URL, description, event types or enabled. Disabling makes its pending deliveries `disabled` and emits `webhook_endpoint.disabled`; enabling clears the failure record (replay brings disabled deliveries back).",
            },
            [403, 404, 409, 415, 422],
            { parameters: [idempotencyHeader] },
          ),
        },
      },
    )
    .delete(
      "/:id",
      ({ principal, params, set }) => {
        deleteEndpoint(ctx, { workspaceId: principal.workspaceId, id: params.id });
        set.status = 204;
        return undefined;
      },
      {
        scope: "automation:manage",
        params: IdParams("whe"),
        detail: { tags, ...docB("Delete a webhook endpoint", "automation:manage", { status: 204, description: "Deleted with all its deliveries." }, [403, 404]) },
      },
    )
    .post(
      "/:id/rotate_secret",
      ({ principal, params, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body: undefined, sensitive: true }, () => {
          const { endpoint, secret } = rotateSecret(ctx, { workspaceId: principal.workspaceId, id: params.id });
          return { status: 200, body: toWebhookEndpointWithSecretB(endpoint, secret, ctx.clock.now()) };
        }),
      {
        scope: "automation:manage",
        params: IdParams("whe"),
        detail: {
          tags,
          ...docB(
            "Rotate a webhook endpoint's signing secret",
            "automation:manage",
            {
              status: 200,
              schema: WebhookEndpointWithSecretB,
              description: "The new secret. The replaced one keeps signing for 24 hours: meanwhile every attempt carries both signatures in `webhook-signature`.",
            },
            [403, 404],
            { parameters: [idempotencyHeader] },
          ),
        },
      },
    )
    .post(
      "/:id/replay",
      ({ principal, params, body, request }) =>
        idempotent(ctx, request, principal, { api: "b", mode: "optional", body }, () => {
          const since = Date.parse(body.since);
          const { endpoint, count } = replayEndpoint(ctx, { workspaceId: principal.workspaceId, id: params.id, since });
          return { status: 200, body: { object: "webhook_replay", webhook_endpoint_id: endpoint.id, since: new Date(since).toISOString(), deliveries: count } };
        }),
      {
        scope: "automation:manage",
        params: IdParams("whe"),
        body: Replay,
        detail: {
          tags,
          ...docB(
            "Replay a webhook endpoint's deliveries",
            "automation:manage",
            {
              status: 200,
              schema: WebhookReplayB,
              description:
                "Every delivery of the endpoint's events created at or after `since` becomes pending with its next attempt now (an attempt already in flight finishes first); a finished one starts a fresh retry schedule. 409 `invalid_state` on a disabled endpoint: enable it first.",
            },
            [403, 404, 409, 415, 422],
            { parameters: [idempotencyHeader] },
          ),
        },
      },
    );
}
