// The filters of the message, attempt and delivery-event lists in their public
// names (query parameters of the list routes, `filters` of an export), turned
// into the services' own. `pointer` names a parameter in a field error: `?name`
// for a query, `/filters/name` for an export.
import type { DeliveryEventType, MessageStatus } from "../../db/schema";
import { invalidField } from "../../lib/errors";
import { parseTimestamp } from "../audience/segment-filter";
import type { AttemptFilters } from "./attempts";
import type { DeliveryEventFilters } from "./delivery-events";
import type { MessageFilters } from "./messages";

export type Pointer = (name: string) => string;

interface CreatedRange {
  created_after?: string;
  created_before?: string;
}

export interface MessageFilterParams extends CreatedRange {
  status?: MessageStatus;
  person_id?: string;
  campaign_id?: string;
  connection_id?: string;
}

export interface DeliveryEventFilterParams extends CreatedRange {
  message_id?: string;
  person_id?: string;
  type?: DeliveryEventType;
}

export interface AttemptFilterParams extends CreatedRange {
  message_id?: string;
}

function time(name: string, value: string | undefined, pointer: Pointer): number | undefined {
  if (value === undefined) return undefined;
  const ms = parseTimestamp(value);
  if (ms === null) throw invalidField(pointer(name), "format", `${name} must be an RFC 3339 date-time such as 2026-01-31T09:00:00Z.`);
  return ms;
}

function range(p: CreatedRange, pointer: Pointer) {
  return { createdAfter: time("created_after", p.created_after, pointer), createdBefore: time("created_before", p.created_before, pointer) };
}

export function messageFilters(p: MessageFilterParams, pointer: Pointer): MessageFilters {
  return { status: p.status, personId: p.person_id, campaignId: p.campaign_id, connectionId: p.connection_id, ...range(p, pointer) };
}

export function deliveryEventFilters(p: DeliveryEventFilterParams, pointer: Pointer): DeliveryEventFilters {
  return { messageId: p.message_id, personId: p.person_id, type: p.type, ...range(p, pointer) };
}

/** Attempts' "created" is when the try started. */
export function attemptFilters(p: AttemptFilterParams, pointer: Pointer): AttemptFilters {
  const r = range(p, pointer);
  return { messageId: p.message_id, startedAfter: r.createdAfter, startedBefore: r.createdBefore };
}
