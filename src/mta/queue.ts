// The MTA's lease store (jobs/lease.ts) over the messages table: due queued
// messages are claimed as `sending` under a lease; outcomes are written only
// where the lease is still ours; a lapsed lease (the process died) makes the
// message queued again — or `uncertain` when its attempt had reached DATA,
// because the content may have left (never resent by itself).
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Ctx } from "../context";
import { messageAttempts, messages } from "../db/schema";
import { transact } from "../modules/events/outbox";
import { emitMessage } from "../modules/messages/messages";
import { mtaStatements } from "./statements";
import type { MessageRow } from "./work";

/** Leases up to `limit` due messages to `owner`; answers their rows. */
export function claimMessages(ctx: Ctx, owner: string, limit: number, leaseMs: number): MessageRow[] {
  return mtaStatements(ctx).claim(owner, ctx.clock.now(), leaseMs, limit);
}

export function renewLeases(ctx: Ctx, owner: string, ids: string[], leaseMs: number): void {
  if (!ids.length) return;
  ctx.db
    .update(messages)
    .set({ leaseUntil: ctx.clock.now() + leaseMs })
    .where(and(inArray(messages.id, ids), eq(messages.leaseOwner, owner), eq(messages.status, "sending")))
    .run();
}

/**
 * Messages whose lease lapsed: queued again when no attempt of theirs reached
 * DATA, else `uncertain` (with `message.uncertain`). Answers how many.
 */
export function rescueMessages(ctx: Ctx): number {
  const now = ctx.clock.now();
  const lapsed = ctx.db.select().from(messages).where(and(eq(messages.status, "sending"), lt(messages.leaseUntil, now))).limit(500).all();
  for (const m of lapsed) {
    transact(ctx, (tx, outbox) => {
      const open = tx.select({ id: messageAttempts.id }).from(messageAttempts).where(and(eq(messageAttempts.messageId, m.id), eq(messageAttempts.state, "data"))).all();
      if (!open.length) {
        tx.update(messages)
          .set({ status: "queued", leaseOwner: null, leaseUntil: null, dueAt: now, updatedAt: now })
          .where(and(eq(messages.id, m.id), eq(messages.status, "sending"), eq(messages.leaseOwner, m.leaseOwner!)))
          .run();
        return;
      }
      const detail = "the MTA stopped after DATA began and before the server's answer was recorded: the message may have been delivered";
      tx.update(messageAttempts)
        .set({ state: "uncertain", response: detail, endedAt: now })
        .where(inArray(messageAttempts.id, open.map((a) => a.id)))
        .run();
      const recipients = m.recipients.map((r) => (r.state === "pending" ? { ...r, state: "uncertain" as const, response: detail } : r));
      const row = tx
        .update(messages)
        .set({ status: "uncertain", statusDetail: detail, recipients, leaseOwner: null, leaseUntil: null, updatedAt: now })
        .where(and(eq(messages.id, m.id), eq(messages.status, "sending"), eq(messages.leaseOwner, m.leaseOwner!)))
        .returning()
        .get();
      if (row) emitMessage(outbox, "message.uncertain", row);
    });
  }
  return lapsed.length;
}
