// A delivery event (dev_): evidence about a message, as API B answers it,
// `delivery_event.recorded` carries it and exports write it. The fields of the
// event's declared shape (src/modules/sending/events.ts), plus the recipient
// the evidence is about and the attempt that produced it.
import { Type as t } from "@sinclair/typebox";
import { DELIVERY_EVENT_TYPES, type deliveryEvents } from "../db/schema";
import { iso } from "../lib/clock";
import { Id, Nullable, Timestamp, openEnum } from "./common";
import { EXAMPLE_IDS, exampleId } from "./examples";

export { DELIVERY_EVENT_TYPES };

type DeliveryEventRow = typeof deliveryEvents.$inferSelect;

/** Moments of the message example's life (message.ts tells the same story). */
export const MESSAGE_AT = {
  created: "2026-03-17T15:20:11.604Z",
  attempt: "2026-03-17T15:20:12.031Z",
  sent: "2026-03-17T15:20:12.847Z",
} as const;

export const ATTEMPT_EXAMPLE_ID = exampleId("att", MESSAGE_AT.attempt, "1f4a6a2e8b0d3579a1c");

export const DELIVERY_EVENT_EXAMPLE = {
  id: exampleId("dev", MESSAGE_AT.sent, "0a8bd5f1c7e2b4968d0"),
  object: "delivery_event",
  message_id: EXAMPLE_IDS.msg,
  person_id: EXAMPLE_IDS.per,
  type: "delivered",
  bounce: null,
  url: null,
  machine: null,
  machine_reason: null,
  detail: "250 2.0.0 OK 1773760812 d2e1a72fcca58-7d4c1b2a9e0f3si4128516b.312 - gsmtp",
  recipient: "amara.okafor@lumenpay.io",
  attempt_id: ATTEMPT_EXAMPLE_ID,
  inbound_message_id: null,
  occurred_at: MESSAGE_AT.sent,
  created_at: MESSAGE_AT.sent,
};

export const DeliveryEventSchema = t.Object(
  {
    id: Id("dev"),
    object: t.Literal("delivery_event"),
    message_id: Id("msg"),
    person_id: Nullable(Id("per", "The person whose address the evidence is about; null for a recipient who is no person of the workspace")),
    type: openEnum("delivered, deferred, bounced, complained, opened, clicked, unsubscribed"),
    bounce: Nullable(
      t.Object(
        {
          kind: openEnum("hard (the address does not exist or refuses mail for good: it is suppressed), soft (try again later)"),
          reason: t.String({ description: "One of the list in docs/sending.md (user_unknown, bad_domain, mailbox_full, spam, policy, expired, other…)" }),
          diagnostic_code: Nullable(t.String({ description: "The server's answer, verbatim (`smtp; 550 5.1.1 …`)" })),
        },
        { description: "bounced only" },
      ),
    ),
    url: Nullable(t.String({ description: "The clicked link (clicked only)" })),
    machine: Nullable(
      t.Boolean({
        description:
          "opened and clicked only (null for the others): true when the hit came from a machine (a link scanner, a privacy proxy, a prefetch), recorded and left out of stats; docs/tracking.md lists the rules",
      }),
    ),
    machine_reason: Nullable(
      openEnum("Why the hit counts as a machine's (null for a person's): head_request, prefetch, no_user_agent, scanner_user_agent, click_too_soon, all_links_clicked, microsoft_safe_links, apple_mpp"),
    ),
    detail: Nullable(t.String({ description: "The server's answer or what the evidence says, verbatim" })),
    recipient: Nullable(t.String({ description: "The address the evidence is about" })),
    attempt_id: Nullable(Id("att", "The delivery attempt that produced it; null for evidence that arrived later (DSNs, complaints, tracking)")),
    inbound_message_id: Nullable(Id("inm", "The inbound message (a DSN, a complaint) that brought this evidence; null for the SMTP answers of our own attempts")),
    occurred_at: Timestamp,
    created_at: Timestamp,
  },
  { title: "DeliveryEvent", examples: [DELIVERY_EVENT_EXAMPLE] },
);

export function deliveryEventView(e: DeliveryEventRow) {
  return {
    id: e.id,
    object: "delivery_event" as const,
    message_id: e.messageId,
    person_id: e.personId,
    type: e.type,
    bounce: e.bounceKind ? { kind: e.bounceKind, reason: e.bounceReason ?? "other", diagnostic_code: e.diagnosticCode } : null,
    url: e.url,
    machine: e.machine,
    machine_reason: e.machineReason,
    detail: e.detail,
    recipient: e.recipient,
    attempt_id: e.attemptId,
    inbound_message_id: e.inboundMessageId,
    occurred_at: iso(e.occurredAt),
    created_at: iso(e.createdAt),
  };
}
