// The error report of an import: every problem as CSV (row, column, code,
// detail), streamed from import_problems a page at a time.
import type { Ctx } from "../../../context";
import { csvLine } from "../csv/writer";
import { problemsOf } from "./imports";

const PAGE = 1000;

export function errorReportStream(ctx: Ctx, a: { workspaceId: string; importId: string }): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let after: number | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      let text = started ? "" : csvLine(["row", "column", "code", "detail"]);
      started = true;
      const rows = problemsOf(ctx, { ...a, afterSeq: after, limit: PAGE });
      for (const r of rows) {
        text += csvLine([r.row, r.column, r.code, r.detail]);
        after = r.seq;
      }
      if (text) controller.enqueue(enc.encode(text));
      if (rows.length < PAGE) controller.close();
    },
  });
}
