// A batch of CSV rows as the import's worker hands it to the main thread: the
// rows' values joined into one string (row after row, a NUL after each value)
// plus typed arrays for line numbers and outcomes, so postMessage copies one
// string and three buffers instead of cloning thousands of small objects (a
// structured clone of them cost more than checking them). The worker has run
// every check that needs no database (check.ts); the main thread checks group
// ids while decoding.
import type { CustomField } from "../custom-values";
import { checkFields, checkGroups, type ValidRow } from "./check";
import type { Problem, SourceRow } from "./rows";

// A row's outcome in the worker.
const OK = 0; // valid so far: its group ids decide (its problems, if any, are warnings)
const OWN = 1; // failed by its own problems (ragged, undecodable): nothing else is checked, no values sent
const FIELDS = 2; // failed by field problems: its group ids still add theirs

// Values of a row, in this order. None of them can hold a control character
// (names, notes, addresses and zones refuse them; JSON escapes them), so NUL
// ends a value and these two stand for undefined (not given) and null (clear).
const COLUMNS = 12;
const END = "\0";
const UNDEFINED = "\x02";
const NULL = "\x03";
// custom field patches travel as JSON; "P" marks one without nulls, which merges
// into a person without custom values as that very text (apply.ts)
const PLAIN = "P";
const GENERAL = "J";

export interface WireBatch {
  type: "batch";
  /** The resume point once this batch is applied. */
  line: number;
  /** Problems recorded before the rows' (the header's, with the first batch). */
  extra: Problem[];
  rows: number;
  lines: Int32Array;
  state: Uint8Array;
  /** Problems per row, and all of them in row order. */
  problemCounts: Int32Array;
  problems: Problem[];
  /** The values of every row not failed by its own problems. */
  values: string;
}

const text = (v: string | null | undefined): string => (v === undefined ? UNDEFINED : v === null ? NULL : v);
const jsonText = (v: unknown): string => (v === undefined ? UNDEFINED : v === null ? NULL : JSON.stringify(v));
const fromText = (v: string): string | null | undefined => (v === UNDEFINED ? undefined : v === NULL ? null : v);
const fromJson = (v: string): any => (v === UNDEFINED ? undefined : v === NULL ? null : JSON.parse(v));

/** Collects checked rows in the worker; `take` hands them over as one batch. */
export class BatchEncoder {
  private lines: Int32Array;
  private state: Uint8Array;
  private problemCounts: Int32Array;
  private problems: Problem[] = [];
  private values: string[] = [];
  length = 0;

  constructor(
    private readonly fields: Map<string, CustomField>,
    private readonly fromText: boolean,
    private capacity: number,
  ) {
    this.lines = new Int32Array(capacity);
    this.state = new Uint8Array(capacity);
    this.problemCounts = new Int32Array(capacity);
  }

  add(row: SourceRow): void {
    if (this.length === this.capacity) this.grow();
    const i = this.length++;
    this.lines[i] = row.line;
    const r = checkFields(row, this.fields, this.fromText);
    if ("own" in r) {
      this.state[i] = OWN;
      this.problemCounts[i] = r.own.length;
      for (const p of r.own) this.problems.push(p);
      return;
    }
    this.state[i] = r.problems.length ? FIELDS : OK;
    // warnings first, as checkRow lists them
    this.problemCounts[i] = r.warnings.length + r.problems.length;
    for (const p of r.warnings) this.problems.push(p);
    for (const p of r.problems) this.problems.push(p);
    const v = r.values;
    const custom = v.customFields;
    let customText: string;
    if (custom === undefined) customText = UNDEFINED;
    else if (custom === null) customText = NULL;
    else {
      let plain = false;
      for (const k in custom) {
        plain = true;
        if (custom[k] === null) {
          plain = false;
          break;
        }
      }
      customText = (plain ? PLAIN : GENERAL) + JSON.stringify(custom);
    }
    this.values.push(
      text(v.email),
      v.emailKey === v.email ? UNDEFINED : text(v.emailKey),
      text(v.emailDomain),
      text(v.givenName),
      text(v.familyName),
      text(v.company),
      jsonText(v.telephones),
      text(v.timezone),
      customText,
      text(v.privateNotes),
      text(r.telephone),
      jsonText(row.groupIds),
    );
  }

  /** The rows so far as a batch ending at `line`, and the buffers to transfer with it. */
  take(line: number, extra: Problem[]): { batch: WireBatch; transfer: ArrayBuffer[] } {
    const n = this.length;
    const batch: WireBatch = {
      type: "batch",
      line,
      extra,
      rows: n,
      lines: this.lines.slice(0, n),
      state: this.state.slice(0, n),
      problemCounts: this.problemCounts.slice(0, n),
      problems: this.problems,
      values: this.values.length ? this.values.join(END) + END : "",
    };
    this.length = 0;
    this.problems = [];
    this.values = [];
    return { batch, transfer: [batch.lines.buffer as ArrayBuffer, batch.state.buffer as ArrayBuffer, batch.problemCounts.buffer as ArrayBuffer] };
  }

  private grow(): void {
    this.capacity *= 2;
    const lines = new Int32Array(this.capacity);
    lines.set(this.lines);
    const state = new Uint8Array(this.capacity);
    state.set(this.state);
    const counts = new Int32Array(this.capacity);
    counts.set(this.problemCounts);
    this.lines = lines;
    this.state = state;
    this.problemCounts = counts;
  }
}

/**
 * The batch's valid rows and every problem in row order (after `extra`), with
 * group ids checked as checkRow does: a row fails as a whole.
 */
export function decodeBatch(
  b: WireBatch,
  opts: { fromText: boolean; isGroup: (id: string) => boolean },
  groupColumn: string,
): { valid: ValidRow[]; problems: Problem[]; failed: number } {
  const problems: Problem[] = [...b.extra];
  const valid: ValidRow[] = [];
  const values = b.values.split(END);
  const columnOf = () => groupColumn; // a CSV names its group column whatever the pointer
  let failed = 0;
  let at = 0; // next problem of b.problems
  let o = 0; // next value
  for (let i = 0; i < b.rows; i++) {
    const state = b.state[i];
    const count = b.problemCounts[i]!;
    if (state === OWN) {
      for (let k = 0; k < count; k++) problems.push(b.problems[at + k]!);
      at += count;
      failed++;
      continue;
    }
    const found = count ? b.problems.slice(at, at + count) : [];
    at += count;
    const line = b.lines[i]!;
    const checked = found.length; // an OK row's are warnings only
    const groupIds = checkGroups(fromJson(values[o + 11]!), line, opts, columnOf, found);
    for (const p of found) problems.push(p);
    if (state === FIELDS || found.length > checked) {
      failed++;
      o += COLUMNS;
      continue;
    }
    const email = values[o]!;
    const key = values[o + 1]!;
    const custom = values[o + 8]!;
    const plain = custom[0] === PLAIN;
    const row: ValidRow = {
      line,
      values: {
        email,
        emailKey: key === UNDEFINED ? email : key,
        emailDomain: values[o + 2]!,
        givenName: fromText(values[o + 3]!),
        familyName: fromText(values[o + 4]!),
        company: fromText(values[o + 5]!),
        telephones: fromJson(values[o + 6]!),
        timezone: fromText(values[o + 7]!),
        customFields: plain ? undefined : custom[0] === GENERAL ? JSON.parse(custom.slice(1)) : (fromText(custom) as null | undefined),
        privateNotes: fromText(values[o + 9]!),
      },
      telephone: fromText(values[o + 10]!) ?? null,
      groupIds,
    };
    if (plain) row.customText = custom.slice(1);
    valid.push(row);
    o += COLUMNS;
  }
  return { valid, problems, failed };
}
