// A mailbox whose login fails makes its connection unhealthy
// (connection.health_changed). The reader clears only what it set: a failing
// health whose detail is its own. A failure another check recorded (the smtp
// verification's answer) is left alone, both ways: it is not overwritten (the
// connection is failing already, for a reason someone must fix) and a later
// IMAP login does not clear it.
import { and, eq } from "drizzle-orm";
import type { Ctx } from "../../../context";
import type { Tx } from "../../../db/client";
import { connections } from "../../../db/schema";
import { transact } from "../../events/outbox";
import { setConnectionHealth } from "../../sending/connection-health";

export const IMAP_LOGIN_FAILED = "IMAP login failed: ";

type Target = { workspaceId: string; connectionId: string };

function current(tx: Tx, a: Target) {
  return tx
    .select({ status: connections.healthStatus, detail: connections.healthDetail, archivedAt: connections.archivedAt })
    .from(connections)
    .where(and(eq(connections.workspaceId, a.workspaceId), eq(connections.id, a.connectionId)))
    .get();
}

const ours = (detail: string | null) => detail?.startsWith(IMAP_LOGIN_FAILED) ?? false;

export function recordLoginFailure(ctx: Ctx, a: Target, serverText: string): void {
  transact(ctx, (tx, outbox) => {
    const c = current(tx, a);
    if (!c || c.archivedAt !== null) return;
    if (c.status === "failing" && !ours(c.detail)) return;
    setConnectionHealth(ctx, tx, outbox, { ...a, status: "failing", detail: `${IMAP_LOGIN_FAILED}${serverText}` });
  });
}

export function recordLoginSuccess(ctx: Ctx, a: Target): void {
  transact(ctx, (tx, outbox) => {
    const c = current(tx, a);
    if (!c || c.status !== "failing" || !ours(c.detail)) return;
    setConnectionHealth(ctx, tx, outbox, { ...a, status: "healthy", detail: null });
  });
}
