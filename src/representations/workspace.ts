import { Type as t } from "@sinclair/typebox";
import { DEFAULT_INBOX_SETTINGS, type workspaces } from "../db/schema";
import { iso } from "../lib/clock";
import { Id, openEnum, Timestamp } from "./common";
import { AT, EXAMPLE_IDS, EXAMPLE_TWIN_ID } from "./examples";

type Workspace = typeof workspaces.$inferSelect;

export const WorkspaceSchema = t.Object(
  {
    id: Id("wsp"),
    object: t.Literal("workspace"),
    name: t.String(),
    mode: t.Union([t.Literal("live"), t.Literal("test")], { description: "test: mail goes to a fake transport, checks are syntax-only" }),
    twin_id: Id("wsp", "The test-mode twin of a live workspace, or the live workspace of a twin"),
    inbox: t.Object(
      {
        unsubscribe_requests: openEnum("propose (default: an unsubscribe request written in a reply waits for review), apply (suppressed at once)"),
        out_of_office_days: t.Integer({ minimum: 1, description: "How long an out-of-office that states no return date holds the next step (default 7)" }),
      },
      { description: "What the inbox does on its own (PATCH with inbox:write)" },
    ),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  {
    title: "Workspace",
    examples: [{ id: EXAMPLE_IDS.wsp, object: "workspace", name: "Northwind Outreach", mode: "live", twin_id: EXAMPLE_TWIN_ID, inbox: { unsubscribe_requests: "propose", out_of_office_days: 7 }, created_at: AT.workspace, updated_at: AT.workspaceUpdated }],
  },
);

export const workspaceView = (w: Workspace) => ({
  id: w.id,
  object: "workspace" as const,
  name: w.name,
  mode: w.mode,
  twin_id: w.twinId,
  inbox: { unsubscribe_requests: (w.inboxSettings ?? DEFAULT_INBOX_SETTINGS).unsubscribeRequests, out_of_office_days: (w.inboxSettings ?? DEFAULT_INBOX_SETTINGS).outOfOfficeDays },
  created_at: iso(w.createdAt),
  updated_at: iso(w.updatedAt),
});
