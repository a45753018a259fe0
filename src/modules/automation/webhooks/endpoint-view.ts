// The public shape of a webhook endpoint (never its secret). It lives in the
// domain because it is also the `data` of `webhook_endpoint.disabled` events;
// the API B serializer re-exports it.
import { Type as T } from "@sinclair/typebox";
import type { webhookEndpoints } from "../../../db/schema";
import { iso } from "../../../lib/clock";
import { idPattern } from "../../../lib/ids";

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

const Ts = () => T.String({ format: "date-time" });
const Nullable = <S extends ReturnType<typeof T.String>>(s: S) => T.Union([s, T.Null()]);

export const WebhookEndpointSchema = T.Object(
  {
    id: T.String({ pattern: idPattern("whe") }),
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
  { title: "WebhookEndpoint" },
);

export function toWebhookEndpointView(e: EndpointRow, now: number) {
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
