import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const PERSON_STATUSES = ["active", "replied", "bounced", "undeliverable", "spam", "unsubscribed", "finished"] as const;
export const PERSON_SOURCES = ["csv_import", "manual", "api", "form", "inbound", "integration"] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];
export type PersonSource = (typeof PERSON_SOURCES)[number];

export const people = sqliteTable(
  "people",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    email: text("email"),
    // the whole address lower-cased: addresses compare case-insensitively
    emailKey: text("email_key"),
    emailDomain: text("email_domain"),
    emailSendable: integer("email_sendable", { mode: "boolean" }),
    sendableReason: text("sendable_reason"),
    verifiedAt: integer("verified_at"),
    givenName: text("given_name"),
    familyName: text("family_name"),
    company: text("company"),
    telephones: text("telephones", { mode: "json" }).$type<string[]>(),
    timezone: text("timezone"),
    customFields: text("custom_fields", { mode: "json" }).$type<Record<string, unknown>>(),
    privateNotes: text("private_notes"),
    score: integer("score"),
    source: text("source", { enum: PERSON_SOURCES }).notNull(),
    status: text("status", { enum: PERSON_STATUSES }).notNull(),
    importId: text("import_id"),
    archivedAt: integer("archived_at"),
    lastActivityAt: integer("last_activity_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("people_workspace_idx").on(t.workspaceId, t.id),
    uniqueIndex("people_email_uq").on(t.workspaceId, t.emailKey),
    index("people_status_idx").on(t.workspaceId, t.status, t.id),
    index("people_source_idx").on(t.workspaceId, t.source, t.id),
    index("people_import_idx").on(t.workspaceId, t.importId, t.id),
    // a reply's company stop rule: the people at one email domain
    index("people_domain_idx").on(t.workspaceId, t.emailDomain),
    // GET /v1/people?updated_after= (incremental sync)
    index("people_updated_idx").on(t.workspaceId, t.updatedAt, t.id),
  ],
);

export const CUSTOM_FIELD_TYPES = ["text", "number", "boolean", "date", "enum"] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const customFields = sqliteTable(
  "custom_fields",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    key: text("key").notNull(),
    label: text("label").notNull(),
    type: text("type", { enum: CUSTOM_FIELD_TYPES }).notNull(),
    options: text("options", { mode: "json" }).$type<string[]>(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("custom_fields_key_uq").on(t.workspaceId, t.key), index("custom_fields_workspace_idx").on(t.workspaceId, t.id)],
);

export const groups = sqliteTable(
  "groups",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("groups_workspace_idx").on(t.workspaceId, t.id)],
);

export const personGroups = sqliteTable(
  "person_groups",
  {
    workspaceId: text("workspace_id").notNull(),
    groupId: text("group_id").notNull(),
    personId: text("person_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.personId] }), index("person_groups_person_idx").on(t.personId, t.groupId)],
);

// Saved filters (DESIGN.md §3): the filter is kept as the client sent it and
// compiled to SQL whenever people are counted or listed.
export const segments = sqliteTable(
  "segments",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    filter: text("filter", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("segments_workspace_idx").on(t.workspaceId, t.id)],
);

// The custom fields each segment's filter names: a field in use cannot be deleted.
export const segmentFields = sqliteTable(
  "segment_fields",
  {
    workspaceId: text("workspace_id").notNull(),
    segmentId: text("segment_id").notNull(),
    fieldId: text("field_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.segmentId, t.fieldId] }), index("segment_fields_field_idx").on(t.workspaceId, t.fieldId, t.segmentId)],
);
