import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// The outbox: written in the same transaction as the change it describes.
export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    type: text("type").notNull(),
    data: text("data", { mode: "json" }).$type<unknown>().notNull(),
    synthetic: integer("synthetic", { mode: "boolean" }).notNull().default(false),
    webhookEndpointId: text("webhook_endpoint_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("events_workspace_idx").on(t.workspaceId, t.id), index("events_type_idx").on(t.workspaceId, t.type, t.id), index("events_created_idx").on(t.createdAt)],
);
