// Messages (msg_): one outgoing message, queued here and sent by the MTA when
// due (src/mta). POST /v1/messages makes one outside any campaign; campaigns
// will make theirs through the same createMessage.
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import type { Ctx } from "../../context";
import { insertRow, preparedOnce } from "../../db/prepared";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { deliveryEvents, messageAttempts, messages, type MessageStatus } from "../../db/schema";
import { invalidFields, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { messageView, type MessageDetail } from "../../representations/message";
import { emailKey } from "../audience/email";
import { createPerson } from "../audience/people";
import { transact, type Outbox } from "../events/outbox";
import { envelopeSender } from "./addressing";
import { messageIdFor } from "../../mta/addresses";
import { checkMessageInput, type CheckedMessage, type MessageInput } from "./message-input";
import { senderFor } from "./sender";
import { trackMessage } from "../tracking/rewrite";

export type MessageRow = typeof messages.$inferSelect;
/** A message's content, kept apart from its row (message_bodies: see the schema). */
export type MessageBody = MessageDetail["body"];

const reads = tableReads(messages);

/** How many attempts and delivery events GET one shows. */
export const DETAIL_LIMIT = 10;

/**
 * Queues a message: checked (422 listing every problem), its sender identity
 * the workspace's, enabled and on a connection that is not archived; the
 * person of the first `to` address linked, or created (source api). It is due
 * at send_at (now when absent or past); `message.queued` is emitted with it.
 */
export function createMessage(ctx: Ctx, a: { workspaceId: string } & MessageInput): MessageDetail {
  const q = checked(ctx, a);
  const { row, body } = transact(ctx, (_tx, outbox) => {
    const made = insertMessage(ctx, q);
    emitMessage(outbox, "message.queued", made.row);
    return made;
  });
  afterQueued(ctx);
  return { message: row, body, attempts: [], deliveryEvents: [] };
}

/**
 * createMessage for callers that can wait a turn of the event loop (POST
 * /v1/messages): the messages queued in the same turn are written in one
 * transaction, each in its own savepoint, and each promise settles once that
 * transaction has committed (group commit). A commit writes every page it
 * touched (the message, its eight indexes, the person, the event) to the WAL,
 * and concurrent requests touch mostly the same pages. An input problem
 * throws at once, as createMessage's does; a message that fails to be
 * written rejects alone; a transaction that fails (a busy database) rejects
 * them all, and none was written.
 */
export function queueMessage(ctx: Ctx, a: { workspaceId: string } & MessageInput): Promise<MessageDetail> {
  const q = checked(ctx, a);
  let group = groups.get(ctx);
  if (!group) groups.set(ctx, (group = []));
  return new Promise((resolve, reject) => {
    group.push({ q, resolve, reject });
    if (group.length === 1) setImmediate(() => commitGroup(ctx));
  });
}

interface Pending {
  q: Checked;
  resolve: (d: MessageDetail) => void;
  reject: (e: unknown) => void;
  made?: { row: MessageRow; body: MessageBody };
  error?: unknown;
}

const groups = new WeakMap<Ctx, Pending[]>();

function commitGroup(ctx: Ctx): void {
  const group = groups.get(ctx) ?? [];
  groups.delete(ctx);
  try {
    transact(ctx, (_tx, outbox) => {
      for (const p of group) {
        try {
          // a savepoint: a message that cannot be written leaves no trace among the others
          // (bun:sqlite's own: drizzle's builds a query helper per table for each transaction)
          p.made = ctx.db.$client.transaction(() => insertMessage(ctx, p.q))();
        } catch (err) {
          p.error = err;
          continue;
        }
        emitMessage(outbox, "message.queued", p.made.row);
      }
    });
  } catch (err) {
    for (const p of group) p.reject(err);
    return;
  }
  if (group.some((p) => p.made)) afterQueued(ctx);
  for (const p of group) {
    if (p.made) p.resolve({ message: p.made.row, body: p.made.body, attempts: [], deliveryEvents: [] });
    else p.reject(p.error);
  }
}

interface Checked {
  a: { workspaceId: string } & MessageInput;
  v: CheckedMessage;
  id: string;
  now: number;
  link?: CampaignLink;
}

/** What a campaign's message belongs to (the scheduler makes these). */
export interface CampaignLink {
  /** The message's id, chosen by the scheduler (its enrollment names it first). */
  id: string;
  personId: string;
  campaignId: string;
  enrollmentId: string;
  stepId: string;
  variantId: string;
}

/**
 * A campaign's message, inside the scheduler's transaction: checked like any
 * other (a problem throws the same 422 error, which the scheduler turns into
 * a held enrollment), linked to its person, campaign, enrollment, step and
 * variant, with `message.queued`. The caller wakes the MTA after its commit.
 */
export function insertCampaignMessage(ctx: Ctx, outbox: Outbox, a: { workspaceId: string; link: CampaignLink } & MessageInput): MessageRow {
  const q = checked(ctx, a);
  const { row } = insertMessage(ctx, { ...q, id: a.link.id, link: a.link });
  emitMessage(outbox, "message.queued", row);
  return row;
}

function checked(ctx: Ctx, a: { workspaceId: string } & MessageInput): Checked {
  const now = ctx.clock.now();
  const { values: v, errors } = checkMessageInput(a, now);
  if (errors.length) throw invalidFields(errors);
  return { a, v, id: newId("msg"), now };
}

/** The message's row and its body, written (with its person when new); inside a transaction. */
function insertMessage(ctx: Ctx, { a, v, id, now, link }: Checked): { row: MessageRow; body: MessageBody } {
  const sender = senderFor(ctx, { workspaceId: a.workspaceId, senderIdentityId: a.senderIdentityId });
  const personId = link?.personId ?? personFor(ctx, a.workspaceId, v.recipients[0]!.address);
  // tracked: links rewritten and the pixel added, the links written (tracked_links); what is stored is sent
  const tracked = v.tracking ? trackMessage(ctx, { workspaceId: a.workspaceId, messageId: id, html: v.html, text: v.text, tracking: v.trackingOptions }) : v;
  const body: MessageBody = { html: tracked.html, text: tracked.text };
  bodyStatements(ctx).insert.run(id, a.workspaceId, body.html, body.text);
  const row = insertRow<MessageRow>(ctx.db, messages)({
    id,
    workspaceId: a.workspaceId,
    connectionId: sender.connection.id,
    senderIdentityId: sender.identity.id,
    personId,
    campaignId: link?.campaignId ?? null,
    enrollmentId: link?.enrollmentId ?? null,
    stepId: link?.stepId ?? null,
    variantId: link?.variantId ?? null,
    // an enrollment's conversation may already be a thread (an answer came): later steps join it at once
    threadId: link?.enrollmentId ? threadOfEnrollment(ctx, a.workspaceId, link.enrollmentId) : null,
    fromHeader: sender.from,
    replyTo: sender.identity.replyTo,
    recipients: v.recipients,
    subject: v.subject,
    headers: v.headers,
    tracking: v.tracking,
    messageIdHeader: messageIdFor(id, sender.identity.domain),
    envelopeFrom: envelopeSender(ctx, id, sender),
    // the one-click unsubscribe URL and mailto are built from it when the message is rendered
    unsubscribeToken: randomBytes(24).toString("base64url"),
    status: "queued",
    statusDetail: null,
    holds: [],
    releasedHolds: [],
    sendAt: v.sendAt,
    dueAt: Math.max(v.sendAt ?? now, now),
    leaseOwner: null,
    leaseUntil: null,
    attempts: 0,
    firstAttemptAt: null,
    sentAt: null,
    createdAt: now,
    updatedAt: now,
  });
  return { row, body };
}

const bodyStatements = (ctx: Ctx) =>
  preparedOnce(ctx.db, "messages.bodies", () => ({
    insert: ctx.db.$client.prepare<unknown, [string, string, string | null, string | null]>("INSERT INTO message_bodies (message_id, workspace_id, html, text) VALUES (?1, ?2, ?3, ?4)"),
    get: ctx.db.$client.prepare<MessageBody, [string, string]>("SELECT html, text FROM message_bodies WHERE message_id = ?1 AND workspace_id = ?2"),
  }));

/** A message's content (html, text); both null when it has none stored. */
export function messageBody(ctx: Ctx, workspaceId: string, messageId: string): MessageBody {
  return bodyStatements(ctx).get.get(messageId, workspaceId) ?? { html: null, text: null };
}

function threadOfEnrollment(ctx: Ctx, workspaceId: string, enrollmentId: string): string | null {
  const byKey = preparedOnce(ctx.db, "messages.threadOfEnrollment", () =>
    ctx.db.$client.prepare<{ id: string }, [string, string]>("SELECT id FROM threads WHERE workspace_id = ?1 AND key = ?2"),
  );
  return byKey.get(workspaceId, enrollmentId)?.id ?? null;
}

/** The person with this address, or a new one (source api). */
function personFor(ctx: Ctx, workspaceId: string, address: string): string {
  const byAddress = preparedOnce(ctx.db, "messages.personByAddress", () =>
    ctx.db.$client.prepare<{ id: string }, [string, string]>("SELECT id FROM people WHERE workspace_id = ?1 AND email_key = ?2"),
  );
  // createPerson's own transaction nests (a savepoint) in this one
  return byAddress.get(workspaceId, emailKey(address))?.id ?? createPerson(ctx, { workspaceId, source: "api", input: { email: address } }).id;
}

export type MessageEventType = "message.queued" | "message.sent" | "message.failed" | "message.uncertain" | "message.cancelled";

/** SQL for the recipients with each still `uncertain` one taking `state`, order kept (an UPDATE of messages sets it in one statement). */
export const uncertainRecipientsAs = (state: "sent" | "pending") =>
  `(SELECT json_group_array(CASE WHEN json_extract(value, '$.state') = 'uncertain' THEN json_set(value, '$.state', '${state}') ELSE json(value) END ORDER BY key) FROM json_each(recipients))`;

export function emitMessage(outbox: Outbox, type: MessageEventType, row: MessageRow): void {
  outbox.emit({ workspaceId: row.workspaceId, type, data: messageView(row) });
}

/** Wakes the MTA after the commit: a message may be due now. */
export function afterQueued(ctx: Ctx): void {
  ctx.messagesQueued.publish();
}

export function getMessageRow(ctx: Ctx, a: { workspaceId: string; id: string }): MessageRow {
  const row = reads.get(ctx.db, a.workspaceId, a.id);
  if (!row) throw notFound("message");
  return row;
}

/** The message with its latest attempts and first delivery events. */
export function getMessage(ctx: Ctx, a: { workspaceId: string; id: string }): MessageDetail {
  return detailOf(ctx, getMessageRow(ctx, a));
}

export function detailOf(ctx: Ctx, message: MessageRow): MessageDetail {
  const attempts = ctx.db
    .select()
    .from(messageAttempts)
    .where(eq(messageAttempts.messageId, message.id))
    .orderBy(desc(messageAttempts.number), desc(messageAttempts.id))
    .limit(DETAIL_LIMIT)
    .all();
  const events = ctx.db
    .select()
    .from(deliveryEvents)
    .where(and(eq(deliveryEvents.workspaceId, message.workspaceId), eq(deliveryEvents.messageId, message.id)))
    .orderBy(asc(deliveryEvents.id))
    .limit(DETAIL_LIMIT)
    .all();
  return { message, body: messageBody(ctx, message.workspaceId, message.id), attempts, deliveryEvents: events };
}

export interface MessageFilters {
  status?: MessageStatus;
  personId?: string;
  campaignId?: string;
  connectionId?: string;
  /** Milliseconds: created strictly after. */
  createdAfter?: number;
  /** Milliseconds: created before. */
  createdBefore?: number;
}

/** By equalities (index-backed); a created range reads on a reader thread. */
export function listMessages(ctx: Ctx, a: { workspaceId: string; filters: MessageFilters; page: PageRequest }): Page<MessageRow> | Promise<Page<MessageRow>> {
  const f = a.filters;
  const filter = { workspaceId: a.workspaceId, equal: { status: f.status, personId: f.personId, campaignId: f.campaignId, connectionId: f.connectionId } };
  const where = and(
    f.createdAfter !== undefined ? gt(messages.createdAt, f.createdAfter) : undefined,
    f.createdBefore !== undefined ? lt(messages.createdAt, f.createdBefore) : undefined,
  );
  return where ? reads.scan(ctx.db, ctx.readers, { ...filter, where }, a.page) : reads.page(ctx.db, filter, a.page);
}
