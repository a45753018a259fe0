// Exports: a file of one resource's list, written by an `export.run` job under
// the data directory, downloadable through signed links until `expires_at`
// (7 days after it became ready), then deleted (status `expired`).
import { existsSync } from "node:fs";
import { and, eq, inArray, lte } from "drizzle-orm";
import type { Ctx } from "../../../context";
import type { Tx } from "../../../db/client";
import { tableReads, type Page, type PageRequest } from "../../../db/queries";
import { dataExports, jobs, type ExportFormat, type ExportStatus, type LastError } from "../../../db/schema";
import { enqueue } from "../../../jobs/queue";
import { iso } from "../../../lib/clock";
import { DomainError, invalidField, notFound } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import type { Scope } from "../../workspaces/scopes";
import { transact, type Outbox } from "../../events/outbox";
import { peopleFilter, type PeopleListFilters } from "../people";
import { parseTimestamp } from "../segment-filter";
import { exportFile, removeExportFiles } from "./files";
import { inboundExportFilters, type InboundExportFilters } from "./inbound-writer";
import { messageExportQuery, type MessageExportFilters, type MessageExportResource } from "./message-writers";

export type ExportRow = typeof dataExports.$inferSelect;

export const EXPORT_RESOURCES = ["people", "messages", "attempts", "delivery_events", "inbound_messages"] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];
/** Resources whose exports exist today; the others arrive with their issues. */
export const AVAILABLE_RESOURCES: readonly ExportResource[] = ["people", "messages", "attempts", "delivery_events", "inbound_messages"];
/** The scope that reads each resource (SPEC): creating or reading its export needs it. */
export const RESOURCE_SCOPES: Record<ExportResource, Scope> = {
  people: "people:read",
  messages: "messages:read",
  attempts: "messages:read",
  delivery_events: "messages:read",
  inbound_messages: "inbox:read",
};
export const EXPORT_READ_SCOPES = [...new Set(Object.values(RESOURCE_SCOPES))];
export const EXPORT_RETENTION_MS = 7 * 24 * 3600 * 1000;
export const EXPORT_JOB_KIND = "export.run";
const LIVE: ExportStatus[] = ["queued", "running"];

/** The people filters an export takes: those of GET /v1/people, in its names. */
export interface PeopleExportFilters {
  email?: string;
  status?: PeopleListFilters["status"];
  group_id?: string;
  segment_id?: string;
  source?: PeopleListFilters["source"];
  import_id?: string;
  updated_after?: string;
}

export function assertCanRead(scopes: ReadonlySet<Scope>, resource: string): void {
  const scope = RESOURCE_SCOPES[resource as ExportResource];
  if (scope && !scopes.has(scope)) throw new DomainError("forbidden", `This credential lacks the scope ${scope}, which reads ${resource}.`);
}

export const exportFilterPointer = (name: string) => `/filters/${name}`;

/** An export's stored filters as the people list's own (422 on `/filters/…` for a bad value). */
export function peopleExportFilters(f: PeopleExportFilters): PeopleListFilters {
  let updatedAfter: number | undefined;
  if (f.updated_after !== undefined) {
    updatedAfter = parseTimestamp(f.updated_after) ?? undefined;
    if (updatedAfter === undefined) throw invalidField(exportFilterPointer("updated_after"), "format", "updated_after must be an RFC 3339 date-time such as 2026-01-31T09:00:00Z.");
  }
  return { email: f.email, status: f.status, groupId: f.group_id, segmentId: f.segment_id, source: f.source, importId: f.import_id, updatedAfter };
}

export function assertAvailable(resource: ExportResource): void {
  if (!AVAILABLE_RESOURCES.includes(resource)) {
    throw invalidField("/resource", "invalid", `Exports of ${resource} are not available yet; this version exports ${AVAILABLE_RESOURCES.join(", ")}.`);
  }
}

/** Checks the request (resource available, filters valid) and queues the export's job with it. */
export function createExport(ctx: Ctx, a: { workspaceId: string; resource: ExportResource; format: ExportFormat; filters: PeopleExportFilters | MessageExportFilters | InboundExportFilters }): ExportRow {
  assertAvailable(a.resource);
  if (a.resource === "people") {
    peopleFilter(ctx.db, { workspaceId: a.workspaceId, ...peopleExportFilters(a.filters as PeopleExportFilters) }, exportFilterPointer); // 404 for a missing group or segment, 422 for a bad value
  } else if (a.resource === "inbound_messages") {
    inboundExportFilters(a.filters as InboundExportFilters, exportFilterPointer); // 422 for a bad value
  } else {
    messageExportQuery(a.resource as MessageExportResource, a.filters as MessageExportFilters, exportFilterPointer); // 422 for a bad value
  }
  const id = newId("exp");
  return transact(ctx, (tx) => {
    const now = ctx.clock.now();
    const job = enqueue(ctx, tx, { workspaceId: a.workspaceId, kind: EXPORT_JOB_KIND, args: { export_id: id }, maxAttempts: 3 });
    return tx
      .insert(dataExports)
      .values({ id, workspaceId: a.workspaceId, resource: a.resource, format: a.format, filters: a.filters as Record<string, unknown>, status: "queued", expiresAt: now + EXPORT_RETENTION_MS, jobId: job.id, createdAt: now, updatedAt: now })
      .returning()
      .get();
  });
}

const reads = tableReads(dataExports);

export function getExport(ctx: Ctx, a: { workspaceId: string; id: string }): ExportRow {
  settleExports(ctx, a);
  const row = reads.get(ctx.db, a.workspaceId, a.id);
  if (!row) throw notFound("export");
  return row;
}

/** The exports of the resources the credential can read (`readable`), newest first by default. */
export function listExports(ctx: Ctx, a: { workspaceId: string; readable: readonly string[]; filters: { resource?: string; status?: ExportStatus }; page: PageRequest }): Page<ExportRow> | Promise<Page<ExportRow>> {
  settleExports(ctx, { workspaceId: a.workspaceId });
  const filter = { workspaceId: a.workspaceId, equal: { resource: a.filters.resource, status: a.filters.status } };
  if (a.filters.resource !== undefined || a.readable.length === EXPORT_RESOURCES.length) return reads.page(ctx.db, filter, a.page);
  return reads.scan(ctx.db, ctx.readers, { ...filter, where: inArray(dataExports.resource, [...a.readable]) }, a.page);
}

/**
 * The file of a ready export, for its signed download link. The link is the
 * credential and export ids are unique, so the lookup is by id alone.
 */
export function downloadableExport(ctx: Ctx, id: string): { row: ExportRow; path: string } {
  const row = ctx.db.select().from(dataExports).where(eq(dataExports.id, id)).get();
  if (!row) throw notFound("export");
  const path = exportFile(ctx, row.id, row.format);
  if (row.status !== "ready" || ctx.clock.now() >= row.expiresAt || !existsSync(path)) {
    throw new DomainError("gone", `The export is ${row.status === "ready" ? "expired" : row.status}; its file is no longer available.`);
  }
  return { row, path };
}

/** The payload of `export.completed` (also sent when an export failed: see `status`). */
export function exportEventData(r: ExportRow) {
  return { id: r.id, object: "export", resource: r.resource, format: r.format, status: r.status, rows: r.rows, expires_at: iso(r.expiresAt), job_id: r.jobId };
}

/** Ends a live export (guarded by its status) and emits `export.completed` with it. */
export function endExport(
  ctx: Ctx,
  tx: Tx,
  outbox: Outbox,
  a: { workspaceId: string; id: string } & ({ status: "ready"; rows: number; bytes: number } | { status: "failed"; lastError: LastError | null }),
): ExportRow | null {
  const now = ctx.clock.now();
  const set = a.status === "ready" ? { status: a.status, rows: a.rows, bytes: a.bytes, readyAt: now, expiresAt: now + EXPORT_RETENTION_MS } : { status: a.status, lastError: a.lastError };
  const row = tx
    .update(dataExports)
    .set({ ...set, updatedAt: now })
    .where(and(eq(dataExports.workspaceId, a.workspaceId), eq(dataExports.id, a.id), inArray(dataExports.status, LIVE)))
    .returning()
    .get();
  if (row) outbox.emit({ workspaceId: a.workspaceId, type: "export.completed", data: exportEventData(row) });
  return row ?? null;
}

/** Exports whose job ended without them (cancelled before it ran, failed by the rescuer) fail with the job's error. */
export function settleExports(ctx: Ctx, scope?: { workspaceId: string; id?: string }): number {
  const stale = ctx.db
    .select({ id: dataExports.id, workspaceId: dataExports.workspaceId, format: dataExports.format, lastError: jobs.lastError })
    .from(dataExports)
    .innerJoin(jobs, eq(jobs.id, dataExports.jobId))
    .where(
      and(
        scope ? eq(dataExports.workspaceId, scope.workspaceId) : undefined,
        scope?.id ? eq(dataExports.id, scope.id) : undefined,
        inArray(dataExports.status, LIVE),
        inArray(jobs.state, ["cancelled", "failed"]),
      ),
    )
    .all();
  for (const s of stale) {
    transact(ctx, (tx, outbox) => endExport(ctx, tx, outbox, { workspaceId: s.workspaceId, id: s.id, status: "failed", lastError: s.lastError }));
    removeExportFiles(ctx, s.id, s.format);
  }
  return stale.length + expireVanished(ctx, scope);
}

/**
 * Ready exports whose file is gone from the data directory (deleted by hand,
 * a restored backup without it) are `expired`, saying why: a ready export
 * always has its file, so its link always works.
 */
function expireVanished(ctx: Ctx, scope?: { workspaceId: string; id?: string }): number {
  const ready = ctx.db
    .select({ id: dataExports.id, workspaceId: dataExports.workspaceId, format: dataExports.format })
    .from(dataExports)
    .where(and(scope ? eq(dataExports.workspaceId, scope.workspaceId) : undefined, scope?.id ? eq(dataExports.id, scope.id) : undefined, eq(dataExports.status, "ready")))
    .all();
  const now = ctx.clock.now();
  let n = 0;
  for (const e of ready) {
    if (existsSync(exportFile(ctx, e.id, e.format))) continue;
    const lastError = { at: now, code: "file_missing", detail: "The export's file is no longer in the data directory; create the export again." };
    const gone = ctx.db
      .update(dataExports)
      .set({ status: "expired", lastError, updatedAt: now })
      .where(and(eq(dataExports.workspaceId, e.workspaceId), eq(dataExports.id, e.id), eq(dataExports.status, "ready")))
      .returning({ id: dataExports.id })
      .get();
    if (gone) n++;
  }
  return n;
}

/** Deletes the files of ready exports past expires_at; they become `expired` (periodic). */
export function expireExports(ctx: Ctx): number {
  const now = ctx.clock.now();
  const due = ctx.db
    .update(dataExports)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(dataExports.status, "ready"), lte(dataExports.expiresAt, now)))
    .returning({ id: dataExports.id, format: dataExports.format })
    .all();
  for (const e of due) removeExportFiles(ctx, e.id, e.format);
  return due.length;
}
