import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import type { webhookDeliveries } from "../db/schema";

export { WEBHOOK_DELIVERY_STATES } from "../db/schema";
import { Id, Nullable, Timestamp } from "./common";
import { AT, EXAMPLE_IDS } from "./examples";

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The import.completed event delivered to the endpoint example at the first attempt. */
export const WEBHOOK_DELIVERY_EXAMPLE = {
  id: EXAMPLE_IDS.whd,
  object: "webhook_delivery",
  event_id: EXAMPLE_IDS.evt,
  event_type: "import.completed",
  webhook_endpoint_id: EXAMPLE_IDS.whe,
  state: "delivered",
  attempts: 1,
  next_attempt_at: null,
  delivered_at: AT.delivered,
  last_attempt: { started_at: AT.deliveryAttempt, duration_ms: 184, response_status: 200, response_excerpt: '{"received":true}' },
  created_at: AT.importFinished,
};

export const WebhookDeliverySchema = t.Object(
  {
    id: Id("whd"),
    object: t.Literal("webhook_delivery"),
    event_id: Id("evt"),
    event_type: t.String(),
    webhook_endpoint_id: Id("whe"),
    state: t.String({ description: "pending (attempt due at next_attempt_at), delivered, failed (schedule exhausted), disabled (endpoint disabled); new values may be added" }),
    attempts: t.Integer({ description: "Attempts made so far" }),
    next_attempt_at: Nullable(Timestamp),
    delivered_at: Nullable(Timestamp),
    last_attempt: Nullable(
      t.Object({
        started_at: Timestamp,
        duration_ms: Nullable(t.Integer({ description: "null while the attempt is in flight" })),
        response_status: Nullable(t.Integer({ description: "null when nothing answered" })),
        response_excerpt: Nullable(t.String({ description: "First kilobyte of the answer, or what went wrong when nothing answered" })),
      }),
    ),
    created_at: Timestamp,
  },
  { title: "WebhookDelivery", examples: [WEBHOOK_DELIVERY_EXAMPLE] },
);

export function webhookDeliveryView(d: DeliveryRow) {
  return {
    id: d.id,
    object: "webhook_delivery" as const,
    event_id: d.eventId,
    event_type: d.eventType,
    webhook_endpoint_id: d.webhookEndpointId,
    state: d.state,
    attempts: d.attempts,
    next_attempt_at: d.state === "pending" ? iso(d.nextAttemptAt) : null,
    delivered_at: iso(d.deliveredAt),
    last_attempt:
      d.lastAttemptStartedAt === null
        ? null
        : {
            started_at: iso(d.lastAttemptStartedAt),
            duration_ms: d.lastAttemptDurationMs,
            response_status: d.lastAttemptStatus,
            response_excerpt: d.lastAttemptExcerpt,
          },
    created_at: iso(d.createdAt),
  };
}
