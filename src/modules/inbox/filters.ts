// The filters of the inbound-message list in their public names (query
// parameters of GET /v1/inbound_messages, `filters` of an export), turned into
// the service's own. `pointer` names a parameter in a field error: `?name` for
// a query, `/filters/name` for an export.
import { invalidField } from "../../lib/errors";
import { parseTimestamp } from "../audience/segment-filter";
import type { InboundMessageFilters } from "./inbound-messages";

export type Pointer = (name: string) => string;

export interface InboundMessageFilterParams {
  kind?: string;
  classification?: string;
  sentiment?: string;
  intent?: string;
  thread_id?: string;
  campaign_id?: string;
  message_id?: string;
  person_id?: string;
  received_after?: string;
  received_before?: string;
}

function time(name: string, value: string | undefined, pointer: Pointer): number | undefined {
  if (value === undefined) return undefined;
  const ms = parseTimestamp(value);
  if (ms === null) throw invalidField(pointer(name), "format", `${name} must be an RFC 3339 date-time such as 2026-01-31T09:00:00Z.`);
  return ms;
}

export function inboundMessageFilters(p: InboundMessageFilterParams, pointer: Pointer): InboundMessageFilters {
  return {
    kind: p.kind,
    classification: p.classification,
    sentiment: p.sentiment,
    intent: p.intent,
    threadId: p.thread_id,
    campaignId: p.campaign_id,
    messageId: p.message_id,
    personId: p.person_id,
    receivedAfter: time("received_after", p.received_after, pointer),
    receivedBefore: time("received_before", p.received_before, pointer),
  };
}
