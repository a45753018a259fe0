// An out-of-office pauses, never stops: the person's live enrollments are
// `paused` until the stated return date plus a day (people catch up on mail
// the day they are back), or for the workspace's default when no date is
// stated. A message already made for the next step is held by the MTA's
// campaign guard until then. The scheduler's tick resumes what is due
// (resumeOutOfOffice): the enrollment is active again and its next step due
// no earlier than the resume.
import type { Ctx } from "../../context";
import { preparedOnce } from "../../db/prepared";

const DAY_MS = 24 * 3600_000;
/** A stated return further away than this is read as a mistake: the default applies. */
const MAX_STATED_MS = 180 * DAY_MS;

export const OOO_HOLD = "out_of_office";

function statements(ctx: Ctx) {
  const db = ctx.db.$client;
  return preparedOnce(ctx.db, "inbox.out-of-office", () => ({
    pause: db.prepare<{ id: string }, [string, string, number, string, number]>(
      `UPDATE enrollments SET status = 'paused', paused_until = ?3, hold = '${OOO_HOLD}', status_detail = ?4,
              next_run_at = CASE WHEN next_run_at IS NOT NULL AND next_run_at < ?3 THEN ?3 ELSE next_run_at END, updated_at = ?5
        WHERE workspace_id = ?1 AND person_id = ?2 AND (status = 'active' OR (status = 'paused' AND hold = '${OOO_HOLD}'))
        RETURNING id`,
    ),
    resume: db.prepare<{ id: string }, [number]>(
      `UPDATE enrollments SET status = 'active', paused_until = NULL, hold = NULL, status_detail = NULL,
              next_run_at = CASE WHEN next_run_at IS NOT NULL AND next_run_at < ?1 THEN ?1 ELSE next_run_at END, updated_at = ?1
        WHERE id IN (SELECT id FROM enrollments INDEXED BY enrollments_paused_idx WHERE status = 'paused' AND paused_until IS NOT NULL AND paused_until <= ?1 LIMIT 500)
        RETURNING id`,
    ),
  }));
}

/** When the hold ends: the stated return plus a day, else `defaultDays` after the auto-reply. */
export function outOfOfficeUntil(receivedAt: number, returnAt: number | null, defaultDays: number): number {
  if (returnAt !== null && returnAt > receivedAt - DAY_MS && returnAt - receivedAt <= MAX_STATED_MS) return Math.max(returnAt + DAY_MS, receivedAt);
  return receivedAt + defaultDays * DAY_MS;
}

/** Pauses the person's live enrollments until `until` (a later out-of-office moves it); answers their ids. */
export function pauseForOutOfOffice(ctx: Ctx, a: { workspaceId: string; personId: string; until: number }): string[] {
  const detail = `out of office until ${new Date(a.until).toISOString().slice(0, 10)}`;
  return statements(ctx).pause.all(a.workspaceId, a.personId, a.until, detail, ctx.clock.now()).map((r) => r.id);
}

/** Enrollments whose out-of-office hold is over become active again; answers how many. */
export function resumeOutOfOffice(ctx: Ctx): number {
  return statements(ctx).resume.all(ctx.clock.now()).length;
}
