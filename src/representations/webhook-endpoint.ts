// The public shape of a webhook endpoint (never its secret): API B answers it
// and `webhook_endpoint.disabled` events carry it. The secret is added only
// where SPEC shows it (create, rotate_secret).
import { Type as T } from "@sinclair/typebox";
import type { webhookEndpoints } from "../db/schema";
import { iso } from "../lib/clock";
import { Id, Nullable, Timestamp } from "./common";
import { AT, EXAMPLE_IDS } from "./examples";

type EndpointRow = typeof webhookEndpoints.$inferSelect;
const Ts = () => Timestamp;

export const WEBHOOK_ENDPOINT_EXAMPLE = {
  id: EXAMPLE_IDS.whe,
  object: "webhook_endpoint",
  url: "https://crm.northwind-trading.com/hooks/nearbound",
  description: "CRM sync: imports, exports and suppressions",
  event_types: ["import.completed", "export.completed", "suppression.created"],
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  previous_secret_expires_at: null,
  created_at: AT.endpoint,
  updated_at: AT.endpoint,
};

export const WebhookEndpointSchema = T.Object(
  {
    id: Id("whe"),
    object: T.Literal("webhook_endpoint"),
    url: T.String({ format: "uri", description: "http(s) URL receiving POSTs" }),
    description: Nullable(T.String()),
    event_types: T.Array(T.String(), { description: "Event types delivered; empty = every type, including types added later" }),
    enabled: T.Boolean(),
    disabled_reason: Nullable(T.String({ description: "manual (PATCH enabled=false), gone (the endpoint answered 410), failing (no success for 5 days); new values may be added" })),
    disabled_at: Nullable(Ts()),
    previous_secret_expires_at: Nullable(T.String({ format: "date-time", description: "Until then the secret replaced by rotate_secret still signs every attempt" })),
    created_at: Ts(),
    updated_at: Ts(),
  },
  { title: "WebhookEndpoint", examples: [WEBHOOK_ENDPOINT_EXAMPLE] },
);

export function webhookEndpointView(e: EndpointRow, now: number) {
  return {
    id: e.id,
    object: "webhook_endpoint" as const,
    url: e.url,
    description: e.description,
    event_types: e.eventTypes,
    enabled: e.enabled,
    disabled_reason: e.disabledReason,
    disabled_at: iso(e.disabledAt),
    previous_secret_expires_at: e.previousSecretExpiresAt !== null && e.previousSecretExpiresAt > now ? iso(e.previousSecretExpiresAt) : null,
    created_at: iso(e.createdAt),
    updated_at: iso(e.updatedAt),
  };
}

export const WebhookEndpointWithSecretSchema = T.Composite(
  [WebhookEndpointSchema, T.Object({ secret: T.String({ pattern: "^whsec_", description: "Signing secret (Standard Webhooks); shown only in this answer" }) })],
  { title: "WebhookEndpointWithSecret", examples: [{ ...WEBHOOK_ENDPOINT_EXAMPLE, secret: "whsec_32NQb0m8plCjWzg1RaB+TI1JxzWVSh56+aqfJdxMmj0=" }] },
);

export const webhookEndpointWithSecretView = (e: EndpointRow, secret: string, now: number) => ({ ...webhookEndpointView(e, now), secret });

export const WebhookReplaySchema = T.Object(
  {
    object: T.Literal("webhook_replay"),
    webhook_endpoint_id: Id("whe"),
    since: Timestamp,
    deliveries: T.Integer({ description: "Deliveries made pending, next attempt now" }),
  },
  { title: "WebhookReplay", examples: [{ object: "webhook_replay", webhook_endpoint_id: EXAMPLE_IDS.whe, since: "2026-03-04T00:00:00.000Z", deliveries: 37 }] },
);
