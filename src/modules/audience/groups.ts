// Groups: static lists of people. Membership changes through the person
// (PATCH group_ids) and through imports; deleting a group removes only its
// memberships.
import { and, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { groups, personGroups } from "../../db/schema";
import { notFound, type FieldError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { assertText, normalizeLineBreaks } from "../../lib/text";
import type { GroupRecord } from "../../representations/group";

export type Group = typeof groups.$inferSelect;
export type { GroupRecord } from "../../representations/group";

const reads = tableReads(groups);

/** Each group with its member count. */
function withCounts(db: Db, workspaceId: string, rows: Group[]): GroupRecord[] {
  const counts = memberCounts(db, workspaceId, rows.map((g) => g.id));
  return rows.map((g) => ({ ...g, peopleCount: counts.get(g.id)! }));
}

export function listGroups(ctx: Ctx, a: { workspaceId: string; page: PageRequest }): Page<GroupRecord> {
  const page = reads.page(ctx.db, { workspaceId: a.workspaceId }, a.page);
  return { ...page, rows: withCounts(ctx.db, a.workspaceId, page.rows) };
}

/** The text policy (src/lib/text.ts): a name is single-line, a description multi-line (stored with LF). */
function checkGroupText(a: { name?: string; description?: string | null }): string | null | undefined {
  if (a.name !== undefined) assertText("single-line", a.name, "/name");
  if (a.description == null) return a.description;
  assertText("multi-line", a.description, "/description");
  return normalizeLineBreaks(a.description);
}

export function createGroup(ctx: Ctx, a: { workspaceId: string; name: string; description?: string | null }): GroupRecord {
  const description = checkGroupText(a);
  const now = ctx.clock.now();
  const row = ctx.db
    .insert(groups)
    .values({ id: newId("grp"), workspaceId: a.workspaceId, name: a.name, description: description ?? null, createdAt: now, updatedAt: now })
    .returning()
    .get();
  return { ...row, peopleCount: 0 };
}

/** The workspace's group (404 otherwise). Valid inside a transaction too (same connection). */
export function getGroup(db: Db, a: { workspaceId: string; id: string }): Group {
  const row = reads.get(db, a.workspaceId, a.id);
  if (!row) throw notFound("group");
  return row;
}

export function getGroupRecord(ctx: Ctx, a: { workspaceId: string; id: string }): GroupRecord {
  return withCounts(ctx.db, a.workspaceId, [getGroup(ctx.db, a)])[0]!;
}

export function updateGroup(ctx: Ctx, a: { workspaceId: string; id: string; name?: string; description?: string | null }): GroupRecord {
  const description = checkGroupText(a);
  const patch: Partial<Group> = { updatedAt: ctx.clock.now() };
  if (a.name !== undefined) patch.name = a.name;
  if (description !== undefined) patch.description = description;
  const row = ctx.db.update(groups).set(patch).where(and(eq(groups.workspaceId, a.workspaceId), eq(groups.id, a.id))).returning().get();
  if (!row) throw notFound("group");
  return withCounts(ctx.db, a.workspaceId, [row])[0]!;
}

/** Deletes the group and its memberships; the people stay. */
export function deleteGroup(ctx: Ctx, a: { workspaceId: string; id: string }): void {
  ctx.db.transaction((tx) => {
    const gone = tx.delete(groups).where(and(eq(groups.workspaceId, a.workspaceId), eq(groups.id, a.id))).returning({ id: groups.id }).get();
    if (!gone) throw notFound("group");
    tx.delete(personGroups).where(and(eq(personGroups.workspaceId, a.workspaceId), eq(personGroups.groupId, a.id))).run();
  });
}

// Raw statements: the people and groups of every read and page (one id: an
// index seek; several: the ids travel as one JSON array).
function membershipStatements(db: Db) {
  return preparedOnce(db, "person_groups.reads", () => ({
    count: db.$client.prepare<{ n: number }, [string, string]>("SELECT count(*) AS n FROM person_groups WHERE group_id = ?1 AND workspace_id = ?2"),
    counts: db.$client.prepare<{ groupId: string; n: number }, [string, string]>(
      "SELECT group_id AS groupId, count(*) AS n FROM person_groups WHERE group_id IN (SELECT value FROM json_each(?1)) AND workspace_id = ?2 GROUP BY group_id",
    ),
    groupsOf: db.$client.prepare<{ groupId: string }, [string, string]>("SELECT group_id AS groupId FROM person_groups WHERE person_id = ?1 AND workspace_id = ?2 ORDER BY group_id"),
    groupsOfMany: db.$client.prepare<{ personId: string; groupId: string }, [string, string]>(
      "SELECT person_id AS personId, group_id AS groupId FROM person_groups WHERE person_id IN (SELECT value FROM json_each(?1)) AND workspace_id = ?2 ORDER BY person_id, group_id",
    ),
  }));
}

/** Members per group (exact). */
export function memberCounts(db: Db, workspaceId: string, groupIds: string[]): Map<string, number> {
  const s = membershipStatements(db);
  if (groupIds.length === 1) return new Map([[groupIds[0]!, s.count.get(groupIds[0]!, workspaceId)!.n]]);
  const out = new Map(groupIds.map((id) => [id, 0]));
  if (groupIds.length) for (const r of s.counts.all(JSON.stringify(groupIds), workspaceId)) out.set(r.groupId, r.n);
  return out;
}

/** Field errors for ids that are no group of the workspace; `pointerOf(i)` names the i-th id. */
export function unknownGroups(db: DbOrTx, workspaceId: string, ids: string[], pointerOf: (i: number) => string): FieldError[] {
  if (!ids.length) return [];
  const found = new Set(
    db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.workspaceId, workspaceId), inArray(groups.id, [...new Set(ids)])))
      .all()
      .map((r) => r.id),
  );
  return ids.flatMap((id, i) => (found.has(id) ? [] : [{ pointer: pointerOf(i), code: "unknown", detail: `${id} is not a group of this workspace.` }]));
}

/** Makes the person a member of exactly these groups (ids already checked). */
export function replaceMemberships(db: DbOrTx, a: { workspaceId: string; personId: string; groupIds: string[]; now: number }): void {
  db.delete(personGroups).where(and(eq(personGroups.workspaceId, a.workspaceId), eq(personGroups.personId, a.personId))).run();
  const ids = [...new Set(a.groupIds)];
  if (ids.length) {
    db.insert(personGroups)
      .values(ids.map((groupId) => ({ workspaceId: a.workspaceId, groupId, personId: a.personId, createdAt: a.now })))
      .run();
  }
}

/** Group ids of each person, in creation order of the groups. */
export function groupIdsOf(db: Db, workspaceId: string, personIds: string[]): Map<string, string[]> {
  const s = membershipStatements(db);
  if (personIds.length === 1) return new Map([[personIds[0]!, s.groupsOf.all(personIds[0]!, workspaceId).map((r) => r.groupId)]]);
  const out = new Map(personIds.map((id) => [id, [] as string[]]));
  if (personIds.length) for (const r of s.groupsOfMany.all(JSON.stringify(personIds), workspaceId)) out.get(r.personId)!.push(r.groupId);
  return out;
}
