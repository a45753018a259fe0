// An export file written from a list service: keyset batches by id (oldest
// first), each row as API B shows it — JSONL = one object a line, CSV = a
// header, then one line of cells per row. Memory stays at one batch, and each
// batch is one slice of the main thread.
import type { ExportFormat } from "../../../db/schema";
import type { Page, PageRequest } from "../../../db/queries";
import { yieldToEventLoop } from "../../../lib/slices";
import { csvLine } from "../csv/writer";

const BATCH = 250;

export interface ListFile<Row> {
  read: (page: PageRequest) => Page<Row> | Promise<Page<Row>>;
  /** The row as API B shows it (the JSONL line). */
  view: (row: Row) => Record<string, any>;
  header: readonly string[];
  /** The CSV cells of a view, in the header's order. */
  cells: (v: Record<string, any>) => unknown[];
}

export async function writeListFile<Row>(w: ListFile<Row>, a: { format: ExportFormat; path: string; afterBatch: (rows: number) => void }): Promise<{ rows: number; bytes: number }> {
  const sink = Bun.file(a.path).writer();
  let rows = 0;
  let bytes = 0;
  const write = async (text: string) => {
    sink.write(text);
    bytes += Buffer.byteLength(text);
    await sink.flush();
  };
  try {
    if (a.format === "csv") await write(csvLine(w.header));
    let after: string | undefined;
    for (;;) {
      const page = await w.read({ after, order: "asc", limit: BATCH });
      if (!page.rows.length) break;
      let text = "";
      for (const row of page.rows) {
        const v = w.view(row);
        text += a.format === "jsonl" ? JSON.stringify(v) + "\n" : csvLine(w.cells(v));
      }
      await write(text);
      rows += page.rows.length;
      a.afterBatch(rows);
      if (page.next === null) break;
      after = page.next;
      // let every waiting request in before the next batch
      await yieldToEventLoop();
    }
  } finally {
    await sink.end();
  }
  return { rows, bytes };
}
