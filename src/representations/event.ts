// The event envelope: what GET /v1/events lists and every webhook delivery
// carries as its body. Its `data` is the shape its type's domain declares
// (src/modules/events/registry.ts).
import type { EventRecord } from "../lib/event-bus";
import { iso } from "../lib/clock";

export function eventView(e: EventRecord) {
  return {
    id: e.id,
    object: "event" as const,
    type: e.type,
    data: e.data,
    synthetic: e.synthetic,
    webhook_endpoint_id: e.webhookEndpointId,
    created_at: iso(e.createdAt),
  };
}
