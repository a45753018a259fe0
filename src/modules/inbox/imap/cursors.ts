// Where the reader is in each folder (imap_cursors): the folder's UIDVALIDITY
// and the highest UID whose message is durably stored (or was skipped as ours).
// Written only after InboundStore.submit resolved for every message up to it,
// so a crash re-reads at worst and never skips.
import type { Ctx } from "../../../context";
import { preparedOnce } from "../../../db/prepared";

export interface Cursor {
  uidValidity: string;
  lastUid: number;
}

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "inbox.imap.cursors", () => ({
    get: db.prepare<Cursor, [string, string]>("SELECT uid_validity AS uidValidity, last_uid AS lastUid FROM imap_cursors WHERE connection_id = ?1 AND folder = ?2"),
    set: db.prepare<unknown, [string, string, string, string, number, number]>(
      `INSERT INTO imap_cursors (connection_id, folder, workspace_id, uid_validity, last_uid, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
       ON CONFLICT (connection_id, folder) DO UPDATE SET workspace_id = excluded.workspace_id, uid_validity = excluded.uid_validity,
         last_uid = excluded.last_uid, updated_at = excluded.updated_at`,
    ),
  }));
}

export function getCursor(ctx: Ctx, connectionId: string, folder: string): Cursor | null {
  return statements(ctx).get.get(connectionId, folder) ?? null;
}

export function setCursor(ctx: Ctx, a: { connectionId: string; workspaceId: string; folder: string } & Cursor): void {
  statements(ctx).set.run(a.connectionId, a.folder, a.workspaceId, a.uidValidity, a.lastUid, ctx.clock.now());
}
