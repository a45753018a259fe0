// Custom fields: typed per-person values keyed by a merge-tag `key`. Key and
// type never change; a field a segment uses cannot be deleted; deleting one
// removes every person's value in the same transaction.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { isUniqueViolation, type Db, type DbOrTx } from "../../db/client";
import { tableReads, type Page, type PageRequest } from "../../db/queries";
import { customFields, people, segmentFields, segments, type CustomFieldType } from "../../db/schema";
import { DomainError, invalidField, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { assertText } from "../../lib/text";
import type { CustomField } from "./custom-values";
import { FIELD_KEY_RE, filterValuesOf, valuePath } from "./segment-filter";

/** GET /v1/fields returns every field in one page, so a workspace holds at most this many. */
export const MAX_FIELDS = 100;
export const MAX_ENUM_OPTIONS = 100;

/** The workspace's fields by key: what value checks and segment filters need. */
export function fieldMap(db: DbOrTx, workspaceId: string): Map<string, CustomField> {
  const rows = db.select().from(customFields).where(eq(customFields.workspaceId, workspaceId)).all();
  return new Map(rows.map((f) => [f.key, f]));
}

function checkOptions(type: CustomFieldType, options: string[] | null | undefined): string[] | null {
  if (type !== "enum") {
    if (options != null) throw invalidField("/options", "invalid", "options apply only to fields of type enum.");
    return null;
  }
  if (!options?.length) throw invalidField("/options", "required", "An enum field needs at least one option.");
  const seen = new Set<string>();
  for (const [i, o] of options.entries()) {
    // options are values, and values become merge tags: single-line text (src/lib/text.ts)
    assertText("single-line", o, `/options/${i}`, `options/${i}`);
    if (o.trim() !== o || o === "") throw invalidField(`/options/${i}`, "format", "An option must be non-empty without surrounding spaces.");
    if (seen.has(o)) throw invalidField(`/options/${i}`, "duplicate", `The option "${o}" is listed twice.`);
    seen.add(o);
  }
  return options;
}

export function createField(ctx: Ctx, a: { workspaceId: string; key: string; label: string; type: CustomFieldType; options?: string[] | null }): CustomField {
  if (!FIELD_KEY_RE.test(a.key)) throw invalidField("/key", "format", "key must start with a-z and hold only a-z, 0-9 and _ (at most 64).");
  assertText("single-line", a.label, "/label");
  const options = checkOptions(a.type, a.options);
  const now = ctx.clock.now();
  return ctx.db.transaction((tx) => {
    const n = tx.select({ n: sql<number>`count(*)` }).from(customFields).where(eq(customFields.workspaceId, a.workspaceId)).get()!.n;
    if (n >= MAX_FIELDS) throw new DomainError("invalid_state", `A workspace has at most ${MAX_FIELDS} custom fields; delete one first.`);
    try {
      return tx
        .insert(customFields)
        .values({ id: newId("fld"), workspaceId: a.workspaceId, key: a.key, label: a.label, type: a.type, options, createdAt: now, updatedAt: now })
        .returning()
        .get();
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError("conflict", `A custom field with the key ${a.key} already exists in this workspace.`);
      throw err;
    }
  });
}

const reads = tableReads(customFields);

export function listFields(ctx: Ctx, a: { workspaceId: string; page: PageRequest }): Page<CustomField> {
  return reads.page(ctx.db, { workspaceId: a.workspaceId }, a.page);
}

/** The workspace's field (404 otherwise). Valid inside a transaction too (same connection). */
export function getField(db: Db, a: { workspaceId: string; id: string }): CustomField {
  const row = reads.get(db, a.workspaceId, a.id);
  if (!row) throw notFound("custom field");
  return row;
}

/** Ids and names of the segments whose filter names this field. */
function segmentsUsing(db: DbOrTx, workspaceId: string, fieldId: string) {
  return db
    .select({ id: segments.id, name: segments.name, filter: segments.filter })
    .from(segmentFields)
    .innerJoin(segments, eq(segments.id, segmentFields.segmentId))
    .where(and(eq(segmentFields.workspaceId, workspaceId), eq(segmentFields.fieldId, fieldId)))
    .all();
}

/**
 * Changes the label and/or the enum options. Removing an option is refused
 * while people hold it or a segment compares with it: their values would no
 * longer be valid.
 */
export function updateField(ctx: Ctx, a: { workspaceId: string; id: string; label?: string; options?: string[] }): CustomField {
  return ctx.db.transaction((tx) => {
    const field = getField(ctx.db, a);
    const patch: Partial<CustomField> = {};
    if (a.label !== undefined) {
      assertText("single-line", a.label, "/label");
      patch.label = a.label;
    }
    if (a.options !== undefined) {
      if (field.type !== "enum") throw invalidField("/options", "invalid", `options apply only to enum fields; ${field.key} is of type ${field.type}.`);
      patch.options = checkOptions("enum", a.options);
      const removed = (field.options ?? []).filter((o) => !a.options!.includes(o));
      if (removed.length) refuseRemovedOptions(tx, a.workspaceId, field, removed);
    }
    return tx
      .update(customFields)
      .set({ ...patch, updatedAt: ctx.clock.now() })
      .where(and(eq(customFields.workspaceId, a.workspaceId), eq(customFields.id, a.id)))
      .returning()
      .get()!;
  });
}

function refuseRemovedOptions(tx: DbOrTx, workspaceId: string, field: CustomField, removed: string[]): void {
  const held = tx
    .select({ n: sql<number>`count(*)` })
    .from(people)
    .where(and(eq(people.workspaceId, workspaceId), inArray(sql`json_extract(${people.customFields}, ${valuePath(field.key)})`, removed)))
    .get()!.n;
  if (held > 0) {
    throw new DomainError("invalid_state", `${held} ${held === 1 ? "person holds" : "people hold"} an option being removed (${removed.join(", ")}); change their values first.`);
  }
  const naming = segmentsUsing(tx, workspaceId, field.id).filter((s) => filterValuesOf(s.filter, `custom.${field.key}`).some((v) => removed.includes(v as string)));
  if (naming.length) {
    throw new DomainError("invalid_state", `Segments compare ${field.key} with an option being removed: ${naming.map((s) => `${s.id} (${s.name})`).join(", ")}.`);
  }
}

/** Deletes a field no segment uses, and every person's value of it. */
export function deleteField(ctx: Ctx, a: { workspaceId: string; id: string }): void {
  ctx.db.transaction((tx) => {
    const field = getField(ctx.db, a);
    const using = segmentsUsing(tx, a.workspaceId, field.id);
    if (using.length) {
      throw new DomainError("invalid_state", `The field ${field.key} is used by segments: ${using.map((s) => `${s.id} (${s.name})`).join(", ")}. Change or delete them first.`);
    }
    const path = valuePath(field.key);
    tx.update(people)
      .set({ customFields: sql`nullif(json_remove(${people.customFields}, ${path}), '{}')`, updatedAt: ctx.clock.now() })
      .where(and(eq(people.workspaceId, a.workspaceId), sql`json_type(${people.customFields}, ${path}) IS NOT NULL`))
      .run();
    tx.delete(customFields).where(and(eq(customFields.workspaceId, a.workspaceId), eq(customFields.id, a.id))).run();
  });
}
