// Raw CSV parse rate: Nearbound's streaming reader vs csv-parse on the same bytes.
// Both are fed the same 64 KiB chunks; median of 5 runs each.
// Usage: bun scripts/bench/csv-parse.ts [rows=100000]

import { parse } from "csv-parse";
import { readCsvRecords } from "../../src/modules/audience/csv/reader.ts";
import { generatePeopleCsv } from "./csv-data.ts";

const ROWS = Number(process.argv[2] ?? 100_000);
const CHUNK = 64 * 1024;
const RUNS = 5;

function* chunks(bytes: Uint8Array): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += CHUNK) yield bytes.subarray(i, i + CHUNK);
}

async function runReader(bytes: Uint8Array): Promise<number> {
  let n = 0;
  async function* source() {
    yield* chunks(bytes);
  }
  for await (const row of readCsvRecords(source())) {
    if ("error" in row) throw new Error(`line ${row.line}: ${row.error.code}`);
    n++;
  }
  return n;
}

async function runCsvParse(bytes: Uint8Array): Promise<number> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true });
  let n = 0;
  const done = new Promise<void>((resolve, reject) => {
    parser.on("readable", () => {
      while (parser.read() !== null) n++;
    });
    parser.on("error", reject);
    parser.on("end", resolve);
  });
  for (const c of chunks(bytes)) parser.write(Buffer.from(c.buffer, c.byteOffset, c.length));
  parser.end();
  await done;
  return n;
}

async function measure(name: string, bytes: Uint8Array, run: (b: Uint8Array) => Promise<number>) {
  const times: number[] = [];
  let rows = 0;
  for (let r = 0; r < RUNS; r++) {
    Bun.gc(true); // Why: keep one run's garbage out of the next run's timing
    const t0 = performance.now();
    rows = await run(bytes);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const sec = times[Math.floor(RUNS / 2)] / 1000;
  const rate = Math.round(rows / sec);
  const mbs = bytes.length / 1048576 / sec;
  console.log(
    `${name.padEnd(12)} ${rows} records  median ${(sec * 1000).toFixed(0)} ms  ` +
      `${rate.toLocaleString("en-US")} rows/s  ${mbs.toFixed(1)} MiB/s`,
  );
}

const bytes = generatePeopleCsv(ROWS);
console.log(`input: ${ROWS} rows, ${(bytes.length / 1048576).toFixed(2)} MiB, ${CHUNK / 1024} KiB chunks, ${RUNS} runs`);
await measure("reader", bytes, runReader);
await measure("csv-parse", bytes, runCsvParse);
