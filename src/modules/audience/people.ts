// People: one row per address in a workspace (addresses compare
// case-insensitively through email_key). System-owned columns (status, score,
// email_sendable, last_activity_at) are never set from a client's input here.
import { and, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Ctx } from "../../context";
import { isUniqueViolation, type Db, type DbOrTx } from "../../db/client";
import { insertRow } from "../../db/prepared";
import { tableReads, type Page, type PageRequest, type ScanFilter } from "../../db/queries";
import { enrollments, people, personGroups, type PersonSource, type PersonStatus } from "../../db/schema";
import { DomainError, invalidField, invalidFields, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { emailKey, parseEmail } from "./email";
import { fieldMap } from "./fields";
import { getGroup, groupIdsOf, replaceMemberships, unknownGroups } from "./groups";
import { checkPersonInput, type PersonColumns, type PersonInput } from "./person-input";
import type { PersonRecord } from "../../representations/person";
import { personReferences } from "./person-references";
import { getSegment, segmentCondition } from "./segments";

export type Person = typeof people.$inferSelect;
export type { PersonRecord } from "../../representations/person";

const reads = tableReads(people);

/** The people with their group ids (one query for all of them). */
function withGroups(db: Db, workspaceId: string, rows: Person[]): PersonRecord[] {
  const groups = groupIdsOf(db, workspaceId, rows.map((p) => p.id));
  return rows.map((p) => ({ ...p, groupIds: groups.get(p.id)! }));
}

export interface PersonWrite {
  workspaceId: string;
  input: PersonInput;
  /** Replaces the person's memberships when given. */
  groupIds?: string[];
}

/** Checks the input (and the groups it names); throws one 422 listing every problem. */
function checked(db: DbOrTx, a: PersonWrite, requireEmail: boolean): PersonColumns {
  const fields = a.input.customFields != null ? fieldMap(db, a.workspaceId) : new Map();
  const { values, errors } = checkPersonInput(a.input, { fields, requireEmail });
  if (a.groupIds) errors.push(...unknownGroups(db, a.workspaceId, a.groupIds, (i) => `/group_ids/${i}`));
  if (errors.length) throw invalidFields(errors);
  return values;
}

function duplicate(db: DbOrTx, workspaceId: string, key: string): DomainError {
  const other = db.select({ id: people.id }).from(people).where(and(eq(people.workspaceId, workspaceId), eq(people.emailKey, key))).get();
  return new DomainError("conflict", `A person with this email address already exists in this workspace${other ? ` (${other.id})` : ""}.`);
}

/** Values without the null entries of a merge patch; null when nothing is left. */
function stored(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  const entries = Object.entries(values ?? {}).filter(([, v]) => v !== null);
  return entries.length ? Object.fromEntries(entries) : null;
}

export function createPerson(ctx: Ctx, a: PersonWrite & { source: PersonSource }): PersonRecord {
  const person = ctx.db.transaction((tx) => {
    const v = checked(tx, a, true);
    const now = ctx.clock.now();
    let person: Person;
    try {
      // every column given (insertRow sets no defaults): the statement is prepared once, not built per call
      person = insertRow<Person>(ctx.db, people)({
        id: newId("per"),
        workspaceId: a.workspaceId,
        email: v.email!,
        emailKey: v.emailKey!,
        emailDomain: v.emailDomain!,
        emailSendable: null,
        sendableReason: null,
        verifiedAt: null,
        givenName: v.givenName ?? null,
        familyName: v.familyName ?? null,
        company: v.company ?? null,
        telephones: v.telephones ?? null,
        timezone: v.timezone ?? null,
        customFields: stored(v.customFields),
        privateNotes: v.privateNotes ?? null,
        score: null,
        source: a.source,
        status: "active",
        importId: null,
        archivedAt: null,
        lastActivityAt: null,
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(tx, a.workspaceId, v.emailKey!);
      throw err;
    }
    if (a.groupIds?.length) replaceMemberships(tx, { workspaceId: a.workspaceId, personId: person.id, groupIds: a.groupIds, now });
    return person;
  });
  // a person made without groups has none: nothing to read
  return a.groupIds?.length ? withGroups(ctx.db, a.workspaceId, [person])[0]! : { ...person, groupIds: [] };
}

/** The workspace's person (404 otherwise). Valid inside a transaction too (same connection). */
export function getPerson(ctx: Ctx, a: { workspaceId: string; id: string }): Person {
  const row = reads.get(ctx.db, a.workspaceId, a.id);
  if (!row) throw notFound("person");
  return row;
}

/** The person with their groups, as the API shows them. */
export function getPersonRecord(ctx: Ctx, a: { workspaceId: string; id: string }): PersonRecord {
  return withGroups(ctx.db, a.workspaceId, [getPerson(ctx, a)])[0]!;
}

/**
 * A page of the people the filters select (see peopleFilter), with their
 * groups: by equalities on the main connection, or, for a segment, a group or
 * a time (which may read many rows), on a reader thread.
 */
export function listPeople(ctx: Ctx, a: { workspaceId: string; filters: PeopleListFilters; page: PageRequest; pointer?: (name: string) => string }): Page<PersonRecord> | Promise<Page<PersonRecord>> {
  const filter = peopleFilter(ctx.db, { workspaceId: a.workspaceId, ...a.filters }, a.pointer);
  const grouped = (page: Page<Person>) => ({ ...page, rows: withGroups(ctx.db, a.workspaceId, page.rows) });
  return filter.where ? reads.scan(ctx.db, ctx.readers, filter, a.page).then(grouped) : grouped(reads.page(ctx.db, filter, a.page));
}

/**
 * Applies the given fields; custom values are merged (null removes one),
 * groups replaced. A new address clears the sendability verdict, which was
 * about the old one; the same address in other letter case keeps it.
 */
export function updatePerson(ctx: Ctx, a: PersonWrite & { id: string }): PersonRecord {
  const updated = ctx.db.transaction((tx) => {
    const v = checked(tx, a, false);
    const now = ctx.clock.now();
    const set: Record<string, unknown> = { updatedAt: now };
    for (const k of ["givenName", "familyName", "company", "telephones", "timezone", "privateNotes"] as const) {
      if (v[k] !== undefined) set[k] = v[k];
    }
    if (v.email !== undefined) {
      const keep = (column: SQLiteColumn) => sql`CASE WHEN ${people.emailKey} IS ${v.emailKey} THEN ${column} ELSE NULL END`;
      Object.assign(set, {
        email: v.email,
        emailKey: v.emailKey,
        emailDomain: v.emailDomain,
        emailSendable: keep(people.emailSendable),
        sendableReason: keep(people.sendableReason),
        verifiedAt: keep(people.verifiedAt),
      });
    }
    if (v.customFields === null) set.customFields = null;
    else if (v.customFields && Object.keys(v.customFields).length) {
      // RFC 7396 merge in the statement itself: null removes a key
      set.customFields = sql`nullif(json_patch(coalesce(${people.customFields}, '{}'), ${JSON.stringify(v.customFields)}), '{}')`;
    }
    let person: Person | undefined;
    try {
      person = tx.update(people).set(set).where(and(eq(people.workspaceId, a.workspaceId), eq(people.id, a.id))).returning().get();
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(tx, a.workspaceId, v.emailKey!);
      throw err;
    }
    if (!person) throw notFound("person");
    if (a.groupIds) replaceMemberships(tx, { workspaceId: a.workspaceId, personId: a.id, groupIds: a.groupIds, now });
    return person;
  });
  return withGroups(ctx.db, a.workspaceId, [updated])[0]!;
}

/** Enrollments (in any state) keep their person: a campaign's history and figures name them (SPEC). */
function enrollmentCount(db: DbOrTx, a: { workspaceId: string; personId: string }): number {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(enrollments)
    .where(and(eq(enrollments.workspaceId, a.workspaceId), eq(enrollments.personId, a.personId)))
    .get()!.n;
}

/** Deletes a person nothing else names (see person-references.ts), with their memberships. */
export function deletePerson(ctx: Ctx, a: { workspaceId: string; id: string }): void {
  ctx.db.transaction((tx) => {
    getPerson(ctx, a);
    const refs = personReferences(tx, { workspaceId: a.workspaceId, personId: a.id });
    const enrolled = enrollmentCount(tx, { workspaceId: a.workspaceId, personId: a.id });
    if (enrolled) refs.push({ name: "enrollments", count: enrolled });
    if (refs.length) {
      const what = refs.map((r) => `${r.count} ${r.name}`).join(" and ");
      throw new DomainError("invalid_state", `The person has ${what}, which keep them; they cannot be deleted.`);
    }
    tx.delete(personGroups).where(and(eq(personGroups.workspaceId, a.workspaceId), eq(personGroups.personId, a.id))).run();
    tx.delete(people).where(and(eq(people.workspaceId, a.workspaceId), eq(people.id, a.id))).run();
  });
}

export interface PeopleListFilters {
  email?: string;
  status?: PersonStatus;
  groupId?: string;
  segmentId?: string;
  source?: PersonSource;
  importId?: string;
  /** Milliseconds; people changed strictly after it. */
  updatedAfter?: number;
}

/**
 * The conditions of a people list (GET /v1/people, exports): each filter
 * given. A named group or segment must exist (404); `segmentId` composes the
 * segment's compiled filter, so it matches people as they are now. `pointer`
 * names a filter in a field error (default: the query parameter).
 */
export function peopleFilter(db: Db, a: { workspaceId: string } & PeopleListFilters, pointer = (name: string) => `?${name}`): ScanFilter {
  const ws = a.workspaceId;
  let key: string | undefined;
  if (a.email !== undefined) {
    const e = parseEmail(a.email);
    if (!e.ok) throw invalidField(pointer("email"), "format", `email is not a valid address: ${e.message}.`);
    key = emailKey(e.email);
  }
  let inGroup: SQL | undefined;
  if (a.groupId !== undefined) {
    getGroup(db, { workspaceId: ws, id: a.groupId });
    const members = db
      .select({ id: personGroups.personId })
      .from(personGroups)
      .where(and(eq(personGroups.groupId, a.groupId), eq(personGroups.workspaceId, ws)));
    inGroup = inArray(people.id, members);
  }
  return {
    workspaceId: ws,
    equal: { emailKey: key, status: a.status, source: a.source, importId: a.importId },
    where: and(
      a.updatedAfter !== undefined ? gt(people.updatedAt, a.updatedAfter) : undefined,
      inGroup,
      a.segmentId !== undefined ? segmentCondition(db, getSegment(db, { workspaceId: ws, id: a.segmentId })) : undefined,
    ),
  };
}
