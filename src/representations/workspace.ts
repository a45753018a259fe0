import { Type as t } from "@sinclair/typebox";
import type { workspaces } from "../db/schema";
import { iso } from "../lib/clock";
import { Id, Timestamp } from "./common";
import { AT, EXAMPLE_IDS, EXAMPLE_TWIN_ID } from "./examples";

type Workspace = typeof workspaces.$inferSelect;

export const WorkspaceSchema = t.Object(
  {
    id: Id("wsp"),
    object: t.Literal("workspace"),
    name: t.String(),
    mode: t.Union([t.Literal("live"), t.Literal("test")], { description: "test: mail goes to a fake transport, checks are syntax-only" }),
    twin_id: Id("wsp", "The test-mode twin of a live workspace, or the live workspace of a twin"),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  {
    title: "Workspace",
    examples: [{ id: EXAMPLE_IDS.wsp, object: "workspace", name: "Northwind Outreach", mode: "live", twin_id: EXAMPLE_TWIN_ID, created_at: AT.workspace, updated_at: AT.workspaceUpdated }],
  },
);

export const workspaceView = (w: Workspace) => ({
  id: w.id,
  object: "workspace" as const,
  name: w.name,
  mode: w.mode,
  twin_id: w.twinId,
  created_at: iso(w.createdAt),
  updated_at: iso(w.updatedAt),
});
