// The filters of GET /v1/messages and GET /v1/delivery_events, shared with
// exports of messages, attempts and delivery events (query parameters and
// `filters` fields alike).
import { t } from "elysia";
import { MESSAGE_STATUSES } from "../../representations/message";
import { DELIVERY_EVENT_TYPES } from "../../representations/delivery-event";
import { Id, literals } from "../shared/schemas";

const created = {
  created_after: t.Optional(t.String({ format: "date-time", description: "RFC 3339; only those created strictly after this moment" })),
  created_before: t.Optional(t.String({ format: "date-time", description: "RFC 3339; only those created before this moment" })),
};

export const messageFilterFields = {
  status: t.Optional(literals(MESSAGE_STATUSES)),
  person_id: t.Optional(Id("per", "Messages of this person (the first `to` address)")),
  campaign_id: t.Optional(Id("cmp", "Messages of this campaign")),
  connection_id: t.Optional(Id("cnx", "Messages sent through this connection")),
  ...created,
};

export const deliveryEventFilterFields = {
  message_id: t.Optional(Id("msg", "Evidence about this message")),
  person_id: t.Optional(Id("per", "Evidence about this person's address")),
  type: t.Optional(literals(DELIVERY_EVENT_TYPES)),
  ...created,
};

export const attemptFilterFields = {
  message_id: t.Optional(Id("msg", "Attempts of this message")),
  created_after: t.Optional(t.String({ format: "date-time", description: "RFC 3339; attempts started strictly after this moment" })),
  created_before: t.Optional(t.String({ format: "date-time", description: "RFC 3339; attempts started before this moment" })),
};
