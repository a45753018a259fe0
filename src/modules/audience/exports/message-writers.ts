// Writes the messages, attempts or delivery events an export selects, in
// keyset batches by id (oldest first), each row as API B shows it in its list:
// JSONL = one object a line; CSV = its fields as columns (address lists and
// holds joined by ";", nested values as JSON).
import type { Ctx } from "../../../context";
import type { ExportFormat } from "../../../db/schema";
import type { Page, PageRequest } from "../../../db/queries";
import { yieldToEventLoop } from "../../../lib/slices";
// The file holds the API's own representation of each row.
import { deliveryEventView } from "../../../representations/delivery-event";
import { attemptView, messageView } from "../../../representations/message";
import { listAttempts, type AttemptFilters } from "../../messages/attempts";
import { listDeliveryEvents, type DeliveryEventFilters } from "../../messages/delivery-events";
import { attemptFilters, deliveryEventFilters, messageFilters, type AttemptFilterParams, type DeliveryEventFilterParams, type MessageFilterParams, type Pointer } from "../../messages/filters";
import { listMessages, type MessageFilters } from "../../messages/messages";
import { csvLine } from "../csv/writer";

const BATCH = 250;

export type MessageExportResource = "messages" | "attempts" | "delivery_events";
export type MessageExportFilters = MessageFilterParams | AttemptFilterParams | DeliveryEventFilterParams;

interface ListWriter<Row> {
  read: (page: PageRequest) => Page<Row> | Promise<Page<Row>>;
  view: (row: Row) => Record<string, unknown>;
  columns: readonly string[];
  /** The CSV row of a view: its columns, lists of strings joined by ";". */
  cells: (v: Record<string, any>) => unknown[];
}

const MESSAGE_COLUMNS = [
  "id", "status", "status_detail", "holds", "from", "to", "cc", "bcc", "subject", "person_id", "sender_identity_id", "connection_id",
  "campaign_id", "enrollment_id", "step_id", "variant_id", "thread_id", "send_at", "sent_at", "created_at", "updated_at",
] as const;
const ATTEMPT_COLUMNS = ["id", "message_id", "number", "state", "transport", "destination", "host", "recipients", "rcpt_responses", "response", "tls", "started_at", "ended_at"] as const;
const DELIVERY_EVENT_COLUMNS = ["id", "message_id", "person_id", "type", "recipient", "attempt_id", "bounce_kind", "bounce_reason", "diagnostic_code", "url", "detail", "occurred_at", "created_at"] as const;

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

function writerFor(ctx: Ctx, workspaceId: string, q: MessageExportQuery): ListWriter<any> {
  switch (q.resource) {
    case "messages":
      return { read: (page) => listMessages(ctx, { workspaceId, filters: q.filters, page }), view: messageView, columns: MESSAGE_COLUMNS, cells: cellsOf(MESSAGE_COLUMNS) };
    case "attempts":
      return { read: (page) => listAttempts(ctx, { workspaceId, filters: q.filters, page }), view: attemptView, columns: ATTEMPT_COLUMNS, cells: cellsOf(ATTEMPT_COLUMNS) };
    case "delivery_events":
      return {
        read: (page) => listDeliveryEvents(ctx, { workspaceId, filters: q.filters, page }),
        view: deliveryEventView,
        columns: DELIVERY_EVENT_COLUMNS,
        // the bounce object as three columns
        cells: (v) => cellsOf(DELIVERY_EVENT_COLUMNS)({ ...v, bounce_kind: v.bounce?.kind, bounce_reason: v.bounce?.reason, diagnostic_code: v.bounce?.diagnostic_code }),
      };
  }
}

export async function writeMessageResource(
  ctx: Ctx,
  a: { workspaceId: string; query: MessageExportQuery; format: ExportFormat; path: string; afterBatch: (rows: number) => void },
): Promise<{ rows: number; bytes: number }> {
  const w = writerFor(ctx, a.workspaceId, a.query);
  const sink = Bun.file(a.path).writer();
  let rows = 0;
  let bytes = 0;
  const write = async (text: string) => {
    sink.write(text);
    bytes += Buffer.byteLength(text);
    await sink.flush(); // memory stays at one batch
  };
  try {
    if (a.format === "csv") await write(csvLine(w.columns));
    let after: string | undefined;
    for (;;) {
      const page = await w.read({ after, order: "asc", limit: BATCH });
      if (!page.rows.length) break;
      let text = "";
      for (const row of page.rows) {
        const v = w.view(row);
        text += a.format === "jsonl" ? JSON.stringify(v) + "\n" : csvLine(w.cells(v));
      }
      await write(text);
      rows += page.rows.length;
      a.afterBatch(rows);
      if (page.next === null) break;
      after = page.next;
      // one batch is one slice of the main thread: let every waiting request in before the next
      await yieldToEventLoop();
    }
  } finally {
    await sink.end();
  }
  return { rows, bytes };
}
