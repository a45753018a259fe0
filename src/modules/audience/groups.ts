// Groups: static lists of people. Membership changes through the person
// (PATCH group_ids) and through imports; deleting a group removes only its
// memberships.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Ctx } from "../../context";
import type { DbOrTx } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { groups, personGroups } from "../../db/schema";
import { notFound, type FieldError } from "../../lib/errors";
import { newId } from "../../lib/ids";

export type Group = typeof groups.$inferSelect;

export function createGroup(ctx: Ctx, a: { workspaceId: string; name: string; description?: string | null }): Group {
  const now = ctx.clock.now();
  return ctx.db
    .insert(groups)
    .values({ id: newId("grp"), workspaceId: a.workspaceId, name: a.name, description: a.description ?? null, createdAt: now, updatedAt: now })
    .returning()
    .get();
}

export function getGroup(db: DbOrTx, a: { workspaceId: string; id: string }): Group {
  const row = db.select().from(groups).where(and(eq(groups.workspaceId, a.workspaceId), eq(groups.id, a.id))).get();
  if (!row) throw notFound("group");
  return row;
}

/** The list filter as equality conditions (listPage's prepared path). */
export function groupFilter(a: { workspaceId: string }): [SQLiteColumn, unknown][] {
  return [[groups.workspaceId, a.workspaceId]];
}

export function updateGroup(ctx: Ctx, a: { workspaceId: string; id: string; name?: string; description?: string | null }): Group {
  const patch: Partial<Group> = { updatedAt: ctx.clock.now() };
  if (a.name !== undefined) patch.name = a.name;
  if (a.description !== undefined) patch.description = a.description;
  const row = ctx.db.update(groups).set(patch).where(and(eq(groups.workspaceId, a.workspaceId), eq(groups.id, a.id))).returning().get();
  if (!row) throw notFound("group");
  return row;
}

/** Deletes the group and its memberships; the people stay. */
export function deleteGroup(ctx: Ctx, a: { workspaceId: string; id: string }): void {
  ctx.db.transaction((tx) => {
    const gone = tx.delete(groups).where(and(eq(groups.workspaceId, a.workspaceId), eq(groups.id, a.id))).returning({ id: groups.id }).get();
    if (!gone) throw notFound("group");
    tx.delete(personGroups).where(and(eq(personGroups.workspaceId, a.workspaceId), eq(personGroups.groupId, a.id))).run();
  });
}

/** Members per group (exact; an index range count per group). */
export function memberCounts(db: DbOrTx, workspaceId: string, groupIds: string[]): Map<string, number> {
  const out = new Map(groupIds.map((id) => [id, 0]));
  if (!groupIds.length) return out;
  const rows = db
    .select({ groupId: personGroups.groupId, n: sql<number>`count(*)` })
    .from(personGroups)
    .where(and(inArray(personGroups.groupId, groupIds), eq(personGroups.workspaceId, workspaceId)))
    .groupBy(personGroups.groupId)
    .all();
  for (const r of rows) out.set(r.groupId, r.n);
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

/** Group ids of each person, in creation order of the groups (prepared once: ids travel as one JSON array). */
export function groupIdsOf(ctx: Ctx, workspaceId: string, personIds: string[]): Map<string, string[]> {
  const out = new Map(personIds.map((id) => [id, [] as string[]]));
  if (!personIds.length) return out;
  const q = preparedOnce(ctx.db, "person_groups.of_people", () =>
    ctx.db
      .select({ personId: personGroups.personId, groupId: personGroups.groupId })
      .from(personGroups)
      .where(and(sql`${personGroups.personId} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`, eq(personGroups.workspaceId, sql.placeholder("ws"))))
      .orderBy(personGroups.personId, personGroups.groupId)
      .prepare(),
  );
  for (const r of q.all({ ids: JSON.stringify(personIds), ws: workspaceId })) out.get(r.personId)!.push(r.groupId);
  return out;
}
