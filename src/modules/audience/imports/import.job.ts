// `import.run`: streams the import's file through the CSV reader (on a worker
// thread, worker-source.ts, while this one writes) or its JSON list and applies
// rows in batches; each batch commits its rows, counts, problems and resume
// point together, then checkpoints, so a cancel stops at a
// batch boundary and a rescued job resumes after the last committed record.
import { existsSync } from "node:fs";
import { and, eq, inArray } from "drizzle-orm";
import { imports } from "../../../db/schema";
import { JobError, type JobContext, type JobHandler } from "../../../jobs/types";
import { transact } from "../../events/outbox";
import { fieldMap } from "../fields";
import { terminalError } from "../job-ending";
import { BatchApplier, type BatchResult } from "./apply";
import { importFile, removeImportFile } from "./files";
import { endImport, IMPORT_JOB_KIND, type ImportRow } from "./imports";
import { jsonRow, type SourceRow } from "./rows";
import { csvBatches } from "./worker-source";
import { yieldToEventLoop } from "../../../lib/slices";

// Rows per transaction, and a bound on the characters they hold (1 MiB cells).
// A batch is one slice of the main thread (~15 ms): between two, every request
// waiting gets in, so an import never freezes the other tenants.
export const BATCH_ROWS = 500;
const BATCH_CHARS = 8 * 1024 * 1024;

interface Args {
  import_id: string;
}

export interface ImportProgress {
  line: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  suppressed: number;
}

export const importJob: JobHandler<Args, ImportProgress> = {
  kind: IMPORT_JOB_KIND,
  async run(jc) {
    const ctx = jc.app;
    const workspaceId = jc.job.workspaceId!;
    const id = jc.args.import_id;
    const scoped = and(eq(imports.workspaceId, workspaceId), eq(imports.id, id));
    const imp = ctx.db
      .update(imports)
      .set({ status: "running", updatedAt: ctx.clock.now() })
      .where(and(scoped, inArray(imports.status, ["queued", "running"])))
      .returning()
      .get();
    if (!imp) {
      const ended = ctx.db.select().from(imports).where(scoped).get();
      if (!ended) throw new JobError("not_found", `Import ${id} does not exist.`, false);
      return jc.done(summary(ended));
    }
    try {
      const done = await applyAll(jc, imp);
      const ended = transact(ctx, (tx, outbox) => endImport(ctx, tx, outbox, { workspaceId, id, status: "completed" }));
      removeImportFile(ctx, id, imp.source);
      return jc.done(summary(ended ?? done));
    } catch (err) {
      const end = terminalError(jc, err);
      if (end) {
        transact(ctx, (tx, outbox) => endImport(ctx, tx, outbox, { workspaceId, id, status: end.cancelled ? "cancelled" : "failed", lastError: end.lastError }));
        removeImportFile(ctx, id, imp.source);
      }
      throw err;
    }
  },
};

function summary(r: Pick<ImportRow, "id" | "status" | "created" | "updated" | "skipped" | "failed" | "suppressed" | "problemCount">) {
  return { import_id: r.id, status: r.status, created: r.created, updated: r.updated, skipped: r.skipped, failed: r.failed, suppressed: r.suppressed, problems: r.problemCount };
}

async function applyAll(jc: JobContext<Args, ImportProgress>, imp: ImportRow): Promise<ImportRow> {
  const ctx = jc.app;
  const path = importFile(ctx, imp.id, imp.source);
  if (!existsSync(path)) throw new JobError("file_missing", "The import's stored file is gone; upload it again.", false);
  const fields = fieldMap(ctx.db, imp.workspaceId);
  const applier = new BatchApplier(ctx, imp, fields);
  const progress: ImportProgress = { line: imp.line, created: imp.created, updated: imp.updated, skipped: imp.skipped, failed: imp.failed, suppressed: imp.suppressed };
  const count = (line: number, r: BatchResult) => {
    progress.line = line;
    for (const k of ["created", "updated", "skipped", "failed", "suppressed"] as const) progress[k] += r[k];
    jc.checkpoint({ ...progress });
  };
  if (imp.source === "csv") {
    // read, mapped and checked on the worker's thread while this one writes the batch before
    for await (const { batch, groupColumn } of csvBatches(path, fields, imp.line, { batchRows: BATCH_ROWS, batchChars: BATCH_CHARS })) {
      count(batch.line, applier.applyChecked(batch, groupColumn));
      await yieldToEventLoop();
    }
    return { ...imp, ...progress };
  }
  let batch: SourceRow[] = [];
  const flush = (line: number) => {
    const r = applier.apply(batch, line);
    batch = [];
    count(line, r);
  };
  let last = imp.line;
  for await (const row of jsonRows(path)) {
    last = row.line;
    if (row.line <= imp.line) continue; // applied before a restart
    batch.push(row);
    if (batch.length >= BATCH_ROWS) {
      flush(row.line);
      await yieldToEventLoop();
    }
  }
  if (batch.length || last > progress.line) flush(last);
  return { ...imp, ...progress };
}

async function* jsonRows(path: string): AsyncGenerator<SourceRow> {
  const people = (await Bun.file(path).json()) as Record<string, unknown>[];
  for (let i = 0; i < people.length; i++) yield jsonRow(i, people[i]!);
}
