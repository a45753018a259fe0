// The inbox domain's events.
import { Type as T } from "@sinclair/typebox";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { EventDef } from "../events/define";
import { Id, Nullable, Timestamp, openEnum } from "../../representations/common";

const at = (ms: number) => iso(ms);

const InboundMessageSchema = T.Object(
  {
    id: Id("inm"),
    object: T.Literal("inbound_message"),
    thread_id: Id("thr"),
    connection_id: Nullable(Id("cnx")),
    person_id: Nullable(Id("per")),
    in_reply_to_message_id: Nullable(Id("msg")),
    from: T.String(),
    to: T.Array(T.String()),
    subject: T.String(),
    text_excerpt: T.String({ description: "First 500 characters of the text body" }),
    classification: openEnum("reply, auto_reply, out_of_office, bounce, unsubscribe_request, other"),
    sentiment: Nullable(openEnum("positive, neutral, negative")),
    received_at: Timestamp,
    created_at: Timestamp,
  },
  { title: "EventInboundMessage" },
);

export const inboxEvents = {
  "inbound_message.received": {
    description: "A reply or other inbound message arrived and was classified",
    schema: InboundMessageSchema,
    sample: (now: number) => ({
      id: newId("inm"),
      object: "inbound_message" as const,
      thread_id: newId("thr"),
      connection_id: newId("cnx"),
      person_id: newId("per"),
      in_reply_to_message_id: newId("msg"),
      from: "Grace Hopper <grace.hopper@example.org>",
      to: ["ada@outreach.example.com"],
      subject: "Re: Quick question about Example Org's outbound",
      text_excerpt: "Thanks Ada, this sounds interesting. Could we talk on Thursday afternoon?",
      classification: "reply",
      sentiment: "positive",
      received_at: at(now - 2_000),
      created_at: at(now),
    }),
  },
} satisfies Record<string, EventDef>;
