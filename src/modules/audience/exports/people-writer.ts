// Writes the people an export selects, in keyset batches by id (oldest
// first), each person as API B shows it: JSONL = one Person object a line;
// CSV = its fields as columns (lists joined by ";"), then one `custom.<key>`
// column per custom field — names the importer maps back.
import type { Ctx } from "../../../context";
import type { ExportFormat } from "../../../db/schema";
// The file holds the API's own representation of each person.
import { personView } from "../../../representations/person";
import { csvLine } from "../csv/writer";
import { fieldMap } from "../fields";
import { listPeople, type PeopleListFilters } from "../people";
import { yieldToEventLoop } from "../../../lib/slices";

const BATCH = 250;

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

export async function writePeople(
  ctx: Ctx,
  a: { workspaceId: string; filters: PeopleListFilters; format: ExportFormat; path: string; afterBatch: (rows: number) => void },
): Promise<{ rows: number; bytes: number }> {
  const customKeys = [...fieldMap(ctx.db, a.workspaceId).keys()].sort();
  const sink = Bun.file(a.path).writer();
  let rows = 0;
  let bytes = 0;
  const write = async (text: string) => {
    sink.write(text);
    bytes += Buffer.byteLength(text);
    await sink.flush(); // memory stays at one batch
  };
  try {
    if (a.format === "csv") await write(csvLine([...CSV_COLUMNS, ...customKeys.map((k) => `custom.${k}`)]));
    let after: string | undefined;
    for (;;) {
      const page = await listPeople(ctx, { workspaceId: a.workspaceId, filters: a.filters, page: { after, order: "asc", limit: BATCH } });
      const batch = page.rows;
      if (!batch.length) break;
      let text = "";
      for (const p of batch) {
        const b = personView(p);
        if (a.format === "jsonl") text += JSON.stringify(b) + "\n";
        else {
          const cells: unknown[] = CSV_COLUMNS.map((c) => (Array.isArray(b[c]) ? (b[c] as string[]).join(";") : b[c]));
          for (const k of customKeys) cells.push(b.custom_fields?.[k]);
          text += csvLine(cells);
        }
      }
      await write(text);
      rows += batch.length;
      a.afterBatch(rows);
      if (page.next === null) break;
      after = page.next;
      // one batch is one slice of the main thread: let every waiting request in before the next
      await yieldToEventLoop();
    }
  } finally {
    await sink.end();
  }
  return { rows, bytes };
}
