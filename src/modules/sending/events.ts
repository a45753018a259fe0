// The sending domain's events: messages, their delivery evidence, connection
// health. Each carries the resource's representation (src/representations),
// the shape API B answers for it.
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { CONNECTION_EXAMPLE, ConnectionSchema } from "../../representations/connection";
import { DELIVERY_EVENT_EXAMPLE, DeliveryEventSchema } from "../../representations/delivery-event";
import { MESSAGE_EXAMPLE, MessageSchema } from "../../representations/message";
import type { EventDef } from "../events/define";

function message(now: number, status: string, detail: string | null) {
  return {
    ...MESSAGE_EXAMPLE,
    id: newId("msg"),
    status,
    status_detail: detail,
    sent_at: status === "sent" ? iso(now) : null,
    created_at: iso(now - 3_600_000),
    updated_at: iso(now),
  };
}

export const sendingEvents = {
  "message.queued": { description: "A message was queued; it is sent when due", schema: MessageSchema, sample: (now: number) => message(now, "queued", null) },
  "message.sent": { description: "The receiving server (or the smart host, or the mailbox's server) accepted a message", schema: MessageSchema, sample: (now: number) => message(now, "sent", null) },
  "message.failed": {
    description: "A message failed for good",
    schema: MessageSchema,
    sample: (now: number) => message(now, "failed", "550 5.1.1 <grace.hopper@example.org>: Recipient address rejected: User unknown"),
  },
  "message.uncertain": {
    description: "The connection ended after DATA, before the server's answer: the message may or may not have been delivered (resolve it)",
    schema: MessageSchema,
    sample: (now: number) => message(now, "uncertain", "the connection ended after DATA, before the server's answer: the message may have been delivered (resolve it)"),
  },
  "message.cancelled": { description: "A queued message was cancelled", schema: MessageSchema, sample: (now: number) => message(now, "cancelled", "cancelled through the API") },
  "message.snippets_fallback": {
    description: "AI snippets could not be written; the message was made from the templates alone",
    schema: MessageSchema,
    sample: (now: number) => message(now, "queued", "AI provider timed out; templates used without snippets"),
  },
  "delivery_event.recorded": {
    description: "Delivery evidence for a message: delivered, deferred, bounced, complained, opened, clicked, unsubscribed",
    schema: DeliveryEventSchema,
    sample: (now: number) => ({
      ...DELIVERY_EVENT_EXAMPLE,
      id: newId("dev"),
      type: "bounced",
      bounce: { kind: "hard", reason: "user_unknown", diagnostic_code: "smtp; 550 5.1.1 User unknown" },
      detail: "550 5.1.1 <amara.okafor@lumenpay.io>: Recipient address rejected: User unknown",
      occurred_at: iso(now - 5_000),
      created_at: iso(now),
    }),
  },
  "connection.health_changed": {
    description: "A connection's health changed (its credential stopped working, its provider throttled it, its domain's records disappeared, or it recovered)",
    schema: ConnectionSchema,
    sample: (now: number) => ({
      ...CONNECTION_EXAMPLE,
      id: newId("cnx"),
      health: { status: "failing", detail: "535 5.7.8 Authentication credentials invalid", checked_at: iso(now) },
      updated_at: iso(now),
    }),
  },
} satisfies Record<string, EventDef>;
