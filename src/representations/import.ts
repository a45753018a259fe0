import { Type as t } from "@sinclair/typebox";
import { iso } from "../lib/clock";
import type { importProblems, imports } from "../db/schema";

export { IMPORT_STATUSES } from "../db/schema";
import { Id, LastErrorSchema, lastErrorView, Nullable, Timestamp } from "./common";
import { AT, EXAMPLE_BASE_URL, EXAMPLE_IDS } from "./examples";

type Problem = Pick<typeof importProblems.$inferSelect, "row" | "column" | "code" | "detail">;
/** An import with its first problems, as services read it for the representation. */
export type ImportRecord = typeof imports.$inferSelect & { problems: Problem[] };

const count = (description: string) => t.Integer({ minimum: 0, description });

const PROBLEM_EXAMPLE = { row: 88, column: "email", code: "format", detail: "email is not a valid address: the domain has no dot." };

export const IMPORT_EXAMPLE = {
  id: EXAMPLE_IDS.imp,
  object: "import",
  status: "completed",
  source: "csv",
  group_id: EXAMPLE_IDS.grp,
  bytes: 48_213,
  counts: { created: 412, updated: 9, skipped: 3, failed: 1, suppressed: 2 },
  problems: [PROBLEM_EXAMPLE],
  problem_count: 1,
  error_report_url: `${EXAMPLE_BASE_URL}/v1/imports/${EXAMPLE_IDS.imp}/errors`,
  job_id: EXAMPLE_IDS.job,
  last_error: null,
  created_at: AT.importCreated,
  updated_at: AT.importFinished,
  finished_at: AT.importFinished,
};

export const ImportProblemSchema = t.Object(
  {
    row: Nullable(t.Integer({ description: "CSV: record number, the header being 1 (empty lines not counted); JSON: position in people, the first being 1; null for the whole file" })),
    column: Nullable(t.String({ description: "CSV: the header name; JSON: a pointer such as /people/0/email; null for the whole record" })),
    code: t.String({ description: "required, format, invalid, type, length, unknown, ragged_row, invalid_utf8, field_too_large, malformed, unknown_column, duplicate_column; line_break_folded is a warning (the row was imported, a quoted line break folded to a space)" }),
    detail: t.String(),
  },
  { title: "ImportProblem", examples: [PROBLEM_EXAMPLE] },
);

export const ImportSchema = t.Object(
  {
    id: Id("imp"),
    object: t.Literal("import"),
    status: t.String({ description: "queued, running, completed, failed, cancelled; new values may be added" }),
    source: t.Union([t.Literal("csv"), t.Literal("json")]),
    group_id: Nullable(Id("grp", "Group every imported person joins")),
    bytes: t.Integer({ description: "Size of the uploaded CSV or of the stored people list" }),
    counts: t.Object({
      created: count("People created"),
      updated: count("Rows that changed an existing person (or one an earlier row created)"),
      skipped: count("Rows naming an existing person that changed nothing"),
      failed: count("Rows not applied because of a problem"),
      suppressed: count("Imported rows whose address or domain is suppressed (also counted as created, updated or skipped)"),
    }),
    problems: t.Array(ImportProblemSchema, { maxItems: 100, description: "The first 100 problems in file order" }),
    problem_count: count("Every problem, header problems included"),
    error_report_url: Nullable(t.String({ format: "uri", description: "CSV of every problem (row, column, code, detail); needs people:read; null while there is none" })),
    job_id: Nullable(Id("job")),
    last_error: Nullable(LastErrorSchema),
    created_at: Timestamp,
    updated_at: Timestamp,
    finished_at: Nullable(Timestamp),
  },
  { title: "Import", examples: [IMPORT_EXAMPLE] },
);

export function importView(r: ImportRecord, baseUrl: string) {
  return {
    id: r.id,
    object: "import" as const,
    status: r.status,
    source: r.source,
    group_id: r.groupId,
    bytes: r.bytes,
    counts: { created: r.created, updated: r.updated, skipped: r.skipped, failed: r.failed, suppressed: r.suppressed },
    problems: r.problems.map((p) => ({ row: p.row, column: p.column, code: p.code, detail: p.detail })),
    problem_count: r.problemCount,
    error_report_url: r.problemCount > 0 ? `${baseUrl}/v1/imports/${r.id}/errors` : null,
    job_id: r.jobId,
    last_error: lastErrorView(r.lastError),
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
    finished_at: iso(r.finishedAt),
  };
}
