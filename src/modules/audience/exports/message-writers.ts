// Writes the messages, attempts or delivery events an export selects, in
// keyset batches by id (oldest first), each row as API B shows it in its list:
// JSONL = one object a line; CSV = its fields as columns (address lists and
// holds joined by ";", nested values as JSON).
import type { Ctx } from "../../../context";
import type { ExportFormat } from "../../../db/schema";
// The file holds the API's own representation of each row.
import { deliveryEventView } from "../../../representations/delivery-event";
import { attemptView, messageView } from "../../../representations/message";
import { listAttempts, type AttemptFilters } from "../../messages/attempts";
import { listDeliveryEvents, type DeliveryEventFilters } from "../../messages/delivery-events";
import { attemptFilters, deliveryEventFilters, messageFilters, type AttemptFilterParams, type DeliveryEventFilterParams, type MessageFilterParams, type Pointer } from "../../messages/filters";
import { listMessages, type MessageFilters } from "../../messages/messages";
import { writeListFile, type ListFile } from "./list-file";

export type MessageExportResource = "messages" | "attempts" | "delivery_events";
export type MessageExportFilters = MessageFilterParams | AttemptFilterParams | DeliveryEventFilterParams;

const MESSAGE_COLUMNS = [
  "id", "status", "status_detail", "holds", "from", "to", "cc", "bcc", "subject", "person_id", "sender_identity_id", "connection_id",
  "campaign_id", "enrollment_id", "step_id", "variant_id", "thread_id", "send_at", "sent_at", "created_at", "updated_at",
] as const;
const ATTEMPT_COLUMNS = ["id", "message_id", "number", "state", "transport", "destination", "host", "recipients", "rcpt_responses", "response", "tls", "started_at", "ended_at"] as const;
const DELIVERY_EVENT_COLUMNS = ["id", "message_id", "person_id", "type", "recipient", "attempt_id", "inbound_message_id", "bounce_kind", "bounce_reason", "diagnostic_code", "url", "machine", "machine_reason", "detail", "occurred_at", "created_at"] as const;

const joined = (x: unknown) => (Array.isArray(x) && x.every((i) => typeof i === "string") ? x.join(";") : x);
const cellsOf = (columns: readonly string[]) => (v: Record<string, unknown>) => columns.map((c) => joined(v[c]));

/** An export's filters as its resource's list takes them. */
export type MessageExportQuery =
  | { resource: "messages"; filters: MessageFilters }
  | { resource: "attempts"; filters: AttemptFilters }
  | { resource: "delivery_events"; filters: DeliveryEventFilters };

/** The stored filters (public names) checked: 422 on `pointer(name)` for a bad time. */
export function messageExportQuery(resource: MessageExportResource, f: MessageExportFilters, pointer: Pointer): MessageExportQuery {
  if (resource === "messages") return { resource, filters: messageFilters(f as MessageFilterParams, pointer) };
  if (resource === "attempts") return { resource, filters: attemptFilters(f as AttemptFilterParams, pointer) };
  return { resource, filters: deliveryEventFilters(f as DeliveryEventFilterParams, pointer) };
}

function writerFor(ctx: Ctx, workspaceId: string, q: MessageExportQuery): ListFile<any> {
  switch (q.resource) {
    case "messages":
      return { read: (page) => listMessages(ctx, { workspaceId, filters: q.filters, page }), view: messageView, header: MESSAGE_COLUMNS, cells: cellsOf(MESSAGE_COLUMNS) };
    case "attempts":
      return { read: (page) => listAttempts(ctx, { workspaceId, filters: q.filters, page }), view: attemptView, header: ATTEMPT_COLUMNS, cells: cellsOf(ATTEMPT_COLUMNS) };
    case "delivery_events":
      return {
        read: (page) => listDeliveryEvents(ctx, { workspaceId, filters: q.filters, page }),
        view: deliveryEventView,
        header: DELIVERY_EVENT_COLUMNS,
        // the bounce object as three columns
        cells: (v) => cellsOf(DELIVERY_EVENT_COLUMNS)({ ...v, bounce_kind: v.bounce?.kind, bounce_reason: v.bounce?.reason, diagnostic_code: v.bounce?.diagnostic_code }),
      };
  }
}

export function writeMessageResource(
  ctx: Ctx,
  a: { workspaceId: string; query: MessageExportQuery; format: ExportFormat; path: string; afterBatch: (rows: number) => void },
): Promise<{ rows: number; bytes: number }> {
  return writeListFile(writerFor(ctx, a.workspaceId, a.query), a);
}
