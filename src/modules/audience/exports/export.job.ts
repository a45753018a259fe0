// `export.run`: writes the export's file to `<id>.<ext>.part` in batches
// (checkpointing the row count, so a cancel stops at a batch boundary), then
// renames it and marks the export ready. A restarted job writes the file anew.
import { renameSync, rmSync } from "node:fs";
import { and, eq, inArray } from "drizzle-orm";
import { dataExports } from "../../../db/schema";
import { JobError, type JobHandler } from "../../../jobs/types";
import { DomainError } from "../../../lib/errors";
import { transact } from "../../events/outbox";
import { terminalError } from "../job-ending";
import { endExport, EXPORT_JOB_KIND, exportFilterPointer, peopleExportFilters, type ExportRow, type PeopleExportFilters } from "./exports";
import { exportFile, removeExportFiles } from "./files";
import { inboundExportFilters, writeInboundMessages, type InboundExportFilters } from "./inbound-writer";
import { messageExportQuery, writeMessageResource, type MessageExportFilters, type MessageExportResource } from "./message-writers";
import { writePeople } from "./people-writer";

interface Args {
  export_id: string;
}

export const exportJob: JobHandler<Args, { rows: number }> = {
  kind: EXPORT_JOB_KIND,
  async run(jc) {
    const ctx = jc.app;
    const workspaceId = jc.job.workspaceId!;
    const id = jc.args.export_id;
    const scoped = and(eq(dataExports.workspaceId, workspaceId), eq(dataExports.id, id));
    const exp = ctx.db
      .update(dataExports)
      .set({ status: "running", updatedAt: ctx.clock.now() })
      .where(and(scoped, inArray(dataExports.status, ["queued", "running"])))
      .returning()
      .get();
    if (!exp) {
      const ended = ctx.db.select({ status: dataExports.status }).from(dataExports).where(scoped).get();
      if (!ended) throw new JobError("not_found", `Export ${id} does not exist.`, false);
      return jc.done({ export_id: id, status: ended.status });
    }
    const path = exportFile(ctx, id, exp.format);
    try {
      const { rows, bytes } = await writeFile(ctx, exp, `${path}.part`, (n) => jc.checkpoint({ rows: n })).catch((err: unknown) => {
        // a group or segment named by the filters was deleted since
        throw err instanceof DomainError ? new JobError(err.code, err.message, false) : err;
      });
      renameSync(`${path}.part`, path);
      const ready = transact(ctx, (tx, outbox) => endExport(ctx, tx, outbox, { workspaceId, id, status: "ready", rows, bytes }));
      if (!ready) rmSync(path, { force: true });
      return jc.done({ export_id: id, rows, bytes });
    } catch (err) {
      rmSync(`${path}.part`, { force: true });
      const end = terminalError(jc, err);
      if (end) {
        transact(ctx, (tx, outbox) => endExport(ctx, tx, outbox, { workspaceId, id, status: "failed", lastError: end.lastError }));
        removeExportFiles(ctx, id, exp.format);
      }
      throw err;
    }
  },
};

/** The export's rows into `path`: people, inbound messages, or the messages, attempts or delivery events its filters select. */
function writeFile(ctx: Parameters<typeof writePeople>[0], exp: ExportRow, path: string, afterBatch: (rows: number) => void) {
  const base = { workspaceId: exp.workspaceId, format: exp.format, path, afterBatch };
  if (exp.resource === "people") return writePeople(ctx, { ...base, filters: peopleExportFilters(exp.filters as PeopleExportFilters) });
  if (exp.resource === "inbound_messages") return writeInboundMessages(ctx, { ...base, filters: inboundExportFilters(exp.filters as InboundExportFilters, exportFilterPointer) });
  const query = messageExportQuery(exp.resource as MessageExportResource, exp.filters as MessageExportFilters, exportFilterPointer);
  return writeMessageResource(ctx, { ...base, query });
}
