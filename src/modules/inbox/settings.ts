// What the inbox does on its own, per workspace (PATCH /v1/workspaces/{id}
// `inbox`): whether an unsubscribe request written in a reply is applied at
// once or proposed for review, and how long an out-of-office that states no
// return date holds a sequence.
import { eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { preparedOnce } from "../../db/prepared";
import { DEFAULT_INBOX_SETTINGS, workspaces, type InboxSettings } from "../../db/schema";
import { notFound } from "../../lib/errors";

export { DEFAULT_INBOX_SETTINGS, type InboxSettings };
export const MAX_OUT_OF_OFFICE_DAYS = 90;

export function inboxSettingsOf(ctx: Ctx, workspaceId: string): InboxSettings {
  const row = preparedOnce(ctx.db, "inbox.settings", () =>
    ctx.db.$client.prepare<{ inbox_settings: string | null }, [string]>("SELECT inbox_settings FROM workspaces WHERE id = ?1"),
  ).get(workspaceId);
  return { ...DEFAULT_INBOX_SETTINGS, ...(row?.inbox_settings ? (JSON.parse(row.inbox_settings) as Partial<InboxSettings>) : {}) };
}

/** PATCH /v1/workspaces/{id} {inbox}: the workspace's own settings, merged over what it has. */
export function updateInboxSettings(ctx: Ctx, a: { workspaceId: string; id: string; patch: Partial<InboxSettings> }) {
  if (a.id !== a.workspaceId) throw notFound("workspace");
  const next = { ...inboxSettingsOf(ctx, a.workspaceId), ...Object.fromEntries(Object.entries(a.patch).filter(([, v]) => v !== undefined)) };
  const row = ctx.db.update(workspaces).set({ inboxSettings: next, updatedAt: ctx.clock.now() }).where(eq(workspaces.id, a.workspaceId)).returning().get();
  if (!row) throw notFound("workspace");
  return row;
}
