// The filters of GET /v1/inbound_messages, shared with exports of inbound
// messages (query parameters and `filters` fields alike).
import { t } from "elysia";
import { CLASSIFICATION_VALUES, INBOUND_MESSAGE_KINDS, INTENT_VALUES, SENTIMENT_VALUES } from "../../representations/inbound-message";
import { Id, literals } from "../shared/schemas";

export const inboundMessageFilterFields = {
  kind: t.Optional(literals(INBOUND_MESSAGE_KINDS, "What the ingest found it to be")),
  classification: t.Optional(literals(CLASSIFICATION_VALUES, "The inbox's verdict: bounce, complaint, auto_reply, unsubscribe_request, reply")),
  sentiment: t.Optional(literals(SENTIMENT_VALUES, "A reply's sentiment")),
  intent: t.Optional(literals(INTENT_VALUES, "A reply's intent")),
  thread_id: t.Optional(Id("thr", "Those of this thread")),
  campaign_id: t.Optional(Id("cmp", "Those about or answering this campaign's messages")),
  message_id: t.Optional(Id("msg", "Those about (or replying to) this message of ours")),
  person_id: t.Optional(Id("per", "Those about or from this person")),
  received_after: t.Optional(t.String({ format: "date-time", description: "RFC 3339; only those received strictly after this moment" })),
  received_before: t.Optional(t.String({ format: "date-time", description: "RFC 3339; only those received before this moment" })),
};
