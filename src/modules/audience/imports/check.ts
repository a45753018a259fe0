// The checks of an import row that need no database (its own problems, its
// fields through checkPersonInput, its primary telephone), apart from the group
// check that does: the CSV import runs the first in its worker
// (import-worker.ts) and the group check on the main thread, in that order, so
// a row's problems come out as one checkRow (apply.ts) would list them.
import type { CustomField } from "../custom-values";
import { checkPersonInput, normalizeTelephone, type PersonColumns } from "../person-input";
import type { Problem, SourceRow } from "./rows";

export interface ValidRow {
  line: number;
  values: PersonColumns & { email: string; emailKey: string; emailDomain: string };
  telephone: string | null;
  groupIds: string[];
  /** The custom values as JSON text when they hold no null (values.customFields is then left undefined): from the worker. */
  customText?: string;
}

/** A row past the database-free checks: its values, or the field problems found so far (the group check may add more). */
export interface FieldsChecked {
  values: ValidRow["values"];
  telephone: string | null;
  problems: Problem[];
  /** Reported whether the row is applied or not, never failing it (a folded line break). */
  warnings: Problem[];
}

/** The row's own problems (ragged, undecodable: nothing else is checked), or its fields checked. */
export function checkFields(row: SourceRow, fields: Map<string, CustomField>, fromText: boolean): { own: Problem[] } | FieldsChecked {
  if (row.problems.length || !row.input) return { own: row.problems };
  const found: Problem[] = [];
  const add = (pointer: string, code: string, detail: string) => found.push({ row: row.line, column: row.columnOf(pointer), code, detail });
  const { values, errors } = checkPersonInput(row.input, { fields, fromText, requireEmail: true });
  for (const e of errors) add(e.pointer, e.code, e.detail);
  let telephone: string | null = null;
  if (row.telephone !== undefined) {
    telephone = normalizeTelephone(row.telephone);
    if (!telephone) add("/telephone", "format", `"${row.telephone.slice(0, 40)}" is not an E.164 telephone number (+ country code and number).`);
  }
  return { values: values as ValidRow["values"], telephone, problems: found, warnings: row.warnings ?? [] };
}

/** The row's group ids that name groups of the workspace; the others become problems in `found`. */
export function checkGroups(
  groupIds: unknown,
  line: number,
  opts: { fromText: boolean; isGroup: (id: string) => boolean },
  columnOf: (pointer: string) => string,
  found: Problem[],
): string[] {
  const ids: string[] = [];
  if (groupIds == null) return ids;
  const add = (pointer: string, code: string, detail: string) => found.push({ row: line, column: columnOf(pointer), code, detail });
  if (!Array.isArray(groupIds)) add("/group_ids", "type", "group_ids must be an array of group ids.");
  else
    groupIds.forEach((g: unknown, i) => {
      if (typeof g === "string" && opts.isGroup(g)) ids.push(g);
      else add(opts.fromText ? "/group_ids" : `/group_ids/${i}`, "unknown", `${String(g).slice(0, 40)} is not a group of this workspace.`);
    });
  return ids;
}
