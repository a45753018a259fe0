// The inbox domain's events. Each carries the resource's representation
// (src/representations), the shape API B answers for it. The ingest emits
// `inbound_message.received` once a message is processed:
//   outbox.emit({ workspaceId, type: "inbound_message.received", data: inboundMessageView(row, deliveryEventIds) })
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { INBOUND_MESSAGE_EXAMPLE, InboundMessageSchema, inboundRawPath } from "../../representations/inbound-message";
import type { EventDef } from "../events/define";

export const inboxEvents = {
  "inbound_message.received": {
    description:
      "The inbound listener accepted a message and the ingest read it: a bounce, a complaint, an auto-reply, a mailed unsubscribe request or a reply (`kind` other), with its authentication results, its report and what it was matched to (the inbound message as GET /v1/inbound_messages/{id} answers it)",
    schema: InboundMessageSchema,
    sample: (now: number) => {
      const id = newId("inm");
      return {
        ...INBOUND_MESSAGE_EXAMPLE,
        id,
        delivery_event_ids: [newId("dev")],
        raw_url: inboundRawPath(id),
        received_at: iso(now - 2_000),
        processed_at: iso(now),
        created_at: iso(now - 2_000),
      };
    },
  },
} satisfies Record<string, EventDef>;
