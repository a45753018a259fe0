// Segments: saved filters over people (segment-filter.ts). The filter is
// checked against the workspace's fields and groups on every write, and the
// custom fields it names are recorded so such a field cannot be deleted.
import { and, eq, type SQL } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Db, DbOrTx } from "../../db/client";
import { countScan, tableReads, type Page, type PageRequest } from "../../db/queries";
import { people, segmentFields, segments } from "../../db/schema";
import { invalidFields, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { assertText } from "../../lib/text";
import { fieldMap } from "./fields";
import { unknownGroups } from "./groups";
import { compileSegmentFilter, validateSegmentFilter } from "./segment-filter";
import type { SegmentRecord } from "../../representations/segment";

export type Segment = typeof segments.$inferSelect;
export type { SegmentRecord } from "../../representations/segment";

const reads = tableReads(segments);

/** The segment with the people its filter matches now, counted up to 10,000 on a reader thread (a filter may read every person). */
async function counted(ctx: Ctx, s: Segment): Promise<SegmentRecord> {
  return { ...s, peopleCount: await countScan(ctx.db, ctx.readers, people, segmentPeopleWhere(ctx.db, s)) };
}

export function listSegments(ctx: Ctx, a: { workspaceId: string; page: PageRequest }): Page<Segment> {
  return reads.page(ctx.db, { workspaceId: a.workspaceId }, a.page);
}

export function getSegmentCounted(ctx: Ctx, a: { workspaceId: string; id: string }): Promise<SegmentRecord> {
  return counted(ctx, getSegment(ctx.db, a));
}

/** Checks a filter (422 with pointers under /filter) and records the fields it names. */
function saveFilter(tx: DbOrTx, a: { workspaceId: string; segmentId: string; filter: unknown }): void {
  const fields = fieldMap(tx, a.workspaceId);
  const check = validateSegmentFilter(a.filter, { fields });
  const errors = check.errors.length ? check.errors : unknownGroups(tx, a.workspaceId, check.groupIds.map((g) => g.id), (i) => check.groupIds[i]!.pointer);
  if (errors.length) throw invalidFields(errors);
  tx.delete(segmentFields).where(and(eq(segmentFields.workspaceId, a.workspaceId), eq(segmentFields.segmentId, a.segmentId))).run();
  if (check.fieldKeys.length) {
    tx.insert(segmentFields)
      .values(check.fieldKeys.map((k) => ({ workspaceId: a.workspaceId, segmentId: a.segmentId, fieldId: fields.get(k)!.id })))
      .run();
  }
}

export function createSegment(ctx: Ctx, a: { workspaceId: string; name: string; filter: Record<string, unknown> }): Promise<SegmentRecord> {
  assertText("single-line", a.name, "/name");
  const s = ctx.db.transaction((tx) => {
    const id = newId("seg");
    saveFilter(tx, { workspaceId: a.workspaceId, segmentId: id, filter: a.filter });
    const now = ctx.clock.now();
    return tx.insert(segments).values({ id, workspaceId: a.workspaceId, name: a.name, filter: a.filter, createdAt: now, updatedAt: now }).returning().get();
  });
  return counted(ctx, s);
}

/** The workspace's segment (404 otherwise). Valid inside a transaction too (same connection). */
export function getSegment(db: Db, a: { workspaceId: string; id: string }): Segment {
  const row = reads.get(db, a.workspaceId, a.id);
  if (!row) throw notFound("segment");
  return row;
}

export function updateSegment(ctx: Ctx, a: { workspaceId: string; id: string; name?: string; filter?: Record<string, unknown> }): Promise<SegmentRecord> {
  if (a.name !== undefined) assertText("single-line", a.name, "/name");
  const s = ctx.db.transaction((tx) => {
    getSegment(ctx.db, a);
    const patch: Partial<Segment> = { updatedAt: ctx.clock.now() };
    if (a.name !== undefined) patch.name = a.name;
    if (a.filter !== undefined) {
      saveFilter(tx, { workspaceId: a.workspaceId, segmentId: a.id, filter: a.filter });
      patch.filter = a.filter;
    }
    return tx.update(segments).set(patch).where(and(eq(segments.workspaceId, a.workspaceId), eq(segments.id, a.id))).returning().get()!;
  });
  return counted(ctx, s);
}

/** Deletes the segment; people are untouched. */
export function deleteSegment(ctx: Ctx, a: { workspaceId: string; id: string }): void {
  ctx.db.transaction((tx) => {
    const gone = tx.delete(segments).where(and(eq(segments.workspaceId, a.workspaceId), eq(segments.id, a.id))).returning({ id: segments.id }).get();
    if (!gone) throw notFound("segment");
    tx.delete(segmentFields).where(and(eq(segmentFields.workspaceId, a.workspaceId), eq(segmentFields.segmentId, a.id))).run();
  });
}

/** The people the segment matches now, as a condition on the people table (without the workspace condition). */
export function segmentCondition(db: DbOrTx, segment: Segment): SQL {
  return compileSegmentFilter(segment.filter, { workspaceId: segment.workspaceId, fields: fieldMap(db, segment.workspaceId) });
}

/** WHERE for counting or listing the segment's people. */
export function segmentPeopleWhere(db: DbOrTx, segment: Segment): SQL {
  return and(eq(people.workspaceId, segment.workspaceId), segmentCondition(db, segment))!;
}
