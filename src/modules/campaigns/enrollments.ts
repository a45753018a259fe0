// Enrollments (enr_): people walking a campaign. Creating them (a request of
// up to 100 people answers at once, more go to an enrollment.add job),
// reading them, and the stop request. Every end goes through
// endEnrollments (enrollment-end.ts).
import type { Ctx } from "../../context";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { enrollments, type EnrollmentStatus } from "../../db/schema";
import { DomainError, notFound } from "../../lib/errors";
import { enqueue } from "../../jobs/queue";
import type { JobRow } from "../../jobs/types";
import { enrollmentView, type PersonRefSource, type Skipped } from "../../representations/enrollment";
import { transact } from "../events/outbox";
import { afterEnrolled, assertSource, countSource, enrollChunk, enrollTarget, keysetReader, listCandidates, type EnrollSource } from "./enroll";
import { endEnrollments, personRefs } from "./enrollment-end";
import type { EnrollmentRow } from "./rows";

export const ENROLLMENT_JOB_KIND = "enrollment.add";
/** SPEC: up to 100 people answer 201; more answer 202 with a job. */
export const SYNC_ENROLL_LIMIT = 100;
/** SPEC: `emails` and `person_ids` take at most 1,000 entries. */
export const ENROLL_LIST_MAX = 1000;
export const STOP_DETAIL = "stopped through the API";

export interface EnrollmentRecord {
  row: EnrollmentRow;
  person: PersonRefSource;
}

export type EnrollAnswer = { kind: "created"; data: EnrollmentRecord[]; skipped: Skipped[] } | { kind: "job"; job: JobRow };

const reads = tableReads(enrollments);

export const recordView = (r: EnrollmentRecord) => enrollmentView(r.row, r.person);

function withPeople(ctx: Ctx, rows: EnrollmentRow[]): EnrollmentRecord[] {
  if (!rows.length) return [];
  const refs = personRefs(ctx.db, rows[0]!.workspaceId, rows.map((r) => r.personId));
  return rows.map((row) => ({ row, person: refs.get(row.personId) ?? { id: row.personId, email: null, givenName: null, familyName: null } }));
}

/**
 * Enrolls the people of one source. Up to SYNC_ENROLL_LIMIT people are
 * enrolled in one transaction and answered; more are handed to an
 * enrollment.add job, enqueued after the same checks (404, 409).
 */
export function createEnrollments(ctx: Ctx, a: { workspaceId: string; campaignId: string; source: EnrollSource }): EnrollAnswer {
  enrollTarget(ctx.db, a.workspaceId, a.campaignId); // 404, 409 before anything else
  assertSource(ctx.db, a.workspaceId, a.source);
  const count = countSource(ctx.db, a.workspaceId, a.source, SYNC_ENROLL_LIMIT + 1);
  if (count > SYNC_ENROLL_LIMIT) {
    const job = enqueue(ctx, ctx.db, { workspaceId: a.workspaceId, kind: ENROLLMENT_JOB_KIND, args: { workspaceId: a.workspaceId, campaignId: a.campaignId, source: a.source } });
    return { kind: "job", job };
  }
  const answer = transact(ctx, () => {
    // read again inside the transaction: an archive between the check and here refuses
    const target = enrollTarget(ctx.db, a.workspaceId, a.campaignId);
    if ("emails" in a.source || "person_ids" in a.source) {
      const { found, missing, named } = listCandidates(ctx.db, a.workspaceId, a.source);
      const out = enrollChunk(ctx, target, found, named);
      return { out, skipped: [...missing, ...out.skipped] };
    }
    const out = enrollChunk(ctx, target, keysetReader(ctx.db, a.workspaceId, a.source)("", SYNC_ENROLL_LIMIT));
    return { out, skipped: out.skipped };
  });
  if (answer.out.enrolled.length) afterEnrolled(ctx, { workspaceId: a.workspaceId, campaignId: a.campaignId });
  const data = answer.out.enrolled.map((row, i) => {
    const p = answer.out.people[i]!;
    return { row, person: { id: p.id, email: p.email, givenName: p.givenName, familyName: p.familyName } };
  });
  return { kind: "created", data, skipped: answer.skipped.slice(0, SYNC_ENROLL_LIMIT) };
}

export function getEnrollment(ctx: Ctx, a: { workspaceId: string; id: string }): EnrollmentRecord {
  const row = reads.get(ctx.db, a.workspaceId, a.id);
  if (!row) throw notFound("enrollment");
  return withPeople(ctx, [row])[0]!;
}

export interface EnrollmentFilters {
  campaignId?: string;
  status?: EnrollmentStatus;
  personId?: string;
}

export function listEnrollments(ctx: Ctx, a: { workspaceId: string; filters: EnrollmentFilters; page: PageRequest }): Page<EnrollmentRecord> {
  const page = reads.page(ctx.db, { workspaceId: a.workspaceId, equal: { campaignId: a.filters.campaignId, status: a.filters.status, personId: a.filters.personId } }, a.page);
  return { ...page, rows: withPeople(ctx, page.rows) };
}

/** A live enrollment is stopped (its queued message cancelled); an ended one → 409. */
export function stopEnrollment(ctx: Ctx, a: { workspaceId: string; id: string }): EnrollmentRecord {
  const row = transact(ctx, (tx, outbox) => {
    const [ended] = endEnrollments(ctx, tx, outbox, { workspaceId: a.workspaceId, ids: [a.id], status: "stopped", detail: STOP_DETAIL });
    if (ended) return ended;
    const current = reads.get(ctx.db, a.workspaceId, a.id);
    if (!current) throw notFound("enrollment");
    throw new DomainError("invalid_state", `The enrollment has already ended (${current.status}); only an active or paused enrollment can be stopped.`);
  });
  return withPeople(ctx, [row])[0]!;
}
