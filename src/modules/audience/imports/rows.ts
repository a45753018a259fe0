// Source rows of an import: a CSV record or a JSON element turned into the
// PersonInput every write path checks (person-input.ts), plus what only
// imports carry (a primary telephone cell, group ids). Problems found here are
// the row's own (ragged, undecodable); field problems come from the check.
// Warnings are not problems of the row: a quoted line break in a single-line
// cell is folded to a space (src/lib/text.ts) and the row is imported.
import { foldLineBreaks } from "../../../lib/text";
import type { CsvColumn, HeaderMapping } from "../csv/headers";
import type { CsvRow } from "../csv/reader";
import { FORMULA_GUARD } from "../csv/writer";
import { escapePointer, type PersonInput } from "../person-input";

export interface Problem {
  row: number | null;
  column: string | null;
  code: string;
  detail: string;
}

export interface SourceRow {
  /** CSV: the record number (header = 1, empty lines not counted); JSON: position in `people` (first = 1). */
  line: number;
  input: PersonInput | null;
  /** A primary telephone (CSV `telephone`/`phone` column): put first, the others kept. */
  telephone?: string;
  groupIds?: unknown;
  problems: Problem[];
  /** What was changed in the row to fit the text policy (line_break_folded): reported, the row is not failed by them. */
  warnings?: Problem[];
  /** Characters the row holds, to bound a batch's memory. */
  size: number;
  /** The column a field pointer such as "/custom_fields/plan" names in this source. */
  columnOf(pointer: string): string;
}

const FIELD_INPUT = {
  email: "email",
  given_name: "givenName",
  family_name: "familyName",
  company: "company",
  telephones: "telephones",
  timezone: "timezone",
  private_notes: "privateNotes",
} as const satisfies Record<string, keyof PersonInput>;

/** A warning's code: a line break in a single-line cell became a space. */
export const LINE_BREAK_FOLDED = "line_break_folded";

/** Maps CSV records through the header mapping; built once per file. */
export class CsvRowMapper {
  private readonly labels = new Map<string, string>(); // pointer root → header name
  // per column: its header name when its cells are single-line text that a line break is folded in, else null.
  // Addresses are refused instead (a line break in one is no typing accident), notes keep theirs (multi-line).
  private readonly folded: (string | null)[];

  constructor(
    header: string[],
    private readonly mapping: HeaderMapping,
  ) {
    mapping.columns.forEach((c, i) => {
      const name = header[i]!.trim();
      if (c.kind === "field") this.labels.set(c.field, name);
      else if (c.kind === "custom") this.labels.set(`custom_fields/${escapePointer(c.key)}`, name);
      else if (c.kind === "group_ids") this.labels.set("group_ids", name);
    });
    this.folded = mapping.columns.map((c, i) => ((c.kind === "field" && c.field !== "email" && c.field !== "private_notes") || c.kind === "custom" ? header[i]!.trim() : null));
  }

  readonly columnOf = (pointer: string): string => {
    const parts = pointer.split("/").slice(1);
    const key = parts[0] === "custom_fields" ? `custom_fields/${parts[1]}` : parts[0]!;
    return this.labels.get(key) ?? key;
  };

  /** Header problems (unknown or repeated columns): reported on row 1, nothing fails. */
  headerProblems(): Problem[] {
    return this.mapping.problems.map((p) => ({ row: 1, column: p.column.trim(), code: p.code, detail: p.detail }));
  }

  map(rec: CsvRow): SourceRow {
    const row: SourceRow = { line: rec.line, input: null, problems: [], size: 0, columnOf: this.columnOf };
    if ("error" in rec) {
      row.problems.push({ row: rec.line, column: null, code: rec.error.code, detail: rec.error.detail });
      return row;
    }
    const cols: CsvColumn[] = this.mapping.columns;
    const f = rec.fields;
    // Trailing empty cells (a trailing comma) are tolerated; anything else is a broken row.
    if (f.length < cols.length || (f.length > cols.length && f.slice(cols.length).some((c) => c.trim() !== ""))) {
      row.problems.push({ row: rec.line, column: null, code: "ragged_row", detail: `the record has ${f.length} fields; the header has ${cols.length}` });
      return row;
    }
    const input: PersonInput = {};
    let custom: Record<string, string> | undefined;
    for (let i = 0; i < cols.length; i++) {
      let cell = f[i]!;
      row.size += cell.length;
      // a spreadsheet's text prefix (our exports write it before formula-like cells) is not part of the value
      if (cell.charCodeAt(0) === 39 && FORMULA_GUARD.test(cell)) cell = cell.slice(1);
      // An empty cell changes nothing: only non-empty cells overwrite.
      if (cell.trim() === "") continue;
      const c = cols[i]!;
      const column = this.folded[i];
      if (column != null) {
        const one = foldLineBreaks(cell);
        if (one !== cell) {
          (row.warnings ??= []).push({ row: rec.line, column, code: LINE_BREAK_FOLDED, detail: "a line break in this single-line field was replaced by a space" });
          cell = one;
        }
      }
      if (c.kind === "field") {
        if (c.field === "telephone") row.telephone = cell;
        else input[FIELD_INPUT[c.field]] = cell;
      } else if (c.kind === "custom") (custom ??= {})[c.key] = cell;
      else if (c.kind === "group_ids") row.groupIds = cell.split(/[;,\s]+/).filter((s) => s !== "");
    }
    if (custom) input.customFields = custom;
    row.input = input;
    return row;
  }
}

/** Pointers inside one JSON element name the column: "/people/3/email". */
export function jsonRow(index: number, element: Record<string, unknown>): SourceRow {
  const input: PersonInput = {};
  for (const [field, key] of Object.entries(FIELD_INPUT)) if (element[field] !== undefined) input[key] = element[field];
  if (element.custom_fields !== undefined) input.customFields = element.custom_fields;
  const prefix = `/people/${index}`;
  return { line: index + 1, input, groupIds: element.group_ids, problems: [], size: 0, columnOf: (p) => prefix + p };
}
