// Writes the people an export selects, in keyset batches by id (oldest
// first), each person as API B shows it: JSONL = one Person object a line;
// CSV = its fields as columns (lists joined by ";"), then one `custom.<key>`
// column per custom field — names the importer maps back.
import type { Ctx } from "../../../context";
import type { ExportFormat } from "../../../db/schema";
// The file holds the API's own representation of each person.
import { personView } from "../../../representations/person";
import { fieldMap } from "../fields";
import { listPeople, type PeopleListFilters } from "../people";
import { writeListFile } from "./list-file";

const CSV_COLUMNS = [
  "id",
  "email",
  "given_name",
  "family_name",
  "company",
  "telephone",
  "telephones",
  "timezone",
  "private_notes",
  "group_ids",
  "status",
  "source",
  "email_domain",
  "email_sendable",
  "score",
  "import_id",
  "archived_at",
  "last_activity_at",
  "created_at",
  "updated_at",
] as const;

export function writePeople(
  ctx: Ctx,
  a: { workspaceId: string; filters: PeopleListFilters; format: ExportFormat; path: string; afterBatch: (rows: number) => void },
): Promise<{ rows: number; bytes: number }> {
  const customKeys = [...fieldMap(ctx.db, a.workspaceId).keys()].sort();
  return writeListFile(
    {
      read: (page) => listPeople(ctx, { workspaceId: a.workspaceId, filters: a.filters, page }),
      view: personView,
      header: [...CSV_COLUMNS, ...customKeys.map((k) => `custom.${k}`)],
      cells: (b) => [...CSV_COLUMNS.map((c) => (Array.isArray(b[c]) ? (b[c] as string[]).join(";") : b[c])), ...customKeys.map((k) => b.custom_fields?.[k])],
    },
    a,
  );
}
