// The CSV import's worker thread: reads the stored file, maps records through
// the header and runs every check that needs no database, handing the main
// thread checked batches (batch-wire.ts) while it writes the previous ones.
// Batches are cut exactly where the main thread used to cut them, and at most
// `inFlight` wait unapplied: the main thread acknowledges each one it applied.
// Compiled builds list this file as an entrypoint of its own (scripts/build.ts).
import type { CustomField } from "../custom-values";
import { mapHeaders } from "../csv/headers";
import { readCsvRecords } from "../csv/reader";
import { BatchEncoder } from "./batch-wire";
import { CsvRowMapper, type Problem } from "./rows";
import type { WorkerMessage, WorkerStart } from "./worker-source";

declare const self: Worker;

let credits = 0;
let wake: (() => void) | null = null;

self.addEventListener("message", (e: MessageEvent) => {
  const m = e.data as WorkerStart | "ack";
  if (m === "ack") {
    credits++;
    wake?.();
    wake = null;
    return;
  }
  // a new import (this worker is kept between them): its own budget of batches
  credits = m.inFlight;
  run(m).then(
    () => post({ type: "end" }),
    (err: unknown) => post({ type: "error", code: err instanceof HeaderError ? err.code : null, message: err instanceof Error ? err.message : String(err) }),
  );
});

function post(m: WorkerMessage, transfer?: ArrayBuffer[]): void {
  if (transfer) self.postMessage(m, transfer);
  else self.postMessage(m);
}

class HeaderError extends Error {
  readonly code = "invalid_header";
}

async function run(start: WorkerStart): Promise<void> {
  const fields = new Map<string, CustomField>(start.fields);
  const records = readCsvRecords(Bun.file(start.path).stream());
  const first = await records.next();
  if (first.done || "error" in first.value) throw new HeaderError("The CSV header cannot be read.");
  const header = first.value.fields;
  const mapping = mapHeaders(header, [...fields.keys()]);
  if (!mapping.hasEmail) throw new HeaderError("The CSV header has no email column.");
  const mapper = new CsvRowMapper(header, mapping);
  post({ type: "header", groupColumn: mapper.columnOf("/group_ids") });

  const applied = start.appliedLine;
  const encoder = new BatchEncoder(fields, true, start.batchRows);
  // header problems are handed over once, with the first batch
  let extra: Problem[] = applied < 1 ? mapper.headerProblems() : [];
  let chars = 0;
  let flushed = applied; // the resume point of the last batch handed over
  const flush = async (line: number) => {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits--;
    const { batch, transfer } = encoder.take(line, extra);
    post(batch, transfer);
    extra = [];
    chars = 0;
    flushed = line;
  };
  // the header is record 1: applied once the file is opened
  let last = Math.max(applied, 1);
  for await (const rec of records) {
    last = rec.line;
    if (rec.line <= applied) continue; // applied before a restart
    const row = mapper.map(rec);
    encoder.add(row);
    chars += row.size;
    if (encoder.length >= start.batchRows || chars >= start.batchChars) await flush(row.line);
  }
  if (encoder.length || extra.length || last > flushed) await flush(last);
}
