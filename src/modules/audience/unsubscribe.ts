// Unsubscribing through a message's link (RFC 8058 one-click, or the
// confirmation page): the per-message token names the message, and so the
// workspace and the address. The work is an `unsubscribed` delivery event,
// whose effects (suppression with evidence, person status, live enrollments
// stopped) recordDeliveryEvent applies in the same transaction. A repeat —
// the same link again, or another message's link to an address already
// unsubscribed — changes nothing.
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { preparedOnce, rowColumns } from "../../db/prepared";
import { messages } from "../../db/schema";
import { transact, type Outbox } from "../events/outbox";
import { recordDeliveryEvent, type DeliveryEventRow } from "../messages/delivery-events";
import { emailKey } from "./email";

type MessageRow = typeof messages.$inferSelect;

/** What insertMessage mints (24 random bytes, base64url: 32 characters); a little slack either way. */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export type UnsubscribeVia = "one_click" | "page";

const DETAIL: Record<UnsubscribeVia, string> = {
  one_click: "one-click unsubscribe (RFC 8058)",
  page: "unsubscribe page",
};

export interface UnsubscribeLink {
  message: MessageRow;
  /** The address the message was sent to: the one that stops receiving mail. */
  address: string;
}

function statements(ctx: Ctx) {
  return preparedOnce(ctx.db, "audience.unsubscribe", () => {
    const { list, decode } = rowColumns<MessageRow>(messages);
    const db = ctx.db.$client;
    return {
      // through messages_unsubscribe_idx: an exact match on a 192-bit secret, whatever the workspace
      byToken: db.prepare<MessageRow, [string]>(`SELECT ${list} FROM messages WHERE unsubscribe_token = ?1 LIMIT 1`),
      decode,
      eventOfMessage: db.prepare<{ one: number }, [string, string]>(
        "SELECT 1 AS one FROM delivery_events WHERE workspace_id = ?1 AND message_id = ?2 AND type = 'unsubscribed' LIMIT 1",
      ),
      suppressedAsUnsubscribed: db.prepare<{ one: number }, [string, string]>(
        "SELECT 1 AS one FROM suppressions WHERE workspace_id = ?1 AND email_key = ?2 AND reason = 'unsubscribed' LIMIT 1",
      ),
      personByKey: db.prepare<{ id: string }, [string, string]>("SELECT id FROM people WHERE workspace_id = ?1 AND email_key = ?2"),
      touch: db.prepare<unknown, [string, string, number]>(
        "UPDATE people SET last_activity_at = max(coalesce(last_activity_at, 0), ?3) WHERE workspace_id = ?1 AND id = ?2",
      ),
    };
  });
}

/**
 * The message a token names and its address, or null: a malformed token and
 * an unknown one are the same answer (nothing tells a guesser which it was).
 */
export function findUnsubscribeLink(ctx: Ctx, token: string): UnsubscribeLink | null {
  if (!TOKEN.test(token)) return null;
  const s = statements(ctx);
  const message = s.byToken.get(token);
  if (!message || message.unsubscribeToken !== token) return null;
  s.decode?.(message);
  // the mailto variant (inbound-evidence.ts) picks the same address
  const address = message.recipients.find((r) => r.kind === "to")?.address ?? message.recipients[0]?.address;
  return address ? { message, address } : null;
}

export interface UnsubscribeResult {
  link: UnsubscribeLink;
  /** False when the address was already unsubscribed (this message's link, or another's): nothing was written. */
  unsubscribed: boolean;
}

/**
 * Unsubscribes the address a token names, in one transaction (recordUnsubscribe).
 * Null for an unknown or malformed token.
 */
export function unsubscribeByToken(ctx: Ctx, a: { token: string; via: UnsubscribeVia }): UnsubscribeResult | null {
  const link = findUnsubscribeLink(ctx, a.token);
  if (!link) return null;
  const unsubscribed = transact(ctx, (tx, outbox) => recordUnsubscribe(ctx, tx, outbox, { ...link, detail: DETAIL[a.via] }) !== null);
  return { link, unsubscribed };
}

/**
 * Inside the caller's transaction: the `unsubscribed` delivery event (and
 * through it the suppression with its evidence, the person status, the live
 * enrollments stopped, `delivery_event.recorded` and `suppression.created`)
 * and the person's last activity. False, with nothing written, when this
 * message already has its unsubscribe or the address is already suppressed
 * as unsubscribed. Any way in may use it (a mailed request: inboundMessageId).
 */
export function recordUnsubscribe(ctx: Ctx, tx: Tx, outbox: Outbox, a: UnsubscribeLink & { detail: string; inboundMessageId?: string | null }): DeliveryEventRow | null {
  const { message, address } = a;
  const workspaceId = message.workspaceId;
  const key = emailKey(address);
  const s = statements(ctx);
  // read in the writing transaction (same connection): two requests at once still write once
  if (s.eventOfMessage.get(workspaceId, message.id) || s.suppressedAsUnsubscribed.get(workspaceId, key)) return null;
  const now = ctx.clock.now();
  // the person who has the address now, else the message's own (an address since changed)
  const personId = s.personByKey.get(workspaceId, key)?.id ?? message.personId;
  const event = recordDeliveryEvent(ctx, tx, outbox, {
    workspaceId,
    messageId: message.id,
    personId,
    attemptId: null,
    inboundMessageId: a.inboundMessageId ?? null,
    origin: message,
    type: "unsubscribed",
    recipient: address,
    detail: a.detail,
    occurredAt: now,
  });
  if (personId) s.touch.run(workspaceId, personId, now);
  return event;
}

/** `a***@example.org`: enough for the reader to recognise their address, little for anyone else holding the link. */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "***";
  const first = Array.from(address.slice(0, at))[0]!;
  return `${first}***${address.slice(at)}`;
}
