// The statements the MTA runs for every message (claim, record), prepared once
// per database (src/db/prepared.ts): drizzle would build each one's SQL anew
// per call, which costs more than running it. Rarer paths stay in drizzle.
import type { Ctx } from "../context";
import { perLimit, preparedOnce, rowColumns } from "../db/prepared";
import { messages, type MessageRecipient } from "../db/schema";
import type { MessageRow } from "./work";

const row = () => rowColumns<MessageRow>(messages);

/** The queued messages that are due, oldest due first (off the partial index messages_due_idx). */
export const DUE_SQL = "SELECT id FROM messages WHERE status = 'queued' AND due_at <= ?2 ORDER BY due_at";

export function mtaStatements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "mta.statements", () => {
    const { list, decode } = row();
    const claim = perLimit((limit) =>
      db.prepare<MessageRow, [string, number, number]>(
        `UPDATE messages SET status = 'sending', lease_owner = ?1, lease_until = ?2 + ?3, updated_at = ?2
          WHERE id IN (${DUE_SQL} LIMIT ${limit})
          RETURNING ${list}`,
      ),
    );
    // the end of a run that tried (or had nothing left to try): written only where the lease is still ours.
    // Not RETURNING the row: the caller has it (what it claimed, and these columns); reading back
    // a 5 KB row per message cost more than the update
    const finish = db.prepare<unknown, [string, string, string, string | null, string, number, number | null, number, number | null, number]>(
      `UPDATE messages SET status = ?3, status_detail = ?4, recipients = ?5, holds = '[]', attempts = ?6, first_attempt_at = ?7,
              due_at = ?8, sent_at = ?9, lease_owner = NULL, lease_until = NULL, updated_at = ?10
        WHERE id = ?1 AND lease_owner = ?2 AND status = 'sending'`,
    );
    return {
      /** Leases up to `limit` due messages to `owner` (oldest due first); answers their rows. */
      claim: (owner: string, now: number, leaseMs: number, limit: number): MessageRow[] => {
        const rows = claim(limit).all(owner, now, leaseMs);
        if (decode) for (const r of rows) decode(r);
        return rows;
      },
      /** Whether `owner` still holds the message's lease. */
      holds: db.prepare<{ one: number }, [string, string]>("SELECT 1 AS one FROM messages WHERE id = ?1 AND lease_owner = ?2 AND status = 'sending'"),
      /** The claimed message `m` as it ends this run, or null when `owner` no longer holds it (nothing written). */
      finish: (
        m: MessageRow,
        owner: string,
        end: { status: MessageRow["status"]; statusDetail: string | null; recipients: MessageRecipient[]; attempts: number; firstAttemptAt: number | null; dueAt: number; sentAt: number | null },
        now: number,
      ): MessageRow | null => {
        const e = end;
        const changed = finish.run(m.id, owner, e.status, e.statusDetail, JSON.stringify(e.recipients), e.attempts, e.firstAttemptAt, e.dueAt, e.sentAt, now).changes;
        return changed ? { ...m, ...e, holds: [], leaseOwner: null, leaseUntil: null, updatedAt: now } : null;
      },
      /** An attempt that reached DATA: how it ended. */
      endAttempt: db.prepare<unknown, [string, string, string | null, number | null, string, string, number]>(
        "UPDATE message_attempts SET state = ?2, host = ?3, tls = ?4, response = ?5, rcpt_responses = ?6, ended_at = ?7 WHERE id = ?1",
      ),
      workspaceMode: db.prepare<{ mode: string }, [string]>("SELECT mode FROM workspaces WHERE id = ?1"),
    };
  });
}
