import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import type { dataExports } from "../db/schema";

export { EXPORT_FORMATS, EXPORT_STATUSES } from "../db/schema";
import { Id, LastErrorSchema, lastErrorView, Nullable, Timestamp } from "./common";
import { AT, EXAMPLE_BASE_URL, EXAMPLE_IDS, exampleId } from "./examples";

type ExportRow = typeof dataExports.$inferSelect;

/** A ready export of the segment example, read at 08:10 (its link lasts until 08:25). */
export const EXPORT_EXAMPLE = {
  id: EXAMPLE_IDS.exp,
  object: "export",
  resource: "people",
  format: "csv",
  filters: { segment_id: EXAMPLE_IDS.seg },
  status: "ready",
  rows: 318,
  bytes: 61_842,
  url: `${EXAMPLE_BASE_URL}/downloads/exports/${EXAMPLE_IDS.exp}?expires=${Date.parse("2026-03-09T08:25:00Z") / 1000}&signature=06SOLHNpIWX6bN5NJ2d978eyE6_UBQLdrsJCO-EuPJk`,
  expires_at: AT.exportExpires,
  job_id: exampleId("job", AT.exportCreated, "1269b0e93c4d8a2f617"),
  last_error: null,
  created_at: AT.exportCreated,
  updated_at: AT.exportReady,
};

export const ExportSchema = t.Object(
  {
    id: Id("exp"),
    object: t.Literal("export"),
    resource: t.String({ description: "people, messages, attempts, delivery_events, inbound_messages; new values may be added" }),
    format: t.Union([t.Literal("csv"), t.Literal("jsonl")]),
    filters: t.Record(t.String(), t.Unknown(), { description: "The filters of the resource's list that the file applies" }),
    status: t.String({ description: "queued, running, ready, failed, expired; new values may be added" }),
    rows: Nullable(t.Integer({ description: "Rows in the file once ready" })),
    bytes: Nullable(t.Integer({ description: "Size of the file once ready" })),
    url: Nullable(t.String({ format: "uri", description: "When ready: a download link valid 15 minutes from this read (no credential needed)" })),
    expires_at: t.String({ format: "date-time", description: "When the file is deleted: 7 days after the export became ready (until then, 7 days after it was requested)" }),
    job_id: Nullable(Id("job")),
    last_error: Nullable(LastErrorSchema),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: "Export", examples: [EXPORT_EXAMPLE] },
);

/** `url` is a fresh link for a ready export (see links.ts), null otherwise. */
export function exportView(e: ExportRow, url: string | null) {
  return {
    id: e.id,
    object: "export" as const,
    resource: e.resource,
    format: e.format,
    filters: e.filters,
    status: e.status,
    rows: e.rows,
    bytes: e.bytes,
    url: e.status === "ready" ? url : null,
    expires_at: iso(e.expiresAt),
    job_id: e.jobId,
    last_error: lastErrorView(e.lastError),
    created_at: iso(e.createdAt),
    updated_at: iso(e.updatedAt),
  };
}
