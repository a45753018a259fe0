import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const quotaScopes = sqliteTable(
  "quota_scopes",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    provider: text("provider").notNull(),
    scopeKey: text("scope_key").notNull(),
    messagesPerDay: integer("messages_per_day"),
    recipientsPerDay: integer("recipients_per_day"),
    windowLimit: integer("window_limit"),
    windowSeconds: integer("window_seconds"),
    windowUnit: text("window_unit"),
    pausedUntil: integer("paused_until"),
    pausedDetail: text("paused_detail"),
    version: integer("version").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("quota_scopes_key_uq").on(t.workspaceId, t.provider, t.scopeKey),
    index("quota_scopes_workspace_idx").on(t.workspaceId, t.id),
    index("quota_scopes_provider_idx").on(t.workspaceId, t.provider, t.id),
    index("quota_scopes_scope_key_idx").on(t.workspaceId, t.scopeKey, t.id),
  ],
);

// Minimal form: the sending issue grows it (credentials, identities, health).
// Present now because deleting a quota scope must check who names it.
export const connections = sqliteTable(
  "connections",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    quotaScopeId: text("quota_scope_id"),
    status: text("status").notNull(),
    archivedAt: integer("archived_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("connections_workspace_idx").on(t.workspaceId, t.id), index("connections_quota_scope_idx").on(t.quotaScopeId)],
);
