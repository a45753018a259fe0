import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { LastError } from "./jobs";

export const IMPORT_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_SOURCES = ["csv", "json"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const imports = sqliteTable(
  "imports",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    status: text("status", { enum: IMPORT_STATUSES }).notNull(),
    source: text("source", { enum: IMPORT_SOURCES }).notNull(),
    groupId: text("group_id"),
    // size of the uploaded file (CSV) or of the stored people (JSON)
    bytes: integer("bytes").notNull(),
    // last source record applied, committed with its batch: a resumed job starts after it
    line: integer("line").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    suppressed: integer("suppressed").notNull().default(0),
    problemCount: integer("problem_count").notNull().default(0),
    jobId: text("job_id"),
    lastError: text("last_error", { mode: "json" }).$type<LastError>(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (t) => [index("imports_workspace_idx").on(t.workspaceId, t.id), index("imports_status_idx").on(t.workspaceId, t.status, t.id)],
);

// Every problem of an import, in file order; the error report CSV is read from here.
export const importProblems = sqliteTable(
  "import_problems",
  {
    workspaceId: text("workspace_id").notNull(),
    importId: text("import_id").notNull(),
    seq: integer("seq").notNull(),
    row: integer("row"),
    column: text("column"),
    code: text("code").notNull(),
    detail: text("detail").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.importId, t.seq] })],
);
