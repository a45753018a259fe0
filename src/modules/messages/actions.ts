// What a client may do to a message once it is queued. Every change is one
// UPDATE guarded by the states it applies to (never read-then-write): a
// message the MTA claimed meanwhile (`sending`) is left alone and answered 409.
import { and, eq, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { DbOrTx } from "../../db/client";
import { messages, type MessageStatus } from "../../db/schema";
import { DomainError, notFound } from "../../lib/errors";
import type { MessageDetail } from "../../representations/message";
import { transact } from "../events/outbox";
import { afterQueued, detailOf, emitMessage, uncertainRecipientsAs, type MessageRow } from "./messages";

type Target = { workspaceId: string; id: string };

const where = (a: Target, status: MessageStatus, extra?: ReturnType<typeof sql>) =>
  and(eq(messages.workspaceId, a.workspaceId), eq(messages.id, a.id), eq(messages.status, status), extra);

/** Why the guarded update found nothing: 404, or 409 naming the message's state. */
function refusal(tx: DbOrTx, a: Target, why: (status: string) => string): DomainError {
  const current = tx.select({ status: messages.status }).from(messages).where(and(eq(messages.workspaceId, a.workspaceId), eq(messages.id, a.id))).get();
  if (!current) return notFound("message");
  return new DomainError("invalid_state", why(current.status));
}

const stateWords = (status: string) => (status === "sending" ? "being sent by the MTA right now" : status);

/** A queued message (held or not) is cancelled: it never leaves. */
export function cancelMessage(ctx: Ctx, a: Target): MessageDetail {
  const row = transact(ctx, (tx, outbox) => {
    const now = ctx.clock.now();
    const row = tx
      .update(messages)
      .set({ status: "cancelled", statusDetail: "cancelled through the API", holds: [], updatedAt: now })
      .where(where(a, "queued"))
      .returning()
      .get();
    if (!row) throw refusal(tx, a, (s) => `The message is ${stateWords(s)}; only a queued message can be cancelled.`);
    emitMessage(outbox, "message.cancelled", row);
    return row;
  });
  return detailOf(ctx, row);
}

// released_holds ∪ holds, in SQL (one statement); `quota` is never released: a
// quota is never sent over, so the MTA checks it again whatever the caller says
const RELEASED = sql`(SELECT json_group_array(value) FROM (SELECT value FROM json_each(${messages.releasedHolds}) UNION SELECT value FROM json_each(${messages.holds}) WHERE value <> 'quota'))`;

/**
 * A queued message with holds: they move to released_holds (the MTA no
 * longer applies them to this message) and it is due now. The quota hold is
 * cleared too but applies again at once while the quota has no room.
 */
export function releaseHolds(ctx: Ctx, a: Target): MessageDetail {
  const now = ctx.clock.now();
  const row = ctx.db
    .update(messages)
    .set({ releasedHolds: RELEASED, holds: [], statusDetail: null, dueAt: now, updatedAt: now })
    .where(where(a, "queued", sql`json_array_length(${messages.holds}) > 0`))
    .returning()
    .get();
  if (!row) {
    throw refusal(ctx.db, a, (s) => (s === "queued" ? "The message has no holds to release." : `The message is ${stateWords(s)}; only a queued message with holds can be released.`));
  }
  afterQueued(ctx);
  return detailOf(ctx, row);
}

export type Resolution = "sent" | "not_sent";

// each uncertain recipient takes the resolution's state, in SQL (one statement, order kept)
const resolvedRecipients = (state: "sent" | "pending") => sql.raw(uncertainRecipientsAs(state));

/**
 * Settles an uncertain message (the connection dropped after DATA, before the
 * server's answer): `sent` — it arrived (message.sent); `not_sent` — the
 * operator found it did not arrive, so it is queued again, due now, and the
 * MTA sends it to the recipients left uncertain (message.queued).
 */
export function resolveMessage(ctx: Ctx, a: Target & { outcome: Resolution }): MessageDetail {
  const row = transact(ctx, (tx, outbox) => {
    const now = ctx.clock.now();
    const set =
      a.outcome === "sent"
        ? { status: "sent", statusDetail: "resolved as sent through the API", sentAt: now, recipients: resolvedRecipients("sent") }
        : { status: "queued", statusDetail: "resolved as not sent through the API: queued again", dueAt: now, holds: [] as MessageRow["holds"], recipients: resolvedRecipients("pending") };
    const row = tx
      .update(messages)
      .set({ ...set, updatedAt: now })
      .where(where(a, "uncertain"))
      .returning()
      .get();
    if (!row) throw refusal(tx, a, (s) => `The message is ${stateWords(s)}; only an uncertain message can be resolved.`);
    emitMessage(outbox, a.outcome === "sent" ? "message.sent" : "message.queued", row);
    return row;
  });
  if (a.outcome === "not_sent") afterQueued(ctx);
  return detailOf(ctx, row);
}
