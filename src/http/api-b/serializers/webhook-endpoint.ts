import { t } from "elysia";
import { toWebhookEndpointView, WebhookEndpointSchema, type EndpointRow } from "../../../modules/automation/webhooks/endpoint-view";

// The endpoint's public shape is the domain's (it is also event data); the secret is added only where SPEC shows it.
export const WebhookEndpointB = WebhookEndpointSchema;
export const WebhookEndpointWithSecretB = t.Composite(
  [WebhookEndpointSchema, t.Object({ secret: t.String({ pattern: "^whsec_", description: "Signing secret (Standard Webhooks); shown only in this answer" }) })],
  { title: "WebhookEndpointWithSecret" },
);

export const toWebhookEndpointB = toWebhookEndpointView;

export function toWebhookEndpointWithSecretB(e: EndpointRow, secret: string, now: number) {
  return { ...toWebhookEndpointView(e, now), secret };
}

export const WebhookReplayB = t.Object(
  {
    object: t.Literal("webhook_replay"),
    webhook_endpoint_id: t.String(),
    since: t.String({ format: "date-time" }),
    deliveries: t.Integer({ description: "Deliveries made pending, next attempt now" }),
  },
  { title: "WebhookReplay" },
);
