import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

// One row per (workspace, api, key): the first request's fingerprint and, once
// it finished, its status, headers and body for replay. Purged after expiry.
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    workspaceId: text("workspace_id").notNull(),
    api: text("api", { enum: ["a", "b"] }).notNull(),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    state: text("state", { enum: ["in_progress", "completed"] }).notNull(),
    status: integer("status"),
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    body: text("body"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.api, t.key] })],
);
