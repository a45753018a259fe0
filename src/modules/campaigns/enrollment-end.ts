// The end of an enrollment: every path that ends one (stop request, reply,
// bounce, complaint, unsubscribe, campaign archived, last step walked, a
// permanent failure) goes through endEnrollments, so the row, its queued
// message and the event always change together.
//
// Statements are prepared once and take their ids as one JSON array: an
// archived campaign ends thousands of enrollments in one call.
import { getTableColumns } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Db, Tx } from "../../db/client";
import { preparedOnce, rowColumns } from "../../db/prepared";
import { enrollments, messages } from "../../db/schema";
import { enrollmentView, type PersonRefSource } from "../../representations/enrollment";
import type { Outbox } from "../events/outbox";
import { emitMessage, type MessageRow } from "../messages/messages";
import type { EnrollmentRow } from "./rows";

export type EndStatus = "completed" | "replied" | "stopped" | "failed";

/** `"column" AS "property"` for every enrollments column: raw rows are then EnrollmentRow as they are (no JSON or boolean columns to decode). */
export const ENROLLMENT_COLUMNS = Object.entries(getTableColumns(enrollments))
  .map(([prop, col]) => `"${col.name}" AS "${prop}"`)
  .join(", ");

const endStatement = (db: Db) =>
  preparedOnce(db, "enrollments.end", () =>
    db.$client.prepare<EnrollmentRow, [string, string | null, number, string, string]>(
      `UPDATE enrollments SET status = ?1, status_detail = ?2, ended_at = ?3, next_run_at = NULL, waiting_for = NULL, hold = NULL, paused_until = NULL, updated_at = ?3
       WHERE workspace_id = ?4 AND id IN (SELECT value FROM json_each(?5)) AND status IN ('active', 'paused')
       RETURNING ${ENROLLMENT_COLUMNS}`,
    ),
  );

// prepared once: a reply ends one enrollment at a time, thousands a minute under load
const cancelStatement = (db: Db) =>
  preparedOnce(db, "enrollments.cancel-queued", () => {
    const { list, decode } = rowColumns<MessageRow>(messages);
    const stmt = db.$client.prepare<MessageRow, [string, string, string, number]>(
      `UPDATE messages SET status = 'cancelled', status_detail = ?3, holds = '[]', updated_at = ?4
        WHERE workspace_id = ?1 AND id IN (SELECT value FROM json_each(?2)) AND status = 'queued'
        RETURNING ${list}`,
    );
    return (workspaceId: string, ids: string[], why: string, now: number): MessageRow[] => {
      const rows = stmt.all(workspaceId, JSON.stringify(ids), why, now);
      if (decode) for (const r of rows) decode(r);
      return rows;
    };
  });

const peopleStatement = (db: Db) =>
  preparedOnce(db, "enrollments.people", () =>
    db.$client.prepare<PersonRefSource, [string, string]>(
      `SELECT id, email, given_name AS givenName, family_name AS familyName FROM people WHERE workspace_id = ?1 AND id IN (SELECT value FROM json_each(?2))`,
    ),
  );

/** The people named by enrollments (for their views), by id. */
export function personRefs(db: Db, workspaceId: string, personIds: string[]): Map<string, PersonRefSource> {
  const out = new Map<string, PersonRefSource>();
  if (!personIds.length) return out;
  for (const p of peopleStatement(db).all(workspaceId, JSON.stringify([...new Set(personIds)]))) out.set(p.id, p);
  return out;
}

/** The view of enrollments whose people are read in one statement. */
export function enrollmentViews(db: Db, rows: EnrollmentRow[]) {
  if (!rows.length) return [];
  const people = personRefs(db, rows[0]!.workspaceId, rows.map((r) => r.personId));
  return rows.map((r) => enrollmentView(r, people.get(r.personId) ?? { id: r.personId, email: null, givenName: null, familyName: null }));
}

/**
 * Ends the live (active or paused) enrollments among `ids`: one guarded UPDATE,
 * so an enrollment another path ended first is left as that path left it and
 * is not in the answer. Each ended enrollment's still-queued message is
 * cancelled (a message already `sending` is the MTA's: its reply guard
 * decides). Emits enrollment.completed for `completed`, enrollment.stopped
 * for the others. Returns the enrollments it ended.
 */
export function endEnrollments(ctx: Ctx, tx: Tx, outbox: Outbox, a: { workspaceId: string; ids: string[]; status: EndStatus; detail: string | null }): EnrollmentRow[] {
  if (!a.ids.length) return [];
  const now = ctx.clock.now();
  // the prepared statement runs on tx's connection, so inside tx
  const ended = endStatement(ctx.db).all(a.status, a.detail, now, a.workspaceId, JSON.stringify(a.ids));
  if (!ended.length) return ended;

  const messageIds = ended.map((e) => e.messageId).filter((id): id is string => id !== null);
  if (messageIds.length) {
    const why = `its enrollment ended (${a.status})${a.detail ? `: ${a.detail}` : ""}`;
    const cancelled = cancelStatement(ctx.db)(a.workspaceId, messageIds, why, now);
    for (const m of cancelled) emitMessage(outbox, "message.cancelled", m);
  }

  const type = a.status === "completed" ? "enrollment.completed" : "enrollment.stopped";
  for (const data of enrollmentViews(ctx.db, ended)) outbox.emit({ workspaceId: a.workspaceId, type, data });
  return ended;
}
