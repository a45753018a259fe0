import { t } from "elysia";
import { EVENT_TYPES, eventTypeInfo } from "../../../modules/automation/event-types";
import { toEventView } from "../../../modules/automation/events";
import { Id, Nullable, Timestamp } from "../../shared/schemas";

const common = {
  id: Id("evt"),
  object: t.Literal("event"),
  synthetic: t.Boolean({ description: "true for an event created on request by POST /v1/events (sample data)" }),
  webhook_endpoint_id: Nullable(Id("whe", "The one endpoint a synthetic event was addressed to; null = every subscribed endpoint")),
  created_at: Timestamp,
};

// One variant per type documents its `data` (the resource as it was after the change).
export const EventB = t.Union(
  EVENT_TYPES.map((type) => {
    const info = eventTypeInfo(type);
    return t.Object({ ...common, type: t.Literal(type), data: info.schema }, { title: `Event ${type}`, description: info.description });
  }),
  { title: "Event", description: "An event; `type` is an open enumeration: tolerate types not listed here." },
);

export const toEventB = toEventView;
