// Enrolling people into a campaign: resolving the request's source of people,
// skipping those who cannot be enrolled, and inserting the rest in bulk. The
// request (≤ 100 people) and the enrollment.add job (more) share enrollChunk.
//
// Speed matters (100,000 people from a segment in a few seconds): people are
// read in id order by keyset, suppressions are checked per chunk in one
// statement pair, and a prepared INSERT … ON CONFLICT DO NOTHING tells
// `already_enrolled` from its change count (the unique campaign+person index
// decides, so two concurrent requests can never enroll one person twice).
import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../../context";
import { transact } from "../events/outbox";
import { setCampaignStatus } from "./campaign-status";
import type { Db, DbOrTx } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { campaigns, people } from "../../db/schema";
import { DomainError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { Skipped, SkipReason } from "../../representations/enrollment";
import { emailKey, parseEmail } from "../audience/email";
import { getGroup } from "../audience/groups";
import { getSegment, segmentPeopleWhere } from "../audience/segments";
import { suppressedAmong } from "../audience/suppressions";
import type { CampaignRow, EnrollmentRow } from "./rows";
import { zoneFor } from "./rows";
import { nextOpening } from "./schedule";

/** Exactly one source of people, as the request names it. */
export type EnrollSource = { emails: string[] } | { person_ids: string[] } | { group_id: string } | { segment_id: string };

/** Person statuses that refuse campaign mail (SPEC: Person status). Archived people are refused too. */
export const BLOCKING_STATUSES = ["bounced", "undeliverable", "spam", "unsubscribed"] as const;

/** What enrolling reads of a person. */
export interface Candidate {
  id: string;
  email: string | null;
  emailSendable: number | null;
  status: string;
  archivedAt: number | null;
  timezone: string | null;
  givenName: string | null;
  familyName: string | null;
}

const CANDIDATE_COLUMNS = `p.id AS id, p.email AS email, p.email_sendable AS emailSendable, p.status AS status, p.archived_at AS archivedAt, p.timezone AS timezone, p.given_name AS givenName, p.family_name AS familyName`;

/** The campaign people are enrolled into, with what each new enrollment needs. */
export interface EnrollTarget {
  campaign: CampaignRow;
}

export interface ChunkOutcome {
  enrolled: EnrollmentRow[];
  people: Candidate[];
  skipped: Skipped[];
}

/**
 * After a commit that created enrollments: a `completed` campaign is active
 * again (its new people have steps to walk), and the scheduler is woken (the
 * first step may be due now).
 */
export function afterEnrolled(ctx: Ctx, a: { workspaceId: string; campaignId: string }): void {
  transact(ctx, (tx, outbox) => setCampaignStatus(ctx, tx, outbox, { workspaceId: a.workspaceId, id: a.campaignId, from: ["completed"], to: "active" }));
  ctx.campaignsDue.publish();
}

// ---------------------------------------------------------------------------
// The campaign and the source

/** The workspace's campaign that may take enrollments: 404 when absent, 409 when archived. A completed campaign takes them (its scheduler makes it active again). */
export function enrollTarget(db: DbOrTx, workspaceId: string, campaignId: string): EnrollTarget {
  const campaign = db.select().from(campaigns).where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, campaignId))).get();
  if (!campaign) throw notFound("campaign");
  if (campaign.status === "archived") throw new DomainError("invalid_state", "The campaign is archived; it takes no enrollments.");
  return { campaign };
}

/** 404 when the group or segment the source names is not the workspace's. */
export function assertSource(db: Db, workspaceId: string, source: EnrollSource): void {
  if ("group_id" in source) getGroup(db, { workspaceId, id: source.group_id });
  if ("segment_id" in source) getSegment(db, { workspaceId, id: source.segment_id });
}

/** How many people the source names, counted up to `cap` (enough to choose between answering at once and a job). */
export function countSource(db: Db, workspaceId: string, source: EnrollSource, cap: number): number {
  if ("emails" in source) return new Set(source.emails.map(keyOf)).size;
  if ("person_ids" in source) return new Set(source.person_ids).size;
  if ("group_id" in source) {
    return groupCount(db).get(workspaceId, source.group_id, cap)!.n;
  }
  const where = segmentPeopleWhere(db, getSegment(db, { workspaceId, id: source.segment_id }));
  return db.select({ n: sql<number>`count(*)` }).from(db.select({ one: sql`1` }).from(people).where(where).limit(cap).as("capped")).get()!.n;
}

/** An address's lookup key; an unparseable one keeps its text (it matches no person). */
const keyOf = (email: string) => {
  const r = parseEmail(email);
  return r.ok ? emailKey(r.email) : `invalid:${email}`;
};

/** One entry per person named, first occurrence first: the request's list (`emails`, `person_ids`) as candidates or not_found entries. */
export function listCandidates(db: Db, workspaceId: string, source: { emails: string[] } | { person_ids: string[] }): { found: Candidate[]; missing: Skipped[]; named: Map<string, string> } {
  const missing: Skipped[] = [];
  const named = new Map<string, string>(); // person id → address as the request wrote it
  if ("emails" in source) {
    const byKey = new Map<string, string>();
    for (const e of source.emails) if (!byKey.has(keyOf(e))) byKey.set(keyOf(e), e);
    const rows = byEmailKeys(db).all(workspaceId, JSON.stringify([...byKey.keys()]));
    const found = new Map(rows.map((r) => [r.key, r]));
    const out: Candidate[] = [];
    for (const [key, given] of byKey) {
      const p = found.get(key);
      if (!p) missing.push({ reason: "not_found", email: given, personId: null });
      else {
        named.set(p.id, given);
        out.push(p);
      }
    }
    return { found: out, missing, named };
  }
  const ids = [...new Set(source.person_ids)];
  const rows = new Map(byIds(db).all(workspaceId, JSON.stringify(ids)).map((r) => [r.id, r]));
  const out: Candidate[] = [];
  for (const id of ids) {
    const p = rows.get(id);
    if (p) out.push(p);
    else missing.push({ reason: "not_found", email: null, personId: id });
  }
  return { found: out, missing, named };
}

const groupCount = (db: Db) =>
  preparedOnce(db, "enroll.groupCount", () =>
    db.$client.prepare<{ n: number }, [string, string, number]>("SELECT count(*) AS n FROM (SELECT 1 FROM person_groups WHERE group_id = ?2 AND workspace_id = ?1 LIMIT ?3)"),
  );
const byEmailKeys = (db: Db) =>
  preparedOnce(db, "enroll.byEmailKeys", () =>
    db.$client.prepare<Candidate & { key: string }, [string, string]>(
      `SELECT ${CANDIDATE_COLUMNS}, p.email_key AS key FROM people p WHERE p.workspace_id = ?1 AND p.email_key IN (SELECT value FROM json_each(?2))`,
    ),
  );
const byIds = (db: Db) =>
  preparedOnce(db, "enroll.byIds", () =>
    db.$client.prepare<Candidate, [string, string]>(`SELECT ${CANDIDATE_COLUMNS} FROM people p WHERE p.workspace_id = ?1 AND p.id IN (SELECT value FROM json_each(?2))`),
  );
const groupPage = (db: Db) =>
  preparedOnce(db, "enroll.groupPage", () =>
    db.$client.prepare<Candidate, [string, string, string, number]>(
      `SELECT ${CANDIDATE_COLUMNS} FROM person_groups g JOIN people p ON p.id = g.person_id
       WHERE g.group_id = ?2 AND g.workspace_id = ?1 AND g.person_id > ?3 AND p.workspace_id = ?1 ORDER BY g.person_id LIMIT ?4`,
    ),
  );

/**
 * Reads the people of a group or segment in id order, `limit` at a time after
 * `after`. A segment's filter is compiled once per reader (its SQL with the
 * keyset as the last parameters) and prepared on the connection.
 */
export function keysetReader(db: Db, workspaceId: string, source: { group_id: string } | { segment_id: string }): (after: string, limit: number) => Candidate[] {
  if ("group_id" in source) return (after, limit) => groupPage(db).all(workspaceId, source.group_id, after, limit);
  const where: SQL = segmentPeopleWhere(db, getSegment(db, { workspaceId, id: source.segment_id }));
  const q = db
    .select({
      id: sql`${people.id}`.as("id"),
      email: sql`${people.email}`.as("email"),
      emailSendable: sql`${people.emailSendable}`.as("emailSendable"),
      status: sql`${people.status}`.as("status"),
      archivedAt: sql`${people.archivedAt}`.as("archivedAt"),
      timezone: sql`${people.timezone}`.as("timezone"),
      givenName: sql`${people.givenName}`.as("givenName"),
      familyName: sql`${people.familyName}`.as("familyName"),
    })
    .from(people)
    .where(and(where, gt(people.id, sql.placeholder("after"))))
    .orderBy(asc(people.id))
    .limit(sql.placeholder("limit"))
    .toSQL();
  const stmt = db.$client.prepare<Candidate, never[]>(q.sql);
  return (after, limit) => {
    const params = q.params.map((p) => (p && typeof p === "object" && "name" in p ? ((p as { name: string }).name === "after" ? after : limit) : p));
    return stmt.all(...(params as never[]));
  };
}

// ---------------------------------------------------------------------------
// Enrolling one chunk

const INSERT_SQL = `INSERT INTO enrollments (id, workspace_id, campaign_id, person_id, position, status, status_detail, hold, message_id, next_run_at, sender_identity_id, waiting_for, last_sent_message_id, last_sent_at, ended_at, created_at, updated_at)
  VALUES (?1, ?2, ?3, ?4, 1, 'active', NULL, NULL, NULL, ?5, NULL, NULL, NULL, NULL, NULL, ?6, ?6)
  ON CONFLICT (campaign_id, person_id) DO NOTHING`;
const insertEnrollment = (db: Db) => preparedOnce(db, "enroll.insert", () => db.$client.prepare<never, [string, string, string, string, number, number]>(INSERT_SQL));

/** The latest send to each person over all their enrollments of the workspace (the cooldown). */
const lastSends = (db: Db) =>
  preparedOnce(db, "enroll.lastSends", () =>
    db.$client.prepare<{ personId: string; at: number }, [string, string]>(
      `SELECT person_id AS personId, max(last_sent_at) AS at FROM enrollments
       WHERE workspace_id = ?1 AND person_id IN (SELECT value FROM json_each(?2)) AND last_sent_at IS NOT NULL GROUP BY person_id`,
    ),
  );

/** Why a person cannot be enrolled (before suppressions and the unique index), or null. */
function blockOf(p: Candidate): SkipReason | null {
  if (p.archivedAt !== null || (BLOCKING_STATUSES as readonly string[]).includes(p.status)) return "status_blocks_mail";
  if (p.emailSendable === 0 || !p.email) return "not_sendable";
  return null;
}

/**
 * Enrolls the candidates (call inside a transaction): each becomes an active
 * enrollment at step 1 due at its first step's time, unless skipped. `named`
 * maps person ids to the address the request wrote (skipped entries carry it).
 * Skip order: status_blocks_mail, not_sendable, suppressed, already_enrolled.
 */
export function enrollChunk(ctx: Ctx, target: EnrollTarget, candidates: Candidate[], named?: Map<string, string>): ChunkOutcome {
  const db = ctx.db;
  const { campaign } = target;
  const now = ctx.clock.now();
  const skipped: Skipped[] = [];
  const skip = (p: Candidate, reason: SkipReason) => skipped.push({ reason, email: named?.get(p.id) ?? null, personId: p.id });

  const open: Candidate[] = [];
  for (const p of candidates) {
    const reason = blockOf(p);
    if (reason) skip(p, reason);
    else open.push(p);
  }
  const suppressed = open.length ? suppressedAmong(ctx, campaign.workspaceId, open.map((p) => p.email!)) : new Map();
  const eligible = open.filter((p) => {
    if (!suppressed.has(p.email!)) return true;
    skip(p, "suppressed");
    return false;
  });

  const cooldownMs = campaign.stopRules.cooldownHours * 3_600_000;
  const lastSent = new Map<string, number>();
  if (cooldownMs > 0 && eligible.length) for (const r of lastSends(db).all(campaign.workspaceId, JSON.stringify(eligible.map((p) => p.id)))) lastSent.set(r.personId, r.at);

  const { schedule } = campaign;
  const start = Math.max(now, schedule.startAt ?? now);
  // most people share a start and a zone: their due time is computed once
  const dueMemo = new Map<string, number>();
  const dueOf = (base: number, tz: string) => {
    const k = `${base} ${tz}`;
    let due = dueMemo.get(k);
    if (due === undefined) dueMemo.set(k, (due = nextOpening(base, schedule.sendWindow, tz)));
    return due;
  };

  const insert = insertEnrollment(db);
  const enrolled: EnrollmentRow[] = [];
  const enrolledPeople: Candidate[] = [];
  for (const p of eligible) {
    const last = lastSent.get(p.id);
    const base = last === undefined ? start : Math.max(start, last + cooldownMs);
    const nextRunAt = dueOf(base, zoneFor(schedule, p.timezone));
    const id = newId("enr");
    if (insert.run(id, campaign.workspaceId, campaign.id, p.id, nextRunAt, now).changes === 0) {
      skip(p, "already_enrolled");
      continue;
    }
    enrolled.push({
      id,
      workspaceId: campaign.workspaceId,
      campaignId: campaign.id,
      personId: p.id,
      position: 1,
      status: "active",
      statusDetail: null,
      hold: null,
      messageId: null,
      nextRunAt,
      senderIdentityId: null,
      waitingFor: null,
      lastSentMessageId: null,
      lastSentAt: null,
      pausedUntil: null,
      endedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    enrolledPeople.push(p);
  }
  return { enrolled, people: enrolledPeople, skipped };
}
