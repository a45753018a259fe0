// Writes the inbound messages an export selects, in keyset batches by id
// (oldest first), each as API B shows it in its list: JSONL = one object a
// line; CSV = the envelope and the authentication results flattened to columns
// (rcpt_to and the DKIM results joined by ";").
import type { Ctx } from "../../../context";
import type { ExportFormat } from "../../../db/schema";
// The file holds the API's own representation of each row.
import { inboundMessageDetailView } from "../../../representations/inbound-message";
import { inboundMessageFilters, type InboundMessageFilterParams, type Pointer } from "../../inbox/filters";
import { listInboundMessages, type InboundMessageFilters } from "../../inbox/inbound-messages";
import { writeListFile } from "./list-file";

export type InboundExportFilters = InboundMessageFilterParams;

const COLUMNS = [
  "id", "state", "kind", "from", "to", "subject", "message_id_header", "received_at", "mail_from", "rcpt_to", "remote_address",
  "spf", "dkim", "dmarc", "matched_by", "message_id", "person_id", "size",
  "classification", "sentiment", "intent", "verdict_by", "thread_id", "campaign_id", "source",
] as const;

type View = ReturnType<typeof inboundMessageDetailView>;

function cells(v: View): unknown[] {
  const a = v.authentication;
  const flat: Record<(typeof COLUMNS)[number], unknown> = {
    id: v.id,
    state: v.state,
    kind: v.kind,
    from: v.from,
    to: v.to,
    subject: v.subject,
    message_id_header: v.message_id_header,
    received_at: v.received_at,
    mail_from: v.envelope.mail_from,
    rcpt_to: v.envelope.rcpt_to.join(";"),
    remote_address: v.envelope.remote_address,
    spf: a?.spf.result,
    dkim: a?.dkim.map((d) => d.result).join(";"),
    dmarc: a?.dmarc.result,
    matched_by: v.matched_by,
    message_id: v.message_id,
    person_id: v.person_id,
    size: v.size,
    classification: v.classification,
    sentiment: v.sentiment,
    intent: v.intent,
    verdict_by: v.verdict_by,
    thread_id: v.thread_id,
    campaign_id: v.campaign_id,
    source: v.source,
  };
  return COLUMNS.map((c) => flat[c]);
}

/** The stored filters (public names) checked: 422 on `pointer(name)` for a bad time. */
export function inboundExportFilters(f: InboundExportFilters, pointer: Pointer): InboundMessageFilters {
  return inboundMessageFilters(f, pointer);
}

export function writeInboundMessages(
  ctx: Ctx,
  a: { workspaceId: string; filters: InboundMessageFilters; format: ExportFormat; path: string; afterBatch: (rows: number) => void },
): Promise<{ rows: number; bytes: number }> {
  const read = (page: Parameters<typeof listInboundMessages>[1]["page"]) => listInboundMessages(ctx, { workspaceId: a.workspaceId, filters: a.filters, page });
  return writeListFile({ read, view: inboundMessageDetailView, header: COLUMNS, cells: (v) => cells(v as View) }, a);
}
