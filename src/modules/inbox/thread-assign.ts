// Which conversation (thr_) an inbound message belongs to, decided inside the
// ingest's recording transaction. A conversation is one of:
//   enr_…  everything one enrollment sent a person, and what came back to it;
//   msg_…  a message of ours outside campaigns, and what came back to it;
//   inm_…  inbound mail that answered nothing of ours (or a later message
//          whose In-Reply-To/References names mail of that thread).
// A new message in a snoozed or archived thread opens it again: the person
// wrote, someone should look.
import type { Ctx } from "../../context";
import { preparedOnce } from "../../db/prepared";
import { newId } from "../../lib/ids";

export interface ThreadPlace {
  threadId: string;
  campaignId: string | null;
}

export interface ThreadInput {
  workspaceId: string;
  inboundId: string;
  /** Our message it answers (the ingest's match). */
  messageId: string | null;
  personId: string | null;
  connectionId: string | null;
  subject: string | null;
  /** In-Reply-To and References of the inbound message, oldest first. */
  references: string[];
  at: number;
}

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "inbox.thread-assign", () => ({
    message: db.prepare<{ campaignId: string | null; enrollmentId: string | null; subject: string; connectionId: string | null; personId: string | null }, [string, string]>(
      "SELECT campaign_id AS campaignId, enrollment_id AS enrollmentId, subject, connection_id AS connectionId, person_id AS personId FROM messages WHERE workspace_id = ?1 AND id = ?2",
    ),
    byInbound: db.prepare<{ threadId: string }, [string, string]>(
      "SELECT thread_id AS threadId FROM inbound_messages WHERE workspace_id = ?1 AND message_id_header = ?2 AND thread_id IS NOT NULL LIMIT 1",
    ),
    // our messages of the conversation name their thread once it has one
    tagEnrollment: db.prepare<unknown, [string, string, string]>("UPDATE messages SET thread_id = ?3 WHERE enrollment_id = ?2 AND workspace_id = ?1 AND thread_id IS NULL"),
    tagMessage: db.prepare<unknown, [string, string, string]>("UPDATE messages SET thread_id = ?3 WHERE id = ?2 AND workspace_id = ?1 AND thread_id IS NULL"),
    campaignOf: db.prepare<{ campaignId: string | null }, [string]>("SELECT campaign_id AS campaignId FROM threads WHERE id = ?1"),
    touch: db.prepare<unknown, [string, number]>(
      `UPDATE threads SET unread = 1, unread_count = unread_count + 1, inbound_count = inbound_count + 1,
              last_message_at = MAX(last_message_at, ?2), last_inbound_at = MAX(COALESCE(last_inbound_at, 0), ?2),
              status = 'open', snoozed_until = NULL, updated_at = ?2
        WHERE id = ?1`,
    ),
    upsert: db.prepare<{ id: string }, [string, string, string, string | null, string | null, string | null, string | null, string | null, string | null, number]>(
      `INSERT INTO threads (id, workspace_id, key, subject, person_id, campaign_id, enrollment_id, root_message_id, connection_id, status, snoozed_until,
                            unread, unread_count, inbound_count, last_message_at, last_inbound_at, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'open', NULL, 1, 1, 1, ?10, ?10, ?10, ?10)
       ON CONFLICT (workspace_id, key) DO UPDATE SET unread = 1, unread_count = unread_count + 1, inbound_count = inbound_count + 1,
              last_message_at = MAX(last_message_at, excluded.last_message_at), last_inbound_at = MAX(COALESCE(last_inbound_at, 0), excluded.last_inbound_at),
              person_id = COALESCE(person_id, excluded.person_id), connection_id = COALESCE(connection_id, excluded.connection_id),
              status = 'open', snoozed_until = NULL, updated_at = excluded.updated_at
       RETURNING id`,
    ),
  }));
}

/** Puts the message in its thread (created when new) and counts it unread there. */
export function assignThread(ctx: Ctx, t: ThreadInput): ThreadPlace {
  const s = statements(ctx);
  const ours = t.messageId ? s.message.get(t.workspaceId, t.messageId) : null;
  if (!ours) {
    // a later message in a conversation that started with mail to us
    for (let i = t.references.length - 1; i >= 0; i--) {
      const found = s.byInbound.get(t.workspaceId, t.references[i]!);
      if (!found) continue;
      s.touch.run(found.threadId, t.at);
      return { threadId: found.threadId, campaignId: s.campaignOf.get(found.threadId)?.campaignId ?? null };
    }
  }
  const key = ours ? (ours.enrollmentId ?? t.messageId!) : t.inboundId;
  const row = s.upsert.get(
    newId("thr"),
    t.workspaceId,
    key,
    (ours?.subject ?? t.subject)?.slice(0, 998) ?? null,
    t.personId ?? ours?.personId ?? null,
    ours?.campaignId ?? null,
    ours?.enrollmentId ?? null,
    ours && !ours.enrollmentId ? t.messageId : null,
    ours?.connectionId ?? t.connectionId,
    t.at,
  )!;
  if (ours?.enrollmentId) s.tagEnrollment.run(t.workspaceId, ours.enrollmentId, row.id);
  else if (ours) s.tagMessage.run(t.workspaceId, t.messageId!, row.id);
  return { threadId: row.id, campaignId: ours?.campaignId ?? null };
}
