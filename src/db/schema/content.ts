import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** The image formats an upload may be (SVG and everything else refused). */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

// An image a workspace uploaded (img_) for its messages, served at a public
// URL. The bytes live under the data directory (images/<id>); deleted_at makes
// the URL answer 404 at once (the file is removed after).
export const images = sqliteTable(
  "images",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sha256: text("sha256").notNull(),
    deletedAt: integer("deleted_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("images_workspace_idx").on(t.workspaceId, t.id)],
);

// The links of a tracked message, by index: a click token names (message,
// index) and only a link that was in the message resolves (no open redirect).
export const trackedLinks = sqliteTable(
  "tracked_links",
  {
    messageId: text("message_id").notNull(),
    idx: integer("idx").notNull(),
    url: text("url").notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.idx] })],
);
