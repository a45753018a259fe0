import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** What the inbox does on its own (src/modules/inbox/settings.ts). */
export interface InboxSettings {
  /** propose (default): shown for review; apply: suppressed at once. */
  unsubscribeRequests: "propose" | "apply";
  /** Days an out-of-office without a stated return date holds the next step. */
  outOfOfficeDays: number;
}
export const DEFAULT_INBOX_SETTINGS: InboxSettings = { unsubscribeRequests: "propose", outOfOfficeDays: 7 };

// A workspace is created with its test-mode twin: two rows that point at each
// other. Every tenant table carries workspace_id, so data never crosses.
export const workspaces = sqliteTable("workspaces", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  mode: text("mode", { enum: ["live", "test"] }).notNull(),
  twinId: text("twin_id").notNull(),
  // what the inbox does on its own (PATCH /v1/workspaces/{id}): see src/modules/inbox/settings.ts
  inboxSettings: text("inbox_settings", { mode: "json" }).$type<InboxSettings>(),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

// Tokens are shown once; only their SHA-256 is kept.
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id),
    kind: text("kind", { enum: ["api", "workspace", "cli", "verification"] }).notNull(),
    tokenPrefix: text("token_prefix").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: integer("created_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("api_keys_workspace_idx").on(t.workspaceId, t.id)],
);
