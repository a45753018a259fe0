import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { LastError } from "./jobs";

export const EXPORT_STATUSES = ["queued", "running", "ready", "failed", "expired"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const EXPORT_FORMATS = ["csv", "jsonl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

// Named dataExports: `exports` is reserved at the top level of CommonJS-style modules.
export const dataExports = sqliteTable(
  "exports",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    resource: text("resource").notNull(),
    format: text("format", { enum: EXPORT_FORMATS }).notNull(),
    filters: text("filters", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: EXPORT_STATUSES }).notNull(),
    rows: integer("rows"),
    bytes: integer("bytes"),
    // when the file is deleted (moved to ready + retention once the file exists)
    expiresAt: integer("expires_at").notNull(),
    jobId: text("job_id"),
    lastError: text("last_error", { mode: "json" }).$type<LastError>(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    readyAt: integer("ready_at"),
  },
  (t) => [
    index("exports_workspace_idx").on(t.workspaceId, t.id),
    index("exports_resource_idx").on(t.workspaceId, t.resource, t.id),
    index("exports_expiry_idx").on(t.status, t.expiresAt),
  ],
);
