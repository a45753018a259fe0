// Threads (thr_): the inbox's conversations, read back and triaged. The
// ingest files messages into them (thread-assign.ts); here they are listed
// (newest activity first), opened with their latest 50 messages — what we
// sent and what came back, oldest first — and changed: status open, snoozed
// until a moment (woken by a periodic task), archived; read or unread.
import { and, desc, eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { preparedOnce } from "../../db/prepared";
import { inboundMessages, messages, threads, type ThreadStatus } from "../../db/schema";
import { invalidField, notFound } from "../../lib/errors";
import type { ThreadDetail, ThreadItem, ThreadRow } from "../../representations/thread";
import { transact } from "../events/outbox";
import { messageBody } from "../messages/messages";

export type { ThreadDetail, ThreadItem, ThreadRow };
type MessageRow = typeof messages.$inferSelect;

const THREAD_MESSAGES = 50;
/** A snooze ends within a year (further is a mistake, not a snooze). */
const MAX_SNOOZE_MS = 366 * 24 * 3600_000;

const reads = tableReads(threads, { key: [threads.lastMessageAt, threads.id] });

export interface ThreadFilters {
  status?: ThreadStatus;
  unread?: boolean;
  campaignId?: string;
  personId?: string;
  connectionId?: string;
}

/** Newest activity first; each filter is index-backed (threads_*_idx). */
export function listThreads(ctx: Ctx, a: { workspaceId: string; filters: ThreadFilters; page: PageRequest }): Page<ThreadRow> {
  const f = a.filters;
  const equal = { status: f.status, unread: f.unread, campaignId: f.campaignId, personId: f.personId, connectionId: f.connectionId };
  return reads.page(ctx.db, { workspaceId: a.workspaceId, equal }, a.page);
}

function outbound(ctx: Ctx, t: ThreadRow): MessageRow[] {
  const where = t.enrollmentId
    ? and(eq(messages.workspaceId, t.workspaceId), eq(messages.enrollmentId, t.enrollmentId))
    : t.rootMessageId
      ? and(eq(messages.workspaceId, t.workspaceId), eq(messages.id, t.rootMessageId))
      : null;
  if (!where) return [];
  return ctx.db.select().from(messages).where(where).orderBy(desc(messages.id)).limit(THREAD_MESSAGES).all();
}

export function getThread(ctx: Ctx, a: { workspaceId: string; id: string }): ThreadDetail {
  const thread = reads.get(ctx.db, a.workspaceId, a.id);
  if (!thread) throw notFound("thread");
  const inbound = ctx.db
    .select()
    .from(inboundMessages)
    .where(and(eq(inboundMessages.workspaceId, a.workspaceId), eq(inboundMessages.threadId, a.id)))
    .orderBy(desc(inboundMessages.id))
    .limit(THREAD_MESSAGES)
    .all();
  const items: ThreadItem[] = [
    // a message not sent yet (queued, held) is shown at the moment it was made
    ...outbound(ctx, thread).map((m) => ({ direction: "outbound" as const, at: m.sentAt ?? m.createdAt, message: m, text: messageBody(ctx, m.workspaceId, m.id).text })),
    ...inbound.map((m) => ({ direction: "inbound" as const, at: m.receivedAt, message: m })),
  ];
  items.sort((x, y) => x.at - y.at || (x.message.id < y.message.id ? -1 : 1));
  return { thread, items: items.slice(-THREAD_MESSAGES) };
}

export interface ThreadPatch {
  status?: ThreadStatus;
  /** With status snoozed: when it opens again (ms). */
  until?: number | null;
  read?: boolean;
}

export function updateThread(ctx: Ctx, a: { workspaceId: string; id: string; patch: ThreadPatch }): ThreadDetail {
  const p = a.patch;
  const now = ctx.clock.now();
  if (p.status === "snoozed") {
    if (p.until == null) throw invalidField("/until", "required", "until is required to snooze a thread: the moment it opens again.");
    if (p.until <= now || p.until > now + MAX_SNOOZE_MS) throw invalidField("/until", "out_of_range", "until must be in the future, within a year.");
  } else if (p.until != null) {
    throw invalidField("/until", "invalid", "until goes with status snoozed only.");
  }
  transact(ctx, (tx) => {
    const where = and(eq(threads.workspaceId, a.workspaceId), eq(threads.id, a.id));
    const set: Partial<ThreadRow> = { updatedAt: now };
    if (p.status) Object.assign(set, { status: p.status, snoozedUntil: p.status === "snoozed" ? p.until : null });
    if (p.read !== undefined) {
      const s = readStatements(ctx);
      // read: every message of the thread; unread: its latest message again (as mail clients do)
      if (p.read) s.readAll.run(a.workspaceId, a.id);
      else s.unreadLatest.run(a.workspaceId, a.id);
      const n = s.unreadCount.get(a.workspaceId, a.id)!.n;
      Object.assign(set, { unread: n > 0, unreadCount: n });
    }
    if (!tx.update(threads).set(set).where(where).returning({ id: threads.id }).get()) throw notFound("thread");
  });
  return getThread(ctx, a);
}

function readStatements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "inbox.thread-read", () => ({
    readAll: db.prepare<unknown, [string, string]>("UPDATE inbound_messages SET read = 1 WHERE workspace_id = ?1 AND thread_id = ?2 AND read = 0"),
    unreadLatest: db.prepare<unknown, [string, string]>(
      "UPDATE inbound_messages SET read = 0 WHERE id = (SELECT id FROM inbound_messages WHERE workspace_id = ?1 AND thread_id = ?2 ORDER BY id DESC LIMIT 1)",
    ),
    unreadCount: db.prepare<{ n: number }, [string, string]>("SELECT count(*) AS n FROM inbound_messages WHERE workspace_id = ?1 AND thread_id = ?2 AND read = 0"),
  }));
}

/** Snoozed threads whose time came are open again; answers how many. */
export function wakeSnoozedThreads(ctx: Ctx): number {
  const wake = preparedOnce(ctx.db, "inbox.wake", () =>
    ctx.db.$client.prepare<unknown, [number]>("UPDATE threads SET status = 'open', snoozed_until = NULL, updated_at = ?1 WHERE snoozed_until <= ?1 AND status = 'snoozed'"),
  );
  return wake.run(ctx.clock.now()).changes;
}
