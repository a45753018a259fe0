// Imports of people: a CSV file or a JSON list is stored under the data
// directory and applied by an `import.run` job (import.job.ts). This file owns
// the import record: creating it with its job, reading it, and ending it.
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Ctx } from "../../../context";
import type { Db, Tx } from "../../../db/client";
import { tableReads, type Page, type PageRequest } from "../../../db/queries";
import { importProblems, imports, jobs, type ImportSource, type ImportStatus, type LastError } from "../../../db/schema";
import { enqueue } from "../../../jobs/queue";
import { invalidField, invalidFields, notFound, type FieldError } from "../../../lib/errors";
import { newId, uuidv7Hex } from "../../../lib/ids";
import { transact, type Outbox } from "../../events/outbox";
import { mapHeaders } from "../csv/headers";
import { fieldMap } from "../fields";
import { getGroup } from "../groups";
import { checkRow, groupLookup } from "./apply";
import { importFile, importsDir, removeImportFile } from "./files";
import { jsonRow, type Problem } from "./rows";
import { readCsvHeader } from "./upload";
import { importView, type ImportRecord } from "../../../representations/import";

export type ImportRow = typeof imports.$inferSelect;

export const CSV_IMPORT_LIMIT = 16 * 1024 * 1024;
export const JSON_IMPORT_MAX = 1000;
/** Problems shown on the import itself; the error report has them all. */
export const PROBLEMS_SHOWN = 100;
export const IMPORT_JOB_KIND = "import.run";
// The work is deterministic: a retry helps only after a crash, and resumes.
const IMPORT_MAX_ATTEMPTS = 3;
const LIVE: ImportStatus[] = ["queued", "running"];

/** The group every imported person joins must exist (404). */
export function assertGroup(db: Db, workspaceId: string, groupId: string | null): void {
  if (groupId) getGroup(db, { workspaceId, id: groupId });
}

/** The first record must be a header naming an email column (checked before the job is queued). */
export async function checkCsvHeader(path: string): Promise<void> {
  const first = await readCsvHeader(path);
  const refuse = (detail: string) => invalidField("", "invalid", detail);
  if (!first) throw refuse("The CSV is empty: its first record must be the header.");
  if ("error" in first) throw refuse(`The header record cannot be read (${first.error.code}): ${first.error.detail}.`);
  // custom field keys cannot turn a column into the email column, so none are needed here
  if (!mapHeaders(first.fields, []).hasEmail) {
    const shown = first.fields.slice(0, 20).map((h) => JSON.stringify(h.slice(0, 40))).join(", ");
    throw refuse(`The header has no email column (e.g. "email" or "Email Address"); its columns are ${shown}.`);
  }
}

/**
 * Records the import and queues its job in one transaction. `file` is moved
 * to the import's own path; it is removed again when anything fails.
 */
export function createImport(ctx: Ctx, a: { workspaceId: string; source: ImportSource; groupId: string | null; file: string; bytes: number }): ImportRow {
  const id = newId("imp");
  const path = importFile(ctx, id, a.source);
  renameSync(a.file, path);
  try {
    return transact(ctx, (tx) => {
      assertGroup(ctx.db, a.workspaceId, a.groupId);
      const now = ctx.clock.now();
      const job = enqueue(ctx, tx, { workspaceId: a.workspaceId, kind: IMPORT_JOB_KIND, args: { import_id: id }, maxAttempts: IMPORT_MAX_ATTEMPTS });
      return tx
        .insert(imports)
        .values({ id, workspaceId: a.workspaceId, status: "queued", source: a.source, groupId: a.groupId, bytes: a.bytes, jobId: job.id, createdAt: now, updatedAt: now })
        .returning()
        .get();
    });
  } catch (err) {
    rmSync(path, { force: true });
    throw err;
  }
}

/**
 * A JSON import: every element is checked now (422 lists every invalid
 * field as /people/<index>/…), then stored for the job.
 */
export function createJsonImport(ctx: Ctx, a: { workspaceId: string; groupId: string | null; people: Record<string, unknown>[] }): ImportRow {
  assertGroup(ctx.db, a.workspaceId, a.groupId);
  const opts = { fields: fieldMap(ctx.db, a.workspaceId), fromText: false, isGroup: groupLookup(ctx, a.workspaceId) };
  const errors: FieldError[] = [];
  a.people.forEach((p, i) => {
    const r = checkRow(jsonRow(i, p), opts);
    if ("problems" in r) for (const pr of r.problems) errors.push({ pointer: pr.column ?? `/people/${i}`, code: pr.code, detail: pr.detail });
  });
  if (errors.length) throw invalidFields(errors);
  const text = JSON.stringify(a.people);
  const file = join(importsDir(ctx), `upload-${uuidv7Hex()}.part`);
  writeFileSync(file, text, { mode: 0o600 });
  return createImport(ctx, { workspaceId: a.workspaceId, source: "json", groupId: a.groupId, file, bytes: Buffer.byteLength(text) });
}

const reads = tableReads(imports);


const withProblems = (ctx: Ctx, r: ImportRow): ImportRecord => ({ ...r, problems: r.problemCount ? problemsOf(ctx, { workspaceId: r.workspaceId, importId: r.id, limit: PROBLEMS_SHOWN }) : [] });

export function getImport(ctx: Ctx, a: { workspaceId: string; id: string }): ImportRecord {
  settleImports(ctx, a);
  const row = reads.get(ctx.db, a.workspaceId, a.id);
  if (!row) throw notFound("import");
  return withProblems(ctx, row);
}

export function listImports(ctx: Ctx, a: { workspaceId: string; filters: { status?: ImportStatus }; page: PageRequest }): Page<ImportRecord> {
  settleImports(ctx, { workspaceId: a.workspaceId });
  const page = reads.page(ctx.db, { workspaceId: a.workspaceId, equal: { status: a.filters.status } }, a.page);
  return { ...page, rows: page.rows.map((r) => withProblems(ctx, r)) };
}

/** Problems in file order, from after `afterSeq`. */
export function problemsOf(ctx: Ctx, a: { workspaceId: string; importId: string; afterSeq?: number; limit: number }) {
  return ctx.db
    .select({ seq: importProblems.seq, row: importProblems.row, column: importProblems.column, code: importProblems.code, detail: importProblems.detail })
    .from(importProblems)
    .where(and(eq(importProblems.workspaceId, a.workspaceId), eq(importProblems.importId, a.importId), a.afterSeq === undefined ? undefined : gt(importProblems.seq, a.afterSeq)))
    .orderBy(asc(importProblems.seq))
    .limit(a.limit)
    .all();
}

/** Ends a live import (guarded by its status) and emits `import.completed` with it. */
export function endImport(ctx: Ctx, tx: Tx, outbox: Outbox, a: { workspaceId: string; id: string; status: "completed" | "failed" | "cancelled"; lastError?: LastError | null }): ImportRow | null {
  const now = ctx.clock.now();
  const row = tx
    .update(imports)
    .set({ status: a.status, lastError: a.lastError ?? null, finishedAt: now, updatedAt: now })
    .where(and(eq(imports.workspaceId, a.workspaceId), eq(imports.id, a.id), inArray(imports.status, LIVE)))
    .returning()
    .get();
  if (row) outbox.emit({ workspaceId: a.workspaceId, type: "import.completed", data: importView(withProblems(ctx, row), ctx.config.baseUrl) });
  return row ?? null;
}

/**
 * Imports whose job ended without them (cancelled before it ran, or failed
 * by the rescuer) take the job's outcome. Runs on read and periodically.
 */
export function settleImports(ctx: Ctx, scope?: { workspaceId: string; id?: string }): number {
  const where = and(
    scope ? eq(imports.workspaceId, scope.workspaceId) : undefined,
    scope?.id ? eq(imports.id, scope.id) : undefined,
    inArray(imports.status, LIVE),
    inArray(jobs.state, ["cancelled", "failed"]),
  );
  const stale = ctx.db
    .select({ id: imports.id, workspaceId: imports.workspaceId, source: imports.source, state: jobs.state, lastError: jobs.lastError })
    .from(imports)
    .innerJoin(jobs, eq(jobs.id, imports.jobId))
    .where(where)
    .all();
  for (const s of stale) {
    transact(ctx, (tx, outbox) => endImport(ctx, tx, outbox, { workspaceId: s.workspaceId, id: s.id, status: s.state === "cancelled" ? "cancelled" : "failed", lastError: s.lastError }));
    removeImportFile(ctx, s.id, s.source);
  }
  return stale.length;
}

export type { Problem };
export type { ImportRecord } from "../../../representations/import";
