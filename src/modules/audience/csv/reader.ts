// Streaming CSV reader for people imports.
// A byte-level state machine finds record boundaries (only ASCII bytes matter, so
// multi-byte UTF-8 and chunk boundaries cannot confuse it), then each record's bytes
// are decoded once with a fatal decoder and split into fields in string land.
// Memory stays bounded by the largest record, never by the file.

export type CsvErrorCode = "invalid_utf8" | "field_too_large" | "malformed";

export type CsvRow =
  | { line: number; fields: string[] }
  | { line: number; error: { code: CsvErrorCode; detail: string } };

export interface ReadCsvOptions {
  /** Largest field in raw bytes (quotes included); larger fields fail their row. */
  maxFieldBytes?: number;
}

export const DEFAULT_MAX_FIELD_BYTES = 2 * 1024 * 1024;

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

// Scanner states.
const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const QUOTE_IN_QUOTED = 3; // saw `"` inside a quoted field: closing or first half of `""`

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Reads CSV records from a byte stream. `line` is the 1-based number of the record
 * among non-empty records (the header is 1); empty lines are skipped and not counted.
 * Ragged rows are returned as they are: the caller compares them with the header.
 */
export async function* readCsvRecords(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  opts: ReadCsvOptions = {},
): AsyncGenerator<CsvRow> {
  const maxField = opts.maxFieldBytes ?? DEFAULT_MAX_FIELD_BYTES;
  const scanner = new RecordScanner(maxField);
  let head: Uint8Array | null = new Uint8Array(0); // first bytes, held until the BOM check
  for await (const chunk of iterate(source)) {
    let bytes = chunk;
    if (head) {
      // Why: a BOM may arrive split over several tiny chunks.
      head = concat(head, chunk);
      if (head.length < 3) continue;
      bytes = stripBom(head);
      head = null;
    }
    yield* scanner.push(bytes);
  }
  if (head) yield* scanner.push(stripBom(head));
  yield* scanner.end();
}

/** Incremental scanner: push chunks, get complete rows back. */
class RecordScanner {
  private state = FIELD_START;
  private fieldLen = 0; // raw bytes of the current field so far
  private tooLarge = false; // current record has a field over the limit: drop its bytes
  private buf = new Uint8Array(64 * 1024); // bytes of a record spanning chunks
  private bufLen = 0;
  private line = 0;

  constructor(private readonly maxField: number) {}

  *push(chunk: Uint8Array): Generator<CsvRow> {
    const n = chunk.length;
    const max = this.maxField;
    let state = this.state;
    let fieldLen = this.fieldLen;
    let recStart = 0;
    let i = 0;
    while (i < n) {
      if (state === QUOTED) {
        // Fast path: jump to the next quote instead of walking the field.
        const q = chunk.indexOf(QUOTE, i);
        const stop = q === -1 ? n : q;
        fieldLen += stop - i;
        i = stop;
        if (q !== -1) {
          state = QUOTE_IN_QUOTED;
          fieldLen++;
          i++;
        }
        // Why: checked before the chunk ends too, so an endless quoted field is never buffered.
        if (fieldLen > max) this.tooLarge = true;
        continue;
      }
      const b = chunk[i];
      if (b === LF) {
        // Outside quotes an LF ends the record (a CR before it is stripped in finishRecord).
        const row = this.finishRecord(chunk, recStart, i);
        if (row) yield row;
        state = FIELD_START;
        fieldLen = 0;
        recStart = ++i;
        continue;
      }
      if (b === COMMA) {
        state = FIELD_START;
        fieldLen = 0;
        i++;
        continue;
      }
      if (state === FIELD_START) state = b === QUOTE ? QUOTED : UNQUOTED;
      else if (state === QUOTE_IN_QUOTED) state = b === QUOTE ? QUOTED : UNQUOTED;
      fieldLen++;
      i++;
      if (fieldLen > max) this.tooLarge = true;
    }
    this.state = state;
    this.fieldLen = fieldLen;
    if (recStart < n && !this.tooLarge) this.append(chunk.subarray(recStart));
    if (this.tooLarge) this.bufLen = 0;
  }

  *end(): Generator<CsvRow> {
    const unterminated = this.state === QUOTED;
    const row = this.finishRecord(new Uint8Array(0), 0, 0);
    if (row && unterminated && !("error" in row && row.error.code === "field_too_large")) {
      yield {
        line: row.line,
        error: { code: "malformed", detail: "quoted field not closed before end of file" },
      };
    } else if (row) {
      yield row;
    }
  }

  /** Completes the record made of the buffered bytes plus chunk[start, stop). */
  private finishRecord(chunk: Uint8Array, start: number, stop: number): CsvRow | null {
    if (this.tooLarge) {
      this.tooLarge = false;
      this.bufLen = 0;
      return {
        line: ++this.line,
        error: { code: "field_too_large", detail: `a field is larger than ${this.maxField} bytes` },
      };
    }
    let bytes: Uint8Array;
    if (this.bufLen > 0) {
      this.append(chunk.subarray(start, stop));
      bytes = this.buf.subarray(0, this.bufLen);
      this.bufLen = 0;
      // Give memory back after a huge record; `bytes` keeps the old buffer alive until decoded.
      if (this.buf.length > 1024 * 1024) this.buf = new Uint8Array(64 * 1024);
    } else {
      bytes = chunk.subarray(start, stop);
    }
    let len = bytes.length;
    if (len > 0 && bytes[len - 1] === CR) len--;
    if (len === 0) return null; // empty line: skipped, not counted
    let text: string;
    try {
      text = decoder.decode(len === bytes.length ? bytes : bytes.subarray(0, len));
    } catch {
      return { line: ++this.line, error: { code: "invalid_utf8", detail: "record is not valid UTF-8" } };
    }
    return { line: ++this.line, fields: splitRecord(text) };
  }

  private append(bytes: Uint8Array): void {
    const need = this.bufLen + bytes.length;
    if (need > this.buf.length) {
      const grown = new Uint8Array(Math.max(need, this.buf.length * 2));
      grown.set(this.buf.subarray(0, this.bufLen));
      this.buf = grown;
    }
    this.buf.set(bytes, this.bufLen);
    this.bufLen = need;
  }
}

/**
 * Splits one decoded record. Mirrors the scanner: a quote opens a quoted field only at
 * the start of a field; text after a closing quote is kept literally (lenient, like
 * spreadsheets), and a quote inside an unquoted field is a plain character.
 */
export function splitRecord(s: string): string[] {
  if (s.indexOf('"') === -1) return s.split(","); // common case, native speed
  const out: string[] = [];
  const n = s.length;
  let i = 0;
  for (;;) {
    if (s.charCodeAt(i) !== QUOTE) {
      const c = s.indexOf(",", i);
      if (c === -1) {
        out.push(s.slice(i));
        return out;
      }
      out.push(s.slice(i, c));
      i = c + 1;
      continue;
    }
    let val = "";
    let j = i + 1;
    for (;;) {
      const q = s.indexOf('"', j);
      if (q === -1) {
        val += s.slice(j); // unterminated: only at end of file, reported by the caller
        j = n;
        break;
      }
      if (s.charCodeAt(q + 1) === QUOTE) {
        val += s.slice(j, q + 1); // `""` is one quote
        j = q + 2;
        continue;
      }
      val += s.slice(j, q);
      j = q + 1;
      break;
    }
    const c = s.indexOf(",", j);
    const stop = c === -1 ? n : c;
    if (stop > j) val += s.slice(j, stop);
    out.push(val);
    if (c === -1) return out;
    i = c + 1;
  }
}

async function* iterate(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  if (!(source instanceof ReadableStream)) {
    yield* source;
    return;
  }
  const reader = source.getReader();
  let done = false;
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) {
        done = true;
        return;
      }
      yield r.value;
    }
  } finally {
    // Why: a consumer that stops early must not leave the body half-read.
    if (!done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

function stripBom(b: Uint8Array): Uint8Array {
  return b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? b.subarray(3) : b;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
