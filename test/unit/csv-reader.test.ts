import { describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { readCsvRecords, splitRecord, type CsvRow } from "../../src/modules/audience/csv/reader.ts";
import { generatePeopleCsv } from "../../scripts/bench/csv-data.ts";

const enc = new TextEncoder();

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function readAll(
  input: string | Uint8Array,
  size = 64 * 1024,
  opts?: { maxFieldBytes?: number },
): Promise<CsvRow[]> {
  const bytes = typeof input === "string" ? enc.encode(input) : input;
  const rows: CsvRow[] = [];
  for await (const row of readCsvRecords(chunked(bytes, size), opts)) rows.push(row);
  return rows;
}

const fields = (rows: CsvRow[]) => rows.map((r) => ("fields" in r ? r.fields : r.error.code));

const bytesOf = (...parts: (string | number[])[]) => {
  const out: number[] = [];
  for (const p of parts) out.push(...(typeof p === "string" ? enc.encode(p) : p));
  return new Uint8Array(out);
};

// Covers every tricky construct at once; used for the chunk-boundary tests.
const TRICKY = bytesOf(
  [0xef, 0xbb, 0xbf],
  'email,name,notes\r\n',
  'a@x.com,Zoë Ångström,"line one\r\nline two, with ""quotes"""\r\n',
  "\r\n",
  "b@x.com,😀 emoji,plain\n",
  "\n",
  'c@x.com,"",""""\r\n',
  "d@x.com,short\n",
  "e@x.com,a,b,c,extra\n",
  "bad,",
  [0xff, 0xfe],
  ",row\r\n",
  'f@x.com,"unterminated\r\nstill going',
);

const TRICKY_EXPECTED = [
  { line: 1, fields: ["email", "name", "notes"] },
  { line: 2, fields: ["a@x.com", "Zoë Ångström", 'line one\r\nline two, with "quotes"'] },
  { line: 3, fields: ["b@x.com", "😀 emoji", "plain"] },
  { line: 4, fields: ["c@x.com", "", '"'] },
  { line: 5, fields: ["d@x.com", "short"] },
  { line: 6, fields: ["e@x.com", "a", "b", "c", "extra"] },
  { line: 7, error: { code: "invalid_utf8", detail: expect.any(String) } },
  { line: 8, error: { code: "malformed", detail: expect.any(String) } },
];

describe("readCsvRecords", () => {
  test("parses BOM, CRLF/LF, quoted newlines, commas, doubled quotes, ragged rows, empty lines", async () => {
    expect(await readAll(TRICKY)).toEqual(TRICKY_EXPECTED as CsvRow[]);
  });

  test("chunk boundaries anywhere do not change the result (1, 7, 64 KiB)", async () => {
    for (const size of [1, 7, 64 * 1024]) {
      expect(await readAll(TRICKY, size)).toEqual(TRICKY_EXPECTED as CsvRow[]);
    }
  });

  test("every two-chunk split of the tricky file gives the same rows", async () => {
    for (let cut = 0; cut <= TRICKY.length; cut++) {
      async function* two() {
        yield TRICKY.subarray(0, cut);
        yield TRICKY.subarray(cut);
      }
      const rows: CsvRow[] = [];
      for await (const r of readCsvRecords(two())) rows.push(r);
      expect(rows).toEqual(TRICKY_EXPECTED as CsvRow[]);
    }
  });

  test("a generated file gives identical rows in 1, 7 and 64 KiB chunks", async () => {
    const data = generatePeopleCsv(300);
    const big = await readAll(data, 64 * 1024);
    expect(big.length).toBe(301);
    expect(await readAll(data, 7)).toEqual(big);
    expect(await readAll(data, 1)).toEqual(big);
  });

  test("agrees with csv-parse on generated data", async () => {
    const data = generatePeopleCsv(2000);
    const ours = fields(await readAll(data, 4096));
    const theirs = parse(Buffer.from(data), { bom: true, relax_column_count: true, skip_empty_lines: true });
    expect(ours).toEqual(theirs);
  });

  test("a last record without newline is returned; LF-only files work", async () => {
    expect(fields(await readAll("a,b\n1,2"))).toEqual([["a", "b"], ["1", "2"]]);
    expect(fields(await readAll('a,b\n"1",2'))).toEqual([["a", "b"], ["1", "2"]]);
    expect(fields(await readAll("a,b\n1,2\n\n\n"))).toEqual([["a", "b"], ["1", "2"]]);
  });

  test("empty and BOM-only inputs give no rows", async () => {
    expect(await readAll("")).toEqual([]);
    expect(await readAll(bytesOf([0xef, 0xbb, 0xbf]), 1)).toEqual([]);
    expect(await readAll("\r\n\n")).toEqual([]);
  });

  test("invalid UTF-8 fails only its own row", async () => {
    const rows = await readAll(bytesOf("h1,h2\n", "ok,1\n", [0xc3, 0x28], ",2\n", "ok,3\n", [0xe2, 0x82], "\n", "ok,4\n"));
    expect(fields(rows)).toEqual([["h1", "h2"], ["ok", "1"], "invalid_utf8", ["ok", "3"], "invalid_utf8", ["ok", "4"]]);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test("a 1 MiB field is allowed; a field over the limit fails its row only", async () => {
    const mib = "x".repeat(1024 * 1024);
    const ok = await readAll(`h\n"${mib}"\n`, 7777);
    expect(ok[1]).toEqual({ line: 2, fields: [mib] });

    const huge = "y".repeat(3 * 1024 * 1024);
    const rows = await readAll(`h,i\n1,${huge}\n"${huge}",2\n3,4\n`, 64 * 1024);
    expect(fields(rows)).toEqual([["h", "i"], "field_too_large", "field_too_large", ["3", "4"]]);
    expect(rows[3].line).toBe(4);
  });

  test("maxFieldBytes is configurable and counts per field, not per record", async () => {
    const rows = await readAll("abcd,efgh\nabcdefgh,1\nok,ok\n", 3, { maxFieldBytes: 4 });
    expect(fields(rows)).toEqual([["abcd", "efgh"], "field_too_large", ["ok", "ok"]]);
  });

  test("an unterminated quote at end of file is malformed, not a crash", async () => {
    expect(fields(await readAll('a,b\n1,"open\n2,3\n'))).toEqual([["a", "b"], "malformed"]);
    expect(fields(await readAll('"'))).toEqual(["malformed"]);
  });

  test("an endless quoted field is dropped once over the limit, never buffered whole", async () => {
    const block = new Uint8Array(1024 * 1024).fill(0x78);
    async function* source() {
      yield enc.encode('h\n"');
      for (let i = 0; i < 48; i++) yield block.slice();
    }
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    const rows: CsvRow[] = [];
    for await (const row of readCsvRecords(source())) rows.push(row);
    Bun.gc(true);
    expect(fields(rows)).toEqual([["h"], "field_too_large"]);
    expect(process.memoryUsage().rss - before).toBeLessThan(24 * 1024 * 1024);
  });

  test("quotes not at a field start are literal; text after a closing quote is kept", async () => {
    expect(fields(await readAll('a"b,c\n"x" y,"z"""\n'))).toEqual([['a"b', "c"], ["x y", 'z"']]);
  });

  test("accepts a ReadableStream and cancels it when the consumer stops early", async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(enc.encode("a,b\n1,2\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    let n = 0;
    for await (const row of readCsvRecords(stream)) {
      expect("fields" in row).toBe(true);
      if (++n === 5) break;
    }
    expect(cancelled).toBe(true);
  });

  test("memory stays flat on a 64 MiB stream", async () => {
    const line = enc.encode(`someone@example.com,Given,Family,"Company, Inc.",+1 555 0100,Europe/Paris,${"n".repeat(100)}\r\n`);
    const chunk = new Uint8Array(64 * 1024 - ((64 * 1024) % line.length));
    for (let o = 0; o < chunk.length; o += line.length) chunk.set(line, o);
    async function* source(total: number) {
      // Fresh copies so nothing is shared: the input only ever exists one chunk at a time.
      for (let sent = 0; sent < total; sent += chunk.length) yield chunk.slice();
    }
    async function run(total: number): Promise<{ rows: number; peak: number }> {
      let rows = 0;
      let peak = 0;
      for await (const row of readCsvRecords(source(total))) {
        if (!("fields" in row) || row.fields.length !== 7) throw new Error(`bad row ${row.line}`);
        if (++rows % 20_000 === 0) {
          Bun.gc(true);
          peak = Math.max(peak, process.memoryUsage().rss);
        }
      }
      return { rows, peak };
    }
    // Why: the first pass grows the heap and JIT by a fixed amount unrelated to input size.
    await run(4 * 1024 * 1024);
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    // Large enough that buffering the input could not hide in allocator noise
    // (a few MiB either way in a process shared with other test files).
    const total = 64 * 1024 * 1024;
    const { rows, peak } = await run(total);
    expect(rows).toBeGreaterThan(300_000);
    expect(peak - before).toBeLessThan(total / 4);
  });

  // Speed is measured by scripts/bench/csv-parse.ts, never asserted here.
  test("reads every record of a 100,000-row file", async () => {
    const data = generatePeopleCsv(100_000);
    let rows = 0;
    for await (const row of readCsvRecords(chunked(data, 64 * 1024))) if ("fields" in row) rows++;
    expect(rows).toBe(100_001);
  });
});

describe("splitRecord", () => {
  test("splits plain and quoted fields", () => {
    expect(splitRecord("a,b,,c,")).toEqual(["a", "b", "", "c", ""]);
    expect(splitRecord('"a,b","c""d",')).toEqual(["a,b", 'c"d', ""]);
    expect(splitRecord('"",x')).toEqual(["", "x"]);
  });
});
