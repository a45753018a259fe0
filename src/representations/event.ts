// The event envelope: what GET /v1/events lists and every webhook delivery
// carries as its body. Its `data` is the shape its type's domain declares
// (src/modules/events/registry.ts).
import type { EventRecord } from "../lib/event-bus";
import { iso } from "../lib/clock";
import { AT, EXAMPLE_IDS } from "./examples";
import { IMPORT_EXAMPLE } from "./import";

/** The envelope's example: the import example's import.completed event (OpenAPI's Event component shows it). */
export const EVENT_EXAMPLE = {
  id: EXAMPLE_IDS.evt,
  object: "event",
  type: "import.completed",
  data: IMPORT_EXAMPLE,
  synthetic: false,
  webhook_endpoint_id: null,
  created_at: AT.importFinished,
};

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
