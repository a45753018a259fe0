import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const SUPPRESSION_REASONS = ["manual", "unsubscribed", "hard_bounce", "complaint", "invalid"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

// One row suppresses either one address (email + email_key) or a whole domain
// (domain); the other columns are null. SQLite unique indexes let NULLs repeat,
// so each kind is unique on its own column per workspace.
export const suppressions = sqliteTable(
  "suppressions",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    email: text("email"),
    emailKey: text("email_key"),
    domain: text("domain"),
    reason: text("reason", { enum: SUPPRESSION_REASONS }).notNull(),
    // what created it (bounce, complaint, unsubscribe…); null for manual ones
    evidence: text("evidence", { mode: "json" }).$type<Record<string, unknown>>(),
    // key id of the caller for manual ones; null when the system recorded it
    createdBy: text("created_by"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("suppressions_workspace_idx").on(t.workspaceId, t.id),
    uniqueIndex("suppressions_email_uq").on(t.workspaceId, t.emailKey),
    uniqueIndex("suppressions_domain_uq").on(t.workspaceId, t.domain),
    index("suppressions_reason_idx").on(t.workspaceId, t.reason, t.id),
  ],
);

// Who removed which suppression and when; the removed row is copied here.
export const suppressionAudit = sqliteTable(
  "suppression_audit",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    suppressionId: text("suppression_id").notNull(),
    action: text("action", { enum: ["deleted"] }).notNull(),
    email: text("email"),
    domain: text("domain"),
    reason: text("reason", { enum: SUPPRESSION_REASONS }).notNull(),
    actorKeyId: text("actor_key_id").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("suppression_audit_workspace_idx").on(t.workspaceId, t.id), index("suppression_audit_suppression_idx").on(t.workspaceId, t.suppressionId)],
);
